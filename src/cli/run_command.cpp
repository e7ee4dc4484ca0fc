// `moreau run FILE`: the simulation a problem file describes, written as it goes to an output
// folder (summary.json, history.csv, solver.csv, VTK frames), so that a run stopped at step
// 9,000 keeps steps 1 to 9,000, and may continue from a checkpoint (--restart-from). Loads are
// applied between steps; the run ends at the duration or when a collapse criterion fires, and
// reports the load factor it fired at.
#include "command.hpp"
#include "imperfections.hpp"
#include "interruption.hpp"
#include "limit_analyses.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/limit_files.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/output/run_folder.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/solvers/registry.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "simulation.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

// --out as given (refused if it holds an earlier run, unless --overwrite), else
// <stem>-results in the working folder, numbered -2, -3, ... past earlier runs: a run never
// destroys the results of another.
output::FolderClaim output_folder(const po::variables_map& values, const fs::path& problem_file) {
  if (values.count("out"))
    return output::claim_run_folder(values["out"].as<std::string>(), values.count("overwrite") > 0,
                                    {"--out", "--overwrite"});
  return output::FolderClaim::unused(problem_file.stem().string() + "-results");
}

dynamics::RemovalBounds removal_bounds(const po::variables_map& values) {
  dynamics::RemovalBounds bounds;
  if (values.count("remove-below")) {
    bounds.below = values["remove-below"].as<double>();
    if (!std::isfinite(*bounds.below))
      throw core::Diagnostic({}, "--remove-below", "a height z (m)", core::concat(*bounds.below));
  }
  if (values.count("remove-beyond")) {
    bounds.beyond = values["remove-beyond"].as<double>();
    if (!(*bounds.beyond > 0.0) || !std::isfinite(*bounds.beyond))
      throw core::Diagnostic({}, "--remove-beyond", "a positive distance (m)",
                             core::concat(*bounds.beyond));
  }
  return bounds;
}

// A restarted run continues in the folder of its checkpoint: output numbering goes on from
// the checkpoint's step. If the folder holds steps past it (the run went on, or was
// restarted before), they are replaced only with --overwrite: their rows are dropped from
// the CSV files and the later checkpoints removed.
output::FolderClaim restart_folder(const po::variables_map& values, const fs::path& checkpoint_file,
                                   const run::Checkpoint& checkpoint) {
  if (values.count("out"))
    throw core::Diagnostic({}, "--out",
                           "no --out with --restart-from (a restarted run continues in the "
                           "folder of its checkpoint; copy the folder to keep the original)",
                           values["out"].as<std::string>());
  output::FolderClaim claim = output::FolderClaim::claim(
      checkpoint_file.has_parent_path() ? checkpoint_file.parent_path() : ".", "--restart-from");
  const fs::path& folder = claim.folder();
  const long recorded = std::max(core::last_row_step(folder / "history.csv"),
                                 core::last_row_step(folder / "solver.csv"));
  const std::vector<fs::path> later = output::checkpoints_after(folder, checkpoint.step);
  if ((recorded > checkpoint.step || !later.empty()) && !values.count("overwrite"))
    throw core::Diagnostic(
        {folder.string()}, "--restart-from",
        core::concat("the folder holds the run past the checkpoint's step ", checkpoint.step,
                     (recorded > checkpoint.step ? core::concat(" (up to step ", recorded, ")")
                                                 : std::string(" (later checkpoints)")),
                     ": pass --overwrite to replace those steps, or restart in a copy of the "
                     "folder"));
  for (const fs::path& stale : later) output::remove_output_file(stale);
  // The earlier run's summary describes steps the continuation takes again: until it writes
  // its own, the folder holds a run that has not ended (moreau ida runs such a run again).
  output::remove_output_file(folder / "summary.json");
  return claim;
}

// " (velocity-newton 746, velocity-nsgs 2000)": the solves each method answered.
std::string answered_by(const run::SolverCounts& counts) {
  std::vector<std::string> methods;
  for (const auto& [method, solves] : counts.answered_by)
    methods.push_back(core::concat(method, ' ', solves));
  return methods.empty() ? std::string() : core::concat(" (", core::join(methods), ")");
}

