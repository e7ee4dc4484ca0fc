#include "simulation.hpp"

#include "checkpoints.hpp"
#include "interruption.hpp"
#include "moreau/contact/fclib_io.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/io/history_writer.hpp"
#include "moreau/io/interface_log.hpp"
#include "moreau/io/joint_log.hpp"
#include "moreau/io/removal_log.hpp"
#include "moreau/io/solver_log.hpp"
#include "moreau/io/vtk_writer.hpp"
#include "progress.hpp"

#include <memory>
#include <optional>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// The bodies history.csv follows when the file names none: every free body of a small scene.
constexpr std::size_t kTrackedByDefault = 20;

std::vector<std::string> tracked_bodies(const io::Problem& problem) {
  if (!problem.output.bodies.empty()) return problem.output.bodies;
  std::vector<std::string> names;
  for (const model::Body& body : problem.scene.bodies)
    if (body.motion == model::Motion::Free) names.push_back(body.name);
  if (names.size() > kTrackedByDefault) names.clear();
  return names;
}

io::BodySummary final_state(const model::Body& body) {
  return {body.name, body.x, body.q, body.v, body.q * body.w_B};
}

// The resultant of the forces that bodies which do not move exert on free ones, N.
math::Vec3 support_reaction(const model::Scene& scene, const dynamics::Stepper& stepper) {
  math::Vec3 reaction = math::Vec3::Zero();
  for (const dynamics::Contact& contact : stepper.contacts()) {
    const bool a_free = scene.bodies[contact.body_a].motion == model::Motion::Free;
    const bool b_free = scene.bodies[contact.body_b].motion == model::Motion::Free;
    if (a_free == b_free) continue;
    const math::Vec3 force_on_a = contact.frame * contact.impulse / stepper.time_step();
    reaction += a_free ? force_on_a : math::Vec3(-force_on_a);
  }
  return reaction;
}

std::unique_ptr<dynamics::Stepper> make_stepper(io::Problem& problem) {
  if (problem.mode == io::Mode::Nscd)
    return std::make_unique<dynamics::MoreauJean>(problem.scene, problem.stepping);
  return std::make_unique<dynamics::PenaltyStepper>(
      problem.scene, dynamics::PenaltyOptions{problem.stepping.h, problem.critical_step},
      problem.materials);
}

// The problem of the step just taken, for --dump-problems, in the form the step was solved
// in: FCLib's global format (M, H, f, w, mu) for a step of the global form, the local one
// (W, q, mu) for a step solved on W, including an automatic step whose global stage failed
// and which the local method solved. Rejected: condensing a global step to W, which costs a
// factorization of M per step and keeps the global methods (`moreau solve --solver
// velocity-newton`, Siconos' in `moreau bench`) from the problem the run solved; `moreau
// solve` still condenses a global file for the methods of the local form.
void dump_problem(const fs::path& path, const dynamics::MoreauJean& stepper) {
  if (stepper.global_problem().contacts() > 0)
    contact::write_fclib_global(path, stepper.global_problem());
  else
    contact::write_fclib_local(path, stepper.local_problem());
}

}  // namespace

bool holds_a_run(const fs::path& folder) {
  return fs::exists(folder / "summary.json") || fs::exists(folder / "history.csv");
}

fs::path unused_folder(const std::string& base) {
  fs::path out = base;
  for (int n = 2; holds_a_run(out); ++n) out = core::concat(base, '-', n);
  return out;
}

