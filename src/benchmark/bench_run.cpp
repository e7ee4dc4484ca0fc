#include "moreau/benchmark/bench_run.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/math/types.hpp"

#include <algorithm>
#include <cmath>
#ifdef MOREAU_WITH_SICONOS
#include "moreau/peers/isolated_solve.hpp"
#include "moreau/peers/siconos_global_solver.hpp"
#include "moreau/peers/siconos_solver.hpp"
#endif

namespace moreau::benchmark {
namespace {

using math::Index;
using math::VecX;

// solve(r) solves from r = 0 (of `size` impulses) and leaves the impulses in r; a converged
// solve is repeated cold (measure_solve) and the fastest time kept.
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

solvers::SolveReport timed_solve(const BenchSolver& solver, const contact::ContactProblemFile& file,
                                 VecX& r) {
  if (!solver.make_global)
    return timed_solve(file.problem.size(), r,
                       [&](VecX& r_out) { return solver.local->solve(file.problem, r_out); });
  return timed_solve(file.problem.size(), r, [&](VecX& r_out) {
    VecX v;
    return solver.make_global()->solve(*file.global, r_out, v);
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
solvers::SolveReport timed_peer_solve(const BenchSolver& solver,
                                      const contact::ContactProblemFile& file, double time_limit,
                                      VecX& r, std::string& failure) {
  peers::IsolatedSolve isolated = peers::solve_isolated(
      [&](VecX& r_out) { return timed_solve(solver, file, r_out); }, time_limit);
  r = std::move(isolated.r);
  failure = isolated.failure;
  if (isolated.report) return *isolated.report;
  solvers::SolveReport died;
  died.error = NAN;
  return died;
}
#endif

}  // namespace

BenchRun measure_solve(const contact::ContactProblemFile& file, const BenchSolver& solver,
                       const MeasureOptions& options) {
  VecX r;
  solvers::SolveReport report;
  std::string failure;
#ifdef MOREAU_WITH_SICONOS
  if (solver.siconos) report = timed_peer_solve(solver, file, options.time_limit, r, failure);
#endif
  if (!solver.siconos) report = timed_solve(solver, file, r);
  BenchRun run{file.path.filename().string(),
               static_cast<long>(file.problem.contacts()),
               file.problem.dimension,
               solver.name,
               failure.empty() ? std::string(solvers::to_string(report.status)) : failure,
               report.converged() && failure.empty(),
               report.iterations,
               report.error,
               report.seconds,
               {},
               {}};
#ifdef MOREAU_WITH_SICONOS
  if (options.siconos_errors && r.size() > 0 && r.allFinite()) add_siconos_errors(file, r, run);
#else
  MOREAU_ASSERT(!solver.siconos && !options.siconos_errors);
#endif
  return run;
}

}  // namespace moreau::benchmark
