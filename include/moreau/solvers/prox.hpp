// The proximal point method for the local problem (Rockafellar 1976), in the form of Siconos'
// PROX solver (Acary, Brémond & Huber 2018, "On solving contact problems with Coulomb
// friction: formulations and numerical comparisons", section 6), with nonsmooth Gauss-Seidel
// as the internal solver.
#pragma once

#include "moreau/solvers/solver.hpp"

namespace moreau::solvers {

/// Options of the proximal point method.
struct ProxOptions {
  StopCriteria stop;  ///< max_iterations counts proximal (outer) iterations
  /// sigma in alpha = sigma err^nu w_bar (w_bar: mean diagonal entry of W, so that alpha has
  /// the units of W and the method is scale-invariant); Siconos' default 5. > 0.
  double sigma = 5.0;
  double nu = 1.0;             ///< nu in the same, Siconos' default 1; in (0, 2]
  int inner_iterations = 100;  ///< nsgs sweeps per proximal iteration at most, >= 1
  /// An inner solve stops when its sweep changes r by at most err / inner_ratio (relative),
  /// err being the current outer error (Siconos' adaptive internal tolerance, ratio 10). > 1.
  double inner_ratio = 10.0;
};

/// PROX: from r_k, r_k+1 solves the regularized problem
///   u = (W + alpha I) r + (q - alpha r_k),  K* ∋ û ⊥ r ∈ K,
/// whose diagonal blocks are positive definite even when W's are singular (stiff stacks,
/// redundant contacts), approximately, by nonsmooth Gauss-Seidel sweeps. A fixed point
/// r_k+1 = r_k solves the original problem. alpha shrinks with the error (superlinear
/// outer convergence as err -> 0) and grows tenfold when an inner solve does not finish.
/// Convergence is decided on natural_map_error of the original problem after each outer
/// iteration.
class Prox final : public Solver {
 public:
  /// @throws core::Diagnostic for an option outside its range or invalid stop criteria
  explicit Prox(const ProxOptions& options);

  std::string_view name() const override { return "prox"; }
  SolveReport solve(const LocalProblem& problem, VecX& r) const override;
  const ProxOptions& options() const { return options_; }

 private:
  ProxOptions options_;
};

}  // namespace moreau::solvers
