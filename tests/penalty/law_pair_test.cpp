// resolve_laws: given parameters win, unset ones are calibrated from the materials as
// law_pair.hpp lists, checked against the hand values of calibration_test.cpp.
#include "moreau/penalty/law_pair.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::penalty {
namespace {

constexpr double kFlatOrFixed = std::numeric_limits<double>::infinity();
constexpr double kLawPairRoundOff = 1e-12;

// -2 ln(e) sqrt(m k / (ln(e)^2 + pi^2)), written out again.
double hand_damping(double e, double m, double k) {
  const double log_e = std::log(e);
  return -2.0 * log_e * std::sqrt(m * k / (log_e * log_e + std::numbers::pi * std::numbers::pi));
}

TEST(ResolveLaws, LinearLawFromSeriesSpringsAndRestitution) {
  // calibration_test.cpp's pair: k_n = 1336785.93 N/m at 1 mm; m_eff = 2 * 3 / 5 = 1.2 kg.
  const ContactSide body{0.2, 2.0, 10e6, 0.2, 0.0};
  const ContactSide sphere{0.1, 3.0, 30e6, 0.3, 0.0};
  const ContactLaws laws = resolve_laws(LawPair{}, 0.6, 0.5, body, sphere, 1e-3, 0.0);
  const auto& normal = std::get<LinearSpringDashpot>(laws.normal);
  EXPECT_NEAR(normal.stiffness, 1336785.93, 5e-3);
  EXPECT_NEAR(normal.damping, hand_damping(0.5, 1.2, normal.stiffness), 1e-9);
  EXPECT_FALSE(normal.tension);
  // The default slider: K_t = (1 - 0.25) / (1 - 0.125) K_n = 6/7 K_n for the mean nu = 0.25,
  // and its dashpot from the same e on 2/7 of m_eff.
  const auto& tangential = std::get<SpringDashpotSlider>(laws.tangential);
  EXPECT_NEAR(tangential.stiffness, 6.0 / 7.0 * normal.stiffness, 1.2e6 * kLawPairRoundOff);
  EXPECT_NEAR(tangential.damping, hand_damping(0.5, 2.0 / 7.0 * 1.2, tangential.stiffness), 1e-9);
}

// Springs per unit area of joint (3DEC's jkn, jks) at a point standing for 0.0025 m^2:
// k_n A_i and k_s A_i, the dashpots calibrated on them (e = 0: critical, on m_eff = 2 kg);
// a point without area keeps the stiffness given, and the tangential spring its ratio.
TEST(ResolveLaws, StiffnessesPerAreaTimesThePointsArea) {
  const ContactSide block{0.1, 2.0, 0.0, 0.0, 0.0};
  const ContactSide ground{kFlatOrFixed, kFlatOrFixed, 0.0, 0.0, 0.0};
  LawPair pair;
  pair.normal.stiffness_per_area = 4e9;
  pair.normal.stiffness = 1e3;
  pair.tangential.stiffness_per_area = 1.6e9;
  pair.tangential.stiffness_ratio = 0.5;
  const ContactLaws joint = resolve_laws(pair, 0.6, 0.0, block, ground, 1e-6, 0.0025);
  const auto& normal = std::get<LinearSpringDashpot>(joint.normal);
  const auto& tangential = std::get<SpringDashpotSlider>(joint.tangential);
  EXPECT_NEAR(normal.stiffness, 1e7, 1e7 * kLawPairRoundOff);
  EXPECT_NEAR(tangential.stiffness, 4e6, 4e6 * kLawPairRoundOff);
  EXPECT_NEAR(normal.damping, 2 * std::sqrt(2.0 * 1e7), 1e-9 * normal.damping);
  EXPECT_NEAR(tangential.damping, 2 * std::sqrt(2.0 / 7.0 * 2.0 * 4e6), 1e-9 * tangential.damping);
  const ContactLaws point = resolve_laws(pair, 0.6, 0.0, block, ground, 1e-6, 0.0);
  EXPECT_EQ(std::get<LinearSpringDashpot>(point.normal).stiffness, 1e3);
  EXPECT_NEAR(std::get<SpringDashpotSlider>(point.tangential).stiffness, 500.0,
              500.0 * kLawPairRoundOff);
}

TEST(ResolveLaws, HuntCrossleyFromHertzAndSimbodysDissipation) {
  // Plane-strain moduli 7.28e9 / 0.91 = 8e9 and 0.91e9 / 0.91 = 1e9 Pa, Hertz's E* = 8e9/9
  // Pa; R = 0.01 m: k = 4/3 * 0.1 * 8e9/9 N/m^1.5; c = 0.5 * 0.2 + 2.0 * 0.8 = 1.7 s/m.
  const ContactSide a{0.02, 1.0, 7.28e9, 0.3, 0.5};
  const ContactSide b{0.02, 1.0, 0.91e9, 0.3, 2.0};
  LawPair pair;
  pair.normal.kind = NormalLawKind::HuntCrossley;
  pair.tangential.kind = TangentialLawKind::IncrementalCoulomb;
  const ContactLaws laws = resolve_laws(pair, 0.6, 0.5, a, b, 1e-4, 0.0);
  const auto& normal = std::get<HuntCrossley>(laws.normal);
  const double k = 4.0 / 3.0 * 0.1 * 8e9 / 9.0;
  EXPECT_NEAR(normal.stiffness, k, k * kLawPairRoundOff);
  EXPECT_NEAR(normal.dissipation, 1.7, 1.7 * kLawPairRoundOff);
  // K_t from K_n = 3/2 k sqrt(1e-4) = 0.015 k and nu = 0.3: 0.7 / 0.85 = 14/17 of it.
  EXPECT_NEAR(std::get<IncrementalCoulomb>(laws.tangential).stiffness, 14.0 / 17.0 * 0.015 * k,
              1.2e6 * kLawPairRoundOff);
}

TEST(ResolveLaws, GivenParametersWinAndNeedNoMaterialData) {
  // No Young's modulus or mass: a calibration would fail its preconditions.
  const ContactSide bare{0.1, 1.0, 0.0, 0.0, 0.0};
  LawPair pair;
  pair.normal.stiffness = 2e5;
  pair.normal.damping = 30.0;
  pair.normal.tension = true;
  pair.tangential.stiffness = 1e5;
  pair.tangential.stiffness_ratio = 0.1;  // the stiffness given wins over the ratio
  pair.tangential.damping = 4.0;
  const ContactLaws laws = resolve_laws(pair, 0.6, 0.5, bare, bare, 1e-3, 0.0);
  const auto& normal = std::get<LinearSpringDashpot>(laws.normal);
  EXPECT_EQ(normal.stiffness, 2e5);
  EXPECT_EQ(normal.damping, 30.0);
  EXPECT_TRUE(normal.tension);
  EXPECT_EQ(std::get<SpringDashpotSlider>(laws.tangential).stiffness, 1e5);
  EXPECT_EQ(std::get<SpringDashpotSlider>(laws.tangential).damping, 4.0);
  // The ratio alone: K_t = 0.1 K_n.
  pair.tangential.stiffness.reset();
  EXPECT_NEAR(
      std::get<SpringDashpotSlider>(resolve_laws(pair, 0.6, 0.5, bare, bare, 1e-3, 0.0).tangential)
          .stiffness,
      2e4, 2e4 * kLawPairRoundOff);
}

TEST(ResolveLaws, PowerLawAndHertzTakeTheirSettings) {
  const ContactSide side{0.1, 1.0, 1e9, 0.25, 0.0};
  LawPair pair;
  pair.normal.kind = NormalLawKind::PowerLaw;
  pair.normal.stiffness = 3e7;
  pair.normal.damping = 100.0;
  pair.normal.stiffness_exponent = 1.3;
  pair.normal.rate_exponent = 0.5;
  pair.normal.indentation_exponent = 1.2;
  const auto power = std::get<PowerLaw>(resolve_laws(pair, 0.6, 0.5, side, side, 1e-4, 0.0).normal);
  EXPECT_EQ(power.stiffness, 3e7);
  EXPECT_EQ(power.stiffness_exponent, 1.3);
  EXPECT_EQ(power.damping, 100.0);
  EXPECT_EQ(power.rate_exponent, 0.5);
  EXPECT_EQ(power.indentation_exponent, 1.2);
  // Hertz with the damping unset: none. Plane-strain moduli 1e9 / 0.9375 on both sides,
  // Hertz's E* half of it; R = 0.05 m.
  pair.normal = NormalLawSettings{};
  pair.normal.kind = NormalLawKind::Hertz;
  const auto hertz = std::get<Hertz>(resolve_laws(pair, 0.6, 0.5, side, side, 1e-4, 0.0).normal);
  const double k = 4.0 / 3.0 * std::sqrt(0.05) * (1e9 / 0.9375) / 2.0;
  EXPECT_NEAR(hertz.stiffness, k, k * kLawPairRoundOff);
  EXPECT_EQ(hertz.damping, 0.0);
}

TEST(ResolveLaws, VelocityDependentTakesMuAsDynamicFriction) {
  const ContactSide side{0.1, 1.0, 1e9, 0.25, 0.0};
  LawPair pair;
  pair.tangential.kind = TangentialLawKind::VelocityDependent;
  pair.tangential.static_velocity = 2e-4;
  pair.tangential.dynamic_velocity = 3e-3;
  pair.tangential.max_force = 50.0;
  const auto unset = std::get<VelocityDependentFriction>(
      resolve_laws(pair, 0.6, 0.5, side, side, 1e-4, 0.0).tangential);
  EXPECT_EQ(unset.static_friction, 0.6);
  EXPECT_EQ(unset.dynamic_friction, 0.6);
  EXPECT_EQ(unset.static_velocity, 2e-4);
  EXPECT_EQ(unset.dynamic_velocity, 3e-3);
  EXPECT_EQ(unset.max_force, 50.0);
  pair.tangential.static_friction = 0.8;
  EXPECT_EQ(std::get<VelocityDependentFriction>(
                resolve_laws(pair, 0.6, 0.5, side, side, 1e-4, 0.0).tangential)
                .static_friction,
            0.8);
}

TEST(ResolveLawsDeathTest, FlatAgainstFlatHasNoSeriesSpring) {
#ifdef NDEBUG
  GTEST_SKIP() << "MOREAU_ASSERT is compiled out in Release builds";
#endif
  const ContactSide plane{kFlatOrFixed, kFlatOrFixed, 1e9, 0.25, 0.0};
  const ContactSide facet{kFlatOrFixed, 1.0, 1e9, 0.25, 0.0};
  EXPECT_DEATH(resolve_laws(LawPair{}, 0.6, 0.5, plane, facet, 1e-4, 0.0), "isfinite");
}

}  // namespace
}  // namespace moreau::penalty
