// What the two time steppers (NSCD: moreau_jean.hpp; penalty: penalty_stepper.hpp) have in
// common: a step that advances the scene by h and reports, and the contacts of that step,
// so that `moreau run`, the outputs and the stop criteria serve both modes.
#pragma once

#include "moreau/collision/contact_cache.hpp"
#include "moreau/collision/contact_point.hpp"
#include "moreau/solvers/solver.hpp"

#include <vector>

namespace moreau::dynamics {

/// A contact of the current step, with its frame and the impulse it transmitted in the step.
struct Contact {
  int body_a = 0;  ///< the normal points from body_b towards body_a
  int body_b = 0;
  collision::ContactPoint point;
  math::Mat3 frame;  ///< columns [n t1 t2]; in planar mode [n t 0]
  double friction = 0.0;
  double restitution = 0.0;
  collision::ContactKey key;     ///< persistent: body pair and feature pair
  double normal_velocity = 0.0;  ///< u_N at the start of the step, m/s
  /// r in the contact frame, N s (normal first): the NSCD impulse, or the penalty force
  /// times the step (so that r / h is the force in both modes).
  math::Vec3 impulse = math::Vec3::Zero();
};

/// Wall time of the parts of a step, s.
struct StepTimes {
  double collision = 0.0;  ///< NSCD: broad and narrow phase, active set
  /// NSCD: H, W = H M^-1 H^T, q, warm start; penalty: detection, contact forces, integration
  double assembly = 0.0;
  double solve = 0.0;      ///< the local solver (0 in the penalty mode)
};

/// What one step did.
struct StepReport {
  int detected = 0;               ///< contact points within the detection distance
  int active = 0;                 ///< contacts in the local problem, or carrying a force
  solvers::SolveReport solve;     ///< empty (converged, 0 iterations) without a solve
  double kinetic_energy = 0.0;    ///< J, at the end of the step
  double potential_energy = 0.0;  ///< J, of gravity, relative to z = 0 (x = 0 along g)
  /// J, work of the impulses in the step (NSCD), or of the dissipative part of the contact
  /// forces (penalty: dashpots and slip); <= 0: dissipated.
  double contact_work = 0.0;
  double elastic_energy = 0.0;  ///< J, stored in the contact springs (penalty mode; 0 in NSCD)
  StepTimes times;
};

/// A time stepper of a scene it holds by reference.
class Stepper {
 public:
  virtual ~Stepper() = default;
  /// Advances the scene by one step h.
  virtual StepReport step() = 0;
  /// The contacts of the last step.
  virtual const std::vector<Contact>& contacts() const = 0;
  /// The time step h, s.
  virtual double time_step() const = 0;
};

}  // namespace moreau::dynamics
