#include "moreau/output/observers.hpp"

#include "moreau/contact/fclib_io.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/output/run_folder.hpp"

#include <algorithm>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;

// The bodies history.csv follows when the file names none: every free body of a small scene.
constexpr std::size_t kTrackedByDefault = 20;

output::HistoryWriter history_writer(const run::Run& run, const fs::path& path,
                                     const run::Checkpoint* resumed) {
  const std::vector<std::string> bodies = tracked_bodies(run.problem());
  const std::optional<std::size_t> support = run::shaken_support(run.problem());
  if (!resumed) return output::HistoryWriter(path, run.scene(), bodies, support);
  return output::HistoryWriter(path, run.scene(), bodies, resumed->step, resumed->history, support);
}

std::optional<long> continue_after(const run::Checkpoint* resumed) {
  return resumed ? std::optional<long>(resumed->step) : std::nullopt;
}

}  // namespace

std::vector<std::string> tracked_bodies(const run::Problem& problem) {
  std::vector<std::string> names = problem.output.bodies;
  if (names.empty()) {
    for (const model::Body& body : problem.scene.bodies)
      if (body.motion == model::Motion::Free) names.push_back(body.name);
    if (names.size() > kTrackedByDefault) names.clear();
  }
  // The storeys' levels, the control body, and under ground motion the shaken support their
  // response is measured relative to (moreau plot, moreau ida).
  std::vector<std::string> added = problem.output.storeys;
  added.push_back(problem.output.control);
  if (const model::GroundMotion* ground = run::strongest_ground_motion(problem))
    added.push_back(ground->body);
  for (const std::string& name : added)
    if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
  return names;
}

bool is_output_step(const run::Run& run, const run::StepOutcome& outcome) {
  return outcome.step % run.problem().output.every == 0 || outcome.last;
}

HistoryOutput::HistoryOutput(const run::Run& run, const fs::path& folder,
                             const run::Checkpoint* resumed)
    : writer_(history_writer(run, folder / "history.csv", resumed)) {}

void HistoryOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  if (is_output_step(run, outcome))
    writer_.record(static_cast<int>(outcome.step), outcome.time, outcome.report, outcome.load_work,
                   outcome.load_factor, run.scene());
  else
    writer_.add_unrecorded_step(outcome.report, outcome.load_work);
}

void HistoryOutput::save(run::Checkpoint& checkpoint) const {
  checkpoint.history = writer_.state();
}

SolverOutput::SolverOutput(const fs::path& folder, const run::Checkpoint* resumed)
    : log_(folder / "solver.csv", continue_after(resumed)) {}

void SolverOutput::stepped(const run::Run& /*run*/, const run::StepOutcome& outcome) {
  log_.record(outcome.step, outcome.time, outcome.report);
}

InterfaceOutput::InterfaceOutput(const run::Run& run, const fs::path& folder,
                                 const run::Checkpoint* resumed)
    : log_(folder / "interfaces.csv", run.scene(), continue_after(resumed)) {}

void InterfaceOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  if (is_output_step(run, outcome))
    log_.record(outcome.step, outcome.time, run.scene(), run.stepper().contacts());
}

MechanismOutput::MechanismOutput(const fs::path& folder, const run::Checkpoint* resumed)
    : log_(folder / "mechanisms.csv", continue_after(resumed)) {}

void MechanismOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  if (is_output_step(run, outcome))
    log_.record(outcome.step, outcome.time, outcome.load_factor,
                run::summarize(run.mechanism(), run.scene()));
}

VtkOutput::VtkOutput(const run::Run& run, const fs::path& folder, const run::Checkpoint* resumed)
    : writer_(folder, run.scene(),
              {.plane_half_size = 0.0, .support = run::shaken_support(run.problem())}) {
  if (resumed) {
    writer_.restore(resumed->vtk);
    damage_.restore(resumed->damage);
    return;
  }
  writer_.write(0, run.scene().time, run.scene(), {});
  ++frames_written_;
}

void VtkOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  damage_.follow(run.scene(), run.stepper().contacts());
  if (!is_output_step(run, outcome)) return;
  writer_.write(static_cast<int>(outcome.step), outcome.time, run.scene(),
                run.stepper().contacts());
  writer_.write_damage_map(run.scene(), damage_.joints());
  ++frames_written_;
}

void VtkOutput::save(run::Checkpoint& checkpoint) const {
  checkpoint.vtk = writer_.state();
  checkpoint.damage = damage_.joints();
}

