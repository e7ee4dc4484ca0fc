// The normal laws of the penalty mode (docs/mathematics.md section 2): the force that pushes two
// bodies apart as a function of their overlap and its rate. Pure functions, no bodies.
// Sign conventions: overlap delta > 0 in penetration (delta = -gap), rate delta_dot > 0 while
// the bodies approach; the force is along the contact normal, > 0 repulsive.
#pragma once

#include <variant>

namespace moreau::penalty {

/// Kelvin-Voigt: F = k delta + eta delta_dot.
/// By default the force never pulls (F = max(0, .)): the contact ends when F reaches 0,
/// before the overlap does (Schwager & Poschel 2007, "Coefficient of restitution and linear
/// dashpot model revisited", Granular Matter 9:465). With `tension` the force follows the
/// formula, pull included, until the overlap is 0: the textbook damped oscillator, whose
/// restitution is exactly exp(-pi eta / (2 m omega_d)).
struct LinearSpringDashpot {
  double stiffness = 0.0;  ///< k, N/m, > 0
  double damping = 0.0;    ///< eta, N s/m, >= 0
  bool tension = false;
};

/// Hertz (1882): F = k delta^(3/2), with k = 4/3 E sqrt(R) for spheres (calibration.hpp),
/// plus the nonlinear dashpot eta delta^(1/4) delta_dot of Tsuji, Tanaka & Ishida (1992,
/// Powder Technology 71:239, eq. 9), which keeps the restitution independent of the impact
/// velocity. F >= 0.
struct Hertz {
  double stiffness = 0.0;  ///< k, N/m^(3/2), > 0
  double damping = 0.0;    ///< eta, N s/m^(5/4), >= 0
};

/// Hunt & Crossley (1975), in Simbody's form (Sherman et al. 2011, "Simbody: multibody
/// dynamics for biomedical research", Procedia IUTAM 2, section 4):
///   F = k delta^(3/2) (1 + 3/2 c delta_dot),  F >= 0,
/// k = 4/3 sqrt(R) E (calibration.hpp). Its elastic part stores 2/5 k delta^(5/2) and the
/// contact patch has radius sqrt(R delta).
struct HuntCrossley {
  double stiffness = 0.0;    ///< k, N/m^(3/2), > 0
  double dissipation = 0.0;  ///< c, s/m, >= 0
};

/// The general power law F = k delta^m1 + c sign(delta_dot) |delta_dot|^m2 delta^m3, F >= 0
/// (e.g. RecurDyn's and Adams' IMPACT-type contacts). An indentation exponent m3 > 0 makes
/// the dashpot vanish at zero overlap, which removes the pull (and the force jump) of a
/// linear dashpot at first touch and at separation.
struct PowerLaw {
  double stiffness = 0.0;             ///< k, N/m^m1, > 0
  double stiffness_exponent = 1.5;    ///< m1, >= 1
  double damping = 0.0;               ///< c, N (s/m)^m2 / m^m3, >= 0
  double rate_exponent = 1.0;         ///< m2, > 0
  double indentation_exponent = 1.0;  ///< m3, >= 0
};

using NormalLaw = std::variant<LinearSpringDashpot, Hertz, HuntCrossley, PowerLaw>;

/// The normal force and its conservative part, N.
struct NormalForce {
  double force = 0.0;    ///< F, >= 0 unless LinearSpringDashpot::tension
  double elastic = 0.0;  ///< the spring alone (k delta, k delta^(3/2), k delta^m1)
};

/// The force of `law` at overlap delta (m) and rate delta_dot (m/s). Zero for delta <= 0.
NormalForce normal_force(const NormalLaw& law, double overlap, double overlap_rate);

/// A bonded contact (a cohesive joint, dynamics/cohesive_joints.hpp) is the linear
/// spring-dashpot on both sides of contact, F = k delta + eta delta_dot for any delta, pull
/// included, until its bond breaks; its elastic energy is k delta^2 / 2.
/// @pre law is a LinearSpringDashpot (the problem file refuses cohesion with another law)
NormalForce bonded_force(const NormalLaw& law, double overlap, double overlap_rate);
double bonded_energy(const NormalLaw& law, double overlap);

/// Energy stored in the spring at overlap delta, J: the integral of the elastic part,
/// 1/2 k delta^2, 2/5 k delta^(5/2), k delta^(m1+1) / (m1+1). Zero for delta <= 0.
double elastic_energy(const NormalLaw& law, double overlap);

/// dF_elastic / d delta at overlap delta, N/m: the stiffness that decides the critical time
/// step. Zero for delta <= 0 (except the linear law: k).
double tangent_stiffness(const NormalLaw& law, double overlap);

/// The damping per unit rate, N s/m, at overlap delta: eta, eta delta^(1/4),
/// 3/2 k c delta^(3/2), and c delta^m3 for m2 = 1 (the other power laws have no linear
/// damping and give 0). Used for the damping ratio of the critical step. Zero for delta <= 0
/// (except the linear law: eta).
double linear_damping(const NormalLaw& law, double overlap);

/// The radius a = sqrt(R delta), m, of the contact patch of two elastic spheres of effective
/// radius R (m) at overlap delta (m): Hertz's delta = a^2 / R (Johnson 1985, "Contact
/// Mechanics", section 4.2). Zero for delta <= 0.
double contact_patch_radius(double effective_radius, double overlap);

}  // namespace moreau::penalty
