// The implicit penalty integration (penalty laws as compliant contacts of the Moreau-Jean step
// at theta = 1) against the closed forms: backward Euler's rebound of an undamped spring, the
// linear spring-dashpot's restitution without tension (Schwager & Poschel 2007), the static
// sink of a block on its springs, and Coulomb's incline, at steps far beyond the explicit
// scheme's critical step; and the energy account: the springs' energy is their law's at the
// overlap the step ends with, and what the steps take out of kinetic, potential and elastic
// energy is reported dissipated, backward Euler's own damping included.
#include "moreau/dynamics/penalty_compliance.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/penalty/calibration.hpp"
#include "support/penalty_scenes.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
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

// One impact of a ball thrown at 1 m/s.
struct ImplicitImpact {
  double rebound = 0.0;   ///< the rebound speed over the impact speed, once the ball has left
  double duration = 0.0;  ///< s, the steps whose contact force pushes
};

ImplicitImpact impact(model::Scene& scene, double h) {
  MoreauJean stepper = implicit_penalty(scene, h);
  int pushing = 0;
  for (int k = 0; k < 1000000; ++k) {
    stepper.step();
    const bool pushed = !stepper.contacts().empty() && stepper.contacts()[0].force[0] > 0.0;
    pushing += pushed ? 1 : 0;
    if (pushing > 0 && !pushed && scene.bodies[1].v.z() > 0.0) break;
  }
  return {scene.bodies[1].v.z(), pushing * h};
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
    const double e = impact(scene, omega_h / omega).rebound;
    EXPECT_NEAR(e, expected, omega_h * omega_h * expected) << "omega h = " << omega_h;
    EXPECT_LT(e, slower) << "omega h = " << omega_h;
    slower = e;
  }
}

// At omega h = 1e-3 backward Euler's own damping, exp(-pi omega h / 2), is 0.16 %: the rebound
// and the contact's duration are the law's, the references of the explicit scheme's test
// (tests/dynamics/penalty_stepper_test.cpp: Schwager & Poschel 2007, table 1, eqs. 16 and 21),
// within the 0.5 % (the duration to a step, 3e-4 of it, and backward Euler's phase
// error, (omega h)^2 / 3).
TEST(ImplicitPenaltyImpact, LinearSpringDashpotMatchesSchwagerPoschel) {
  constexpr double k = 1e5, m = 1.0;
  const double e_nominal[] = {0.9, 0.5, 0.1};
  const double e_reference[] = {0.902026, 0.550283, 0.252729};
  const double t_reference[] = {9.728025e-3, 8.767073e-3, 7.357648e-3};
  for (int i = 0; i < 3; ++i) {
    penalty::LawPair laws;
    laws.normal.stiffness = k;
    laws.normal.damping = penalty::damping_from_restitution(e_nominal[i], m, k);
    model::Scene scene = testing::falling_ball(laws);
    const ImplicitImpact measured = impact(scene, 1e-3 / std::sqrt(k / m));
    EXPECT_NEAR(measured.rebound, e_reference[i], 5e-3 * e_reference[i]) << "e = " << e_nominal[i];
    EXPECT_NEAR(measured.duration, t_reference[i], 5e-3 * t_reference[i]) << "e = " << e_nominal[i];
  }
}

