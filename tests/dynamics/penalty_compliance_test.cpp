// The implicit penalty integration (penalty laws as compliant contacts of the Moreau-Jean step
// at theta = 1) against the closed forms: backward Euler's rebound of an undamped spring, the
// linear spring-dashpot's restitution without tension (Schwager & Poschel 2007), the static
// sink of a block on its springs, and Coulomb's incline, at steps far beyond the explicit
// scheme's critical step.
#include "moreau/dynamics/penalty_compliance.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/penalty/calibration.hpp"
#include "support/penalty_scenes.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::dynamics::implicit_penalty {
namespace {

using math::Vec3;
using testing::kG;

constexpr double kPi = std::numbers::pi;

const std::vector<model::Material> kOneMaterial{{"default"}};

// The Moreau-Jean stepper of the implicit penalty mode: theta = 1, every contact following
// the scene's penalty laws.
MoreauJean implicit_penalty(model::Scene& scene, double h) {
  MoreauJeanOptions options = testing::options_with_step(h);
  options.theta = 1.0;
  return MoreauJean(scene, options, ContactSides(scene, kOneMaterial));
}

// The rebound speed over the impact speed of 1 m/s, once the ball has left the ground.
double rebound(model::Scene& scene, double h) {
  MoreauJean stepper = implicit_penalty(scene, h);
  bool touched = false;
  for (int k = 0; k < 1000000; ++k) {
    stepper.step();
    const bool pushed = !stepper.contacts().empty() && stepper.contacts()[0].force[0] > 0.0;
    touched = touched || pushed;
    if (touched && !pushed && scene.bodies[1].v.z() > 0.0) break;
  }
  return scene.bodies[1].v.z();
}

// Backward Euler turns the oscillator x'' = -omega^2 x into a rotation of (omega x, v) by
// atan(omega h) per step with its length divided by sqrt(1 + (omega h)^2): the half period
// of the contact takes pi / atan(omega h) steps, and the rebound is
//   e = (1 + (omega h)^2)^(-pi / (2 atan(omega h))),
// to within the step the contact ends in: the ball leaves with the speed of the last step
// that pushed, less than a step's rotation and shrinking from the half period's end, within
// (omega h)^2 of e. The ball starts touching (gap 0) so that the contact starts on a step.
TEST(ImplicitPenaltyImpact, AnUndampedSpringReboundsWithBackwardEulersDamping) {
  constexpr double k = 1e5, m = 1.0;
  const double omega = std::sqrt(k / m);
  double slower = 1.0;
  for (const double omega_h : {0.05, 0.2, 0.5}) {
    penalty::LawPair laws;
    laws.normal.stiffness = k;
    laws.normal.damping = 0.0;
    model::Scene scene = testing::falling_ball(laws);
    scene.bodies[1].x.z() = 0.05;
    const double expected = std::pow(1 + omega_h * omega_h, -kPi / (2 * std::atan(omega_h)));
    const double e = rebound(scene, omega_h / omega);
    EXPECT_NEAR(e, expected, omega_h * omega_h * expected) << "omega h = " << omega_h;
    EXPECT_LT(e, slower) << "omega h = " << omega_h;
    slower = e;
  }
}

// At omega h = 1e-3 backward Euler's own damping, exp(-pi omega h / 2), is 0.16 %: the rebound
// is the law's, the reference of the explicit scheme's test (tests/dynamics/
// penalty_stepper_test.cpp: Schwager & Poschel 2007, table 1, eqs. 16 and 21), within the
// issue's 0.5 %.
TEST(ImplicitPenaltyImpact, LinearSpringDashpotMatchesSchwagerPoschel) {
  constexpr double k = 1e5, m = 1.0;
  const double e_nominal[] = {0.9, 0.5, 0.1};
  const double e_reference[] = {0.902026, 0.550283, 0.252729};
  for (int i = 0; i < 3; ++i) {
    penalty::LawPair laws;
    laws.normal.stiffness = k;
    laws.normal.damping = penalty::damping_from_restitution(e_nominal[i], m, k);
    model::Scene scene = testing::falling_ball(laws);
    EXPECT_NEAR(rebound(scene, 1e-3 / std::sqrt(k / m)), e_reference[i], 5e-3 * e_reference[i])
        << "e = " << e_nominal[i];
  }
}

class ImplicitPenaltyBlock : public ::testing::TestWithParam<int> {};

INSTANTIATE_TEST_SUITE_P(Dimensions, ImplicitPenaltyBlock, ::testing::Values(3, 2),
                         [](const auto& dimension) {
                           return dimension.param == 3 ? "3D" : "Planar";
                         });

// A 10 cm cube (2.5 kg) on the ground, 1e7 N/m per corner, critically damped (e = 0), with
// h = 1 ms, ten times the explicit scheme's critical step: it settles on its springs to the
// sink of its weight over their sum, m g / (n k) (4 corners in 3D, 2 in planar mode, with the
// planar mode's mass per metre of depth).
TEST_P(ImplicitPenaltyBlock, SettlesOnItsSpringsByItsWeightOverTheirStiffness) {
  const int dimension = GetParam();
  penalty::LawPair laws;
  laws.normal.stiffness = 1e7;
  model::Scene scene = testing::cube_on_incline(dimension, laws, 0.0);
  MoreauJean stepper = implicit_penalty(scene, 1e-3);
  testing::run_steps(stepper, scene, 1000);
  const double corners = dimension == 3 ? 4.0 : 2.0;
  const double sink = scene.bodies[1].mass * kG / (corners * 1e7);
  EXPECT_NEAR(0.05 - scene.bodies[1].x.z(), sink, 1e-6 * sink);
  EXPECT_LT(scene.bodies[1].v.norm(), 1e-9);
}

// The same cube under gravity tilted by alpha, mu = 0.5, h = 1 ms: it sticks below
// tan(alpha) = mu, its tangential springs stretched by its weight along the slope, and slides
// above with a = g (sin(alpha) - mu cos(alpha)), the slider's Coulomb law being exact.

class ImplicitPenaltyIncline : public ::testing::TestWithParam<testing::InclineCase> {
 protected:
  // Displacement along the slope after 0.5 s, and the mean acceleration over [0.2, 0.5] s.
  std::pair<double, double> slide(double alpha_deg) const {
    penalty::LawPair laws;
    laws.normal.stiffness = 1e7;
    laws.tangential.kind = GetParam().law;
    const int dimension = GetParam().dimension;
    model::Scene scene = testing::cube_on_incline(dimension, laws, alpha_deg);
    MoreauJean stepper = implicit_penalty(scene, 1e-3);
    testing::run_steps(stepper, scene, 200);
    const double v_early = scene.bodies[1].v.x();
    testing::run_steps(stepper, scene, 300);
    return {scene.bodies[1].x.x(), (scene.bodies[1].v.x() - v_early) / 0.3};
  }
};

TEST_P(ImplicitPenaltyIncline, SticksBelowTheFrictionAngle) {
  const auto [displacement, acceleration] = slide(18.0);  // tan 18 deg = 0.325 < 0.5
  EXPECT_LT(std::abs(displacement), 1e-5);
  EXPECT_LT(std::abs(acceleration), 1e-6);
}

TEST_P(ImplicitPenaltyIncline, SlidesAboveItWithCoulombsAcceleration) {
  const double alpha = math::radians(35.0);  // tan 35 deg = 0.700 > 0.5
  const double expected = kG * (std::sin(alpha) - 0.5 * std::cos(alpha));
  const auto [displacement, acceleration] = slide(35.0);
  EXPECT_NEAR(acceleration, expected, 1e-6 * expected);
  EXPECT_GT(displacement, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Laws, ImplicitPenaltyIncline, testing::kInclineCases,
                         testing::incline_case_name);

}  // namespace
}  // namespace moreau::dynamics::implicit_penalty
