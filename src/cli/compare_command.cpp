// `moreau compare FILE`: the same scene in NSCD and in the penalty mode, side by side in the
// quantities an assessment uses (the control point's peak and final displacement, the
// collapse, the mechanism, the support reaction, the energy dissipated, the cost), each
// run's outputs kept in its own folder. With --stiffness-sweep the penalty run is repeated with
// every stiffness scaled, to show it converging towards the NSCD answer as k_n grows; with
// --limit, the range of collapse loads of limit analysis beside, and where each run's collapse
// lies in it (which end, if any, the penalty answers tend to as k_n grows). The runs are the
// library's (run/comparison.hpp); this file reads the options, runs them and
// prints.
#include "command.hpp"
#include "interruption.hpp"
#include "limit_analyses.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/output/limit_files.hpp"
#include "moreau/output/run_folder.hpp"
#include "moreau/output/run_response.hpp"
#include "moreau/output/summary_json.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/comparison.hpp"
#include "options.hpp"
#include "progress.hpp"
#include "simulation.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

struct Run {
  std::string label;
  run::RunSummary summary;
  output::RunResponse response;
};

std::string cell(double value, int digits = 6) {
  std::ostringstream out;
  out << std::setprecision(digits) << value;
  return out.str();
}

// A penalty run's value beside its difference to the NSCD run's.
std::string compared_cell(double value, double nscd) {
  std::ostringstream out;
  out << std::setprecision(6) << value << " (" << std::showpos << std::setprecision(3)
      << value - nscd << ')';
  return out.str();
}

std::string collapse_cell(const run::RunSummary& summary) {
  if (!summary.collapse) return "none";
  const run::CollapseSummary& collapse = *summary.collapse;
  if (collapse.load_factor_name.empty()) return core::concat("at ", cell(collapse.time), " s");
  return core::concat(collapse.load_factor_name, " = ", cell(collapse.load_factor), " at ",
                      cell(collapse.time), " s");
}

std::string substeps_cell(const run::RunSummary& summary) {
  return summary.substeps ? std::to_string(*summary.substeps) : "-";
}

void print_row(const std::string& name, const std::vector<std::string>& cells) {
  std::ostringstream row;
  row << "  " << std::left << std::setw(40) << name;
  // A cell wider than its column keeps two spaces before the next one.
  for (const std::string& c : cells)
    row << std::setw(static_cast<int>(std::max<std::size_t>(26, c.size() + 2))) << c;
  std::string line = row.str();
  line.erase(line.find_last_not_of(' ') + 1);
  std::cout << line << '\n';
}

void print_control(const output::ControlPoint& control) {
  std::cout << "  control point " << control.body << ", " << cell(control.height)
            << " m above the base; displacements"
            << (control.ground.empty() ? " from where it started"
                                       : core::concat(" relative to ", control.ground))
            << '\n';
}

// The table of the quantities an assessment uses, one column per run, the penalty runs'
// numbers with their difference to the NSCD run's (the first).
void print_table(const std::vector<Run>& runs) {
  std::vector<std::string> header;
  header.reserve(runs.size());
  for (const Run& run : runs) header.push_back(run.label);
  print_row("", header);
  const auto text_row = [&](const std::string& name, auto text) {
    std::vector<std::string> cells;
    cells.reserve(runs.size());
    for (const Run& run : runs) cells.push_back(text(run));
    print_row(name, cells);
  };
  const auto number_row = [&](const std::string& name, auto value) {
    text_row(name, [&](const Run& run) {
      return &run == &runs.front() ? cell(value(run))
                                   : compared_cell(value(run), value(runs.front()));
    });
  };
  text_row("integration", [](const Run& run) {
    return run.summary.integration.empty() ? std::string("-") : run.summary.integration;
  });
  text_row("wall time (s)", [&](const Run& run) {
    const double nscd = runs.front().summary.wall_seconds;
    return &run == &runs.front() || !(nscd > 0.0)
               ? cell(run.summary.wall_seconds)
               : core::concat(cell(run.summary.wall_seconds), " (x",
                              cell(run.summary.wall_seconds / nscd, 3), ")");
  });
  text_row("steps", [](const Run& run) { return std::to_string(run.summary.steps); });
  text_row("sub-steps", [](const Run& run) { return substeps_cell(run.summary); });
  text_row("steps not converged",
           [](const Run& run) { return std::to_string(run.summary.counts.not_converged); });
  text_row("collapse", [](const Run& run) { return collapse_cell(run.summary); });
  number_row("peak displacement (m)",
             [](const Run& run) { return run.response.peak_displacement; });
  number_row("final displacement (m)",
             [](const Run& run) { return run.response.residual_displacement; });
  number_row("peak drift", [](const Run& run) { return run.response.peak_drift; });
  number_row("final vertical displacement (m)",
             [](const Run& run) { return run.response.final_vertical_displacement; });
  text_row("bodies fallen", [](const Run& run) { return std::to_string(run.response.fallen); });
  const char* axes = "xyz";
  for (int i = 0; i < 3; ++i)
    number_row(core::concat("support reaction ", axes[i], " (N)"),
               [i](const Run& run) { return run.summary.support_reaction[i]; });
  number_row("energy dissipated (J)",
             [](const Run& run) { return run.response.dissipated_energy; });
  number_row("energy in the springs at the end (J)",
             [](const Run& run) { return run.response.elastic_energy; });
}

