// The automatic choice on the global problem ("auto"): the methods of the global form and,
// on small problems, one on W, run in turn until one converges. On a hyperstatic structure
// (masonry: contacts outnumber the degrees of freedom, W is rank-deficient and its graph far
// denser than the bodies') the fast methods come first:
//   - below kNewtonAloneContacts contacts: Gauss-Seidel sweeps on the velocities
//     (velocity-nsgs), which a small structure at rest meets from its warm start in one or
//     two, stopped once they stagnate; then velocity-newton from where they stopped (on a
//     tilted wall its steps took less time from there than from the warm start); then hybrid
//     on W = H^T M^-1 H, condensed for the purpose, from the warm start (Newton on W from
//     another method's stalled iterate is many times slower, hybrid.hpp). Where none
//     converges, the better of velocity-newton's and hybrid's answers is returned;
//   - from kNewtonAloneContacts on, velocity-newton alone: the sweeps of a large wall
//     stagnate and cost more than the Newton steps they save, and hybrid on W took far longer
//     than velocity-newton's more numerous Newton steps (a house of 224 blocks), and far more
//     time and memory on the 4,000-block clock tower (docs/large-structures.md, "How moreau
//     chooses").
// velocity-newton gets kGlobalIterationFactor times the iteration limit. A method that
// converged, was interrupted or spent the time limit is the last to run; the time limit is
// the whole chain's. The report names the method that answered (SolveReport::method), and
// its stages those before it, e.g. "velocity-nsgs 17 (stagnated), velocity-newton" or
// "velocity-nsgs 100 (stagnated), velocity-newton 4000 (max-iterations), nsgs 100,
// newton-ac 7".
#pragma once

#include "moreau/solvers/global_solver.hpp"
#include "moreau/solvers/hybrid.hpp"
#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/velocity_newton.hpp"
#include "moreau/solvers/velocity_nsgs.hpp"

#include <memory>
#include <string_view>

namespace moreau::solvers {

inline constexpr std::string_view kAutomaticSolver = "auto";

/// How many times stop.max_iterations the automatic choice gives velocity-newton: from
/// kNewtonAloneContacts contacts on nothing follows it, and on a house and a façade rocking
/// under El Centro more Newton steps left fewer steps of a run unconverged, at lower errors,
/// in less time than its 1,000 followed by hybrid on W (docs/large-structures.md,
/// "Structures that move as a whole").
inline constexpr int kGlobalIterationFactor = 4;

/// What the automatic choice runs on a problem of a given size (header comment).
enum class AutomaticPlan {
  SweepsNewtonW,  ///< velocity-nsgs until it stagnates, velocity-newton, hybrid on W
  NewtonAlone,    ///< velocity-newton only
};

class Automatic final : public GlobalSolver {
 public:
  /// @throws core::Diagnostic when the stop criteria are invalid
  explicit Automatic(const StopCriteria& stop);
  std::string_view name() const override { return kAutomaticSolver; }
  SolveReport solve(const GlobalProblem& problem, VecX& r, VecX& v) const override;
  /// velocity-newton's (its carried state, where asked for; none by default).
  GlobalSolverState state() const override { return newton_.state(); }
  void restore(const GlobalSolverState& state) override { newton_.restore(state); }

  static AutomaticPlan plan(Index contacts);
  static constexpr Index kNewtonAloneContacts = 200;

  const VelocityNewton& newton() const { return newton_; }

 private:
  SolveReport sweeps_newton_w(const GlobalProblem& problem, VecX& r, VecX& v) const;

  StopCriteria stop_;
  VelocityNsgs sweeps_;
  VelocityNewton newton_;
  Hybrid on_w_;
};

/// The registry's reader (registry.hpp): the automatic choice takes no parameters (they
/// belong to one method: name it), and its options are the stop criteria.
/// @throws core::Diagnostic for any parameter
StopCriteria read_automatic_options(const StopCriteria& stop, const SolverParameters& parameters);

}  // namespace moreau::solvers
