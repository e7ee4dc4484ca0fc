// Housner's rocking block (Housner 1963, "The behavior of inverted pendulum structures during
// earthquakes", BSSA 53(2), eq. 14): a rigid rectangular block of half-width b and
// half-height c, slenderness alpha = atan(b / c), rocking on a rigid ground without bouncing
// or sliding, loses angular velocity at each impact in the ratio
//   omega_after / omega_before = 1 - 3/2 sin^2(alpha),
// from the conservation of angular momentum about the impacting corner (I_O = 4/3 m R^2).
// In NSCD this is the inelastic (e = 0) impact of the new corner with the old pivot lifting
// off: no rocking model, only the contact law.
#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;
using testing::kG;

class RockingBlock : public ::testing::TestWithParam<int> {};

TEST_P(RockingBlock, AngularVelocityRatioAtEachImpactIsHousners) {
  const int dimension = GetParam();
  const double b = 0.1, c = 0.4, tilt = 0.1;  // m, m, rad (alpha = 0.245 rad)
  const double alpha = std::atan(b / c), R = std::hypot(b, c);
  // mu = 0.8 is well above the impulse ratio the impact needs, c (1 - ratio) / (b (1 + ratio))
  // = 0.18, so the corners never slide.
  model::Scene scene = testing::scene_on_ground(dimension, {.friction = 0.8, .restitution = 0.0});
  // Tilted by `tilt` about +y around its corner (b, 0, 0): the left corner lifts.
  const math::Quat q(Eigen::AngleAxisd(tilt, Vec3::UnitY()));
  const Vec3 centre = Vec3(b, 0, 0) + q * Vec3(-b, 0, c);
  scene.bodies.push_back(model::make_free_body("block", testing::block_shape(dimension, b, c),
                                               2000.0, Pose{centre, q}, dimension));
  const double h = 1e-4;
  MoreauJean stepper(scene, testing::options_with_step(h));

  // Gravity changes omega by at most h 3 g / (4 R) in a step; an impact by ~(1 - ratio) of
  // about 0.8 rad/s, 40 times more.
  const double gravity_change = h * 3 * kG / (4 * R);
  std::vector<double> ratios;
  const model::Body& block = scene.bodies[1];
  double omega = 0.0;
  testing::run_steps(stepper, scene, 16000, [&](const StepReport&) {
    const double next = (block.q * block.w_B).y();
    if (std::abs(next) < std::abs(omega) - 10 * gravity_change) ratios.push_back(next / omega);
    omega = next;
  });
  const double housner = 1 - 1.5 * std::pow(std::sin(alpha), 2);
  ASSERT_GE(ratios.size(), 3u) << "the block stopped rocking too early";
  for (std::size_t k = 0; k < 3; ++k)
    // The 2%; gravity during the impact step accounts for 0.1% at most.
    EXPECT_NEAR(ratios[k], housner, 0.02 * housner) << "impact " << k + 1;
}

INSTANTIATE_TEST_SUITE_P(Dimension, RockingBlock, ::testing::Values(3, 2),
                         [](const auto& test) { return test.param == 3 ? "Box3D" : "Block2D"; });

}  // namespace
}  // namespace moreau::dynamics
