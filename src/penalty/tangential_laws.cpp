#include "moreau/penalty/tangential_laws.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::penalty {
namespace {

// The trial force F = -(K_t d + eta_t s), d = d_old + h s, is kept while |F| <= mu |F_n|
// (stick). Beyond it (slip) F is scaled back onto the Coulomb circle and the spring shortened
// to d = -F / K_t, so that K_t |d| = mu |F_n|: the plastic slip is |d_trial - d|, through
// which the yield force mu |F_n| does the work dissipated by slip.
TangentialForce slider_force(const SpringDashpotSlider& law, const Vec3& s, const Vec3& d_old,
                             double yield_force, double h) {
  MOREAU_ASSERT(law.stiffness > 0.0 && law.damping >= 0.0);
  const Vec3 d_trial = d_old + h * s;
  const Vec3 trial = -(law.stiffness * d_trial + law.damping * s);
  TangentialForce result;
  if (trial.norm() <= yield_force) {
    result.force = trial;
    result.state = d_trial;
    result.damping_work = law.damping * s.squaredNorm() * h;
  } else {
    result.force = yield_force * trial.normalized();
    // The spring is shortened to carry at most mu |F_n|, never lengthened: where the dashpot
    // pushed the trial force past the cap, the spring is within it and keeps its trial
    // displacement (stretching it to mu |F_n| / K_t would store energy no work paid for).
    const double spring_force = law.stiffness * d_trial.norm();
    result.state =
        spring_force > yield_force ? Vec3(d_trial * (yield_force / spring_force)) : d_trial;
    result.slipping = true;
    result.slip_work = yield_force * (d_trial - result.state).norm();
    // The work of the force beyond the spring's over the step, what the cap left of the
    // dashpot (eta |s|^2 h in stick, written so above to keep it >= 0 to round-off). With
    // the slip work it is what the bodies lost and the spring did not store, up to the
    // O(h^2) term of the explicit update.
    result.damping_work = -(result.force + law.stiffness * result.state).dot(s) * h;
  }
  result.elastic_energy = 0.5 * law.stiffness * result.state.squaredNorm();
  return result;
}

// Cundall & Strack 1979, eqs. 4-6: F = F_old - k_t h s, scaled back to mu |F_n|. The plastic
// slip is the spring stretch the cap removed, (|F_trial| - mu |F_n|) / k_t.
TangentialForce incremental_force(const IncrementalCoulomb& law, const Vec3& s,
                                  const Vec3& force_old, double yield_force, double h) {
  MOREAU_ASSERT(law.stiffness > 0.0);
  const Vec3 trial = force_old - law.stiffness * h * s;
  TangentialForce result;
  result.force = trial;
  const double trial_norm = trial.norm();
  if (trial_norm > yield_force) {
    result.force = yield_force * trial / trial_norm;
    result.slipping = true;
    result.slip_work = yield_force * (trial_norm - yield_force) / law.stiffness;
  }
  result.state = result.force;
  result.elastic_energy = result.force.squaredNorm() / (2.0 * law.stiffness);
  return result;
}

// mu(v) of VelocityDependentFriction's documentation, v = |s| >= 0.
double friction_coefficient(const VelocityDependentFriction& law, double v) {
  const double mu_s = law.static_friction;
  const double v_s = law.static_velocity;
  if (v <= v_s) return step5(v, -v_s, -mu_s, v_s, mu_s);
  if (v < law.dynamic_velocity)
    return step5(v, v_s, mu_s, law.dynamic_velocity, law.dynamic_friction);
  return law.dynamic_friction;
}

TangentialForce velocity_dependent_force(const VelocityDependentFriction& law, const Vec3& s,
                                         double normal_force, double h) {
  MOREAU_ASSERT(law.static_friction >= 0.0 && law.dynamic_friction >= 0.0 &&
                law.static_velocity > 0.0 && law.dynamic_velocity > law.static_velocity &&
                (!law.max_force || *law.max_force > 0.0));
  TangentialForce result;
  const double v = s.norm();
  if (v == 0.0) return result;  // mu(0) = 0: no force, and s/|s| is undefined
  double magnitude = friction_coefficient(law, v) * std::abs(normal_force);
  if (law.max_force) magnitude = std::min(magnitude, *law.max_force);
  result.force = -magnitude * s / v;
  result.slipping = v > law.static_velocity;  // below v_s: the stiction ramp
  result.slip_work = -result.force.dot(s) * h;
  return result;
}

}  // namespace

double step5(double x, double x0, double h0, double x1, double h1) {
  MOREAU_ASSERT(x1 > x0);
  if (x <= x0) return h0;
  if (x >= x1) return h1;
  const double a = (x - x0) / (x1 - x0);
  return h0 + (h1 - h0) * a * a * a * (10.0 - 15.0 * a + 6.0 * a * a);
}

TangentialForce tangential_force(const TangentialLaw& law, const Vec3& slip_velocity,
                                 const Vec3& state, double normal_force, double friction,
                                 double h) {
  MOREAU_ASSERT(friction >= 0.0 && h > 0.0);
  const double yield_force = friction * std::abs(normal_force);
  if (const auto* slider = std::get_if<SpringDashpotSlider>(&law))
    return slider_force(*slider, slip_velocity, state, yield_force, h);
  if (const auto* incremental = std::get_if<IncrementalCoulomb>(&law))
    return incremental_force(*incremental, slip_velocity, state, yield_force, h);
  return velocity_dependent_force(std::get<VelocityDependentFriction>(law), slip_velocity,
                                  normal_force, h);
}

TangentialRigidity tangential_rigidity(const TangentialLaw& law, double normal_force) {
  if (const auto* slider = std::get_if<SpringDashpotSlider>(&law))
    return {slider->stiffness, slider->damping};
  if (const auto* incremental = std::get_if<IncrementalCoulomb>(&law))
    return {incremental->stiffness, 0.0};
  const auto& friction = std::get<VelocityDependentFriction>(law);
  return {0.0,
          1.875 * friction.static_friction / friction.static_velocity * std::abs(normal_force)};
}

// A state within round-off of the normal (|projection| <= 1e-12 |state|) has no direction
// left in the plane: keeping its length along a direction of round-off would be arbitrary.
Vec3 rotate_into_tangent_plane(const Vec3& state, const Vec3& normal) {
  MOREAU_ASSERT(std::abs(normal.norm() - 1.0) < 1e-9);
  const Vec3 in_plane = state - state.dot(normal) * normal;
  const double in_plane_norm = in_plane.norm();
  if (in_plane_norm <= 1e-12 * state.norm()) return Vec3::Zero();
  return in_plane * (state.norm() / in_plane_norm);
}

}  // namespace moreau::penalty
