#include "moreau/penalty/law_pair.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/penalty/calibration.hpp"

#include <optional>

namespace moreau::penalty {
namespace {

// The given value, else the calibrated one. N.B. calibrate runs only when the value is unset:
// a calibration may assert on material data that a given value makes unnecessary.
template <typename Calibrate>
double given_or(const std::optional<double>& given, Calibrate calibrate) {
  return given ? *given : calibrate();
}

// k = 4/3 sqrt(R) E* of the Hertz and Hunt-Crossley laws, E* Hertz's effective modulus.
double calibrated_hertz_stiffness(const ContactSide& a, const ContactSide& b) {
  const double modulus = hertz_modulus(plane_strain_modulus(a.young_modulus, a.poisson_ratio),
                                       plane_strain_modulus(b.young_modulus, b.poisson_ratio));
  return hertz_stiffness(effective_radius(a.radius, b.radius), modulus);
}

double calibrated_dissipation(const ContactSide& a, const ContactSide& b) {
  return combined_dissipation(a.dissipation, plane_strain_modulus(a.young_modulus, a.poisson_ratio),
                              b.dissipation,
                              plane_strain_modulus(b.young_modulus, b.poisson_ratio));
}

// The stiffness per unit area times the point's area, where both are given (> 0).
std::optional<double> joint_spring(const std::optional<double>& per_area, double area) {
  if (per_area && area > 0.0) return *per_area * area;
  return std::nullopt;
}

NormalLaw resolve_normal_law(const NormalLawSettings& settings, double restitution,
                             const ContactSide& a, const ContactSide& b, double overlap,
                             double area) {
  switch (settings.kind) {
    case NormalLawKind::Linear: {
      const double k = given_or(joint_spring(settings.stiffness_per_area, area), [&] {
        return given_or(settings.stiffness, [&] {
          return series_spring_stiffness({a.radius, a.young_modulus}, {b.radius, b.young_modulus},
                                         overlap);
        });
      });
      const double eta = given_or(settings.damping, [&] {
        return damping_from_restitution(restitution, effective_mass(a.mass, b.mass), k);
      });
      return LinearSpringDashpot{k, eta, settings.tension};
    }
    case NormalLawKind::Hertz:
      return Hertz{given_or(settings.stiffness, [&] { return calibrated_hertz_stiffness(a, b); }),
                   settings.damping.value_or(0.0)};
    case NormalLawKind::HuntCrossley:
      return HuntCrossley{
          given_or(settings.stiffness, [&] { return calibrated_hertz_stiffness(a, b); }),
          given_or(settings.dissipation, [&] { return calibrated_dissipation(a, b); })};
    case NormalLawKind::PowerLaw:
      MOREAU_ASSERT(settings.stiffness.has_value());
      return PowerLaw{*settings.stiffness, settings.stiffness_exponent,
                      settings.damping.value_or(0.0), settings.rate_exponent,
                      settings.indentation_exponent};
  }
  core::assertion_failed("settings.kind is a NormalLawKind", __FILE__, __LINE__);
}

// k_s A_i at a point with an area, else K_t as given, else K_t/K_n times K_n, else Mindlin's
// ratio for the mean Poisson ratio.
double resolve_tangential_stiffness(const TangentialLawSettings& settings, double normal_stiffness,
                                    const ContactSide& a, const ContactSide& b, double area) {
  if (const auto spring = joint_spring(settings.stiffness_per_area, area)) return *spring;
  if (settings.stiffness) return *settings.stiffness;
  if (settings.stiffness_ratio) return *settings.stiffness_ratio * normal_stiffness;
  return tangential_stiffness(normal_stiffness, 0.5 * (a.poisson_ratio + b.poisson_ratio));
}

TangentialLaw resolve_tangential_law(const TangentialLawSettings& settings, const NormalLaw& normal,
                                     double friction, double restitution, const ContactSide& a,
                                     const ContactSide& b, double overlap, double area) {
  if (settings.kind == TangentialLawKind::VelocityDependent)
    return VelocityDependentFriction{settings.static_friction.value_or(friction), friction,
                                     settings.static_velocity, settings.dynamic_velocity,
                                     settings.max_force};
  const double k_t =
      resolve_tangential_stiffness(settings, tangent_stiffness(normal, overlap), a, b, area);
  if (settings.kind == TangentialLawKind::IncrementalCoulomb) return IncrementalCoulomb{k_t};
  const double eta_t = given_or(settings.damping, [&] {
    return tangential_damping_from_restitution(restitution, effective_mass(a.mass, b.mass), k_t);
  });
  return SpringDashpotSlider{k_t, eta_t};
}

}  // namespace

ContactLaws resolve_laws(const LawPair& settings, double friction, double restitution,
                         const ContactSide& a, const ContactSide& b, double overlap, double area) {
  const NormalLaw normal = resolve_normal_law(settings.normal, restitution, a, b, overlap, area);
  return {normal, resolve_tangential_law(settings.tangential, normal, friction, restitution, a, b,
                                         overlap, area)};
}

}  // namespace moreau::penalty
