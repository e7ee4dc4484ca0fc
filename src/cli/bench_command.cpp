// `moreau bench PATH...`: every listed solver on every problem, a CSV of the runs, a table,
// the Dolan-Moré performance profile and, with --with-siconos, Siconos' solvers run in the
// same run (each solve in a child process) on the same problems and the time ratios ours /
// theirs. A global problem
// (M, H, f, w) is solved by the methods of the global form on the file's problem and by those
// of the local form on the problem it condenses to (W, q: the condensation is not timed).
#include "bench_statistics.hpp"
#include "command.hpp"
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#ifdef MOREAU_WITH_SICONOS
#include "moreau/peers/isolated_solve.hpp"
#include "moreau/peers/siconos_global_solver.hpp"
#include "moreau/peers/siconos_solver.hpp"
#endif

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;
using math::Index;
using math::VecX;

// Per run; a comparison study wants every solver to get its chance on hard problems
// without one stuck run holding up the rest (Siconos' solvers have none: their child process
// is ended at it).
constexpr double kDefaultTimeLimit = 60.0;

// Folders contribute their files with these endings (sorted by name); files named on the
// command line are always taken, whatever their name: the reader detects the format.
bool looks_like_problem(const fs::path& path) {
  const std::string ending = path.extension().string();
  return ending == ".dat" || ending == ".hdf5" || ending == ".h5";
}

std::vector<fs::path> expand_paths(const std::vector<std::string>& paths) {
  std::vector<fs::path> files;
  for (const std::string& text : paths) {
    const fs::path path(text);
    if (fs::is_directory(path)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::directory_iterator(path))
        if (entry.is_regular_file() && looks_like_problem(entry.path()))
          found.push_back(entry.path());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path)) {
      files.push_back(path);
    } else {
      throw core::Diagnostic({text}, "", "no such file or folder");
    }
  }
  return files;
}

