// The tangential (friction) laws of the penalty mode (docs/mathematics.md section 2). Pure
// functions of the slip velocity, the stored tangential state, the normal force and the step.
// Vectors are world vectors in the contact's tangent plane: the slip velocity s is that of
// body A relative to body B at the contact point, and the force is the one on A (it opposes
// s or the stored spring). The caller keeps the state of each persistent contact and turns
// it into the current tangent plane (rotate_into_tangent_plane) before each call.
#pragma once

#include "moreau/math/types.hpp"

#include <optional>
#include <variant>

namespace moreau::penalty {

using math::Vec3;

/// Linear spring-dashpot-slider (Cundall & Strack 1979, in its displacement form):
///   F_t = -min(|K_t d_t + eta_t s|, mu |F_n|) (K_t d_t + eta_t s) / |K_t d_t + eta_t s|,
/// d_t the elastic tangential displacement, accumulated d_t += h s. While the slider slips,
/// the spring is shortened along itself so that K_t |d_t| <= mu |F_n| (never lengthened: where
/// the dashpot carried the trial force past the cap, the spring keeps its trial length): the
/// contact sticks again at once when the slip reverses. K_t must not change while d_t is
/// stored (1/2 K_t d_t^2 would change without work): with an overlap-dependent K_t (Hertz,
/// Hunt-Crossley, power law) use IncrementalCoulomb.
struct SpringDashpotSlider {
  double stiffness = 0.0;  ///< K_t, N/m, > 0
  double damping = 0.0;    ///< eta_t, N s/m, >= 0
};

/// Incremental elastic-perfectly-plastic law (Cundall & Strack 1979, eqs. 4-6; PFC's linear
/// model): the stored force is updated F_t += -k_t h s and scaled back to mu |F_n| when it
/// exceeds it. Unlike the slider, the state is a force, so k_t may change from step to step
/// (e.g. with the overlap) without the stored force jumping.
struct IncrementalCoulomb {
  double stiffness = 0.0;  ///< k_t, N/m, > 0
};

/// Velocity-dependent Coulomb friction without a spring (the regularized law of Adams and
/// RecurDyn): F_t = -mu(|s|) |F_n| s/|s|, with
///   mu(v) = step5(v, -v_s, -mu_s, v_s, mu_s)   for v <= v_s  (stiction: a steep ramp
///                                              through 0, Adams' FRICTION statement),
///   mu(v) = step5(v, v_s, mu_s, v_d, mu_d)     for v_s < v < v_d,
///   mu(v) = mu_d                               for v >= v_d,
/// and |F_t| capped at max_force when set.
struct VelocityDependentFriction {
  double static_friction = 0.0;     ///< mu_s, >= 0
  double dynamic_friction = 0.0;    ///< mu_d, >= 0
  double static_velocity = 1e-4;    ///< v_s, m/s, > 0
  double dynamic_velocity = 1e-3;   ///< v_d, m/s, > v_s
  std::optional<double> max_force;  ///< N, > 0
};

using TangentialLaw =
    std::variant<SpringDashpotSlider, IncrementalCoulomb, VelocityDependentFriction>;

/// The quintic smooth step of Adams' STEP5: h0 for x <= x0, h1 for x >= x1, and in between
/// h0 + (h1 - h0) a^3 (10 - 15 a + 6 a^2), a = (x - x0)/(x1 - x0): C2 at both ends.
/// @pre x1 > x0
double step5(double x, double x0, double h0, double x1, double h1);

/// What one step of a tangential law gives.
struct TangentialForce {
  Vec3 force = Vec3::Zero();  ///< N, on body A, in the tangent plane
  /// The state to keep for the next step: the spring's displacement d_t (m) for the slider,
  /// the stored force (N) for the incremental law, zero for the velocity-dependent law.
  Vec3 state = Vec3::Zero();
  bool slipping = false;
  double elastic_energy = 0.0;  ///< J, stored in the spring after the step
  double damping_work = 0.0;    ///< J, >= 0, dissipated by the dashpot in the step
  /// J, >= 0, dissipated by slip in the step: mu |F_n| times the plastic slip increment,
  /// |delta trial - delta kept| (the yield force times the distance it slid through; the
  /// force stays on the yield surface during the plastic flow). For the velocity-dependent
  /// law, -F_t . s h.
  double slip_work = 0.0;
};

/// One step h (s) of `law` with slip velocity s (m/s), the previous state (turned into the
/// current tangent plane), the normal force F_n (N) and the friction coefficient mu (>= 0;
/// the velocity-dependent law uses its own coefficients instead).
TangentialForce tangential_force(const TangentialLaw& law, const Vec3& slip_velocity,
                                 const Vec3& state, double normal_force, double friction, double h);

/// How stiff and how damped a tangential law is along the slip, for the critical time step.
struct TangentialRigidity {
  double stiffness = 0.0;  ///< N/m
  double damping = 0.0;    ///< N s/m
};

/// K_t and eta_t of the slider, k_t of the incremental law; the velocity-dependent law is a
/// dashpot of the steepest slope of mu(v) |F_n|, at v = 0 on the step5 ramp from -v_s to v_s:
/// 30/16 (2 mu_s) / (2 v_s) |F_n|.
TangentialRigidity tangential_rigidity(const TangentialLaw& law, double normal_force);

/// The stored state of a persistent contact brought into the tangent plane of its current
/// normal n: the normal component is removed and the length kept (the rigid rotation of the
/// spring with the contact frame, as in LIGGGHTS and YADE), zero if the state lies along n.
Vec3 rotate_into_tangent_plane(const Vec3& state, const Vec3& normal);

}  // namespace moreau::penalty
