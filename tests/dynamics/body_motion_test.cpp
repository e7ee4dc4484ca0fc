// Driven bodies (supports, conveyors, shaking tables, settlements; their velocities within a
// step are driven_velocity of body_motion.hpp) through the stepper: the driven body follows its
// prescribed motion exactly, and free bodies on it respond as Coulomb friction and unilateral
// contact say.
#include "moreau/dynamics/body_motion.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/model/loads.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;
using model::Motion;
using std::numbers::pi;
using testing::kG;

// A driven plate of top z = 0 (half-thickness 0.1 m) and a block of half size 0.1 on it.
model::Scene block_on_plate(int dimension, double mu, model::PrescribedVelocity motion) {
  model::Scene scene;
  scene.dimension = dimension;
  scene.interactions = model::InteractionTable({.friction = mu, .restitution = 0.0});
  scene.bodies.push_back(model::make_fixed_body("plate", testing::block_shape(dimension, 2.0, 0.1),
                                                Pose{Vec3(0, 0, -0.1)}));
  scene.bodies.back().motion = Motion::Driven;
  scene.bodies.back().prescribed = std::move(motion);
  scene.bodies.push_back(model::make_free_body("block", testing::block_shape(dimension, 0.1, 0.1),
                                               2000.0, Pose{Vec3(0, 0, 0.1)}, dimension));
  return scene;
}

class DrivenBodies : public ::testing::TestWithParam<int> {};

// A conveyor started at speed V: the block slides with acceleration mu g until it reaches V
// at t* = V / (mu g), then sticks.
TEST_P(DrivenBodies, BlockOnAConveyorAcceleratesAtMuGThenSticks) {
  const double V = 0.5, mu = 0.4, t_star = V / (mu * kG);
  model::PrescribedVelocity conveyor;
  conveyor.linear = [V](double) { return Vec3(V, 0, 0); };
  model::Scene scene = block_on_plate(GetParam(), mu, conveyor);
  const double h = 1e-4;
  MoreauJean stepper(scene, testing::options_with_step(h));
  const int half = static_cast<int>(std::round(0.5 * t_star / h));
  testing::run_steps(stepper, scene, half);
  // Constant acceleration from rest, exact for theta = 1/2 up to the solver tolerance; the
  // step that starts the conveyor adds O(h) to the time origin: 0.5% allowed.
  const double t = scene.time;
  EXPECT_NEAR(scene.bodies[1].v.x(), mu * kG * t, 0.005 * mu * kG * t);
  testing::run_steps(stepper, scene, 3 * half);
  EXPECT_NEAR(scene.bodies[1].v.x(), V, 1e-8 * V);  // sticking: the solver tolerance
  // The plate moved exactly V t (constant velocity).
  EXPECT_NEAR(scene.bodies[0].x.x(), V * scene.time, 1e-12);
}

// A support settling by 1 cm in 1 s (settlement_velocity of a displacement history): it
// ends exactly 1 cm lower, and the block on it follows, staying in contact.
TEST_P(DrivenBodies, BlockFollowsASettlingSupport) {
  model::DisplacementHistory settlement{{0.0, 1.0, 2.0},
                                        {Vec3::Zero(), Vec3(0, 0, -0.01), Vec3(0, 0, -0.01)}};
  model::Scene scene = block_on_plate(GetParam(), 0.6, model::settlement_velocity(settlement));
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  testing::run_steps(stepper, scene, 500);
  EXPECT_NEAR(scene.bodies[1].v.z(), -0.01, 1e-8);  // moving down with the support
  testing::run_steps(stepper, scene, 1000);
  // Moved by displacement increments: exact up to round-off.
  EXPECT_NEAR(scene.bodies[0].x.z(), -0.1 - 0.01, 1e-12);
  // In contact: block bottom on plate top. Moreau-Jean constrains velocities, not positions:
  // an inelastic impact at relative speed v leaves up to h v / 2 of interpenetration with
  // theta = 1/2. Two impacts at <= 0.01 m/s happen here (the block catching up with the
  // support as it starts, and the support stopping under it): 1e-5 m.
  EXPECT_NEAR(scene.bodies[1].x.z() - 0.1, scene.bodies[0].x.z() + 0.1, 1e-5);
  EXPECT_LT(scene.bodies[1].v.norm(), 1e-8);
}