void print_report(const run::RunSummary& summary, const fs::path& out, int frames,
                  bool interfaces) {
  const run::SolverCounts& counts = summary.counts;
  std::cout << "moreau run: " << summary.title << " (" << summary.mode
            << (summary.integration.empty() ? "" : ", ") << summary.integration << ")\n"
            << "  " << summary.steps << " steps to t = " << summary.simulated_time << " s";
  if (summary.restarted_from_step > 0)
    std::cout << ", restarted from step " << summary.restarted_from_step << ": steps "
              << summary.restarted_from_step + 1 << " to " << summary.steps;
  std::cout << " in " << summary.wall_seconds << " s";
  if (summary.penalty_energy) {
    const auto& [elastic, damping, slip] = *summary.penalty_energy;
    std::cout << "\n  contacts: " << elastic << " J stored in springs, " << damping
              << " J dissipated by dashpots, " << slip << " J by slip\n";
  } else {
    std::cout << " (collision " << summary.time_split->collision << " s, assembly "
              << summary.time_split->assembly << " s, solve " << summary.time_split->solve
              << " s)\n"
              << "  solver " << summary.solver << ", converged when " << summary.criterion->name
              << " <= " << summary.criterion->tolerance << ": " << counts.solves << " solves"
              << answered_by(counts) << ", " << counts.mean_iterations()
              << " iterations on average, worst natural-map error " << counts.worst_error << '\n';
  }
  if (counts.not_converged > 0)
    std::cout << "  NOT CONVERGED in " << counts.not_converged
              << " steps (see solver.csv): results of those steps are not reliable\n";
  if (summary.first_motion) {
    const run::CollapseSummary& moved = *summary.first_motion;
    std::cout << "  first motion: " << moved.criterion << " of " << moved.body << " = "
              << moved.value << " (past " << 100.0 * dynamics::kFirstMotionShare
              << " % of its threshold) at t = " << moved.time << " s, " << moved.load_factor_name
              << " = " << moved.load_factor << ": " << moved.mechanism.description << '\n';
  }
  if (summary.collapse) {
    const run::CollapseSummary& collapse = *summary.collapse;
    std::cout << "  collapse: " << collapse.criterion
              << (collapse.body.empty() ? "" : " of " + collapse.body) << " = " << collapse.value
              << " at t = " << collapse.time << " s, " << collapse.load_factor_name << " = "
              << collapse.load_factor;
    if (summary.record)
      std::cout << " (record scaled by " << summary.record->scale << ", PGA " << summary.record->pga
                << " g)";
    std::cout << "\n  mechanism: " << collapse.mechanism.description << '\n';
    if (summary.onset)
      std::cout << "  onset: it last stood at t = " << summary.onset->time << " s, "
                << collapse.load_factor_name << " = " << summary.onset->load_factor << '\n';
  } else if (summary.interrupted_by.empty()) {
    std::cout << "  no collapse criterion fired\n";
  }
  if (!summary.removed.empty())
    std::cout << "  removed " << summary.removed.size()
              << " bodies that left the bounds (see removed.csv), the first "
              << summary.removed.front().name << " at t = " << summary.removed.front().time
              << " s\n";
  if (summary.bonds)
    std::cout << "  cohesive joints: " << summary.bonds->broken
              << " bonds broken (see joints.csv), " << summary.bonds->intact << " intact\n";
  if (!summary.interrupted_by.empty())
    std::cout << "  INTERRUPTED by " << summary.interrupted_by << " after step " << summary.steps
              << ": the outputs hold the run up to t = " << summary.simulated_time
              << " s, and --restart-from " << (out / run::checkpoint_name(summary.steps)).string()
              << " continues it\n";
  std::cout << "  results in " << out.string() << ": summary.json, history.csv, solver.csv"
            << (interfaces ? ", interfaces.csv" : "") << (summary.bonds ? ", joints.csv" : "")
            << (frames > 0 ? core::concat(", ", frames,
                                          " VTK frames (open bodies.pvd, contacts.pvd and "
                                          "interfaces.pvd in ParaView)")
                           : std::string())
            << '\n';
}

// --limit: the range of collapse loads of limit analysis, both ends over the load's directions
// and the cones' drawings, and where the run's collapse lies in it. Under a ground motion the
// ends are static equivalents, not compared with a dynamic collapse.
void print_collapse_range(const limit::LimitAnalyses& limits, const run::RunSummary& summary) {
  const std::optional<limit::CollapseRange> range = print_range(limits);
  if (!range || !summary.collapse || limits.pattern.equivalent_of_dynamic_load()) return;
  if (summary.first_motion) {
    const double moved = summary.first_motion->load_factor;
    std::cout << "  the first motion at " << moved << ' '
              << first_motion_position_text(*range, moved) << '\n';
  }
  if (summary.onset) {
    const double stood = summary.onset->load_factor;
    std::cout << "  the onset at " << stood << ' ' << onset_position_text(*range, stood) << '\n';
  }
  const double collapse = summary.collapse->load_factor;
  std::cout << "  the collapse at " << collapse << ' ' << collapse_position_text(*range, collapse)
            << '\n';
  // The run's bonds are brittle (docs/limit-analysis.md, "Bonded joints"): the range's lower
  // end is the one with brittle bonds, which bounds the run whichever of them break.
  if (limits.bonded > 0 && summary.bonds)
    std::cout << "  of the " << limits.bonded << " bonded points " << summary.bonds->broken
              << " broke in the run; the lower end takes a bond as broken wherever its joint "
                 "moves, so that it bounds the run whichever break, and the upper end keeps "
                 "them all\n";
}

