#include "moreau/solvers/hybrid.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/solvers/newton.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "moreau/solvers/prox.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::solvers {
namespace {

// The stop criteria of a stage: the whole's tolerance, the stage's iteration limit, and the
// time the whole has left (0 keeps "no limit").
StopCriteria stage_stop(const StopCriteria& whole, int max_iterations, const Stopwatch& stopwatch) {
  StopCriteria stop = whole;
  stop.max_iterations = max_iterations;
  if (whole.time_limit > 0.0)
    stop.time_limit = std::max(whole.time_limit - stopwatch.seconds(), 1e-9);
  return stop;
}

}  // namespace

Hybrid::Hybrid(const HybridOptions& options) : options_(options) {
  for (int stage = 0; stage < kStages; ++stage)
    stages_[stage] = make_stage(stage, stage_stop(options_.stop, stage_iterations(stage), {}));
}

int Hybrid::stage_iterations(int stage) const {
  return stage == 0 ? std::min(options_.sweeps, options_.stop.max_iterations)
                    : options_.stop.max_iterations;
}

// N.B. the order is the method: nsgs (cheap sweeps), newton (fast and robust, including
// singular W), prox (robust where Newton's line search fails).
std::unique_ptr<Solver> Hybrid::make_stage(int stage, const StopCriteria& limits) const {
  if (stage == 0)
    return std::make_unique<Nsgs>(NsgsOptions{.stop = limits, .stop_on_stagnation = true});
  if (stage == 1) {
    NewtonOptions newton;
    newton.stop = limits;
    newton.formulation =
        options_.newton_fb ? Formulation::FischerBurmeister : Formulation::AlartCurnier;
    return std::make_unique<NewtonSolver>(newton);
  }
  ProxOptions prox;
  prox.stop = limits;
  return std::make_unique<Prox>(prox);
}

// Newton restarts from the caller's r, not from where the sweeps stopped: from a stalled
// Gauss-Seidel iterate its active set is that of the stall, and on the hardest problems of
// the FCLib collection (dense capsule and sphere packings) it then took many times longer
// than from the cold start.
// Prox starts from the best iterate so far: the caller's r until a stage returns a finite
// error. N.B. best starts as r, not empty: when no stage measures a finite error (q_N =
// -1e160, whose |q|^2 overflows, makes every error NaN), prox started from an empty vector
// and read past its end (a segmentation fault).
SolveReport Hybrid::solve(const LocalProblem& problem, VecX& r) const {
  MOREAU_ASSERT(r.size() == problem.size());
  const Stopwatch stopwatch;
  const VecX r_start = r;
  SolveReport whole;
  VecX best = r;
  double best_error = INFINITY;
  for (int stage = 0; stage < kStages; ++stage) {
    // With a time limit, each stage gets what the whole has left.
    const std::unique_ptr<Solver> limited =
        options_.stop.time_limit > 0.0 && stage > 0
            ? make_stage(stage, stage_stop(options_.stop, stage_iterations(stage), stopwatch))
            : nullptr;
    const Solver& solver = limited ? *limited : *stages_[stage];
    if (stage == 1) r = r_start;
    if (stage == 2) r = best;
    const SolveReport report = solver.solve(problem, r);
    whole.iterations += report.iterations;
    whole.status = report.status;
    // Plain appends: an ostringstream here would double the cost of solving a tiny problem.
    whole.stages.append(stage == 0 ? "" : ", ").append(solver.name()).append(" ");
    whole.stages.append(std::to_string(report.iterations));
    const bool cut_short =
        report.status == Status::TimeLimit || report.status == Status::Interrupted;
    if (report.converged() || cut_short) {
      whole.error = std::min(report.error, best_error);
      if (report.error > best_error) r = best;  // cut short, and an earlier stage was better
      whole.seconds = stopwatch.seconds();
      return whole;
    }
    if (report.error < best_error) {
      best_error = report.error;
      best = r;
    }
  }
  r = best;
  whole.error = best_error;
  // The last stage's status, unless no stage had a finite error: then it is that.
  if (!std::isfinite(best_error)) whole.status = Status::NonFinite;
  whole.seconds = stopwatch.seconds();
  return whole;
}

HybridOptions read_hybrid_options(const StopCriteria& stop, const SolverParameters& parameters) {
  ParameterReader reader(parameters, "hybrid");
  HybridOptions options;
  options.stop = stop;
  options.sweeps = static_cast<int>(reader.integer("sweeps", options.sweeps, 1, 1'000'000));
  options.newton_fb = reader.choice("newton", "ac", {"ac", "fb"}) == "fb";
  reader.finish();
  return options;
}

}  // namespace moreau::solvers
