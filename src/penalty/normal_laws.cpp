#include "moreau/penalty/normal_laws.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace moreau::penalty {
namespace {

// One overload per law of each quantity; the public functions dispatch with std::visit.
// Every law is evaluated for delta > 0 only: the public functions return the apart value.

NormalForce force_of(const LinearSpringDashpot& law, double overlap, double overlap_rate) {
  const double elastic = law.stiffness * overlap;
  const double force = elastic + law.damping * overlap_rate;
  return {law.tension ? force : std::max(0.0, force), elastic};
}

// Tsuji et al. 1992, eq. 9: F = k delta^(3/2) + eta delta^(1/4) delta_dot.
NormalForce force_of(const Hertz& law, double overlap, double overlap_rate) {
  const double elastic = law.stiffness * std::pow(overlap, 1.5);
  const double force = elastic + law.damping * std::pow(overlap, 0.25) * overlap_rate;
  return {std::max(0.0, force), elastic};
}

NormalForce force_of(const HuntCrossley& law, double overlap, double overlap_rate) {
  const double elastic = law.stiffness * std::pow(overlap, 1.5);
  return {std::max(0.0, elastic * (1.0 + 1.5 * law.dissipation * overlap_rate)), elastic};
}

NormalForce force_of(const PowerLaw& law, double overlap, double overlap_rate) {
  const double elastic = law.stiffness * std::pow(overlap, law.stiffness_exponent);
  const double dashpot = law.damping * std::copysign(1.0, overlap_rate) *
                         std::pow(std::abs(overlap_rate), law.rate_exponent) *
                         std::pow(overlap, law.indentation_exponent);
  return {std::max(0.0, elastic + dashpot), elastic};
}

double energy_of(const LinearSpringDashpot& law, double overlap) {
  return 0.5 * law.stiffness * overlap * overlap;
}

// Integral of k x^(3/2) from 0 to delta.
double energy_of(const Hertz& law, double overlap) {
  return 0.4 * law.stiffness * std::pow(overlap, 2.5);
}

double energy_of(const HuntCrossley& law, double overlap) {
  return 0.4 * law.stiffness * std::pow(overlap, 2.5);
}

double energy_of(const PowerLaw& law, double overlap) {
  const double m1 = law.stiffness_exponent;
  return law.stiffness * std::pow(overlap, m1 + 1.0) / (m1 + 1.0);
}

double stiffness_of(const LinearSpringDashpot& law, double) { return law.stiffness; }

double stiffness_of(const Hertz& law, double overlap) {
  return 1.5 * law.stiffness * std::sqrt(overlap);
}

double stiffness_of(const HuntCrossley& law, double overlap) {
  return 1.5 * law.stiffness * std::sqrt(overlap);
}

double stiffness_of(const PowerLaw& law, double overlap) {
  const double m1 = law.stiffness_exponent;
  return m1 * law.stiffness * std::pow(overlap, m1 - 1.0);
}

double damping_of(const LinearSpringDashpot& law, double) { return law.damping; }

double damping_of(const Hertz& law, double overlap) {
  return law.damping * std::pow(overlap, 0.25);
}

// dF/d delta_dot of k delta^(3/2) (1 + 3/2 c delta_dot).
double damping_of(const HuntCrossley& law, double overlap) {
  return 1.5 * law.stiffness * law.dissipation * std::pow(overlap, 1.5);
}

// With m2 != 1 the dashpot's slope is 0 or infinite at delta_dot = 0: no linear damping.
double damping_of(const PowerLaw& law, double overlap) {
  return law.rate_exponent == 1.0 ? law.damping * std::pow(overlap, law.indentation_exponent) : 0.0;
}

void assert_valid(const LinearSpringDashpot& law) {
  MOREAU_ASSERT(law.stiffness > 0.0 && law.damping >= 0.0);
}

void assert_valid(const Hertz& law) { MOREAU_ASSERT(law.stiffness > 0.0 && law.damping >= 0.0); }

void assert_valid(const HuntCrossley& law) {
  MOREAU_ASSERT(law.stiffness > 0.0 && law.dissipation >= 0.0);
}

void assert_valid(const PowerLaw& law) {
  MOREAU_ASSERT(law.stiffness > 0.0 && law.stiffness_exponent >= 1.0 && law.damping >= 0.0 &&
                law.rate_exponent > 0.0 && law.indentation_exponent >= 0.0);
}

// The linear law's k and eta do not depend on delta, so they are also those of a contact
// about to touch: the stepper's critical step must allow for the spring before it acts. The
// other laws have zero stiffness and damping at delta = 0, and their formulas no meaning below.
template <typename Law>
constexpr bool is_linear(const Law&) {
  return std::is_same_v<Law, LinearSpringDashpot>;
}

}  // namespace

NormalForce normal_force(const NormalLaw& law, double overlap, double overlap_rate) {
  return std::visit(
      [&](const auto& concrete) {
        assert_valid(concrete);
        return overlap > 0.0 ? force_of(concrete, overlap, overlap_rate) : NormalForce{};
      },
      law);
}

NormalForce bonded_force(const NormalLaw& law, double overlap, double overlap_rate) {
  const auto* linear = std::get_if<LinearSpringDashpot>(&law);
  MOREAU_ASSERT(linear != nullptr);
  assert_valid(*linear);
  LinearSpringDashpot pulling = *linear;
  pulling.tension = true;
  return force_of(pulling, overlap, overlap_rate);
}

double bonded_energy(const NormalLaw& law, double overlap) {
  const auto* linear = std::get_if<LinearSpringDashpot>(&law);
  MOREAU_ASSERT(linear != nullptr);
  return energy_of(*linear, overlap);
}

double elastic_energy(const NormalLaw& law, double overlap) {
  return std::visit(
      [&](const auto& concrete) {
        assert_valid(concrete);
        return overlap > 0.0 ? energy_of(concrete, overlap) : 0.0;
      },
      law);
}

double tangent_stiffness(const NormalLaw& law, double overlap) {
  return std::visit(
      [&](const auto& concrete) {
        assert_valid(concrete);
        return overlap > 0.0 || is_linear(concrete) ? stiffness_of(concrete, overlap) : 0.0;
      },
      law);
}

double linear_damping(const NormalLaw& law, double overlap) {
  return std::visit(
      [&](const auto& concrete) {
        assert_valid(concrete);
        return overlap > 0.0 || is_linear(concrete) ? damping_of(concrete, overlap) : 0.0;
      },
      law);
}

double contact_patch_radius(double effective_radius, double overlap) {
  MOREAU_ASSERT(effective_radius > 0.0);
  return overlap > 0.0 ? std::sqrt(effective_radius * overlap) : 0.0;
}

}  // namespace moreau::penalty
