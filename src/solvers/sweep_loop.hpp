// The iteration loop shared by the sweeping solvers (nsgs, pgs): stop rule of StopCriteria,
// full natural-map error, status. Private to src/solvers.
#pragma once

#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/solver.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace moreau::solvers::detail {

/// What one sweep did: |r_after - r_before|_2, and false when it stopped at a non-finite
/// value (r then holds the last finite impulses).
struct SweepResult {
  double change = 0.0;
  bool finite = true;
};

/// @throws core::Diagnostic, keyed "<options>.stop", for a negative or NaN tolerance or a
///         negative max_iterations or time_limit
inline void validate(const StopCriteria& stop, const std::string& options) {
  if (!(stop.tolerance >= 0.0) || stop.max_iterations < 0 || !(stop.time_limit >= 0.0))
    throw core::Diagnostic(
        {options}, options + ".stop", "tolerance >= 0, max_iterations >= 0, time_limit >= 0",
        core::concat(stop.tolerance, ", ", stop.max_iterations, ", ", stop.time_limit));
}

/// u = W r + q into u, without allocating.
inline void compute_velocity(const LocalProblem& problem, const VecX& r, VecX& u) {
  const auto& W = problem.W;
  for (Index a = 0; a < problem.contacts(); ++a) {
    if (problem.dimension == 3)
      u.segment<3>(3 * a) = problem.q.segment<3>(3 * a) + W.row_times<3>(a, r);
    else
      u.segment<2>(2 * a) = problem.q.segment<2>(2 * a) + W.row_times<2>(a, r);
  }
}

/// When to pay for the full error. It costs one product with W, as much as a sweep. The
/// error of a Gauss-Seidel iterate is of the order of its last relative change (both vanish
/// at a fixed point, and their ratio settles as the iteration does), so the full measure is
/// taken when the change, times the last observed ratio error / change, predicts
/// convergence, and at least every kPeriod sweeps. The decision itself is always the full
/// measure of the current r; the prediction only saves products.
class FullErrorSchedule {
 public:
  static constexpr int kPeriod = 8;

  bool due(double relative_change, double tolerance) {
    ++since_last_;
    return ratio_ < 0.0 || since_last_ >= kPeriod || ratio_ * relative_change <= tolerance;
  }
  void observe(double error, double relative_change) {
    since_last_ = 0;
    ratio_ = relative_change > 0.0 ? error / relative_change : -1.0;
  }

 private:
  double ratio_ = -1.0;  ///< unknown until the first full measure
  int since_last_ = 0;
};

/// Whether a linearly converging iteration can still reach the tolerance within its limit:
/// the rate rho of e_k = e_j rho^(k - j) between two full measures at least kPeriod sweeps
/// apart, extrapolated to the limit. Gauss-Seidel on a singular or ill-conditioned W settles
/// on a rate close to 1 after its first sweeps, and the sweeps left to the limit would be
/// wasted: a hyperstatic wall's sweeps never reach the tolerance that way.
class StagnationTest {
 public:
  bool stagnates(int iteration, double error, double tolerance, int max_iterations) {
    if (anchor_iteration_ < 0) {
      anchor_iteration_ = iteration;
      anchor_error_ = error;
      return false;
    }
    if (iteration - anchor_iteration_ < FullErrorSchedule::kPeriod) return false;
    const double rate = std::pow(error / anchor_error_, 1.0 / (iteration - anchor_iteration_));
    anchor_iteration_ = iteration;
    anchor_error_ = error;
    if (!(rate < 1.0)) return true;
    return iteration + std::log(tolerance / error) / std::log(rate) > max_iterations;
  }

 private:
  int anchor_iteration_ = -1;  ///< of the earlier measure, -1 before the first
  double anchor_error_ = 0.0;
};

/// Calls sweep() until StopCriteria says stop; sweep() updates r in place and returns its
/// SweepResult, measure() returns the natural-map error of the current r. The report's error
/// is that of the returned r. With stop_on_stagnation, also until StagnationTest says the
/// tolerance is out of reach. `watch` is the caller's, started before its own setup, so
/// that the report's seconds (and the time limit) cover the whole solve.
template <class Sweep, class Measure>
SolveReport run_sweeps(const StopCriteria& stop, bool stop_on_stagnation, const Stopwatch& watch,
                       VecX& r, Sweep&& sweep, Measure&& measure) {
  SolveReport report;
  FullErrorSchedule schedule;
  StagnationTest stagnation;
  bool error_is_current = false;
  while (report.iterations < stop.max_iterations) {
    ++report.iterations;
    const SweepResult result = sweep();
    error_is_current = false;
    if (!result.finite) {
      report.status = Status::NonFinite;
      break;
    }
    const double relative_change =
        result.change / std::max(r.norm(), std::numeric_limits<double>::min());
    if (stop.record_history || schedule.due(relative_change, stop.tolerance)) {
      report.error = measure();
      error_is_current = true;
      schedule.observe(report.error, relative_change);
      if (stop.record_history) report.error_history.push_back(report.error);
      if (report.error <= stop.tolerance) {
        report.status = Status::Converged;
        break;
      }
      // Finite impulses whose error is not (|q|^2 overflows past 1e154): no later sweep
      // can measure better, and the sweeps ran on to max_iterations.
      if (!std::isfinite(report.error)) {
        report.status = Status::NonFinite;
        break;
      }
      if (stop_on_stagnation && stagnation.stagnates(report.iterations, report.error,
                                                     stop.tolerance, stop.max_iterations)) {
        report.status = Status::Stagnated;
        break;
      }
    }
    if (const auto reason = watch.cut_short(stop)) {
      report.status = *reason;
      break;
    }
  }
  if (!error_is_current) report.error = measure();
  if (!std::isfinite(report.error)) report.status = Status::NonFinite;
  report.seconds = watch.seconds();
  return report;
}

/// run_sweeps on the local problem, its error measured with u = W r + q.
template <class Sweep>
SolveReport run_sweeps(const LocalProblem& problem, const StopCriteria& stop,
                       bool stop_on_stagnation, const Stopwatch& watch, VecX& r, Sweep&& sweep) {
  VecX u(problem.size());
  return run_sweeps(stop, stop_on_stagnation, watch, r, std::forward<Sweep>(sweep), [&] {
    compute_velocity(problem, r, u);
    return contact::natural_map_error(problem, r, u);
  });
}

}  // namespace moreau::solvers::detail