// --track: bodies history.csv follows besides those it follows anyway (moreau ida follows its
// control body and the ground this way).
void add_tracked_bodies(const po::variables_map& values, run::Problem& problem) {
  if (!values.count("track")) return;
  if (values.count("restart-from"))
    throw core::Diagnostic({}, "--track",
                           "not with --restart-from: a restarted run keeps the columns of its "
                           "history.csv");
  std::vector<std::string> names;
  for (const model::Body& body : problem.scene.bodies) names.push_back(body.name);
  std::vector<std::string> tracked = output::tracked_bodies(problem);
  for (const std::string& name : values["track"].as<std::vector<std::string>>()) {
    if (std::ranges::count(names, name) == 0)
      throw core::Diagnostic({}, "--track", core::with_suggestion("a body name", name, names),
                             core::concat("'", name, "'"));
    if (std::ranges::count(tracked, name) == 0) tracked.push_back(name);
  }
  problem.output.bodies = std::move(tracked);
}

// --threads, else the file's `threads`, else the machine's cores.
int thread_count(const po::variables_map& values, const run::Problem& problem) {
  if (values.count("threads")) return read_threads(values);
  return problem.threads.value_or(tbb::info::default_concurrency());
}

// --record and the units and time step it may need.
std::optional<io::RecordOverride> read_record_override(const po::variables_map& values) {
  if (!values.count("record")) {
    for (const char* name : {"record-units", "record-time-step"})
      if (values.count(name))
        throw core::Diagnostic({}, core::concat("--", name), "only with --record");
    return std::nullopt;
  }
  io::RecordOverride replacement{{}, read_unit_option(values, "record-units"), std::nullopt};
  for (const std::string& file : values["record"].as<std::vector<std::string>>())
    replacement.files.emplace_back(file);
  if (values.count("record-time-step"))
    replacement.time_step = values["record-time-step"].as<double>();
  return replacement;
}