// The body whose displacement the comparison follows (the problem's control point).
output::ControlPoint compared_control(const fs::path& file, const run::Problem& problem) {
  if (problem.output.control.empty())
    throw core::Diagnostic({file.string()}, "bodies",
                           "a free body, whose motion the modes are compared on", "none");
  return output::control_point(problem, "");
}

// Before an explicit penalty run, the sub-steps and the time it will take, from its first step.
void print_forecast(const run::ComparisonRun& entry) {
  if (entry.problem.mode != run::Mode::Penalty ||
      entry.problem.integration != run::PenaltyIntegration::Explicit)
    return;
  const run::SubstepForecast forecast = run::forecast_substeps(entry.problem);
  const long steps = run::step_count(entry.problem);
  std::cout << "moreau compare: the " << entry.label << " run's first explicit step of "
            << entry.problem.time_step << " s takes " << forecast.substeps_per_step << " sub-steps";
  if (!std::isinf(forecast.critical_step))
    std::cout << " (critical step " << cell(forecast.critical_step) << " s)";
  std::cout << " in " << cell(forecast.seconds_per_step, 2) << " s: about "
            << forecast.substeps_per_step * steps << " sub-steps and "
            << cell(forecast.seconds_per_step * static_cast<double>(steps), 2) << " s for its "
            << steps << " steps\n";
}

// How each run moved: the mechanism its collapse fired in, else the one of its fastest step.
void print_mechanisms(const std::vector<Run>& runs) {
  std::cout << "\n  mechanism\n";
  for (const Run& run : runs) {
    const run::RunSummary& summary = run.summary;
    std::cout << "  " << std::left << std::setw(23) << run.label;
    if (summary.collapse)
      std::cout << "at the collapse (" << cell(summary.collapse->time)
                << " s): " << summary.collapse->mechanism.description << '\n';
    else if (summary.peak_motion)
      std::cout << "fastest at " << cell(summary.peak_motion->time)
                << " s: " << summary.peak_motion->mechanism.description << '\n';
    else
      std::cout << "nothing moved\n";
  }
}

// How far each penalty run ended from the NSCD run.
void print_convergence(const run::Problem& initial, const std::vector<Run>& runs) {
  std::cout << "\n  distance to nscd       largest |dx| (m)   largest rotation difference (deg)\n";
  for (std::size_t r = 1; r < runs.size(); ++r) {
    const run::FinalStateDistance distance =
        run::final_state_distance(initial, runs.front().summary, runs[r].summary);
    std::cout << "  " << std::left << std::setw(23) << runs[r].label << std::setw(19)
              << cell(distance.position) << cell(distance.rotation) << '\n';
  }
}

// --limit: the range of collapse loads of limit analysis and where each run's collapse lies in
// it. Under a ground motion the ends are static equivalents, not compared with a dynamic
// collapse.
void print_collapse_positions(const limit::LimitAnalyses& limits, const std::vector<Run>& runs) {
  std::cout << '\n';
  const std::optional<limit::CollapseRange> range = print_range(limits);
  if (!range || limits.pattern.equivalent_of_dynamic_load()) return;
  for (const Run& run : runs) {
    std::cout << "  " << std::left << std::setw(23) << run.label;
    if (!run.summary.collapse) {
      std::cout << "no collapse\n";
      continue;
    }
    const double collapse = run.summary.collapse->load_factor;
    std::cout << "collapse at " << collapse << ' ' << collapse_position_text(*range, collapse)
              << '\n';
  }
}

