#include "moreau/penalty/calibration.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace moreau::penalty {
namespace {

// Simbody's s1 = E2^(2/3) / (E1^(2/3) + E2^(2/3)): for F = E1 x1^(3/2) = E2 x2^(3/2), body 1
// takes the share x1 / (x1 + x2) of the total deformation.
double deformation_share(double modulus_1, double modulus_2) {
  MOREAU_ASSERT(modulus_1 > 0.0 && modulus_2 > 0.0 && std::isfinite(modulus_1) &&
                std::isfinite(modulus_2));
  const double k1 = std::cbrt(modulus_1 * modulus_1);
  const double k2 = std::cbrt(modulus_2 * modulus_2);
  return k2 / (k1 + k2);
}

// A spring's length from the body's centre to the middle of the overlap; a flat body
// (infinite radius) has none and takes the other's.
double spring_length(const SpringSide& side, const SpringSide& other, double overlap) {
  const double radius = std::isinf(side.radius) ? other.radius : side.radius;
  const double length = radius - 0.5 * overlap;
  MOREAU_ASSERT(length > 0.0);
  return length;
}

}  // namespace

double tangential_stiffness(double normal_stiffness, double poisson_ratio) {
  MOREAU_ASSERT(normal_stiffness >= 0.0 && poisson_ratio >= 0.0 && poisson_ratio < 0.5);
  return (1.0 - poisson_ratio) / (1.0 - 0.5 * poisson_ratio) * normal_stiffness;
}

// From x = A exp(-zeta omega t) sin(omega_d t): the half period pi / omega_d takes the velocity
// from v to -e v, so ln(e) = -pi zeta / sqrt(1 - zeta^2), which solved for eta = 2 zeta
// sqrt(m k) is the formula. ln(0) = -infinity: e = 0 is taken as its limit, 2 sqrt(m k).
double damping_from_restitution(double restitution, double effective_mass, double stiffness) {
  MOREAU_ASSERT(restitution >= 0.0 && restitution <= 1.0);
  MOREAU_ASSERT(effective_mass > 0.0 && std::isfinite(effective_mass) && stiffness > 0.0);
  const double critical = 2.0 * std::sqrt(effective_mass * stiffness);
  if (restitution == 0.0) return critical;
  const double log_e = std::log(restitution);
  return -log_e * critical / std::sqrt(log_e * log_e + std::numbers::pi * std::numbers::pi);
}

double tangential_damping_from_restitution(double restitution, double effective_mass,
                                           double tangential_stiffness) {
  return damping_from_restitution(restitution, 2.0 / 7.0 * effective_mass, tangential_stiffness);
}

// Written with inverses so that an infinite mass (1/m = 0) needs no special case.
double effective_mass(double mass_a, double mass_b) {
  MOREAU_ASSERT(mass_a > 0.0 && mass_b > 0.0);
  return 1.0 / (1.0 / mass_a + 1.0 / mass_b);
}

double effective_radius(double radius_a, double radius_b) {
  MOREAU_ASSERT(radius_a > 0.0 && radius_b > 0.0);
  return 1.0 / (1.0 / radius_a + 1.0 / radius_b);
}

double plane_strain_modulus(double young_modulus, double poisson_ratio) {
  MOREAU_ASSERT(young_modulus > 0.0 && poisson_ratio > -1.0 && poisson_ratio < 0.5);
  return young_modulus / (1.0 - poisson_ratio * poisson_ratio);
}

double hertz_modulus(double modulus_1, double modulus_2) {
  MOREAU_ASSERT(modulus_1 > 0.0 && modulus_2 > 0.0);
  return 1.0 / (1.0 / modulus_1 + 1.0 / modulus_2);
}

double combined_dissipation(double dissipation_1, double modulus_1, double dissipation_2,
                            double modulus_2) {
  MOREAU_ASSERT(dissipation_1 >= 0.0 && dissipation_2 >= 0.0);
  const double s1 = deformation_share(modulus_1, modulus_2);
  return dissipation_1 * s1 + dissipation_2 * (1.0 - s1);
}

double hertz_stiffness(double effective_radius, double effective_modulus) {
  MOREAU_ASSERT(effective_radius > 0.0 && std::isfinite(effective_radius));
  MOREAU_ASSERT(effective_modulus > 0.0);
  return 4.0 / 3.0 * std::sqrt(effective_radius) * effective_modulus;
}

double series_spring_stiffness(const SpringSide& a, const SpringSide& b, double overlap) {
  MOREAU_ASSERT(std::isfinite(a.radius) || std::isfinite(b.radius));
  MOREAU_ASSERT(a.young_modulus > 0.0 && b.young_modulus > 0.0);
  const double l_a = spring_length(a, b, overlap);
  const double l_b = spring_length(b, a, overlap);
  const double area = std::numbers::pi * std::pow(std::min(l_a, l_b), 2);
  return area / (l_a / a.young_modulus + l_b / b.young_modulus);
}

}  // namespace moreau::penalty
