// The interface every method for the local problem implements (docs/mathematics.md section 1,
// docs/style.md rule 6). Solvers see W, q and mu only: no body, no shape.
#pragma once

#include "moreau/contact/local_problem.hpp"
#include "moreau/core/stop_request.hpp"

#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::solvers {

using contact::LocalProblem;
using math::Index;
using math::VecX;

/// Why a solve stopped. Every solver ends in one of these; none ends silently.
enum class Status {
  /// the criterion met (SolveReport::criterion): natural_map_error(r) <= tolerance unless the
  /// method was given another
  Converged,
  MaxIterations,      ///< the iteration limit was reached first
  TimeLimit,          ///< the wall-time limit was reached first
  LineSearchFailure,  ///< a Newton line search found no descent (the iterate is the last good one)
  NonFinite,          ///< a NaN or infinity appeared (the iterate is the last finite one)
  /// the measured rate of convergence would not reach the tolerance within the iteration
  /// limit (only where asked for: the first stage of a staged method, which then moves on)
  Stagnated,
  /// the process was asked to stop (core/stop_request.hpp: a signal); the iterate is the
  /// last one, and a run does not take the step
  Interrupted,
};

/// "converged", "max-iterations", "time-limit", "line-search-failure", "non-finite",
/// "stagnated", "interrupted".
std::string_view to_string(Status status);

/// The criterion of every solver unless it is given another (SolveReport::criterion).
inline constexpr std::string_view kNaturalMapCriterion = "natural-map";

/// Stopping rule shared by every solver.
struct StopCriteria {
  /// converged when natural_map_error(r) <= tolerance, or the solver's own criterion is
  double tolerance = 1e-8;
  int max_iterations = 1000;    ///< sweeps (Gauss-Seidel) or Newton steps
  double time_limit = 0.0;      ///< seconds of wall time; 0 means no limit
  bool record_history = false;  ///< keep the error of every iteration in the report
};

/// A stop criterion that a user may not ask for: its key ("tolerance", "max_iterations" or
/// "time_limit"), what it expects and the value found.
struct StopRefusal {
  std::string_view key;
  std::string expected;
  std::string found;
};

/// The first of the criteria that a user may not ask for, none where all may be: a tolerance
/// outside (0, 1) (the natural-map error is relative: 1 accepts any answer, 0 none), fewer
/// than one iteration, a time limit outside [0, core::kMaxTime] s (0: none). Every front end
/// asks it (a problem file's solver.*, `moreau solve`'s and `moreau bench`'s options, Python's
/// solve()) and places the refusal at its own key; the solvers themselves also take a
/// tolerance of 0, never met (an exact count of iterations).
std::optional<StopRefusal> refusal(const StopCriteria& stop);

/// @throws core::Diagnostic without a location, keyed as the refusal, with the value found
void check_requested(const StopCriteria& stop);

/// What one solve did, comparable across solvers.
struct SolveReport {
  Status status = Status::MaxIterations;
  int iterations = 0;
  double error = 0.0;  ///< natural-map error of the returned r, dimensionless, whatever decided
  /// What decided Converged: kNaturalMapCriterion, or the criterion the method was given.
  std::string_view criterion = kNaturalMapCriterion;
  double seconds = 0.0;               ///< wall time of solve() alone
  std::vector<double> error_history;  ///< empty unless StopCriteria::record_history
  /// For methods made of stages (`hybrid`): what ran and for how long, e.g.
  /// "nsgs 100, newton-fb 6". Empty for single methods.
  std::string stages;
  /// For a chain of methods that answers with one of them (`auto`): that method's name.
  /// Empty for every other solver, which answers as itself.
  std::string_view method;

  bool converged() const { return status == Status::Converged; }
};

/// A method for the local problem  u = W r + q,  K* ∋ û ⊥ r ∈ K  (normal first).
class Solver {
 public:
  virtual ~Solver() = default;
  virtual std::string_view name() const = 0;
  /// On entry r is the warm start (zeros for a cold start); on exit, the impulses. The
  /// report's error is natural_map_error(problem, r) of the returned r.
  /// @pre r.size() == problem.size(), problem passed contact::validate
  virtual SolveReport solve(const LocalProblem& problem, VecX& r) const = 0;
};

/// A wall-time budget shared by every solve that runs on this thread while it lives: a run's
/// step gives its time limit to all the methods and passes of its solve together, so that no
/// step outlasts it whichever methods run (dynamics/moreau_jean.cpp). Budgets nest: the inner
/// one ends no later than the outer.
class TimeBudget {
 public:
  /// @pre seconds > 0
  explicit TimeBudget(double seconds);
  ~TimeBudget();
  TimeBudget(const TimeBudget&) = delete;
  TimeBudget& operator=(const TimeBudget&) = delete;

  /// Whether the budget of this thread, if any, is spent.
  static bool spent();

 private:
  std::optional<std::chrono::steady_clock::time_point> outer_;
};

/// Wall time since construction, and the tests of what ends a solve from outside its
/// iterations.
class Stopwatch {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  /// Why the solve must end now whatever its iterate: a stop request (Interrupted), or
  /// StopCriteria::time_limit reached or the thread's TimeBudget spent (TimeLimit); nothing
  /// if none.
  std::optional<Status> cut_short(const StopCriteria& stop) const {
    if (core::stop_requested()) return Status::Interrupted;
    if (stop.time_limit > 0.0 && seconds() >= stop.time_limit) return Status::TimeLimit;
    if (TimeBudget::spent()) return Status::TimeLimit;
    return std::nullopt;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

/// The reason to stop at an iterate whose error and iteration count `report` holds, if any.
/// N.B. convergence is tested first, so a solve that converges on its last allowed iteration
/// reports Converged.
inline std::optional<Status> stop_reason(const StopCriteria& stop, const SolveReport& report,
                                         const Stopwatch& clock) {
  if (report.error <= stop.tolerance) return Status::Converged;
  if (!std::isfinite(report.error)) return Status::NonFinite;
  if (report.iterations >= stop.max_iterations) return Status::MaxIterations;
  return clock.cut_short(stop);
}

}  // namespace moreau::solvers
