// The stability limit of the explicit integrator (penalty_stepper.hpp) for a contact: the
// symplectic Euler step of a damped oscillator x'' + 2 zeta omega x' + omega^2 x = 0 is
// stable for h < (2/omega) (sqrt(1 + zeta^2) - zeta) (e.g. O'Sullivan & Bray 2004,
// "Selecting a suitable time step for discrete element simulations", Eng. Comput. 21, eq. 7).
#pragma once

namespace moreau::penalty {

/// The critical step, s, of a contact of stiffness k (N/m) and damping eta (N s/m) on the
/// effective mass m (kg): omega = sqrt(k/m), zeta = eta / (2 sqrt(k m)). For k = 0 the
/// dashpot's limit 2 m / eta; infinite when eta is 0 too.
/// @pre k >= 0, eta >= 0, m > 0
double critical_time_step(double stiffness, double damping, double effective_mass);

}  // namespace moreau::penalty
