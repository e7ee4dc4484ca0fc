#include "moreau/penalty/critical_step.hpp"

#include "moreau/core/assert.hpp"

#include <cmath>

namespace moreau::penalty {

// The symplectic Euler map of x'' + 2 zeta omega x' + omega^2 x = 0 has trace
// 2 - 2 zeta omega h - omega^2 h^2 and determinant 1 - 2 zeta omega h; Jury's condition
// trace > -(1 + det) gives omega^2 h^2 + 4 zeta omega h < 4, whose root is the limit (the
// other conditions, trace < 1 + det and det > -1, hold at every smaller h).
// With zeta omega = eta / (2m) the root (2/omega) (sqrt(1 + zeta^2) - zeta) is written
//   h = 2 / (sqrt(omega^2 + (eta/2m)^2) + eta/2m),
// which has no cancellation when the contact is heavily damped and holds at k = 0: the
// dashpot alone, v <- (1 - h eta/m) v, is stable for h < 2m/eta; 2/0 = infinity when eta = 0.
double critical_time_step(double stiffness, double damping, double effective_mass) {
  MOREAU_ASSERT(stiffness >= 0.0 && damping >= 0.0 && effective_mass > 0.0);
  const double zeta_omega = damping / (2.0 * effective_mass);
  return 2.0 / (std::sqrt(stiffness / effective_mass + zeta_omega * zeta_omega) + zeta_omega);
}

}  // namespace moreau::penalty
