// Exponential-map orientation update and axis-angle conversions, against closed forms.
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace moreau::math {
namespace {

using std::numbers::pi;

TEST(ExpMap, MatchesClosedFormForLargeAndSmallAngles) {
  for (const double angle : {2.0, 0.5, 1e-3, 1e-5, 1e-9, 0.0}) {
    const Vec3 axis = Vec3(1.0, -2.0, 0.5).normalized();
    const Quat q = exp_map(angle * axis);
    // Closed form (cos(a/2), sin(a/2) axis): both sides are round-off accurate.
    EXPECT_NEAR(q.w(), std::cos(angle / 2), 1e-16) << "angle " << angle;
    EXPECT_TRUE(q.vec().isApprox(std::sin(angle / 2) * axis, 1e-15) || angle == 0.0)
        << "angle " << angle;
  }
}

TEST(IntegrateOrientation, KeepsUnitNormOverAMillionSmallRotations) {
  std::mt19937_64 rng(42);
  std::normal_distribution<double> normal(0.0, 1.0);
  Quat q = Quat::Identity();
  double worst = 0.0;
  for (int step = 0; step < 1'000'000; ++step) {
    const Vec3 w_B(normal(rng), normal(rng), normal(rng));
    q = integrate_orientation(q, w_B, 1e-3);
    worst = std::max(worst, std::abs(q.norm() - 1.0));
  }
  // The requirement: unit norm to 1e-14 after 10^6 updates.
  EXPECT_LT(worst, 1e-14);
}

TEST(IntegrateOrientation, ConstantSpinAccumulatesTheExactAngle) {
  // 10^5 steps of h w = 2 pi / 10^5 about a fixed axis make one full turn plus a quarter:
  // rotations about one axis commute, so the only error is round-off, about steps * eps.
  const Vec3 axis = Vec3(0.3, 0.4, -0.5).normalized();
  const int steps = 100'000;
  const double total = 2.5 * pi;
  Quat q = Quat::Identity();
  for (int step = 0; step < steps; ++step) q = integrate_orientation(q, axis, total / steps);
  const Quat expected = from_axis_angle(axis, total);
  EXPECT_NEAR(q.angularDistance(expected), 0.0, 1e-10);
}

TEST(IntegrateOrientation, BodyFrameVelocityComposesOnTheRight) {
  // A body turned by 90 degrees about z spins about its own x axis, which is world y.
  const Quat q = from_axis_angle(Vec3::UnitZ(), pi / 2);
  const Quat next = integrate_orientation(q, Vec3(1.0, 0.0, 0.0), pi / 2);
  const Vec3 body_x_in_world = rotate(next, Vec3::UnitX());
  const Vec3 body_z_in_world = rotate(next, Vec3::UnitZ());
  EXPECT_TRUE(body_x_in_world.isApprox(Vec3::UnitY(), 1e-15));
  // Turning about world y by +90 degrees sends z to x.
  EXPECT_TRUE(body_z_in_world.isApprox(Vec3::UnitX(), 1e-15));
}

TEST(Rotate, QuarterTurnAboutZ) {
  const Quat q = from_axis_angle(Vec3(0, 0, 2), pi / 2);
  EXPECT_TRUE(rotate(q, Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-15));
}

TEST(AxisAngle, RoundTripsOverTheWholeAngleRange) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> uniform(0.0, pi);
  for (int trial = 0; trial < 10'000; ++trial) {
    const Vec3 axis = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    const double angle = trial == 0 ? pi : uniform(rng);
    const AxisAngle back = to_axis_angle(from_axis_angle(axis, angle));
    EXPECT_NEAR(back.angle, angle, 1e-14);
    // Near pi the axis is determined up to sign only by |w| ~ cos(angle/2) -> 0.
    EXPECT_TRUE(back.axis.isApprox(axis, 1e-12) || back.axis.isApprox(-axis, 1e-12))
        << "angle " << angle;
  }
}

TEST(AxisAngle, IdentityHasZeroAngle) {
  const AxisAngle identity = to_axis_angle(Quat::Identity());
  EXPECT_EQ(identity.angle, 0.0);
  EXPECT_EQ(identity.axis, Vec3::UnitZ());
}

TEST(AxisAngle, NegatedQuaternionIsTheSameRotation) {
  const Quat q = from_axis_angle(Vec3::UnitX(), 0.7);
  const Quat minus_q(-q.w(), -q.x(), -q.y(), -q.z());
  EXPECT_NEAR(to_axis_angle(minus_q).angle, 0.7, 1e-15);
  EXPECT_TRUE(to_axis_angle(minus_q).axis.isApprox(Vec3::UnitX(), 1e-15));
}

}  // namespace
}  // namespace moreau::math