// Every registered method of both forms, the default of --solvers.
std::vector<std::string> bench_solver_names() {
  std::vector<std::string> names = solvers::registered_solver_names();
  for (std::string& name : solvers::registered_global_solver_names())
    names.push_back(std::move(name));
  return names;
}

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream stream(text);
  for (std::string name; std::getline(stream, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

// Peers are made by name like our solvers; a Siconos solver may not handle every dimension.
// A method of the local form has `local`, one of the global form `make_global`: a new
// instance for every solve, so that each repetition of timed_solve starts cold
// (velocity-newton keeps the symbolic factorization of its last matrix pattern).
struct BenchSolver {
  std::string name;
  std::unique_ptr<solvers::Solver> local;
  std::function<std::unique_ptr<solvers::GlobalSolver>()> make_global;
  bool siconos = false;
};

std::vector<BenchSolver> make_bench_solvers(const std::vector<std::string>& names,
                                            const solvers::StopCriteria& stop,
                                            const solvers::SolverParameters& parameters,
                                            bool with_siconos,
                                            const std::vector<std::string>& siconos_names) {
  std::vector<BenchSolver> list;
  for (const std::string& name : names) {
    if (solvers::is_global_solver(name)) {
      solvers::make_global_solver(name, stop, parameters);  // bad parameters fail before any run
      list.push_back(
          {name, nullptr, [=] { return solvers::make_global_solver(name, stop, parameters); }});
    } else {
      list.push_back({name, solvers::make_solver(name, stop, parameters), {}});
    }
  }
  if (!with_siconos) return list;
#ifdef MOREAU_WITH_SICONOS
  // A subset leaves out a peer that aborts the process on some problem (Siconos 4.4's
  // NSN-FB asserts on the condensed problems of hyperstatic walls).
  const auto chosen = [&](const std::string& name) {
    return siconos_names.empty() ||
           std::find(siconos_names.begin(), siconos_names.end(), name) != siconos_names.end();
  };
  std::vector<std::string> known;
  for (const std::string& name : peers::siconos_solver_names()) {
    known.push_back(name);
    if (chosen(name)) list.push_back({name, peers::make_siconos_solver(name, stop), {}, true});
  }
  for (const std::string& name : peers::siconos_global_solver_names()) {
    known.push_back(name);
    if (chosen(name))
      list.push_back(
          {name, nullptr, [=] { return peers::make_siconos_global_solver(name, stop); }, true});
  }
  for (const std::string& name : siconos_names)
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw core::Diagnostic({"--siconos-solvers"}, "siconos-solvers",
                             core::concat("one of ", core::join(known)), name);
#else
  static_cast<void>(siconos_names);
  throw core::Diagnostic({"--with-siconos"}, "with-siconos",
                         "a moreau built with Siconos numerics (apt-get install "
                         "libsiconos-numerics-dev, then configure again)",
                         "a build without it");
#endif
  return list;
}

// Methods of the global form need the file's global problem; Siconos' solvers, their dimension.
bool supports(const BenchSolver& entry, const contact::ContactProblemFile& file) {
  if (entry.make_global && !file.global) return false;
#ifdef MOREAU_WITH_SICONOS
  const int dimension = file.problem.dimension;
  if (entry.siconos)
    return entry.make_global ? peers::siconos_global_supports(entry.name, dimension)
                             : peers::siconos_supports(entry.name, dimension);
#endif
  return true;
}

// Short solves are repeated (cold start each time) and the fastest kept, so that ratios
// of sub-millisecond solves measure the solvers and not the clock: up to 0.05 s in all.
// Only converged ones: the time of a failed solve enters no ratio and no profile.
// solve(r) solves from r = 0 (of `size` impulses) and leaves the impulses in r.
template <class Solve>
solvers::SolveReport timed_solve(Index size, VecX& r, const Solve& solve) {
  r.setZero(size);
  solvers::SolveReport best = solve(r);
  if (!best.converged()) return best;
  const int repeats =
      best.seconds <= 0.0 ? 100 : std::min(100, static_cast<int>(0.05 / best.seconds));
  for (int k = 1; k < repeats; ++k) {
    VecX r_again = VecX::Zero(size);
    best.seconds = std::min(best.seconds, solve(r_again).seconds);
  }
  return best;
}

solvers::SolveReport timed_solve(const BenchSolver& entry, const contact::ContactProblemFile& file,
                                 VecX& r) {
  if (!entry.make_global)
    return timed_solve(file.problem.size(), r,
                       [&](VecX& r_out) { return entry.local->solve(file.problem, r_out); });
  return timed_solve(file.problem.size(), r, [&](VecX& r_out) {
    VecX v;
    return entry.make_global()->solve(*file.global, r_out, v);
  });
}

#ifdef MOREAU_WITH_SICONOS
// Siconos' own errors of r: fc3d/fc2d_compute_error on the local problem moreau's error
// measures (the file's, or the one a global file condenses to), the same definition with
// Siconos' code; and for a 3D global file also gfc3d_compute_error, with v = M^-1 (f + H r),
// which scales its residual by |f| and |w| instead (Siconos 4.4 has no planar global problem).
void add_siconos_errors(const contact::ContactProblemFile& file, const VecX& r, BenchRun& run) {
  run.siconos_error = peers::siconos_error(file.problem, r);
  if (file.global && file.problem.dimension == 3)
    run.siconos_global_error =
        peers::siconos_global_error(*file.global, r, file.condensation->global_velocity(r));
}

// A Siconos peer runs in a child process (isolated_solve.hpp): one that aborts ends its own
// run, and `failure` says how it died; one past the time limit is ended there.
solvers::SolveReport timed_peer_solve(const BenchSolver& entry,
                                      const contact::ContactProblemFile& file, double time_limit,
                                      VecX& r, std::string& failure) {
  peers::IsolatedSolve isolated = peers::solve_isolated(
      [&](VecX& r_out) { return timed_solve(entry, file, r_out); }, time_limit);
  r = std::move(isolated.r);
  failure = isolated.failure;
  if (isolated.report) return *isolated.report;
  solvers::SolveReport died;
  died.error = NAN;
  return died;
}
#endif

BenchRun run_one(const contact::ContactProblemFile& file, const BenchSolver& entry,
                 bool with_siconos, double time_limit) {
  VecX r;
  solvers::SolveReport report;
  std::string failure;
#ifdef MOREAU_WITH_SICONOS
  if (entry.siconos) report = timed_peer_solve(entry, file, time_limit, r, failure);
#else
  static_cast<void>(time_limit);
#endif
  if (!entry.siconos) report = timed_solve(entry, file, r);
  BenchRun run{file.path.filename().string(),
               static_cast<long>(file.problem.contacts()),
               file.problem.dimension,
               entry.name,
               failure.empty() ? std::string(solvers::to_string(report.status)) : failure,
               report.converged() && failure.empty(),
               report.iterations,
               report.error,
               report.seconds,
               {},
               {}};
#ifdef MOREAU_WITH_SICONOS
  if (with_siconos && r.size() > 0 && r.allFinite()) add_siconos_errors(file, r, run);
#else
  static_cast<void>(with_siconos);
#endif
  return run;
}

// A field without the CSV's separators: the status of a peer that threw carries its message.
std::string csv_field(std::string text) {
  std::replace_if(
      text.begin(), text.end(),
      [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

void write_csv_row(std::ostream& csv, const BenchRun& run) {
  csv << run.problem << ',' << run.contacts << ',' << run.dimension << ',' << run.solver << ','
      << csv_field(run.status) << ',' << run.iterations << ',' << std::setprecision(6) << run.error
      << ',' << run.seconds << ',';
  if (run.siconos_error) csv << *run.siconos_error;
  csv << ',';
  if (run.siconos_global_error) csv << *run.siconos_global_error;
  csv << '\n' << std::flush;
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
  for (const ProfileRow& row : performance_profile(runs, taus)) {
    std::cout << std::left << std::setw(22) << row.solver << std::setw(8) << row.solved;
    for (const double fraction : row.fraction_within)
      std::cout << std::setw(10) << std::fixed << std::setprecision(2) << fraction;
    std::cout << std::defaultfloat << '\n';
  }
  if (!with_siconos) return;
  std::cout << "\nMedian time ratio ours / Siconos over the problems both solved\n";
  // best-siconos: the fastest converged Siconos solver of either form on each problem; on a
  // global problem its local solvers are timed without the condensation, Siconos' global
  // ones (best-siconos-gfc3d) with it. velocity-newton, which never forms W, is compared
  // with the global ones only: against untimed condensations the ratio would mean nothing.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"nsgs", "siconos-nsgs"},
      {"newton-ac", "siconos-nsn-ac"},
      {"newton-fb", "siconos-nsn-fb"},
      {std::string(solvers::default_solver_name()), "best-siconos"},
      {"velocity-newton", "best-siconos-gfc3d"}};
  for (const auto& [ours, theirs] : pairs) {
    const RatioSummary ratio = median_time_ratio(runs, ours, theirs);
    if (ratio.problems == 0) continue;
    std::cout << "  " << std::left << std::setw(16) << ours << " vs " << std::setw(19) << theirs
              << std::right << std::setw(8) << std::setprecision(3) << ratio.median_ratio << "  ("
              << ratio.problems << " problems)\n";
  }
}

int run_bench(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("paths", po::value<std::vector<std::string>>()->required(),
                        "problem files or folders")(
      "solvers", po::value<std::string>()->default_value(core::join(bench_solver_names(), ",")),
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

  const bool with_siconos = values->count("with-siconos") > 0;
  if (values->count("siconos-solvers") && !with_siconos)
    throw core::Diagnostic({"--siconos-solvers"}, "siconos-solvers", "--with-siconos as well",
                           "--siconos-solvers alone");
  const solvers::StopCriteria stop = read_stop_criteria(*values);
  const std::vector<BenchSolver> solvers_to_run = make_bench_solvers(
      split_names((*values)["solvers"].as<std::string>()), stop, read_solver_parameters(*values),
      with_siconos,
      values->count("siconos-solvers") ? split_names((*values)["siconos-solvers"].as<std::string>())
                                       : std::vector<std::string>{});
  const std::vector<fs::path> files =
      expand_paths((*values)["paths"].as<std::vector<std::string>>());
  Progress progress(values->count("quiet") > 0);

  const fs::path csv_path((*values)["csv"].as<std::string>());
  fs::path partial = csv_path;
  partial += ".partial";
  std::ofstream csv(partial);
  if (!csv) throw core::Diagnostic({csv_path.string()}, "csv", "cannot open for writing");
  csv << "problem,contacts,dimension,solver,status,iterations,error,seconds,siconos_error,"
         "siconos_global_error\n";

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
    for (const BenchSolver& entry : solvers_to_run) {
      if (!supports(entry, file)) continue;
      runs.push_back(run_one(file, entry, with_siconos, stop.time_limit));
      write_csv_row(csv, runs.back());
    }
  }
  progress.clear();
  csv.close();
  fs::rename(partial, csv_path);

  for (const BenchRun& run : runs) print_row(run);
  print_summary(runs, with_siconos);
  std::cout << "\nRuns written to " << csv_path.string() << '\n';
  return unreadable > 0 ? kBadInput : kSuccess;
}

}  // namespace

extern const Command kBenchCommand{"bench", "compare solvers on problem files (and Siconos)",
                                   run_bench};

}  // namespace moreau::cli
