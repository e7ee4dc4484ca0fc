// The velocity-space Newton method for large problems: the method of multipliers
// (augmented Lagrangian; Hestenes 1969, Powell 1969, Rockafellar 1976) on the global
// problem, with a semismooth Newton method in the velocities for its inner problems, whose
// linear systems are the sparse symmetric positive definite M + H D H^T of the size of the
// degrees of freedom (factorized by CHOLMOD), never a system in the contact unknowns.
//
// For the De Saxcé term s_a = mu_a |u_T,a| frozen, the global problem is the optimality
// system of the convex program  min 1/2 v^T M v - f^T v  s.t.  H_a^T v + w_a + s_a e_N ∈ K*_a,
// whose multipliers are the impulses r_a ∈ K_a (Acary, Cadoux, Lemaréchal & Malick 2011).
// Its augmented Lagrangian with one penalty rho_a > 0 per contact gives the outer iteration
//   v_k+1 = argmin_v F_k(v),  F_k(v) = 1/2 v^T M v - f^T v + sum_a |P_K(z_a(v))|^2 / (2 rho_a),
//                             z_a(v) = r_k,a - rho_a (H_a^T v + w_a + s_a e_N),
//   r_k+1,a = P_K(z_a(v_k+1)),   s_a <- mu_a |u_T,a(v_k+1)|,
// the proximal point method on the reactions (r_k+1 = argmin of the dual plus
// |r - r_k|^2 / (2 rho)): it converges to a solution even where the reactions are not
// unique (hyperstatic walls: 3 n_c >> n_dof), which is where Newton on W fails
// (Acary, Brémond & Huber 2018). F_k is convex and C^1 with gradient
//   grad F_k = M v - f - H P_K(z(v)),
// and its generalized Hessian M + sum_a rho_a H_a J_a H_a^T (J_a = dP_K/dz, symmetric,
// eigenvalues in [0, 1]: I for a sticking contact, 0 for an open one) is symmetric positive
// definite: each inner step is one sparse Cholesky factorization, globalized by an exact
// line search on F_k. F_k is piecewise quadratic, so the inner Newton method ends in one or
// two steps once the contacts keep their regions, and while every contact sticks or is open
// with the same rho the matrix does not change: the factor is reused and an outer iteration
// costs two triangular solves. Where it changes on a large structure, conjugate gradients
// preconditioned by the solve's last factor can give an inexact Newton step in a few
// iterations without a new factorization (option stale_factor_iterations, off by default:
// its answers sit just inside the tolerance, and a rocking house's response moved with them).
//
// s is a fixed point, and where it limits (many sliding contacts: its rate tends to 1 as
// kappa grows), the inner problems are those of the true law, s_a(v) =
// mu_a |u_T,a(v)| inside the projection, solved by Newton's method with the term's
// derivative: a nonsymmetric Jacobian of the same pattern, factorized by KLU or UMFPACK
// (option de_saxce_newton).
//
// Compliant contacts (GlobalProblem::compliance, u~ = u + C r) take no proximal term. With
// the De Saxcé term frozen their impulse is the projection r_a = P^C_K(-C_a^-1 (u_a + s_a e_N))
// in the norm of C_a, the regularized problem of Drake's SAP (Castro et al. 2022), convex and
// differentiable in v. Their exact law is explicit in u (the radial return of the trial
// impulse -C_a^-1 u_a: a spring and a slider), so a problem with compliant contacts starts
// with the De Saxcé step, which solves that law directly: where every contact is compliant,
// one inner solve and no outer iteration. Joints whose period is a fraction of the time step
// are near-rigid on that route, and its inner solves do not finish: a compliant problem
// whose error it has not halved in 100 Newton steps, or not solved in half of them, is solved
// again in its standard form (contact::standard_form: each compliant contact a rigid one
// with auxiliary dofs), on the rigid law's route, from the best impulses so far.
#pragma once

#include "moreau/solvers/global_solver.hpp"

#include <memory>

