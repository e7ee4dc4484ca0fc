// One measured solve of a benchmark: a solver on a problem file, from a cold start, timed,
// its answer measured by moreau's error and, on request, by Siconos' own code.
#pragma once

#include "moreau/benchmark/bench_solver.hpp"
#include "moreau/contact/contact_problem_file.hpp"

#include <optional>
#include <string>

namespace moreau::benchmark {

/// One solve of one problem by one solver.
struct BenchRun {
  std::string problem;  ///< the file's name
  long contacts = 0;
  int dimension = 3;
  std::string solver;
  std::string status;  ///< solvers::to_string of the status, or how a peer's child died
  bool converged = false;
  int iterations = 0;
  double error = 0.0;    ///< moreau's natural-map error of the returned reactions
  double seconds = 0.0;  ///< best wall time over the repetitions
  /// Siconos' own error of the same reactions on the local problem (fc3d/fc2d_compute_error)
  std::optional<double> siconos_error;
  /// and on a 3D global problem, gfc3d_compute_error (scaled by |f| and |w|)
  std::optional<double> siconos_global_error;
};

struct MeasureOptions {
  /// s of wall time, 0 for none: a Siconos peer's child process is ended at it (Siconos'
  /// solvers have no time limit of their own; moreau's stop at StopCriteria::time_limit)
  double time_limit = 0.0;
  /// Also Siconos' own errors of every answer (siconos_error, siconos_global_error).
  bool siconos_errors = false;
};

/// Solves `file` with `solver` from r = 0: a global file by the methods of the global form on
/// the file's problem, by those of the local form on the problem it condenses to (the
/// condensation is not timed). A converged solve is repeated from a cold start as many times
/// as its time fits in 0.05 s (at most 100 solves in all) and the fastest time kept, so that
/// ratios of sub-millisecond solves measure the solvers and not the clock; the time of a
/// failed solve enters no ratio and no profile. A Siconos peer solves in a child process,
/// ended at the time limit; one that dies ends its own run only, and `status` says how.
/// @pre supports(solver, file); siconos_errors only in a build with Siconos (where
///      make_bench_solvers accepts with_siconos)
BenchRun measure_solve(const contact::ContactProblemFile& file, const BenchSolver& solver,
                       const MeasureOptions& options);

}  // namespace moreau::benchmark
