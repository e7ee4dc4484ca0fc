// Nonsmooth Gauss-Seidel over contacts (Jean & Moreau 1992; Jean 1999, section 4): each
// contact's problem solved exactly (one_contact.hpp) with the other impulses frozen.
#pragma once

#include "moreau/solvers/solver.hpp"

#include <cstdint>

namespace moreau::solvers {

/// Options of nonsmooth Gauss-Seidel.
struct NsgsOptions {
  StopCriteria stop;
  double relaxation = 1.0;  ///< omega in r_a <- omega r_a_new + (1 - omega) r_a_old, in (0, 2)
  bool shuffle = false;     ///< visit contacts in a new random order every sweep
  std::uint64_t seed = 0;   ///< the same seed gives the same orders, run after run
  /// Stop with Status::Stagnated once the measured rate of convergence would not reach the
  /// tolerance within stop.max_iterations (detail::StagnationTest): hybrid's first stage,
  /// whose Newton stage takes over.
  bool stop_on_stagnation = false;
};

/// Nonsmooth Gauss-Seidel for u = W r + q, K* ∋ û ⊥ r ∈ K (d = 3 or 2). One iteration is one
/// sweep over all contacts. Convergence is decided on natural_map_error of the current r,
/// measured after a sweep whenever the sweep's change of r predicts it may hold.
class Nsgs final : public Solver {
 public:
  /// @throws core::Diagnostic when relaxation is outside (0, 2) or the stop criteria are
  ///         invalid (tolerance, max_iterations or time_limit negative)
  explicit Nsgs(const NsgsOptions& options);

  std::string_view name() const override { return "nsgs"; }
  SolveReport solve(const LocalProblem& problem, VecX& r) const override;
  const NsgsOptions& options() const { return options_; }

 private:
  NsgsOptions options_;
};

}  // namespace moreau::solvers
