// `moreau run FILE`: the simulation a problem file describes, written as it goes to an output
// folder (summary.json, history.csv, solver.csv, VTK frames), so that a run stopped at step
// 9,000 keeps steps 1 to 9,000. Loads are applied between steps; the run ends at the
// duration or when a collapse criterion fires, and reports the load factor it fired at.
#include "command.hpp"
#include "moreau/contact/fclib_io.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/io/history_writer.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/io/solver_log.hpp"
#include "moreau/io/summary_json.hpp"
#include "moreau/io/vtk_writer.hpp"
#include "moreau/solvers/registry.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <cmath>
#include <iostream>
#include <optional>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// The bodies history.csv follows when the file names none: every free body of a small scene.
constexpr std::size_t kTrackedByDefault = 20;

bool holds_a_run(const fs::path& folder) {
  return fs::exists(folder / "summary.json") || fs::exists(folder / "history.csv");
}

// --out as given (refused if it holds an earlier run, unless --overwrite), else
// <stem>-results in the working folder, numbered -2, -3, ... past earlier runs: a run never
// destroys the results of another.
fs::path output_folder(const po::variables_map& values, const fs::path& problem_file) {
  if (values.count("out")) {
    const fs::path out(values["out"].as<std::string>());
    if (holds_a_run(out) && !values.count("overwrite"))
      throw core::Diagnostic({out.string()}, "--out",
                             "a new or empty folder (this one holds an earlier run; pass "
                             "--overwrite to replace it)",
                             out.string());
    return out;
  }
  const std::string base = problem_file.stem().string() + "-results";
  fs::path out = base;
  for (int n = 2; holds_a_run(out); ++n) out = core::concat(base, '-', n);
  return out;
}

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

void print_report(const io::RunSummary& summary, const fs::path& out, int frames) {
  const io::SolverCounts& counts = summary.counts;
  std::cout << "moreau run: " << summary.title << '\n'
            << "  " << summary.steps << " steps to t = " << summary.simulated_time << " s in "
            << summary.wall_seconds << " s (collision " << summary.time_split->collision
            << " s, assembly " << summary.time_split->assembly << " s, solve "
            << summary.time_split->solve << " s)\n"
            << "  solver " << summary.solver << ": " << counts.solves << " solves, "
            << counts.mean_iterations() << " iterations on average, worst error "
            << counts.worst_error << '\n';
  if (counts.not_converged > 0)
    std::cout << "  NOT CONVERGED in " << counts.not_converged
              << " steps (see solver.csv): results of those steps are not reliable\n";
  if (summary.collapse) {
    const io::CollapseSummary& collapse = *summary.collapse;
    std::cout << "  collapse: " << collapse.criterion
              << (collapse.body.empty() ? "" : " of " + collapse.body) << " = " << collapse.value
              << " at t = " << collapse.time << " s, " << collapse.load_factor_name << " = "
              << collapse.load_factor << '\n';
  } else {
    std::cout << "  no collapse criterion fired\n";
  }
  std::cout << "  results in " << out.string() << ": summary.json, history.csv, solver.csv"
            << (frames > 0 ? core::concat(", ", frames,
                                          " VTK frames (open bodies.pvd and "
                                          "contacts.pvd in ParaView)")
                           : std::string())
            << '\n';
}

struct RunFlags {
  bool quiet = false;
  bool dump_problems = false;
};