JointOutput::JointOutput(const fs::path& folder, const run::Checkpoint* resumed)
    : log_(folder / "joints.csv", continue_after(resumed)) {}

void JointOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  for (const dynamics::JointFailure& failure : outcome.report.failures)
    log_.record(outcome.step, outcome.time, run.scene(), failure);
}

RemovalOutput::RemovalOutput(const fs::path& folder, const run::Checkpoint* resumed)
    : log_(folder / "removed.csv", continue_after(resumed)) {}

void RemovalOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  for (const dynamics::Removal& removal : outcome.removals)
    log_.record(outcome.step, outcome.time, run.scene(), removal);
}

ProblemDumpOutput::ProblemDumpOutput(const run::Run& run, const fs::path& folder)
    : folder_(folder / "problems") {
  if (!run.nscd_stepper())
    throw core::Diagnostic({}, "--dump-problems",
                           "the nscd mode (the penalty mode solves no contact problem)",
                           "mode penalty");
  create_output_folder(folder_);
}

void ProblemDumpOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  if (outcome.report.active == 0) return;
  const dynamics::MoreauJean& stepper = *run.nscd_stepper();
  const fs::path path = folder_ / core::concat("step_", outcome.step, ".hdf5");
  if (stepper.global_problem().contacts() > 0) {
    const contact::GlobalProblem standard = contact::standard_form(stepper.global_problem());
    contact::write_fclib_global(path, standard);
    contact::write_fclib_guess(path, standard, stepper.first_guess(),
                               stepper.first_solver_state().penalty);
  } else {
    contact::write_fclib_local(path, stepper.local_problem());
    contact::write_fclib_guess(path, stepper.local_problem(), stepper.first_guess());
  }
}

CheckpointOutput::CheckpointOutput(const run::Run& run, fs::path folder)
    : folder_(std::move(folder)), every_(run.problem().output.checkpoint_every) {}

void CheckpointOutput::stepped(const run::Run& run, const run::StepOutcome& outcome) {
  if (every_ > 0 && outcome.step % every_ == 0) write(run);
}

void CheckpointOutput::interrupted(const run::Run& run) {
  if (run.step() != written_) write(run);
}

void CheckpointOutput::write(const run::Run& run) {
  run::write_checkpoint(folder_ / run::checkpoint_name(run.step()), run.checkpoint());
  written_ = run.step();
}

std::uintmax_t last_step_bytes(const run::Problem& problem) {
  constexpr std::uintmax_t kKiB = 1024;
  constexpr std::uintmax_t kRows = 64 * kKiB;
  constexpr std::uintmax_t kCheckpointAndSummaryPerBody = 4 * kKiB;
  constexpr std::uintmax_t kFramesPerBody = 12 * kKiB;
  const std::uintmax_t per_body =
      kCheckpointAndSummaryPerBody + (problem.output.vtk ? kFramesPerBody : 0);
  return kRows + problem.scene.bodies.size() * per_body;
}

const VtkOutput* attach_outputs(run::Run& run, const fs::path& folder,
                                const OutputOptions& options) {
  MOREAU_ASSERT(run.step() == 0);  // the outputs take the scene at t = 0 as their reference
  // First: it refuses the penalty mode before any file is made.
  if (options.dump_problems) run.observe(std::make_unique<ProblemDumpOutput>(run, folder));
  create_output_folder(folder);
  const run::Checkpoint* resumed = options.resumed;
  run.observe(std::make_unique<HistoryOutput>(run, folder, resumed));
  run.observe(std::make_unique<SolverOutput>(folder, resumed));
  if (run.problem().output.interfaces)
    run.observe(std::make_unique<InterfaceOutput>(run, folder, resumed));
  if (run.problem().output.mechanisms)
    run.observe(std::make_unique<MechanismOutput>(folder, resumed));
  const VtkOutput* vtk = nullptr;
  if (run.problem().output.vtk)
    vtk = &run.observe(std::make_unique<VtkOutput>(run, folder, resumed));
  if (run.scene().interactions.has_cohesion())
    run.observe(std::make_unique<JointOutput>(folder, resumed));
  if (run.removal_bounds().below || run.removal_bounds().beyond)
    run.observe(std::make_unique<RemovalOutput>(folder, resumed));
  run.observe(std::make_unique<CheckpointOutput>(run, folder));
  return vtk;
}

}  // namespace moreau::output
