// Statistics of a benchmark: the Dolan-Moré performance profile and the per-problem time
// ratios of moreau's solvers against their Siconos counterparts.
#pragma once

#include "moreau/benchmark/bench_run.hpp"

#include <string>
#include <vector>

namespace moreau::benchmark {

/// Dolan & Moré 2002 (Math. Program. 91, eq. 1): for problem p and solver s,
/// ratio r_ps = t_ps / min_s t_ps over the solvers that converged on p (infinite when s did
/// not converge); rho_s(tau) = fraction of problems with r_ps <= tau.
/// Returns rho_s(tau) for each solver (in order of first appearance) and each tau.
struct ProfileRow {
  std::string solver;
  int solved = 0;
  std::vector<double> fraction_within;  ///< one per tau
};
std::vector<ProfileRow> performance_profile(const std::vector<BenchRun>& runs,
                                            const std::vector<double>& taus);

/// Median over problems of t(ours) / t(theirs), taken over the problems both solved, and
/// how many problems that is. theirs may be "best-siconos": the fastest converged Siconos
/// solver on each problem, or "best-siconos-gfc3d": the fastest converged Siconos solver of
/// the global form (siconos-gfc3d-*), which starts from the same M and H as moreau's.
struct RatioSummary {
  std::string ours;
  std::string theirs;
  int problems = 0;
  double median_ratio = 0.0;
};
RatioSummary median_time_ratio(const std::vector<BenchRun>& runs, const std::string& ours,
                               const std::string& theirs);

/// median_time_ratio of each of moreau's methods against its Siconos counterpart: nsgs,
/// newton-ac and newton-fb against Siconos' NSGS, NSN-AC and NSN-FB, the default solver
/// against best-siconos, velocity-newton against best-siconos-gfc3d, in this order; a pair
/// without a problem both solved has problems = 0.
std::vector<RatioSummary> siconos_time_ratios(const std::vector<BenchRun>& runs);

}  // namespace moreau::benchmark
