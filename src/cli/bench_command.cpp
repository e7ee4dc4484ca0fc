// `moreau bench PATH...`: every listed solver on every problem, a CSV of the runs, a table,
// the Dolan-Moré performance profile and, with --with-siconos, Siconos' solvers run in the
// same run (each solve in a child process) on the same problems and the time ratios ours /
// theirs. The benchmark itself (the solvers, the timed solves, the statistics, the CSV) is
// the library's benchmark layer; this file reads the options and prints.
#include "command.hpp"
#include "moreau/benchmark/bench_csv.hpp"
#include "moreau/benchmark/bench_run.hpp"
#include "moreau/benchmark/bench_solver.hpp"
#include "moreau/benchmark/problem_files.hpp"
#include "moreau/benchmark/statistics.hpp"
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <tbb/global_control.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;
using benchmark::BenchRun;

// Per run; a comparison study wants every solver to get its chance on hard problems
// without one stuck run holding up the rest (Siconos' solvers have none: their child process
// is ended at it).
constexpr double kDefaultTimeLimit = 60.0;

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream stream(text);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

void print_row(const BenchRun& run) {
  std::cout << std::left << std::setw(40) << run.problem << std::right << std::setw(7)
            << run.contacts << "  " << std::left << std::setw(22) << run.solver << std::setw(20)
            << run.status << std::right << std::setw(7) << run.iterations << std::scientific
            << std::setprecision(2) << std::setw(11) << run.error << std::defaultfloat
            << std::setprecision(4) << std::setw(11) << run.seconds;
  if (run.siconos_error)
    std::cout << std::scientific << std::setprecision(2) << std::setw(12) << *run.siconos_error
              << std::defaultfloat;
  std::cout << '\n';
}

void print_summary(const std::vector<BenchRun>& runs, bool with_siconos) {
  const std::vector<double> taus = {1, 2, 10, 100};
  std::cout << "\nPerformance profile (Dolan & More 2002): fraction of problems solved within "
               "tau x the best time\n"
            << std::left << std::setw(22) << "solver" << std::setw(8) << "solved";
  for (const double tau : taus) std::cout << std::setw(10) << core::concat("tau=", tau);
  std::cout << '\n';
  for (const benchmark::ProfileRow& row : benchmark::performance_profile(runs, taus)) {
    std::cout << std::left << std::setw(22) << row.solver << std::setw(8) << row.solved;
    for (const double fraction : row.fraction_within)
      std::cout << std::setw(10) << std::fixed << std::setprecision(2) << fraction;
    std::cout << std::defaultfloat << '\n';
  }
  if (!with_siconos) return;
  std::cout << "\nMedian time ratio ours / Siconos over the problems both solved\n";
  for (const benchmark::RatioSummary& ratio : benchmark::siconos_time_ratios(runs)) {
    if (ratio.problems == 0) continue;
    std::cout << "  " << std::left << std::setw(16) << ratio.ours << " vs " << std::setw(19)
              << ratio.theirs << std::right << std::setw(8) << std::setprecision(3)
              << ratio.median_ratio << "  (" << ratio.problems << " problems)\n";
  }
}

benchmark::BenchSolverChoice read_solver_choice(const po::variables_map& values) {
  benchmark::BenchSolverChoice choice;
  choice.names = split_names(values["solvers"].as<std::string>());
  choice.with_siconos = values.count("with-siconos") > 0;
  if (values.count("siconos-solvers") && !choice.with_siconos)
    throw core::Diagnostic({"--siconos-solvers"}, "siconos-solvers", "--with-siconos as well",
                           "--siconos-solvers alone");
  if (values.count("siconos-solvers"))
    choice.siconos_names = split_names(values["siconos-solvers"].as<std::string>());
  return choice;
}

int run_bench(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("paths", po::value<std::vector<std::string>>()->required(),
                        "problem files or folders")(
      "solvers",
      po::value<std::string>()->default_value(core::join(solvers::every_solver_name(), ",")),
      "comma-separated moreau solvers (those of the global form run on global problems only)")(
      "with-siconos",
      "also run Siconos' NSGS, NSN-AC, NSN-FB and PROX, and on global problems its GFC3D "
      "NSGS-WR, PROX-WR, NSN-AC and ADMM (each solve in a child process, ended at --time-limit)")(
      "siconos-solvers", po::value<std::string>(),
      "with --with-siconos, only these Siconos solvers (comma-separated, e.g. "
      "siconos-nsgs,siconos-gfc3d-admm)")(
      "csv", po::value<std::string>()->default_value("bench.csv"), "where to write the runs")(
      "quiet", "no progress on the terminal");
  add_solver_options(options, kDefaultTimeLimit);
  po::positional_options_description positional;
  positional.add("paths", -1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau bench PATH... [options]\nRuns solvers on problem files and compares them.",
      options, positional);
  if (!values) return kSuccess;

  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                        read_threads(*values));
  const benchmark::BenchSolverChoice choice = read_solver_choice(*values);
  const solvers::StopCriteria stop = read_stop_criteria(*values);
  const solvers::SolverParameters parameters = read_solver_parameters(*values);
  for (const std::string& name : choice.names) check_solver_choice(name, parameters, "solvers");
  const std::vector<benchmark::BenchSolver> solvers_to_run =
      benchmark::make_bench_solvers(choice, stop, parameters);
  const std::vector<fs::path> files =
      benchmark::find_problem_files((*values)["paths"].as<std::vector<std::string>>());
  Progress progress(values->count("quiet") > 0);
  const fs::path csv_path((*values)["csv"].as<std::string>());
  benchmark::BenchCsv csv(csv_path);
  const benchmark::MeasureOptions measure{stop.time_limit, choice.with_siconos};

  std::vector<BenchRun> runs;
  int unreadable = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    progress.show(core::concat('[', i + 1, '/', files.size(), "] ", files[i].filename().string()));
    contact::ContactProblemFile file;
    try {
      file = contact::read_contact_problem_file(files[i]);
    } catch (const core::Diagnostic& error) {
      progress.clear();
      std::cerr << error.what() << '\n';
      ++unreadable;
      continue;
    }
    for (const benchmark::BenchSolver& solver : solvers_to_run) {
      if (!benchmark::supports(solver, file)) continue;
      runs.push_back(benchmark::measure_solve(file, solver, measure));
      csv.write(runs.back());
    }
  }
  progress.clear();
  csv.finish();

  for (const BenchRun& run : runs) print_row(run);
  print_summary(runs, choice.with_siconos);
  std::cout << "\nRuns written to " << csv_path.string() << '\n';
  return unreadable > 0 ? kBadInput : kSuccess;
}

}  // namespace

extern const Command kBenchCommand{"bench", "compare solvers on problem files (and Siconos)",
                                   run_bench};

}  // namespace moreau::cli