io::RunSummary simulate(io::Problem problem, const fs::path& out, const RunFlags& flags,
                        int& frames) {
  const solvers::Stopwatch wall_clock;
  model::Scene& scene = problem.scene;
  dynamics::MoreauJean stepper(scene, problem.stepping);
  dynamics::CollapseMonitor monitor(scene, problem.collapse);
  io::HistoryWriter history(out / "history.csv", scene, tracked_bodies(problem));
  io::SolverLog solver_log(out / "solver.csv");
  std::optional<io::VtkWriter> vtk;
  if (problem.output.vtk) {
    vtk.emplace(out);
    vtk->write(0, scene.time, scene, {}, problem.stepping.h);
    ++frames;
  }
  if (flags.dump_problems) fs::create_directories(out / "problems");

  io::RunSummary summary;
  summary.title = problem.title;
  summary.problem = problem.path;
  summary.mode = "nscd";
  summary.dimension = scene.dimension;
  summary.time_split = io::TimeSplit{};
  summary.solver = problem.stepping.solver;
  const long steps = io::step_count(problem);
  Progress progress(flags.quiet);
  for (long k = 1; k <= steps && !summary.collapse; ++k) {
    scene.gravity = problem.gravity.at(scene.time);
    const dynamics::StepReport report = stepper.step();
    summary.counts.add_step(report);
    summary.time_split->collision += report.times.collision;
    summary.time_split->assembly += report.times.assembly;
    summary.time_split->solve += report.times.solve;
    solver_log.record(k, scene.time, report);
    if (flags.dump_problems && report.active > 0)
      contact::write_fclib_local(out / "problems" / core::concat("step_", k, ".hdf5"),
                                 stepper.local_problem());
    const double load_factor = problem.gravity.load_factor(scene.time);
    if (const auto collapse = monitor.check(scene, report))
      summary.collapse = io::CollapseSummary{collapse->criterion,
                                             collapse->body,
                                             collapse->value,
                                             scene.time,
                                             problem.gravity.load_factor_name(),
                                             load_factor};
    const bool last = k == steps || summary.collapse;
    if (k % problem.output.every == 0 || last) {
      history.record(static_cast<int>(k), scene.time, report, load_factor, scene);
      if (vtk) {
        vtk->write(static_cast<int>(k), scene.time, scene, stepper.contacts(), problem.stepping.h);
        ++frames;
      }
    } else {
      history.add_unrecorded_step(report);
    }
    summary.steps = k;
    progress.show_steps(k, steps, scene.time);
  }
  progress.clear();
  summary.simulated_time = scene.time;
  for (const model::Body& body : scene.bodies) summary.bodies.push_back(final_state(body));
  summary.wall_seconds = wall_clock.seconds();
  return summary;
}

int run_run(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "out", po::value<std::string>(),
      "output folder (default: <file stem>-results, numbered past earlier runs)")(
      "overwrite", "replace the results of an earlier run in --out")(
      "mode", po::value<std::string>(), "override the file's mode: nscd or penalty")(
      "solver", po::value<std::string>(),
      core::concat("override the file's solver: ", core::join(solvers::registered_solver_names()))
          .c_str())("duration", po::value<double>(),
                    "override the file's duration, s (a short trial of a long run)")(
      "dump-problems", "also write each step's local problem as FCLib HDF5 in <out>/problems")(
      "quiet", "no progress bar on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments, "Usage: moreau run FILE [options]\nRuns the simulation a problem file describes.",
      options, positional);
  if (!values) return kSuccess;

  io::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  if (values->count("mode")) {
    const std::string mode = (*values)["mode"].as<std::string>();
    if (mode != "nscd" && mode != "penalty")
      throw core::Diagnostic({}, "--mode", "nscd or penalty", mode);
    problem.mode = mode == "nscd" ? io::Mode::Nscd : io::Mode::Penalty;
  }
  if (problem.mode == io::Mode::Penalty)
    throw core::Diagnostic({problem.path.string()}, "mode",
                           "nscd (the penalty mode is not available in this version)", "penalty");
  if (values->count("solver")) problem.stepping.solver = (*values)["solver"].as<std::string>();
  if (values->count("duration")) {
    problem.duration = (*values)["duration"].as<double>();
    if (!(problem.duration >= problem.stepping.h) || !std::isfinite(problem.duration))
      throw core::Diagnostic({}, "--duration", "a duration of at least one time step (s)",
                             core::concat(problem.duration));
  }

  const fs::path out = output_folder(*values, problem.path);
  fs::create_directories(out);
  const RunFlags flags{values->count("quiet") > 0, values->count("dump-problems") > 0};
  int frames = 0;
  const io::RunSummary summary = simulate(std::move(problem), out, flags, frames);
  io::write_summary_json(out / "summary.json", summary);
  print_report(summary, out, frames);
  return summary.counts.not_converged == 0 ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kRunCommand{"run", "run the simulation of a problem file (YAML)", run_run};

}  // namespace moreau::cli