namespace moreau::solvers {

struct VelocityNewtonOptions {
  StopCriteria stop;  ///< max_iterations counts Newton steps (linear solves) over all
  /// kappa in rho_a = kappa / W_aa,NN (W_aa,NN = h_aN^T diag(M)^-1 h_aN, the normal
  /// compliance of contact a): the proximal step in units of each contact's own stiffness.
  /// One outer iteration reduces the error of an isolated contact by 1 / (1 + kappa). > 0.
  double penalty = 10.0;
  /// kappa is multiplied by its factor after an outer iteration whose inner solve finished but
  /// which reduced the error by less than 1/5, up to this bound: large kappa makes the inner
  /// problems stiff (their condition number grows like kappa). An inner solve that does not
  /// finish and leaves a worse iterate lowers the bound to kappa / factor, until three slow
  /// outer iterations in a row at it raise it by the factor again. The factor is 10 where the
  /// warm start is within 10 times the tolerance, 3 elsewhere. >= penalty.
  double max_penalty = 1e6;
  /// Newton steps of one inner problem at most, >= 1.
  int inner_iterations = 30;
  /// Where the De Saxcé term's fixed point limits the outer iteration, and while that makes
  /// progress, the inner problem is solved with the term's derivative (a nonsymmetric Jacobian,
  /// factorized by KLU or UMFPACK, solvers/repeated_lu.hpp). false: always the frozen, symmetric
  /// inner problem.
  bool de_saxce_newton = true;
  /// A De Saxcé inner solve whose residual fell by less than 10 % over this many Newton
  /// steps ends there, as unfinished (0: it runs to inner_iterations). >= 0.
  int de_saxce_stall_steps = 5;
  /// Where the symmetric inner problem's matrix changed since its last factorization in this
  /// solve, its Newton direction is first sought by at most this many conjugate-gradient
  /// iterations preconditioned by that factorization, to a relative residual of 0.1 (an
  /// inexact Newton step); the matrix is factorized where they do not get there. Only where
  /// that many iterations cost fewer flops than a factorization (large structures). 0 (the
  /// default): every changed matrix is factorized. Faster on large walls and towers, but not
  /// a default: docs/large-structures.md, "A stale factor as preconditioner". >= 0.
  int stale_factor_iterations = 0;
  /// Where the De Saxcé step's Jacobian was factorized by KLU earlier in the solve at the same
  /// kappa, and the inner residual is above 100 times its tolerance, its Newton direction is first
  /// sought by at most this many GMRES iterations preconditioned by that LU (the Jacobian
  /// applied without being assembled), to a preconditioned relative residual of 0.03; the
  /// Jacobian is assembled and factorized where they do not get there, or where Armijo's rule
  /// rejects their direction. 0: every De Saxcé step factorizes. A rocking house's replayed
  /// steps take 38 s instead of 44 to 46 s, its response within the exact law's own scatter
  /// (docs/large-structures.md, "The De Saxcé step's last LU as preconditioner"). >= 0.
  int stale_lu_iterations = 3;
  /// A solve whose warm start is within 10 times the tolerance starts at the kappa where the
  /// last such solve ended (state()), not at penalty: how stiff a step the outer iteration
  /// needs near the answer is the structure's (its softest collective modes), and much the
  /// same from one time step to the next. Four tenths fewer Newton steps on the clock
  /// tower's calm steps, but not a default: its answers sit elsewhere within the tolerance,
  /// and a rocking house's response moved (docs/large-structures.md, "Not done yet").
  bool carry_penalty = false;
};

/// The velocity-space method of the header comment ("velocity-newton").
///
/// Not thread-safe to share: an instance keeps the symbolic analysis of its last matrix
/// pattern, reused by the next solve() whose pattern is the same (the contacts of a time step
/// are mostly those of the last one). That cache changes no result: the analysis of one
/// pattern is always the same ordering. The kappa a solve near its answer starts at
/// (carry_penalty) does: it is the solver's state().
class VelocityNewton final : public GlobalSolver {
 public:
  /// @throws core::Diagnostic for an option out of range
  explicit VelocityNewton(const VelocityNewtonOptions& options);
  ~VelocityNewton() override;
  std::string_view name() const override { return "velocity-newton"; }
  SolveReport solve(const GlobalProblem& problem, VecX& r, VecX& v) const override;
  GlobalSolverState state() const override;
  void restore(const GlobalSolverState& state) override;
  const VelocityNewtonOptions& options() const { return options_; }

  /// The pattern and the symbolic factorization of the last solve, and the state().
  struct Cache;

 private:
  VelocityNewtonOptions options_;
  std::unique_ptr<Cache> cache_;
};

}  // namespace moreau::solvers
