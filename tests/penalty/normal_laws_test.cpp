// The normal laws of the penalty mode against hand-computed forces, their no-tension limit,
// and their stiffness, damping and energy against finite differences of the force.
#include "moreau/penalty/normal_laws.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace moreau::penalty {
namespace {

// The hand values below are exact decimal arithmetic; the code's only error is round-off of
// a few operations, well below 1e-12 relative.
constexpr double kNormalLawRoundOff = 1e-12;

TEST(LinearSpringDashpot, ForceIsSpringPlusDashpot) {
  const NormalLaw law = LinearSpringDashpot{1000.0, 10.0};
  // k delta + eta delta_dot = 1000 * 0.01 + 10 * 0.5 = 10 + 5 = 15 N.
  const NormalForce f = normal_force(law, 0.01, 0.5);
  EXPECT_NEAR(f.force, 15.0, 15.0 * kNormalLawRoundOff);
  EXPECT_NEAR(f.elastic, 10.0, 10.0 * kNormalLawRoundOff);
}

TEST(LinearSpringDashpot, PullsOnlyWithTension) {
  // 1000 * 0.01 + 10 * (-2) = 10 - 20 = -10 N: the dashpot would pull while separating.
  EXPECT_EQ(normal_force(LinearSpringDashpot{1000.0, 10.0}, 0.01, -2.0).force, 0.0);
  EXPECT_NEAR(normal_force(LinearSpringDashpot{1000.0, 10.0, true}, 0.01, -2.0).force, -10.0,
              10.0 * kNormalLawRoundOff);
}

TEST(Hertz, ForceHasTsujiDashpot) {
  // delta = 1e-4: delta^(3/2) = 1e-6, delta^(1/4) = 0.1.
  // k delta^(3/2) + eta delta^(1/4) delta_dot = 1e6 * 1e-6 + 100 * 0.1 * 0.3 = 1 + 3 = 4 N.
  const NormalLaw law = Hertz{1e6, 100.0};
  EXPECT_NEAR(normal_force(law, 1e-4, 0.3).force, 4.0, 4.0 * kNormalLawRoundOff);
  EXPECT_NEAR(normal_force(law, 1e-4, 0.3).elastic, 1.0, kNormalLawRoundOff);
  EXPECT_EQ(normal_force(law, 1e-4, -0.3).force, 0.0);  // 1 - 3 < 0: no tension
}

// k = 4/3 sqrt(R) E with R = 0.01 m and E = 3.2e8 sqrt(5) Pa: 9.5405567e7 N/m^1.5, and
// c = 1.7 s/m, the combination of 0.5 and 2.0 s/m with s1 = 0.2 (calibration_test.cpp).
const double kHuntCrossleyStiffness = 4.0 / 3.0 * 0.1 * 3.2e8 * std::sqrt(5.0);
constexpr double kHuntCrossleyDissipation = 1.7;

TEST(HuntCrossley, ForceAtHandComputedPoints) {
  const double k = kHuntCrossleyStiffness;
  const NormalLaw law = HuntCrossley{k, kHuntCrossleyDissipation};
  // delta = 1e-4 m: k delta^(3/2) = 95.405567 N.
  // Approaching at 0.5 m/s: 1 + 3/2 * 1.7 * 0.5 = 2.275, F = 217.04767 N.
  EXPECT_NEAR(normal_force(law, 1e-4, 0.5).force, k * 1e-6 * 2.275, 217.0 * kNormalLawRoundOff);
  EXPECT_NEAR(normal_force(law, 1e-4, 0.5).elastic, k * 1e-6, 95.4 * kNormalLawRoundOff);
  // Separating at 0.2 m/s: 1 - 3/2 * 1.7 * 0.2 = 0.49, F = 46.748728 N.
  EXPECT_NEAR(normal_force(law, 1e-4, -0.2).force, k * 1e-6 * 0.49, 46.7 * kNormalLawRoundOff);
  // Separating at 0.5 m/s: 1 - 1.275 < 0, the formula would pull.
  EXPECT_EQ(normal_force(law, 1e-4, -0.5).force, 0.0);
}

TEST(HuntCrossley, EnergyAndPatchRadiusAtHandComputedPoints) {
  const NormalLaw law = HuntCrossley{kHuntCrossleyStiffness, kHuntCrossleyDissipation};
  // 2/5 k delta^(5/2) = 0.4 * 9.5405567e7 * 1e-10 = 3.8162227e-3 J.
  EXPECT_NEAR(elastic_energy(law, 1e-4), 0.4 * kHuntCrossleyStiffness * 1e-10,
              3.8e-3 * kNormalLawRoundOff);
  // sqrt(R delta) = sqrt(0.01 * 1e-4) = 1e-3 m; 4 mm at delta = 1.6e-3 m.
  EXPECT_NEAR(contact_patch_radius(0.01, 1e-4), 1e-3, 1e-3 * kNormalLawRoundOff);
  EXPECT_NEAR(contact_patch_radius(0.01, 1.6e-3), 4e-3, 4e-3 * kNormalLawRoundOff);
  EXPECT_EQ(contact_patch_radius(0.01, -1e-4), 0.0);
  // 3/2 k c delta^(3/2) = 1.5 * 9.5405567e7 * 1.7 * 1e-6 = 243.28420 N s/m.
  EXPECT_NEAR(linear_damping(law, 1e-4), 1.5 * kHuntCrossleyStiffness * 1.7e-6,
              243.0 * kNormalLawRoundOff);
}

TEST(PowerLaw, ForceAtHandComputedPoints) {
  // m1 = 3/2, m2 = 2, m3 = 1/2 at delta = 4e-4 m: delta^(3/2) = 8e-6, delta^(1/2) = 0.02.
  const NormalLaw law = PowerLaw{2e5, 1.5, 50.0, 2.0, 0.5};
  // k delta^m1 = 2e5 * 8e-6 = 1.6 N; dashpot 50 * 0.1^2 * 0.02 = 0.01 N.
  EXPECT_NEAR(normal_force(law, 4e-4, 0.1).force, 1.61, 1.61 * kNormalLawRoundOff);
  EXPECT_NEAR(normal_force(law, 4e-4, -0.1).force, 1.59, 1.59 * kNormalLawRoundOff);
  EXPECT_NEAR(normal_force(law, 4e-4, 0.1).elastic, 1.6, 1.6 * kNormalLawRoundOff);
  // Separating at 20 m/s: 1.6 - 50 * 400 * 0.02 = 1.6 - 400 < 0.
  EXPECT_EQ(normal_force(law, 4e-4, -20.0).force, 0.0);
  // Energy k delta^(m1+1)/(m1+1) = 2e5 * (4e-4)^(5/2) / 2.5 = 2e5 * 3.2e-9 / 2.5 = 2.56e-4 J.
  EXPECT_NEAR(elastic_energy(law, 4e-4), 2.56e-4, 2.56e-4 * kNormalLawRoundOff);
}

// One law of each kind, with damping, for the properties every law shares.
struct NamedLaw {
  std::string name;
  NormalLaw law;
};

std::vector<NamedLaw> every_law() {
  return {{"linear", LinearSpringDashpot{1e5, 40.0}},
          {"linear with tension", LinearSpringDashpot{1e5, 40.0, true}},
          {"Hertz", Hertz{1e8, 2e3}},
          {"Hunt-Crossley", HuntCrossley{1e8, 0.8}},
          {"power law m2 = 1", PowerLaw{3e7, 1.3, 1e4, 1.0, 0.7}},
          {"power law m2 = 1/2", PowerLaw{3e7, 1.8, 5e5, 0.5, 1.2}}};
}

TEST(NormalLaws, NoForceWhenApart) {
  for (const auto& [name, law] : every_law()) {
    for (const double overlap : {0.0, -1e-3}) {
      EXPECT_EQ(normal_force(law, overlap, 2.0).force, 0.0) << name;
      EXPECT_EQ(normal_force(law, overlap, -2.0).force, 0.0) << name;
      EXPECT_EQ(normal_force(law, overlap, 2.0).elastic, 0.0) << name;
      EXPECT_EQ(elastic_energy(law, overlap), 0.0) << name;
    }
  }
}

TEST(NormalLaws, NeverPullWithoutTension) {
  // At delta = 1e-3 m every dashpot exceeds the spring when separating at 100 m/s.
  for (const auto& [name, law] : every_law()) {
    const NormalForce f = normal_force(law, 1e-3, -100.0);
    const bool pulls = std::holds_alternative<LinearSpringDashpot>(law) &&
                       std::get<LinearSpringDashpot>(law).tension;
    if (pulls) {
      EXPECT_LT(f.force, 0.0) << name;
    } else {
      EXPECT_EQ(f.force, 0.0) << name;
    }
    EXPECT_GT(f.elastic, 0.0) << name;
  }
}

// Central differences with a step of 1e-6 delta: truncation (step^2 F''' / 6) and round-off
// (eps F / step) are both below 1e-9 relative; 1e-7 leaves room.
constexpr double kFiniteDifference = 1e-7;

double central_difference(double x, double step, auto&& f) {
  return (f(x + step) - f(x - step)) / (2.0 * step);
}

TEST(NormalLaws, TangentStiffnessIsTheSlopeOfTheElasticForce) {
  for (const NamedLaw& named : every_law()) {
    // Named, not bound: Clang 14 cannot capture structured bindings in lambdas.
    const std::string& name = named.name;
    const NormalLaw& law = named.law;
    for (const double overlap : {1e-5, 3e-4, 2e-3}) {
      const double slope = central_difference(
          overlap, 1e-6 * overlap, [&](double x) { return normal_force(law, x, 0.0).elastic; });
      const double k = tangent_stiffness(law, overlap);
      EXPECT_NEAR(k, slope, kFiniteDifference * k) << name << " at " << overlap;
    }
  }
}

TEST(NormalLaws, ElasticEnergyIsTheIntegralOfTheElasticForce) {
  for (const NamedLaw& named : every_law()) {
    // Named, not bound: Clang 14 cannot capture structured bindings in lambdas.
    const std::string& name = named.name;
    const NormalLaw& law = named.law;
    for (const double overlap : {1e-5, 3e-4, 2e-3}) {
      const double slope = central_difference(overlap, 1e-6 * overlap,
                                              [&](double x) { return elastic_energy(law, x); });
      const double f = normal_force(law, overlap, 0.0).elastic;
      EXPECT_NEAR(slope, f, kFiniteDifference * f) << name << " at " << overlap;
    }
  }
}

TEST(NormalLaws, LinearDampingIsTheSlopeInTheRate) {
  // The force is affine in delta_dot for m2 = 1 (at a rate where it is not clamped), so the
  // difference is exact but for round-off; for m2 = 1/2 the law reports no linear damping.
  for (const NamedLaw& named : every_law()) {
    // Named, not bound: Clang 14 cannot capture structured bindings in lambdas.
    const std::string& name = named.name;
    const NormalLaw& law = named.law;
    const double overlap = 3e-4;
    const double slope = central_difference(
        0.01, 1e-3, [&](double rate) { return normal_force(law, overlap, rate).force; });
    const double eta = linear_damping(law, overlap);
    const auto* power_law = std::get_if<PowerLaw>(&law);
    if (power_law && power_law->rate_exponent != 1.0) {
      EXPECT_EQ(eta, 0.0);
    } else {
      EXPECT_NEAR(eta, slope, kFiniteDifference * eta) << name;
    }
  }
}

TEST(NormalLaws, OnlyTheLinearLawKeepsStiffnessAndDampingWhenApart) {
  for (const auto& [name, law] : every_law()) {
    const bool linear = std::holds_alternative<LinearSpringDashpot>(law);
    EXPECT_EQ(tangent_stiffness(law, -1e-3), linear ? 1e5 : 0.0) << name;
    EXPECT_EQ(linear_damping(law, -1e-3), linear ? 40.0 : 0.0) << name;
  }
}

}  // namespace
}  // namespace moreau::penalty
