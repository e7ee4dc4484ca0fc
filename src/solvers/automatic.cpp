#include "moreau/solvers/automatic.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <string>
#include <utility>

namespace moreau::solvers {
namespace {

// Each method's stop criteria: the chain's, without a time limit of their own (the chain's is
// a TimeBudget over all of them), and `max_iterations`.
StopCriteria method_stop(const StopCriteria& chain, int max_iterations) {
  StopCriteria stop = chain;
  stop.time_limit = 0.0;
  stop.max_iterations = max_iterations;
  return stop;
}

int newton_iterations(int max_iterations) {
  return max_iterations > INT_MAX / kGlobalIterationFactor
             ? INT_MAX
             : kGlobalIterationFactor * max_iterations;
}

// A method that converged, was interrupted or spent the time is the last to run.
bool ends_the_chain(const SolveReport& report) {
  return report.converged() || report.status == Status::Interrupted ||
         report.status == Status::TimeLimit;
}

// "name iterations (status)": how a method that did not answer ended.
std::string outcome(std::string_view method, const SolveReport& report) {
  return core::concat(method, ' ', report.iterations, " (", to_string(report.status), ')');
}

// The methods that ran before the one that answered, their outcomes joined.
class EarlierMethods {
 public:
  void add(std::string_view method, const SolveReport& report) {
    if (!stages_.empty()) stages_ += ", ";
    stages_ += outcome(method, report);
    iterations_ += report.iterations;
    seconds_ += report.seconds;
  }

  // `report`, answered by `method`, with the earlier methods before its stages.
  SolveReport before(SolveReport report, std::string_view method) const {
    report.method = method;
    if (stages_.empty()) return report;
    report.stages =
        core::concat(stages_, ", ", report.stages.empty() ? std::string(method) : report.stages);
    report.iterations += iterations_;
    report.seconds += seconds_;
    return report;
  }

 private:
  std::string stages_;
  int iterations_ = 0;
  double seconds_ = 0.0;
};

}  // namespace

Automatic::Automatic(const StopCriteria& stop)
    : stop_(stop),
      // As many sweeps as hybrid's first stage, stopped as soon as they stagnate.
      sweeps_({.stop = method_stop(stop, std::min(stop.max_iterations, HybridOptions{}.sweeps)),
               .stop_on_stagnation = true}),
      newton_({.stop = method_stop(stop, newton_iterations(stop.max_iterations))}),
      on_w_({.stop = method_stop(stop, stop.max_iterations)}) {}

AutomaticPlan Automatic::plan(Index contacts) {
  return contacts < kNewtonAloneContacts ? AutomaticPlan::SweepsNewtonW
                                         : AutomaticPlan::NewtonAlone;
}

SolveReport Automatic::solve(const GlobalProblem& problem, VecX& r, VecX& v) const {
  std::optional<TimeBudget> budget;
  if (stop_.time_limit > 0.0) budget.emplace(stop_.time_limit);
  if (plan(problem.contacts()) == AutomaticPlan::SweepsNewtonW)
    return sweeps_newton_w(problem, r, v);
  SolveReport report = newton_.solve(problem, r, v);
  report.method = newton_.name();
  return report;
}

// N.B. W is condensed only where both methods of the global form failed, on problems below
// kNewtonAloneContacts contacts, where it is small.
SolveReport Automatic::sweeps_newton_w(const GlobalProblem& problem, VecX& r, VecX& v) const {
  const VecX r_warm = r;
  EarlierMethods earlier;
  const SolveReport sweeps = sweeps_.solve(problem, r, v);
  if (ends_the_chain(sweeps)) return earlier.before(sweeps, sweeps_.name());
  earlier.add(sweeps_.name(), sweeps);
  const SolveReport newton = newton_.solve(problem, r, v);
  if (ends_the_chain(newton)) return earlier.before(newton, newton_.name());
  earlier.add(newton_.name(), newton);
  const VecX r_newton = std::exchange(r, r_warm);
  const VecX v_newton = v;
  const contact::Condensation condensation(problem, {});
  SolveReport on_w = on_w_.solve(condensation.local(), r);
  // N.B. an interrupted solve says so, whatever its error: the run does not take the step.
  if (on_w.converged() || on_w.status == Status::Interrupted || !(newton.error < on_w.error)) {
    v = condensation.global_velocity(r);
    return earlier.before(std::move(on_w), on_w_.name());
  }
  // Neither converged: velocity-newton's answer was the better one.
  SolveReport taken = newton;
  taken.stages = core::concat(outcome(on_w_.name(), on_w), ", back to ", newton_.name());
  taken.iterations = on_w.iterations;
  taken.seconds = on_w.seconds;
  r = r_newton;
  v = v_newton;
  return earlier.before(std::move(taken), newton_.name());
}

StopCriteria read_automatic_options(const StopCriteria& stop, const SolverParameters& parameters) {
  ParameterReader(parameters, kAutomaticSolver).finish();
  return stop;
}

}  // namespace moreau::solvers
