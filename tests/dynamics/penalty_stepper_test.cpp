// The penalty mode through the whole stack (detection, laws, explicit integration) against
// closed-form impacts, Coulomb's incline, and an energy account over 10^5 steps.
#include "moreau/dynamics/penalty_stepper.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/penalty/calibration.hpp"
#include "support/penalty_scenes.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using testing::kG;

constexpr double kPi = std::numbers::pi;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

const std::vector<model::Material> kOneMaterial{{"default"}};

struct Impact {
  double restitution = 0.0;  ///< rebound speed over impact speed
  double duration = 0.0;     ///< s, while the force is not zero
};

// Steps until the ball leaves the ground; the duration counts the steps that began with a
// force, so it is exact to one step h.
Impact run_impact(model::Scene& scene, double h) {
  PenaltyStepper stepper(scene, {.h = h}, kOneMaterial);
  Impact impact;
  int steps_in_contact = 0;
  for (int k = 0; k < 100000 && !(scene.bodies[1].v.z() > 0 && stepper.contacts().empty()); ++k) {
    stepper.step();
    if (!stepper.contacts().empty() && stepper.contacts()[0].force[0] != 0.0) ++steps_in_contact;
  }
  impact.restitution = scene.bodies[1].v.z();
  impact.duration = steps_in_contact * h;
  return impact;
}

// m = 1 kg, k = 1e5 N/m, v0 = 1 m/s, eta from e: with tension allowed the contact ends at
// zero overlap and the rebound is the damped oscillator's, exactly e after a half period
// pi / omega_d. The step h = 1e-6 s is 3e-4 of a period: the symplectic Euler error on e and
// the one-step error on the duration are both below 1e-3.
TEST(PenaltyImpact, LinearSpringDashpotWithTensionReboundsWithItsRestitution) {
  constexpr double k = 1e5, m = 1.0;
  for (const double e : {0.9, 0.5, 0.1}) {
    penalty::LawPair laws;
    laws.normal.stiffness = k;
    laws.normal.damping = penalty::damping_from_restitution(e, m, k);
    laws.normal.tension = true;
    model::Scene scene = testing::falling_ball(laws);
    const Impact impact = run_impact(scene, 1e-6);
    const double eta = *laws.normal.damping;
    const double half_period = kPi / std::sqrt(k / m - std::pow(eta / (2 * m), 2));
    EXPECT_NEAR(impact.restitution, e, 1e-3 * e) << "e = " << e;
    EXPECT_NEAR(impact.duration, half_period, 1e-3 * half_period) << "e = " << e;
  }
}

// Without tension the force reaches zero before the overlap does: Schwager & Poschel
// (2007, Granular Matter 9:465, table 1 and eqs. 16, 21) give, for the eta of e in
// {0.9, 0.5, 0.1}, rebounds 0.902026, 0.550283, 0.252729 and durations 9.728025e-3,
// 8.767073e-3, 7.357648e-3 s. The bound is 0.5%.
TEST(PenaltyImpact, LinearSpringDashpotWithoutTensionMatchesSchwagerPoschel) {
  constexpr double k = 1e5, m = 1.0;
  const double e_nominal[] = {0.9, 0.5, 0.1};
  const double e_reference[] = {0.902026, 0.550283, 0.252729};
  const double t_reference[] = {9.728025e-3, 8.767073e-3, 7.357648e-3};
  for (int i = 0; i < 3; ++i) {
    penalty::LawPair laws;
    laws.normal.stiffness = k;
    laws.normal.damping = penalty::damping_from_restitution(e_nominal[i], m, k);
    model::Scene scene = testing::falling_ball(laws);
    const Impact impact = run_impact(scene, 1e-6);
    EXPECT_NEAR(impact.restitution, e_reference[i], 5e-3 * e_reference[i])
        << "e = " << e_nominal[i];
    EXPECT_NEAR(impact.duration, t_reference[i], 5e-3 * t_reference[i]) << "e = " << e_nominal[i];
  }
}