int run_run(const std::vector<std::string>& arguments) {
  const InterruptionGuard guard;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "out", po::value<std::string>(),
      "output folder (default: <file stem>-results, numbered past earlier runs)")(
      "overwrite",
      "replace the results of an earlier run in --out, or the steps past the checkpoint of "
      "--restart-from")(
      "restart-from", po::value<std::string>(),
      "continue the run from a checkpoint (DIR/checkpoint-NNNNNN) in its folder DIR")(
      "mode", po::value<std::string>(), "override the file's mode: nscd or penalty")(
      "integration", po::value<std::string>(),
      "override the file's time.integration of the penalty mode: explicit or implicit")(
      "solver", po::value<std::string>(),
      core::concat("override the file's solver: ", core::join(solvers::every_solver_name()))
          .c_str())("duration", po::value<double>(),
                    "override the file's duration, s (a short trial of a long run)")(
      "record-scale", po::value<double>(),
      "multiply every ground motion (records, Ricker pulses) by this factor, in (0, 1000], on "
      "top of the file's scale or pga")(
      "record", po::value<std::vector<std::string>>(),
      "replace the record of the file's ground motion by this file (.AT2, CSV or single "
      "column), along the ground motion's direction; given two or three times, the components "
      "of one event along x, y (and z), e.g. a PEER pair")(
      "record-units", po::value<std::string>(),
      "units of --record when it is CSV or single column: g, m/s^2 or cm/s^2 (default: the "
      "ground motion's units)")("record-time-step", po::value<double>(),
                                "time step of --record when it is a single column, s "
                                "(default: the ground motion's time_step)")(
      "dump-problems",
      "also write each step's problem as FCLib HDF5 in <out>/problems: global (M, H) for "
      "the steps solved in the global form, local (W) for the others")(
      "remove-below", po::value<double>(),
      "remove free bodies whose centre of mass falls below this z, m (logged in removed.csv)")(
      "remove-beyond", po::value<double>(),
      "remove free bodies whose centre of mass is farther than this from the vertical axis "
      "through the origin, m")("track", po::value<std::vector<std::string>>()->composing(),
                               "also follow this body in history.csv (repeat for several)")(
      "threads", po::value<int>(),
      "threads for collision detection and velocity-newton's loops over contacts (default: the "
      "file's threads, else the machine's cores); the results are the same for any number")(
      "limit",
      "also the limit analysis of the structure where it stands at t = 0, as moreau limit "
      "gives it: limit.json in the results, and where the collapse lies in its range")(
      "imperfections", po::value<std::string>(),
      "run a copy of the structure with imperfections drawn from a seed, as moreau ensemble "
      "does: key=value items seed (an integer), block_size, placement and support (m), friction "
      "and rate (fractions), e.g. seed=3,block_size=0.002,friction=0.1 (imperfections.json in the "
      "results says what was drawn)")("quiet", "no progress bar on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments, "Usage: moreau run FILE [options]\nRuns the simulation a problem file describes.",
      options, positional);
  if (!values) return kSuccess;

  io::ReadOverrides overrides;
  overrides.mode = read_mode(*values);
  overrides.integration = read_integration(*values);
  if (values->count("record-scale")) {
    overrides.record_scale = (*values)["record-scale"].as<double>();
    // N.B. the negated form refuses NaN too.
    if (!(overrides.record_scale > 0.0 && overrides.record_scale <= 1e3))
      throw core::Diagnostic({}, "--record-scale", "a factor in (0, 1000]",
                             core::concat(overrides.record_scale));
  }
  overrides.record = read_record_override(*values);
  run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>(), overrides);
  // Also under --quiet: a warning about the input matters most in a script, and it is shown
  // once, before the run (and kept in summary.json).
  print_warnings(problem);
  if (values->count("solver")) {
    problem.solver.name = (*values)["solver"].as<std::string>();
    problem.locations["solver.name"] = {"--solver"};
  }
  override_duration(*values, problem);
  add_tracked_bodies(*values, problem);

  const int threads = thread_count(*values, problem);
  RunFlags flags{
      values->count("quiet") > 0, values->count("dump-problems") > 0, removal_bounds(*values), {}};
  const bool interfaces = problem.output.interfaces;
  std::optional<run::Imperfections> imperfections;
  if (values->count("imperfections"))
    imperfections = read_imperfections((*values)["imperfections"].as<std::string>());
  std::optional<output::FolderClaim> claim;
  if (values->count("restart-from")) {
    const fs::path checkpoint_file((*values)["restart-from"].as<std::string>());
    if (imperfections)
      throw core::Diagnostic({}, "--imperfections",
                             "no --imperfections with --restart-from (a restart draws the "
                             "imperfections of its run again, from imperfections.json in the "
                             "checkpoint's folder)");
    imperfections = recorded_imperfections(checkpoint_file.parent_path());
    flags.restart = read_restart(checkpoint_file, problem);
    claim.emplace(restart_folder(*values, checkpoint_file, *flags.restart));
  } else {
    claim.emplace(output_folder(*values, problem.path));
  }
  const fs::path& out = claim->folder();
  if (imperfections) {
    run::validate(*imperfections, problem, "--imperfections");
    write_imperfections(out, *imperfections, run::apply(*imperfections, problem));
  }
  if (guard.requested()) return interrupted_before_start("run", guard);
  std::optional<limit::LimitAnalyses> limits;
  if (values->count("limit")) {
    Progress progress(flags.quiet);
    limits = analyse_limits(problem, limit::LimitSettings{}, progress);
    output::write_limit_files(out, problem, *limits);
  }
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
  Simulation simulation = simulate(std::move(problem), out, flags, guard);
  if (limits) simulation.summary.limit_range = limit::range_summary(*limits, simulation.summary);
  if (const std::optional<int> stopped = write_summary("run", out, simulation)) return *stopped;
  print_report(simulation.summary, out, simulation.frames, interfaces);
  if (imperfections)
    std::cout << "  imperfections drawn with " << imperfections_text(*imperfections)
              << " (imperfections.json)\n";
  if (limits) print_collapse_range(*limits, simulation.summary);
  if (!simulation.summary.interrupted_by.empty()) return kInterrupted;
  return simulation.summary.counts.not_converged == 0 ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kRunCommand{"run", "run the simulation of a problem file (YAML)", run_run};

}  // namespace moreau::cli
