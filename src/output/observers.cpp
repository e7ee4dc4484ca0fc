#include "moreau/output/observers.hpp"

#include "moreau/contact/fclib_io.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/output/run_folder.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;

// The bodies history.csv follows when the file names none: every free body of a small scene.
constexpr std::size_t kTrackedByDefault = 20;

// HistoryOutput's state in checkpoints, under "history": f64 dissipated energy, f64 load
// work, f64 next load work, u64 n, n f64 rotations (deg).
const std::string kHistoryState = "history";

template <class Io, class State>
void history_state_fields(Io& io, State& state) {
  io.template number<double>(state.dissipated_energy);
  io.template number<double>(state.load_work);
  io.template number<double>(state.next_load_work);
  io.sequence(state.last_rotation_deg,
              [&io](auto& rotation) { io.template number<double>(rotation); });
}

HistoryState resumed_history(const run::Checkpoint& resumed) {
  auto state = run::read_output_state<HistoryState>(
      resumed, kHistoryState, [](auto& io, auto& read) { history_state_fields(io, read); });
  const run::CheckpointValueCheck check(resumed.file, resumed.step, resumed.time);
  check.finite("history.dissipated_energy", state.dissipated_energy);
  check.finite("history.load_work", state.load_work);
  check.finite("history.next_load_work", state.next_load_work);
  for (std::size_t r = 0; r < state.last_rotation_deg.size(); ++r)
    check.finite(core::concat("history.rotations[", r, ']'), state.last_rotation_deg[r]);
  return state;
}

output::HistoryWriter history_writer(const run::Run& run, const fs::path& path,
                                     const run::Checkpoint* resumed) {
  const std::vector<std::string> bodies = tracked_bodies(run.problem());
  const std::optional<std::size_t> support = run::shaken_support(run.problem());
  if (!resumed) return output::HistoryWriter(path, run.scene(), bodies, support);
  return output::HistoryWriter(path, run.scene(), bodies, resumed->step, resumed_history(*resumed),
                               support);
}

// VtkOutput's state in checkpoints, under "vtk": u8 has plane patch, 3 f64 centre, f64 half
// size, u64 n, n frames: i32 step, f64 time, then u64 n, n joints of the damage map: i32
// body_a, i32 body_b, u64 m, m points (3 f64) in body_a's frame, u64 m, m points in body_b's
// frame, normal (3 f64), f64 max opening, f64 max sliding.
const std::string kVtkState = "vtk";

struct VtkOutputState {
  VtkState frames;
  std::vector<dynamics::JointDamage> damage;
};

template <class Io, class State>
void vtk_state_fields(Io& io, State& state) {
  io.optional(state.frames.plane_patch, [&io](auto& patch) {
    io.vector(patch.centre_W);
    io.template number<double>(patch.half_size);
  });
  io.sequence(state.frames.frames, [&io](auto& frame) {
    io.template number<std::int32_t>(frame.step);
    io.template number<double>(frame.time);
  });
  io.sequence(state.damage, [&io](auto& joint) {
    io.template number<std::int32_t>(joint.body_a);
    io.template number<std::int32_t>(joint.body_b);
    io.sequence(joint.points_a, [&io](auto& point) { io.vector(point); });
    io.sequence(joint.points_b, [&io](auto& point) { io.vector(point); });
    io.vector(joint.normal_b);
    io.template number<double>(joint.max_opening);
    io.template number<double>(joint.max_sliding);
  });
}

void check_damaged_joint(const run::CheckpointValueCheck& check, const std::string& key,
                         const dynamics::JointDamage& joint, std::size_t bodies) {
  check.body(key + ".body", joint.body_a, bodies);
  check.body(key + ".body", joint.body_b, bodies);
  if (joint.points_a.size() != joint.points_b.size())
    check.refuse(key + ".points", "as many points on each body",
                 core::concat(joint.points_a.size(), " and ", joint.points_b.size()));
  for (const auto* points : {&joint.points_a, &joint.points_b})
    for (const math::Vec3& point : *points) check.finite(key + ".points", point);
  check.finite(key + ".normal", joint.normal_b);
  check.non_negative(key + ".max_opening", joint.max_opening);
  check.non_negative(key + ".max_sliding", joint.max_sliding);
}

VtkOutputState resumed_vtk(const run::Checkpoint& resumed) {
  auto state = run::read_output_state<VtkOutputState>(
      resumed, kVtkState, [](auto& io, auto& read) { vtk_state_fields(io, read); });
  const run::CheckpointValueCheck check(resumed.file, resumed.step, resumed.time);
  if (const auto& patch = state.frames.plane_patch) {
    check.finite("vtk.plane_patch.centre", patch->centre_W);
    check.non_negative("vtk.plane_patch.half_size", patch->half_size);
  }
  for (std::size_t f = 0; f < state.frames.frames.size(); ++f) {
    const VtkState::Frame& frame = state.frames.frames[f];
    check.step(core::concat("vtk.frames[", f, "].step"), frame.step);
    check.time(core::concat("vtk.frames[", f, "].time"), frame.time);
  }
  for (std::size_t j = 0; j < state.damage.size(); ++j)
    check_damaged_joint(check, core::concat("vtk.damage[", j, ']'), state.damage[j],
                        resumed.bodies.size());
  return state;
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
  run::save_output_state(checkpoint, kHistoryState, writer_.state(),
                         [](auto& io, auto& state) { history_state_fields(io, state); });
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
    VtkOutputState state = resumed_vtk(*resumed);
    writer_.restore(std::move(state.frames));
    damage_.restore(std::move(state.damage));
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
  run::save_output_state(checkpoint, kVtkState, VtkOutputState{writer_.state(), damage_.joints()},
                         [](auto& io, auto& state) { vtk_state_fields(io, state); });
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
  // The outputs with a state first: each reads and checks its state before it touches a
  // file, so that a checkpoint one of them refuses leaves the folder as it was.
  const VtkOutput* vtk = nullptr;
  if (run.problem().output.vtk)
    vtk = &run.observe(std::make_unique<VtkOutput>(run, folder, resumed));
  run.observe(std::make_unique<HistoryOutput>(run, folder, resumed));
  run.observe(std::make_unique<SolverOutput>(folder, resumed));
  if (run.problem().output.interfaces)
    run.observe(std::make_unique<InterfaceOutput>(run, folder, resumed));
  if (run.problem().output.mechanisms)
    run.observe(std::make_unique<MechanismOutput>(folder, resumed));
  if (run.scene().interactions.has_cohesion())
    run.observe(std::make_unique<JointOutput>(folder, resumed));
  if (run.removal_bounds().below || run.removal_bounds().beyond)
    run.observe(std::make_unique<RemovalOutput>(folder, resumed));
  run.observe(std::make_unique<CheckpointOutput>(run, folder));
  return vtk;
}

}  // namespace moreau::output