// Elastic Hertz impact (Johnson 1985, Contact Mechanics, section 11.4): with F = k d^(3/2)
// the largest overlap is d_max = (5 m v0^2 / (4 k))^(2/5) and the contact lasts
// 2 d_max / v0 * integral_0^1 dx / sqrt(1 - x^(5/2)) = 2.94328 d_max / v0. The stiffness is
// calibrated from the materials, k = 4/3 sqrt(R) E*, with Hertz's E* of two equal
// plane-strain moduli E' = E/(1 - nu^2): E' / 2.
TEST(PenaltyImpact, HertzDurationMatchesTheClassicalFormula) {
  penalty::LawPair laws;
  laws.normal.kind = penalty::NormalLawKind::Hertz;
  model::Scene scene = testing::falling_ball(laws);
  const model::Material steel_like{"stiff", 7800.0, 1e7, 0.3};
  const double E = 1e7 / (1 - 0.3 * 0.3) / 2.0;
  const double k = 4.0 / 3.0 * std::sqrt(0.05) * E;
  const double d_max = std::pow(5 * 1.0 * 1.0 / (4 * k), 0.4);
  const double reference = 2.94328 * d_max / 1.0;
  PenaltyStepper stepper(scene, {.h = 1e-6}, {steel_like});
  int steps_in_contact = 0;
  for (int step = 0; step < 100000 && !(scene.bodies[1].v.z() > 0 && stepper.contacts().empty());
       ++step) {
    stepper.step();
    if (!stepper.contacts().empty()) ++steps_in_contact;
  }
  EXPECT_NEAR(steps_in_contact * 1e-6, reference, 0.02 * reference);
  EXPECT_NEAR(scene.bodies[1].v.z(), 1.0, 1e-3);  // elastic: no energy lost
}

// The critical step counts the contacts a step may close, not only those that touch at its
// start: the cube resting at zero overlap (k = 1e7 N/m per corner, critical step ~1e-4 s)
// with h = 1e-2 s would otherwise fall g h^2 = 1 mm into its springs in the first step and
// bounce off (before the fix, 80 um high for a stiffer block).
TEST(PenaltyCriticalStep, CountsTheContactsAStepMayClose) {
  penalty::LawPair laws;
  laws.normal.stiffness = 1e7;
  const model::ContactLaw law{.friction = 0.5, .restitution = 0.0, .penalty = laws};
  const auto resting_cube = [&] {
    model::Scene scene = testing::scene_on_ground(3, law);
    geometry::Pose pose;
    pose.position = Vec3(0, 0, 0.05);
    scene.bodies.push_back(
        model::make_free_body("cube", testing::block_shape(3, 0.05, 0.05), 2500.0, pose, 3));
    return scene;
  };
  model::Scene refused = resting_cube();
  EXPECT_THROW(PenaltyStepper(refused, {.h = 1e-2}, kOneMaterial), core::Diagnostic)
      << "refused at t = 0, before the cube sinks";

  model::Scene scene = resting_cube();
  PenaltyStepper stepper(scene, {.h = 1e-2, .critical_step = CriticalStepPolicy::Substep},
                         kOneMaterial);
  // Static overlap m g / (4 k) = 6.1e-7 m; the first contact may overshoot it twice (an
  // undamped spring released at zero overlap), never the 1 mm of an unsplit step.
  const double static_overlap = 2.5 * kG / 4e7;
  double lowest = 0.05, highest = 0.05;
  for (int k = 0; k < 20; ++k) {
    stepper.step();
    lowest = std::min(lowest, scene.bodies[1].x.z());
    highest = std::max(highest, scene.bodies[1].x.z());
  }
  EXPECT_GT(lowest, 0.05 - 2.01 * static_overlap);
  EXPECT_LE(highest, 0.05 + 1e-12) << "the cube never leaves the ground";
}

