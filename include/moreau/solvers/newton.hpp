// Semismooth Newton methods for the local problem: one driver, two formulations.
//
// The cone complementarity K* ∋ û ⊥ r ∈ K of docs/mathematics.md section 1 is written as a
// nonsmooth equation Phi(r) = 0, Phi = [phi_a(r_a, u_a)] over contacts, u = W r + q, and solved by
//   (A + B W) dr = -Phi,   A = diag(d phi_a / d r_a),   B = diag(d phi_a / d u_a),
// where A, B form an element of the generalized Jacobian (Qi & Sun 1993). The Newton matrix
// A + B W has the block pattern of W (whose diagonal blocks are always stored). The system is
// shifted by mu_k I, mu_k = O(natural-map error), for singular W (see NewtonOptions), and the
// step is globalized by a (non-monotone) Armijo backtracking on the merit 1/2 |Phi|^2.
//   - Alart-Curnier (Alart & Curnier 1991; Christensen, Klarbring, Pang & Strömberg 1998),
//     the form of Siconos' fc3d_nonsmooth_Newton_AlartCurnier:
//       phi_N = r_N - (r_N - rho_N u_N)^+
//       phi_T = r_T - P_D(mu (r_N - rho_N u_N)^+) (r_T - rho_T u_T),   D(R) the disc of radius R
//   - Fischer-Burmeister on the second-order cone (Fukushima, Luo & Tseng 2001), with the
//     De Saxcé velocity as in Siconos' fc3d_nonsmooth_Newton_FischerBurmeister:
//       phi = x + y - (x∘x + y∘y)^(1/2),   x = [mu r_N, r_T],   y = [û_N, mu û_T]
//     (∘ the Jordan product of the Lorentz cone K_1; x ∈ K_1 ⇔ r ∈ K, y ∈ K_1 ⇔ û ∈ K*,
//     x·y = mu r·û). For mu = 0 the map x degenerates; there phi = [FB(r_N, u_N), r_T]
//     with the scalar FB(a, b) = a + b - sqrt(a^2 + b^2), the limit of K_1 of dimension 1.
// Convergence is declared on natural_map_error only, never on |Phi|.
#pragma once

#include "moreau/contact/cone.hpp"
#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/solver.hpp"

#include <memory>

namespace moreau::solvers {

template <int d>
using BlockMat = Eigen::Matrix<double, d, d>;

enum class Formulation {
  AlartCurnier,       ///< "newton-ac"
  FischerBurmeister,  ///< "newton-fb"
};

/// Options of the semismooth Newton driver.
struct NewtonOptions {
  StopCriteria stop;
  Formulation formulation = Formulation::AlartCurnier;
  /// c in the Armijo test  theta(r + t dr) <= theta_ref + c t theta'(0), in (0, 1/2).
  double armijo = 1e-4;
  /// Trial steps t = 1, 1/2, 1/4, ... before LineSearchFailure; 40 reach t ~ 1e-12.
  int max_line_search_steps = 40;
  /// theta_ref = the largest merit of the last `nonmonotone_memory` iterates (Grippo,
  /// Lampariello & Lucidi 1986); 1 is the monotone Armijo rule. In [1, 100].
  int nonmonotone_memory = 5;
  /// Cap of the shift mu_k = min(max_shift, err_k) in (J + mu_k I) dr = -Phi, dimensionless
  /// (err_k the natural-map error of the iterate); 0 gives the plain Newton step. In [0, 1e3].
  /// 0.1 was the best of {1e-3, 1e-2, 0.1} on the FCLib collection.
  double max_shift = 0.1;
};

/// The semismooth Newton method with the formulation of its options.
class NewtonSolver : public Solver {
 public:
  explicit NewtonSolver(const NewtonOptions& options);
  std::string_view name() const override;
  SolveReport solve(const LocalProblem& problem, VecX& r) const override;
  const NewtonOptions& options() const { return options_; }

 private:
  NewtonOptions options_;
};

/// The registry's readers (registry.hpp): stop from the caller, the other options read by
/// name (finish()ed).
/// @throws core::Diagnostic for an unknown or out-of-range option
NewtonOptions read_newton_ac_options(const StopCriteria& stop, const SolverParameters& parameters);
NewtonOptions read_newton_fb_options(const StopCriteria& stop, const SolverParameters& parameters);

// ---- Per-contact kernels (exposed for the finite-difference tests) ----

/// phi_a and one element (A, B) of its generalized Jacobian at (r_a, u_a).
template <int d>
struct ContactLinearization {
  contact::Block<d> phi;
  BlockMat<d> A;  ///< d phi / d r (u held fixed)
  BlockMat<d> B;  ///< d phi / d u (r held fixed)
};

/// Alart-Curnier penalty parameters of one contact, s/kg (impulse per velocity).
struct AlartCurnierRho {
  double normal = 1.0;
  double tangent = 1.0;
};

/// rho_N = 1 / W_aa(N,N), rho_T = 1 / lambda_max(W_aa,TT): the "split spectral" choice of
/// Siconos (compute_rho_split_spectral_norm). rho_N makes the normal row of one isolated
/// contact exact in one step; rho_T <= 2 / lambda_max keeps r_T - rho_T u_T a contraction
/// of the single-contact tangential problem. A block whose entry is not > 0 gets rho = 1.
template <int d>
AlartCurnierRho alart_curnier_rho(const BlockMat<d>& W_aa);

/// The Alart-Curnier function of the header comment and its Jacobian blocks. Branches:
/// normal active when s_N = r_N - rho_N u_N > 0; tangential stick when |s_T| <= mu s_N^+
/// and mu s_N^+ > 0, free when mu s_N^+ = 0, slide otherwise.
template <int d>
ContactLinearization<d> alart_curnier(const contact::Block<d>& r, const contact::Block<d>& u,
                                      double mu, const AlartCurnierRho& rho);

/// The Fischer-Burmeister function of the header comment and its Jacobian blocks.
template <int d>
ContactLinearization<d> fischer_burmeister(const contact::Block<d>& r, const contact::Block<d>& u,
                                           double mu);

}  // namespace moreau::solvers