// The folder of a comparison's run in its output folder.
std::string folder_name(const run::ComparisonRun& entry) {
  std::string folder = entry.label;
  std::ranges::replace(folder, ' ', '-');
  return folder;
}

// An explicit --out that holds runs: the comparison of the same command that a signal or a
// full disk stopped before its end continues there. Refused: a folder with any other run in
// it (the runs of another sweep would otherwise stay beside the new ones, a mix of two
// comparisons), and one whose comparison ended.
void check_continuable(const fs::path& out, const std::vector<run::ComparisonRun>& plan) {
  std::set<std::string> names;
  for (const run::ComparisonRun& entry : plan) names.insert(folder_name(entry));
  bool others = output::holds_a_run(out);
  std::error_code error;
  for (fs::directory_iterator entry(out, error), end; !error && entry != end;
       entry.increment(error))
    others = others || (output::holds_a_run(entry->path()) &&
                        !names.contains(entry->path().filename().string()));
  const bool ended = std::ranges::all_of(plan, [&out](const run::ComparisonRun& entry) {
    return output::run_finished(out / folder_name(entry));
  });
  if (others || ended)
    throw core::Diagnostic({out.string()}, "--out",
                           "a new folder, or that of this comparison stopped before its end",
                           others ? "a folder that holds an earlier comparison of other runs"
                                  : "a folder that holds an earlier comparison that ended");
}

// The summary of a run that ended in `folder`, checked to be the run `entry` asks for: the same
// mode, and the same number of steps unless a collapse ended it.
run::RunSummary ended_run(const fs::path& folder, const run::ComparisonRun& entry) {
  const fs::path path = folder / "summary.json";
  run::RunSummary summary = output::read_summary_json(path);
  const long steps = run::step_count(entry.problem);
  const std::string integration = entry.problem.mode == run::Mode::Penalty
                                      ? run::integration_name(entry.problem.integration)
                                      : "";
  if (summary.mode != run::mode_name(entry.problem.mode) || summary.integration != integration ||
      (!summary.collapse && summary.steps != steps))
    throw core::Diagnostic(
        {path.string()}, "--out",
        core::concat("the ", entry.label, " run of this comparison (", steps, " steps in ",
                     run::mode_name(entry.problem.mode), " mode", integration.empty() ? "" : ", ",
                     integration, ")"),
        core::concat(summary.steps, " steps in ", summary.mode, " mode",
                     summary.integration.empty() ? "" : ", ", summary.integration));
  return summary;
}

// The last checkpoint of the run a signal or a full disk stopped in `folder`, checked to be
// of `problem` and before its end; none when the run wrote none or did not start (it then
// runs from its start).
std::optional<run::Checkpoint> last_checkpoint(const fs::path& folder,
                                               const run::Problem& problem) {
  std::error_code missing;
  if (!fs::is_directory(folder, missing)) return std::nullopt;
  const std::vector<fs::path> checkpoints = output::checkpoints_after(folder, -1);
  if (checkpoints.empty()) return std::nullopt;
  // N.B. checkpoint names have 6 digits or more: the last by name is the last step.
  return read_restart(*std::ranges::max_element(checkpoints), problem);
}