// The ball of the rebound test at omega h = 0.5, where backward Euler takes out most of the
// impact's 0.5 J: at every step the reported elastic energy is the spring's k delta^2 / 2 at the
// ball's overlap delta, the dissipated energy (-sum of contact_work) never decreases, and
// kinetic + elastic + dissipated stays 0.5 J (no gravity; the impulses' work and the springs'
// energy are exact for a ball on a plane, so to round-off).
TEST(ImplicitPenaltyEnergy, BackwardEulersDampingIsCountedAsDissipated) {
  constexpr double k = 1e5, m = 1.0, radius = 0.05;
  penalty::LawPair laws;
  laws.normal.stiffness = k;
  laws.normal.damping = 0.0;
  model::Scene scene = testing::falling_ball(laws);
  scene.bodies[1].x.z() = radius;
  MoreauJean stepper = implicit_penalty(scene, 0.5 / std::sqrt(k / m));
  double dissipated = 0.0, most_stored = 0.0;
  for (int step = 0; step < 40; ++step) {
    const StepReport report = stepper.step();
    const double overlap = std::max(radius - scene.bodies[1].x.z(), 0.0);
    EXPECT_NEAR(report.elastic_energy, 0.5 * k * overlap * overlap, 1e-12) << "step " << step;
    EXPECT_GE(-report.contact_work, -1e-12) << "step " << step;
    dissipated -= report.contact_work;
    EXPECT_NEAR(report.kinetic_energy + report.elastic_energy + dissipated, 0.5, 1e-12)
        << "step " << step;
    most_stored = std::max(most_stored, report.elastic_energy);
  }
  EXPECT_GT(scene.bodies[1].v.z(), 0.0) << "the ball rebounded";
  EXPECT_GT(dissipated, 0.5 * (1 - 0.5 * 0.5)) << "e < 0.5 at omega h = 0.5";
  EXPECT_GT(most_stored, 0.1) << "the spring stored part of the impact";
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

// Sliding at 35 deg for 0.5 s, the energy the slider dissipates closes the balance: backward
// Euler's gravity term changes kinetic + potential energy by h m g . (v_k - v_k+1) / 2 a step,
// which sums to h m g . (v_0 - v_n) / 2, so that kinetic + potential + elastic + dissipated +
// h m g . v / 2 stays what it was, to round-off on energies of 10 J. Once it slides (from
// 0.2 s on, its springs stretched), the dissipation is Coulomb's force mu m g cos(alpha) on the
// scheme's slip, the midpoint velocities' h (v_k + v_k+1) / 2 a step: mu m g cos(alpha)
// times the growth of x - h v / 2.
TEST_P(ImplicitPenaltyIncline, ItsSlipIsCountedAsDissipated) {
  penalty::LawPair laws;
  laws.normal.stiffness = 1e7;
  laws.tangential.kind = GetParam().law;
  model::Scene scene = testing::cube_on_incline(GetParam().dimension, laws, 35.0);
  const double h = 1e-3;
  MoreauJean stepper = implicit_penalty(scene, h);
  const model::Body& cube = scene.bodies[1];
  const auto slip = [&] { return cube.x.x() - 0.5 * h * cube.v.x(); };
  double dissipated = 0.0, dissipated_sliding = 0.0, slip_sliding = 0.0;
  std::optional<double> first;
  int step = 0;
  testing::run_steps(stepper, scene, 500, [&](const StepReport& report) {
    dissipated -= report.contact_work;
    const double balance = report.kinetic_energy + report.potential_energy + report.elastic_energy +
                           dissipated + 0.5 * h * cube.mass * scene.gravity.dot(cube.v);
    if (!first) first = balance;
    EXPECT_NEAR(balance, *first, 1e-9 * (std::abs(*first) + dissipated)) << "step " << step;
    if (++step == 200) std::tie(dissipated_sliding, slip_sliding) = std::pair(dissipated, slip());
  });
  const double friction_force = 0.5 * cube.mass * kG * std::cos(math::radians(35.0));
  EXPECT_NEAR(dissipated - dissipated_sliding, friction_force * (slip() - slip_sliding),
              1e-6 * dissipated);
}

// Tilted slowly to 18 deg, below the friction angle, the cube stands on its tangential springs,
// stretched by its weight along the slope over their calibrated stiffness
// (testing::stick_shear): backward Euler's equilibrium is the springs' own.
TEST_P(ImplicitPenaltyIncline, SticksOnItsCalibratedTangentialSprings) {
  penalty::LawPair laws;
  laws.normal.stiffness = 1e7;
  laws.tangential.kind = GetParam().law;
  model::Scene scene = testing::cube_on_incline(GetParam().dimension, laws, 0.0);
  MoreauJeanOptions options = testing::options_with_step(1e-3);
  options.theta = 1.0;
  MoreauJean stepper(scene, options, ContactSides(scene, testing::kStone));
  testing::tilt_slowly(scene, 18.0, 200, 500, [&] { testing::run_steps(stepper, scene, 1); });
  const double expected = testing::stick_shear(scene, 18.0, 1e7);
  EXPECT_NEAR(testing::base_shear(scene), expected, 1e-3 * expected);
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