Simulation simulate(io::Problem problem, const fs::path& out, const RunFlags& flags) {
  const bool penalty = problem.mode == io::Mode::Penalty;
  if (penalty && flags.dump_problems)
    throw core::Diagnostic({}, "--dump-problems",
                           "the nscd mode (the penalty mode solves no contact problem)",
                           "mode penalty");
  const solvers::Stopwatch wall_clock;
  model::Scene& scene = problem.scene;
  const std::unique_ptr<dynamics::Stepper> stepper = make_stepper(problem);
  fs::create_directories(out);
  dynamics::CollapseMonitor monitor(scene, problem.collapse);
  const std::optional<io::Checkpoint>& resumed = flags.restart;
  io::HistoryWriter history =
      resumed ? io::HistoryWriter(out / "history.csv", scene, tracked_bodies(problem),
                                  resumed->step, resumed->history)
              : io::HistoryWriter(out / "history.csv", scene, tracked_bodies(problem));
  const std::optional<long> continue_after =
      resumed ? std::optional<long>(resumed->step) : std::nullopt;
  io::SolverLog solver_log(out / "solver.csv", continue_after);
  std::optional<io::InterfaceLog> interface_log;
  if (problem.output.interfaces)
    interface_log.emplace(out / "interfaces.csv", scene, continue_after);
  const double h = problem.stepping.h;
  Simulation simulation;
  io::RunSummary& summary = simulation.summary;
  std::optional<io::VtkWriter> vtk;
  if (problem.output.vtk) vtk.emplace(out);
  long long broken_bonds = 0;
  const RunParts parts{scene,          *stepper,        monitor,      history,
                       summary.counts, summary.removed, broken_bonds, vtk};
  const std::uint64_t problem_hash = io::problem_file_hash(problem.path);
  const long first_step = resumed ? resumed->step + 1 : 1;
  if (resumed) {
    resume(*resumed, parts);
    summary.steps = resumed->step;
  } else if (vtk) {
    vtk->write(0, scene.time, scene, {}, h);
    ++simulation.frames;
  }
  long checkpointed = first_step - 1;
  if (flags.dump_problems) fs::create_directories(out / "problems");
  std::optional<io::RemovalLog> removal_log;
  if (flags.removal.below || flags.removal.beyond)
    removal_log.emplace(out / "removed.csv", continue_after);
  std::optional<io::JointLog> joint_log;
  if (scene.interactions.has_cohesion()) joint_log.emplace(out / "joints.csv", continue_after);

  summary.title = problem.title;
  summary.problem = problem.path;
  summary.mode = penalty ? "penalty" : "nscd";
  summary.dimension = scene.dimension;
  summary.time_split = io::TimeSplit{};
  if (!penalty) summary.solver = problem.stepping.solver;
  const long steps = io::step_count(problem);
  Progress progress(flags.quiet);
  dynamics::StepReport report;
  const InterruptionGuard interruption;
  // Read once a step: a signal arriving while a step's outputs are written ends the run
  // after the next step, whose row is then the last one, instead of leaving no last row.
  bool stop_requested = false;
  for (long k = first_step; k <= steps && !summary.collapse && !stop_requested; ++k) {
    scene.gravity = problem.gravity.at(scene.time);
    report = stepper->step();
    if (!penalty) summary.counts.add_step(report);
    summary.time_split->collision += report.times.collision;
    summary.time_split->assembly += report.times.assembly;
    summary.time_split->solve += report.times.solve;
    solver_log.record(k, scene.time, report);
    if (flags.dump_problems && report.active > 0)
      dump_problem(out / "problems" / core::concat("step_", k, ".hdf5"),
                   static_cast<const dynamics::MoreauJean&>(*stepper));
    for (const dynamics::Removal& removal : dynamics::remove_escaped_bodies(scene, flags.removal)) {
      removal_log->record(k, scene.time, scene, removal);
      summary.removed.push_back(
          {scene.bodies[removal.body].name, scene.time, removal.bound, removal.value});
    }
    for (const dynamics::JointFailure& failure : report.failures) {
      joint_log->record(k, scene.time, scene, failure);
      broken_bonds += static_cast<long long>(failure.points.size());
    }
    const double load_factor = problem.gravity.load_factor(scene.time);
    if (const auto collapse = monitor.check(scene, report))
      summary.collapse = io::CollapseSummary{collapse->criterion,
                                             collapse->body,
                                             collapse->value,
                                             scene.time,
                                             problem.gravity.load_factor_name(),
                                             load_factor};
    stop_requested = interruption.requested();
    const bool last = k == steps || summary.collapse || stop_requested;
    if (k % problem.output.every == 0 || last) {
      history.record(static_cast<int>(k), scene.time, report, load_factor, scene);
      if (interface_log) interface_log->record(k, scene.time, stepper->contacts(), h);
      if (vtk) {
        vtk->write(static_cast<int>(k), scene.time, scene, stepper->contacts(), h);
        ++simulation.frames;
      }
    } else {
      history.add_unrecorded_step(report);
    }
    summary.steps = k;
    if (problem.output.checkpoint_every > 0 && k % problem.output.checkpoint_every == 0) {
      io::write_checkpoint(out / io::checkpoint_name(k),
                           capture(parts, problem_hash, problem.mode, k));
      checkpointed = k;
    }
    progress.show_steps(k, steps, scene.time);
  }
  if (stop_requested && summary.steps > checkpointed)
    io::write_checkpoint(out / io::checkpoint_name(summary.steps),
                         capture(parts, problem_hash, problem.mode, summary.steps));
  progress.clear();
  summary.simulated_time = scene.time;
  if (stop_requested) summary.interrupted_by = interruption.signal_name();
  summary.support_reaction = support_reaction(scene, *stepper);
  if (penalty) {
    const auto& dissipated = static_cast<const dynamics::PenaltyStepper&>(*stepper).dissipated();
    summary.penalty_energy = {report.elastic_energy, dissipated.damping, dissipated.slip};
  }
  if (joint_log)
    summary.bonds =
        io::BondCounts{static_cast<long long>(stepper->state().bonds.size()), broken_bonds};
  for (const model::Body& body : scene.bodies) summary.bodies.push_back(final_state(body));
  summary.wall_seconds = wall_clock.seconds();
  return simulation;
}

}  // namespace moreau::cli