// A step of 0.5 s would carry the resting ball g h^2 = 2.45 m into the ground, far past the
// depth where the calibrated linear law means anything (its springs in series have no length
// left at twice the radius): the refusal gave "at most -nan s" and k = -1.3e10 N/m. The
// overlap a step may reach counts at most to the radius: the numbers are finite, the
// stiffness that of the calibration at that depth, and the step still refused.
TEST(PenaltyCriticalStep, AStepFarBeyondItIsRefusedWithFiniteNumbers) {
  const std::vector<model::Material> steel{
      {.name = "steel", .density = 7800, .young_modulus = 2e11, .poisson_ratio = 0.3}};
  const model::ContactLaw law{.friction = 0.5, .restitution = 0.5, .penalty = {}};
  const auto resting_ball = [&] {
    model::Scene scene = testing::scene_on_ground(3, law);
    scene.gravity = Vec3(0, 0, -kG);
    geometry::Pose pose;
    pose.position = Vec3(0, 0, 0.1);
    scene.bodies.push_back(model::make_free_body("ball", geometry::Sphere{0.1}, 7800, pose, 3));
    return scene;
  };
  model::Scene scene = resting_ball();
  try {
    PenaltyStepper(scene, {.h = 0.5}, steel);
    ADD_FAILURE() << "a step of 0.5 s was accepted";
  } catch (const core::Diagnostic& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find("nan"), std::string::npos) << message;
    EXPECT_EQ(message.find("inf"), std::string::npos) << message;
    // The series springs at the depth of the radius, l = R / 2 for the ball and the plane:
    // k_n = pi (R/2)^2 / (R / E), the calibration at that overlap; the stiffest direction is
    // tangential (the ball's rolling inertia), Mindlin's k_t = (1 - nu)/(1 - nu/2) k_n.
    const double k_n = penalty::series_spring_stiffness({0.1, 2e11}, {kInfinity, 2e11}, 0.1);
    EXPECT_NEAR(k_n, kPi * 0.05 * 0.05 / (0.1 / 2e11), 1e-6 * k_n);
    const double k_t = penalty::tangential_stiffness(k_n, 0.3);
    EXPECT_NE(message.find(core::concat("tangential: k = ", k_t, " N/m")), std::string::npos)
        << message;
  }

  // The sub-stepping policy splits the step (before, a NaN estimate let it run unsplit).
  model::Scene split = resting_ball();
  PenaltyStepper stepper(split, {.h = 0.5, .critical_step = CriticalStepPolicy::Substep}, steel);
  EXPECT_TRUE(std::isfinite(stepper.critical_step()));
  EXPECT_LT(stepper.critical_step(), 1e-3);
}

// A 10 cm cube (2.5 kg) on the ground under gravity tilted by alpha, mu = 0.5: it sticks
// below tan(alpha) = mu and slides above with a = g (sin(alpha) - mu cos(alpha)), as NSCD
// does (tests/dynamics/moreau_jean_test.cpp). Contacts of 1e7 N/m per corner sink the cube by
// 6e-7 m: stiff enough for the 2% of the issue.

class PenaltyIncline : public ::testing::TestWithParam<testing::InclineCase> {
 protected:
  // Displacement along the slope after 0.5 s, and the mean acceleration over [0.2, 0.5] s.
  std::pair<double, double> slide(double alpha_deg) const {
    penalty::LawPair laws;
    laws.normal.stiffness = 1e7;
    laws.tangential.kind = GetParam().law;
    const int dimension = GetParam().dimension;
    model::Scene scene = testing::cube_on_incline(dimension, laws, alpha_deg);
    PenaltyStepper stepper(scene, {.h = 1e-5}, kOneMaterial);
    double v_early = 0.0;
    for (int k = 1; k <= 50000; ++k) {
      stepper.step();
      if (k == 20000) v_early = scene.bodies[1].v.x();
    }
    return {scene.bodies[1].x.x(), (scene.bodies[1].v.x() - v_early) / 0.3};
  }
};

TEST_P(PenaltyIncline, SticksBelowTheFrictionAngle) {
  const auto [displacement, acceleration] = slide(18.0);  // tan 18 deg = 0.325 < 0.5
  EXPECT_LT(std::abs(displacement), 1e-5);
  EXPECT_LT(std::abs(acceleration), 1e-3);
}

// Tilted slowly to 18 deg, below the friction angle, the cube stands on its tangential springs,
// stretched by its weight along the slope over their calibrated stiffness
// (testing::stick_shear), once the dashpots have damped the vibration.
TEST_P(PenaltyIncline, SticksOnItsCalibratedTangentialSprings) {
  penalty::LawPair laws;
  laws.normal.stiffness = 1e7;
  laws.tangential.kind = GetParam().law;
  model::Scene scene = testing::cube_on_incline(GetParam().dimension, laws, 0.0);
  PenaltyStepper stepper(scene, {.h = 1e-5}, testing::kStone);
  testing::tilt_slowly(scene, 18.0, 10000, 20000, [&] { stepper.step(); });
  const double expected = testing::stick_shear(scene, 18.0, 1e7);
  EXPECT_NEAR(testing::base_shear(scene), expected, 1e-3 * expected);
}

TEST_P(PenaltyIncline, SlidesAboveItWithCoulombsAcceleration) {
  const double alpha = math::radians(35.0);  // tan 35 deg = 0.700 > 0.5
  const double expected = kG * (std::sin(alpha) - 0.5 * std::cos(alpha));
  const auto [displacement, acceleration] = slide(35.0);
  EXPECT_NEAR(acceleration, expected, 0.02 * expected);
  EXPECT_GT(displacement, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Laws, PenaltyIncline, testing::kInclineCases, testing::incline_case_name);

}  // namespace
}  // namespace moreau::dynamics