int run_compare(const std::vector<std::string>& arguments) {
  const InterruptionGuard guard;
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "out", po::value<std::string>(),
      "folder for the runs' outputs (default: <file stem>-compare, numbered past earlier ones)")(
      "stiffness-sweep", po::value<std::string>(),
      "also run the penalty mode with every stiffness scaled by each factor, e.g. 0.01,0.1,10 "
      "(sub-stepping as the critical step requires)")("duration", po::value<double>(),
                                                      "override the file's duration, s")(
      "integration", po::value<std::string>(),
      "how the penalty runs integrate, overriding the file's time.integration: explicit or "
      "implicit")("limit",
                  "also the limit analysis of the structure where it stands at t = 0, as moreau "
                  "limit gives it: limit.json in the output folder, and where each run's "
                  "collapse lies in its range")("quiet", "no progress bar on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau compare FILE [options]\nRuns a problem file in NSCD and in the penalty "
      "mode and prints the results side by side.",
      options, positional);
  if (!values) return kSuccess;

  const fs::path file((*values)["file"].as<std::string>());
  // Read once, in the penalty mode, whose checks include the NSCD ones (and the calibration
  // of the laws from the materials).
  const run::Problem problem = io::read_problem_file(
      file, {.mode = run::Mode::Penalty, .integration = read_integration(*values)});
  const std::vector<double> factors =
      values->count("stiffness-sweep")
          ? read_factors((*values)["stiffness-sweep"].as<std::string>(), "--stiffness-sweep",
                         std::numeric_limits<double>::max(),
                         "a comma-separated list of positive factors, e.g. 0.01,0.1,1,10")
          : std::vector<double>{};
  const output::FolderClaim claim =
      values->count("out") ? output::FolderClaim::claim((*values)["out"].as<std::string>(), "--out")
                           : output::FolderClaim::unused(file.stem().string() + "-compare");
  const fs::path& out = claim.folder();
  std::vector<run::ComparisonRun> plan = run::comparison_runs(problem, factors);
  for (run::ComparisonRun& entry : plan) override_duration(*values, entry.problem);
  const bool continued = values->count("out") && output::holds_any_run(out);
  if (continued) {
    check_continuable(out, plan);
    std::cout << "moreau compare: continuing the comparison in " << out.string() << '\n';
  }
  // A swept stiffness stays within the bounds a problem file has: past them the penalty
  // run's forces and sub-steps are not finite arithmetic any more (x1e12 on the rocking
  // block's 1e8 N/m: the block rose off the ground, and the comparison exited 0).
  for (const run::ComparisonRun& entry : plan)
    if (const std::optional<std::string> beyond = io::beyond_penalty_bounds(entry.problem))
      throw core::Diagnostic({}, "--stiffness-sweep",
                             "factors that keep every stiffness within a problem file's bounds",
                             core::concat(entry.label, ": ", *beyond));
  const output::ControlPoint control = compared_control(file, problem);
  std::optional<limit::LimitAnalyses> limits;
  if (values->count("limit")) {
    Progress progress(values->count("quiet") > 0);
    limits = analyse_limits(problem, limit::LimitSettings{}, progress);
    output::write_limit_files(out, problem, *limits);
  }
  std::vector<Run> runs;
  bool converged = true;
  for (run::ComparisonRun& entry : plan) {
    const fs::path folder = out / folder_name(entry);
    if (continued && output::run_finished(folder)) {
      runs.push_back({entry.label, ended_run(folder, entry),
                      output::read_run_response(folder, entry.problem, control)});
      converged = converged && runs.back().summary.counts.not_converged == 0;
      continue;
    }
    if (guard.requested()) return interrupted_before_start("compare", guard);
    print_forecast(entry);
    const RunFlags flags{values->count("quiet") > 0,
                         false,
                         {},
                         continued ? last_checkpoint(folder, entry.problem) : std::nullopt};
    const Simulation simulation = simulate(entry.problem, folder, flags, guard);
    if (const std::optional<int> stopped = write_summary("compare", folder, simulation))
      return *stopped;
    converged = converged && simulation.summary.counts.not_converged == 0;
    if (!simulation.summary.interrupted_by.empty()) {
      std::cout << "moreau compare: INTERRUPTED by " << simulation.summary.interrupted_by
                << " during the " << entry.label << " run; the runs done are in " << out.string()
                << ", and the same command with --out " << out.string() << " continues it\n";
      return kInterrupted;
    }
    runs.push_back({entry.label, simulation.summary,
                    output::read_run_response(folder, entry.problem, control)});
  }
  std::cout << "moreau compare: " << problem.title << '\n';
  print_control(control);
  print_table(runs);
  print_mechanisms(runs);
  print_convergence(problem, runs);
  if (limits) print_collapse_positions(*limits, runs);
  if (!converged)
    std::cout << "  NOT CONVERGED: a solver missed its tolerance in some steps (see each "
                 "run's solver.csv in "
              << out.string() << ")\n";
  std::cout << "  outputs in " << out.string() << '\n';
  return converged ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kCompareCommand{
    "compare", "run a problem file in NSCD and penalty mode and compare the results", run_compare};

}  // namespace moreau::cli