// A shaking table driven by a sampled acceleration record a(t) = A sin(w t): the block
// sticks when A < mu g (it moves with the table) and slips when A > mu g.
TEST_P(DrivenBodies, BlockOnAShakingTableSticksBelowMuGAndSlipsAbove) {
  const double mu = 0.5, w = 2 * pi * 2.0;
  for (const double A : {0.8 * mu * kG, 1.5 * mu * kG}) {
    model::AccelerationRecord record;
    for (int k = 0; k <= 2000; ++k) {
      const double t = 1e-3 * k;
      record.time.push_back(t);
      record.acceleration.push_back(Vec3(A * std::sin(w * t), 0, 0));
    }
    model::Scene scene = block_on_plate(
        GetParam(), mu, model::ground_motion_velocity(record, model::BaselineCorrection::None));
    MoreauJean stepper(scene, testing::options_with_step(1e-3));
    testing::run_steps(stepper, scene, 1500);
    const double relative = std::abs(scene.bodies[1].x.x() - scene.bodies[0].x.x());
    if (A < mu * kG)
      EXPECT_LT(relative, 1e-8) << "A = " << A;  // stuck: the solver tolerance over 1500 steps
    else
      EXPECT_GT(relative, 1e-5) << "A = " << A;  // slips: 1000 times the sticking bound
  }
}

// A turntable: constant angular velocity integrates exactly by the exponential map.
TEST_P(DrivenBodies, TurntableRotatesByOmegaT) {
  const double omega = 0.7;
  model::PrescribedVelocity turn;
  turn.angular = [omega](double) { return Vec3(0, omega, 0); };  // about y: planar too
  model::Scene scene = block_on_plate(GetParam(), 0.6, turn);
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  testing::run_steps(stepper, scene, 1000);
  const math::Quat expected(Eigen::AngleAxisd(omega * scene.time, Vec3::UnitY()));
  EXPECT_LT(scene.bodies[0].q.angularDistance(expected), 1e-12);
}

// A block at rest on a table tilting at a constant rate: its reactions change by the same
// amount each step, so that the warm start extrapolated from the last two steps' impulses
// is the step's solution to within O((omega h)^2) and the tolerance, where the last impulses
// alone are off by about omega h. The solve then only checks it, one sweep, in at least 3
// steps of 4 (from the last impulses, 5 sweeps every step in 3D and 3 in the plane; with the
// extrapolation, 1 sweep in 170 of 200 steps in 3D and in all 200 in the plane).
TEST_P(DrivenBodies, BlockOnATiltingTableStartsFromItsSolution) {
  model::PrescribedVelocity tilt;
  tilt.angular = [](double) { return Vec3(0, 0.05, 0); };  // rad/s, about y: planar too
  model::Scene scene = block_on_plate(GetParam(), 0.6, tilt);
  MoreauJeanOptions options = testing::options_with_step(1e-3);
  options.solver.stop.tolerance =
      1e-8;  // the run's default; 1e-10 is below what the O((omega h)^2) allows
  MoreauJean stepper(scene, options);
  testing::run_steps(stepper, scene, 10);
  int steps_past_one_sweep = 0;
  testing::run_steps(stepper, scene, 200, [&](const StepReport& report) {
    steps_past_one_sweep += report.solve->iterations > 1;
  });
  EXPECT_LE(steps_past_one_sweep, 50);
}

INSTANTIATE_TEST_SUITE_P(Dimension, DrivenBodies, ::testing::Values(3, 2),
                         [](const auto& test) { return test.param == 3 ? "3D" : "Planar"; });

}  // namespace
}  // namespace moreau::dynamics
