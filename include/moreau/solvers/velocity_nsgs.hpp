// Matrix-free nonsmooth Gauss-Seidel in velocity space (Jean 1999, section 4; the sweep of
// LMGC90's NLGS): the sweep of nsgs.hpp without W. The velocities v = M^-1 (f + H r) are kept
// with the impulses, and each contact reads its local velocity from them and writes its
// impulse change back:
//   q_a = H_a^T v + w_a - W_aa r_a   (the free local velocity of contact a, others frozen),
//   r_a <- the exact one-contact solution for W_aa, q_a (one_contact.hpp),
//   v   += M^-1 H_a (r_a,new - r_a,old).
// In exact arithmetic this is nsgs on W = H^T M^-1 H, iterate for iterate; a contact's
// update reads and writes the few degrees of freedom of its two bodies instead of a row of W
// (every contact that shares a body with it), and nothing of size W is assembled.
// M^-1 H is formed once per solve from the inverses of M's diagonal blocks (the connected
// components of its graph: one per degree of freedom for rigid bodies in principal axes, a
// block per body otherwise); a mass matrix coupling many degrees of freedom (a finite-element
// body) makes that setup cubic in the size of its largest block.
#pragma once

#include "moreau/solvers/global_solver.hpp"

#include <array>
#include <string_view>

namespace moreau::solvers {

/// What decides that the sweeps have converged (SolveReport::criterion names it).
enum class SweepCriterion {
  /// The natural-map error of the local problem <= tolerance: how far r is from the law.
  NaturalMap,
  /// LMGC90's "Quad" check of its NLGS: how much one more sweep would still change the local
  /// velocities, relative to those the impulses make, <= tolerance (velocity_nsgs.cpp).
  Lmgc90Quad,
  /// LMGC90's "QM/16": Quad, and the largest contact's change within 16.666 tolerance.
  Lmgc90Qm16,
};

inline constexpr std::array<SweepCriterion, 3> kSweepCriteria = {
    SweepCriterion::NaturalMap, SweepCriterion::Lmgc90Quad, SweepCriterion::Lmgc90Qm16};

/// "natural-map", "lmgc90-quad", "lmgc90-qm16".
std::string_view to_string(SweepCriterion criterion);

struct VelocityNsgsOptions {
  StopCriteria stop;        ///< max_iterations counts sweeps; tolerance is the criterion's
  double relaxation = 1.0;  ///< omega in r_a <- omega r_a_new + (1 - omega) r_a_old, in (0, 2)
  SweepCriterion criterion = SweepCriterion::NaturalMap;
  /// Stop with Status::Stagnated once the measured rate of convergence would not reach the
  /// tolerance within stop.max_iterations (the first stage of a staged method).
  bool stop_on_stagnation = false;
};

/// The method of the header comment ("velocity-nsgs"). Convergence is decided by
/// options().criterion, with v recomputed from r at each full measure (the incremental updates
/// of v carry round-off); the report's error is the natural-map error whichever decided.
class VelocityNsgs final : public GlobalSolver {
 public:
  /// @throws core::Diagnostic when relaxation is outside (0, 2) or the stop criteria are
  ///         invalid
  explicit VelocityNsgs(const VelocityNsgsOptions& options);
  std::string_view name() const override { return "velocity-nsgs"; }
  SolveReport solve(const GlobalProblem& problem, VecX& r, VecX& v) const override;
  std::string_view criterion() const override { return to_string(options_.criterion); }
  const VelocityNsgsOptions& options() const { return options_; }

 private:
  VelocityNsgsOptions options_;
};

}  // namespace moreau::solvers
