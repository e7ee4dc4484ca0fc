// The penalty laws of a pair of materials as the problem file gives them (docs/mathematics.md
// section 2): the kind of normal and tangential law and the parameters the user set. A parameter
// left unset is calibrated per contact from the materials and the contact's geometry
// (resolve_laws), so that one line of a problem file serves balls of every size.
#pragma once

#include "moreau/penalty/normal_laws.hpp"
#include "moreau/penalty/tangential_laws.hpp"
#include "moreau/penalty/user_law.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace moreau::penalty {

enum class NormalLawKind { Linear, Hertz, HuntCrossley, PowerLaw };

/// Whether resolve_laws calibrates the law's stiffness from the materials where it is unset:
/// the power law's k has the unit N/m^m1 of its free exponent, which no modulus gives.
constexpr bool has_calibrated_stiffness(NormalLawKind kind) {
  return kind != NormalLawKind::PowerLaw;
}
enum class TangentialLawKind { SpringDashpotSlider, IncrementalCoulomb, VelocityDependent };

struct NormalLawSettings {
  NormalLawKind kind = NormalLawKind::Linear;
  /// k, in the law's unit. Unset: series_spring_stiffness for the linear law, hertz_stiffness
  /// for Hertz and Hunt-Crossley; a law without has_calibrated_stiffness needs it.
  std::optional<double> stiffness;
  /// k_n of the linear law per unit area of joint, Pa/m (3DEC's jkn): a contact point standing
  /// for an area A_i of joint (collision::ContactPoint::area) has k = k_n A_i; a point without
  /// an area (a sphere, an edge across an edge) has `stiffness` or its calibration.
  std::optional<double> stiffness_per_area;
  /// eta of the linear law (unset: damping_from_restitution with the pair's e), of Hertz
  /// (unset: 0), or c of the power law (unset: 0).
  std::optional<double> damping;
  /// c of Hunt-Crossley, s/m (unset: combined_dissipation of the materials').
  std::optional<double> dissipation;
  double stiffness_exponent = 1.5;    ///< power law m1
  double rate_exponent = 1.0;         ///< power law m2
  double indentation_exponent = 1.0;  ///< power law m3
  bool tension = false;               ///< linear law only
};

struct TangentialLawSettings {
  TangentialLawKind kind = TangentialLawKind::SpringDashpotSlider;
  /// K_t, N/m. Unset: stiffness_ratio K_n when that is set, else tangential_stiffness(K_n,
  /// nu), K_n the normal law's tangent stiffness.
  std::optional<double> stiffness;
  std::optional<double> stiffness_ratio;  ///< K_t / K_n, > 0
  /// k_s per unit area of joint, Pa/m (3DEC's jks): K_t = k_s A_i at a contact point standing
  /// for an area A_i of joint, before `stiffness` and `stiffness_ratio`.
  std::optional<double> stiffness_per_area;
  /// eta_t of the slider, N s/m. Unset: tangential_damping_from_restitution with the pair's e.
  std::optional<double> damping;
  /// mu_s of the velocity-dependent law (unset: the pair's friction, which is its mu_d).
  std::optional<double> static_friction;
  double static_velocity = 1e-4;    ///< v_s, m/s
  double dynamic_velocity = 1e-3;   ///< v_d, m/s
  std::optional<double> max_force;  ///< N
};

/// A law from a shared library: it replaces both the normal and the tangential law.
struct UserLawSettings {
  std::shared_ptr<const UserLaw> law;
  std::vector<double> parameters;
};

struct LawPair {
  NormalLawSettings normal;
  TangentialLawSettings tangential;
  std::optional<UserLawSettings> user;
};

/// What the calibration needs of one side of a contact.
struct ContactSide {
  double radius = 0.0;         ///< m; infinity for a flat body (a plane)
  double mass = 0.0;           ///< kg; infinity for a body that does not move
  double young_modulus = 0.0;  ///< Pa
  double poisson_ratio = 0.0;
  double dissipation = 0.0;  ///< Hunt-Crossley c of the material, s/m
};

/// The concrete laws of one contact.
struct ContactLaws {
  NormalLaw normal;
  TangentialLaw tangential;
};

/// The laws of a contact between sides a and b at overlap delta (m) of a contact point that
/// stands for `area` of joint (m^2; 0 where the bodies meet at a point): the settings, with
/// the stiffnesses per unit area times the area where it is > 0 and every unset parameter
/// calibrated (calibration.hpp) from the sides, the pair's friction mu and restitution e.
/// @pre the stiffness is set where !has_calibrated_stiffness(kind), and the sides carry what
///      the unset parameters need (Young's moduli > 0 for a calibrated stiffness): the
///      problem-file reader checks both with a diagnostic
ContactLaws resolve_laws(const LawPair& settings, double friction, double restitution,
                         const ContactSide& a, const ContactSide& b, double overlap, double area);

}  // namespace moreau::penalty
