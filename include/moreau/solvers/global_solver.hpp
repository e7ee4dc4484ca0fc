// The interface of the methods that work on the global problem (docs/mathematics.md, "Large
// problems: velocity space"): they keep M and H and never form the Delassus operator W = H^T M^-1
// H, whose graph (contacts coupled through shared bodies) is far denser than the bodies' graph when
// contacts outnumber degrees of freedom. Like every solver they see no body and no shape: only M,
// H, f, w and mu.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/solvers/solver.hpp"

#include <string_view>

namespace moreau::solvers {

using contact::GlobalProblem;

/// What a global solve leaves to the next one (GlobalSolver::state()).
struct GlobalSolverState {
  /// velocity-newton: the proximal stiffness kappa (VelocityNewtonOptions::penalty) that the
  /// last solve's outer iteration ended at, where a solve starting near its answer starts;
  /// 0: none yet.
  double penalty = 0.0;
};

/// A method for  M v = f + H r,  u = H^T v + w,  K* ∋ û ⊥ r ∈ K  (normal first).
/// Convergence is judged, as for every solver, by the natural-map error of the local problem
/// the global one condenses to (u = W r + q, q = H^T M^-1 f + w), measured without W: with
/// v = M^-1 (f + H r) computed from r, u = H^T v + w is exactly W r + q.
class GlobalSolver {
 public:
  virtual ~GlobalSolver() = default;
  virtual std::string_view name() const = 0;
  /// On entry r is the warm start (zeros for a cold start); on exit, the impulses, and v the
  /// velocities M^-1 (f + H r) of those impulses (size n_dof).
  /// @pre r.size() == d n_c; problem passed contact::validate, M symmetric positive definite
  virtual SolveReport solve(const GlobalProblem& problem, VecX& r, VecX& v) const = 0;
  /// What decides that its solves converge (SolveReport::criterion of a converged one).
  virtual std::string_view criterion() const { return kNaturalMapCriterion; }
  /// What this solver's next solve depends on besides its problem and warm start (empty for a
  /// method that carries nothing); a stepper keeps it with its own state, so that a run
  /// continued from a checkpoint takes bitwise the steps the uninterrupted run takes.
  virtual GlobalSolverState state() const { return {}; }
  /// Continues from `state`, taken by state() of a solver of the same method and options.
  virtual void restore(const GlobalSolverState& /*state*/) {}
};

}  // namespace moreau::solvers
