// Projected Gauss-Seidel on the cone, the cheap baseline of game engines (Box2D, Bullet,
// Chrono's SOR; Anitescu & Tasora 2010 for the cone projection): one projected step per
// contact and sweep instead of an exact local solve.
#pragma once

#include "moreau/solvers/solver.hpp"

namespace moreau::solvers {

/// Options of projected Gauss-Seidel.
struct PgsOptions {
  StopCriteria stop;
  /// Step factor s in rho_a = s / lambda_max(W_aa), in (0, 2); dimensionless.
  double step = 1.0;
};

/// Projected Gauss-Seidel: for each contact a in turn,
///   r_a <- P_K(r_a - rho_a û_a),   u_a = q_a + sum_b W_ab r_b,   rho_a = step / lambda_max(W_aa),
/// with the projection onto the whole cone K (not Box2D's normal-then-disc clamp) and the
/// De Saxcé velocity û_a (not u_a), so that its fixed points are exactly the solutions of the
/// Coulomb problem: r = P_K(r - rho û) is the natural-map equation. It is deliberately weaker
/// than nsgs (one gradient step per contact, no exact local solve) and reports the same
/// measured error and status.
class Pgs final : public Solver {
 public:
  /// @throws core::Diagnostic when step is outside (0, 2) or the stop criteria are invalid
  explicit Pgs(const PgsOptions& options);

  std::string_view name() const override { return "pgs"; }
  SolveReport solve(const LocalProblem& problem, VecX& r) const override;
  const PgsOptions& options() const { return options_; }

 private:
  PgsOptions options_;
};

}  // namespace moreau::solvers
