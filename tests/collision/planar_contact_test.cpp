// Planar mode: polygon stacks and polygons on the ground line, in the x-z plane. Exact
// coordinates: round-off only, 1e-12.
#include "moreau/collision/narrow_phase.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace moreau::collision {
namespace {

using geometry::Plane;
using geometry::Polygon;
using geometry::Pose;
using math::Vec2;
using math::Vec3;

constexpr double kPlanarTol = 1e-12;

Polygon rectangle(double w, double h) {
  return Polygon(
      {Vec2(-w / 2, -h / 2), Vec2(w / 2, -h / 2), Vec2(w / 2, h / 2), Vec2(-w / 2, h / 2)});
}

Pose at(double x, double z, double angle = 0.0) {
  return {Vec3(x, 0.0, z), math::from_axis_angle(Vec3::UnitY(), angle)};
}

std::vector<double> sorted_x(const std::vector<ContactPoint>& contacts) {
  std::vector<double> xs;
  for (const ContactPoint& c : contacts) xs.push_back(c.p.x());
  std::sort(xs.begin(), xs.end());
  return xs;
}

TEST(PlanarStack, EveryJointGivesTheTwoEndsOfItsOverlapWithItsGap) {
  // Ground at z = 0; blocks 1.0 x 0.5, each shifted and lifted: block k sits on block k-1
  // with gap g_k and offset s_k, so the joint spans the overlap of the two widths.
  const Polygon block = rectangle(1.0, 0.5);
  const double gaps[] = {0.0, 0.002, -0.001, 0.0};
  const double shifts[] = {0.0, 0.2, -0.3, 0.1};
  std::vector<Pose> poses;
  double x = 0.0, top = 0.0;
  for (int k = 0; k < 4; ++k) {
    x += shifts[k];
    poses.push_back(at(x, top + gaps[k] + 0.25));
    top += gaps[k] + 0.5;
  }
  const auto ground = collide(block, poses[0], Plane{}, at(0.0, 0.0), 0.01);
  ASSERT_EQ(ground.size(), 2u);
  EXPECT_NEAR(sorted_x(ground)[0], -0.5, kPlanarTol);
  EXPECT_NEAR(sorted_x(ground)[1], 0.5, kPlanarTol);
  for (const ContactPoint& c : ground) EXPECT_NEAR(c.area, 0.5, kPlanarTol);  // half the base
  for (int k = 1; k < 4; ++k) {
    const auto joint = collide(block, poses[k], block, poses[k - 1], 0.01);
    ASSERT_EQ(joint.size(), 2u) << "joint " << k;
    const double lower_x = poses[k - 1].position.x(), upper_x = poses[k].position.x();
    const std::vector<double> expected{std::max(lower_x, upper_x) - 0.5,
                                       std::min(lower_x, upper_x) + 0.5};
    EXPECT_NEAR(sorted_x(joint)[0], expected[0], kPlanarTol) << "joint " << k;
    EXPECT_NEAR(sorted_x(joint)[1], expected[1], kPlanarTol) << "joint " << k;
    const double joint_z = poses[k - 1].position.z() + 0.25;
    for (const ContactPoint& c : joint) {
      EXPECT_NEAR(c.gap, gaps[k], kPlanarTol);
      EXPECT_TRUE(c.n.isApprox(Vec3::UnitZ(), kPlanarTol));
      EXPECT_NEAR(c.p.z(), joint_z + gaps[k] / 2, kPlanarTol);
      EXPECT_EQ(c.p.y(), 0.0);
      EXPECT_NEAR(c.area, (expected[1] - expected[0]) / 2, kPlanarTol);  // half the overlap
    }
  }
}

TEST(PlanarStack, SwappingTheBlocksFlipsTheNormal) {
  const Polygon block = rectangle(1.0, 0.5);
  const auto ab = collide(block, at(0.2, 0.751), block, at(0.0, 0.25), 0.01);
  const auto ba = collide(block, at(0.0, 0.25), block, at(0.2, 0.751), 0.01);
  ASSERT_EQ(ab.size(), 2u);
  ASSERT_EQ(ba.size(), 2u);
  // Equal separations (a tie): each call takes its B's edge as the reference, so the same
  // two points come in another order, each with the same pair of features.
  for (const ContactPoint& c : ab) {
    const auto twin = std::find_if(
        ba.begin(), ba.end(), [&](const ContactPoint& d) { return d.p.isApprox(c.p, kPlanarTol); });
    ASSERT_NE(twin, ba.end()) << c.p.transpose();
    EXPECT_TRUE(c.n.isApprox(-twin->n, kPlanarTol));
    EXPECT_NEAR(c.gap, twin->gap, kPlanarTol);
    EXPECT_EQ(c.feature.a, twin->feature.b);
    EXPECT_EQ(c.feature.b, twin->feature.a);
  }
}

TEST(PlanarPolygon, TiltedBlockOnTheGroundTouchesWithOneCorner) {
  // Turned by 0.1 rad about y, the lowest corner is 0.5 sin 0.1 + 0.25 cos 0.1 below the
  // centre; the block is lifted by that much plus 0.001.
  const double a = 0.1;
  const double drop = 0.5 * std::sin(a) + 0.25 * std::cos(a);
  const auto contacts =
      collide(rectangle(1.0, 0.5), at(0.0, drop + 0.001, a), Plane{}, at(0.0, 0.0), 0.005);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_NEAR(contacts[0].gap, 0.001, kPlanarTol);
  // The corner keeps half the base, seen from the ground, as when the joint was closed.
  EXPECT_NEAR(contacts[0].area, 0.5 * std::cos(a), kPlanarTol);
}

TEST(PlanarStack, BlocksThatMeetAtACornerOnlyDoNotTouch) {
  // The upper block's lower-left corner on the lower block's upper-right one, exactly and
  // drifted by 1e-9: no contact; shifted by 1e-4 to the left, the two ends of the overlap.
  for (const double drift : {0.0, 1e-9, -1e-9})
    EXPECT_TRUE(collide(rectangle(0.4, 0.2), at(0.4 + drift, 0.3 - drift), rectangle(0.4, 0.2),
                        at(0.0, 0.1), 1e-3)
                    .empty())
        << drift;
  const auto strip =
      collide(rectangle(0.4, 0.2), at(0.4 - 1e-4, 0.3), rectangle(0.4, 0.2), at(0.0, 0.1), 1e-3);
  EXPECT_EQ(sorted_x(strip), (std::vector<double>{0.2 - 1e-4, 0.2}));
}

TEST(PlanarStack, TurnedStackHasTheTurnedNormalAndEnds) {
  // Two blocks turned together by 0.3 rad about y, the upper one 0.5 + g further along the
  // turned z axis: the joint is the turned segment x = +-0.5, z = 0.25 + g/2 (block frame).
  const double angle = 0.3, g = 0.004;
  const Pose lower = at(1.0, 2.0, angle);
  const Pose upper{lower.point_to_world(Vec3(0, 0, 0.5 + g)), lower.orientation};
  const auto contacts = collide(rectangle(1.0, 0.5), upper, rectangle(1.0, 0.5), lower, 0.01);
  ASSERT_EQ(contacts.size(), 2u);
  const std::vector<Vec3> ends{lower.point_to_world(Vec3(-0.5, 0, 0.25 + g / 2)),
                               lower.point_to_world(Vec3(0.5, 0, 0.25 + g / 2))};
  for (const ContactPoint& c : contacts) {
    EXPECT_NEAR(c.gap, g, kPlanarTol);
    EXPECT_TRUE(c.n.isApprox(lower.vector_to_world(Vec3::UnitZ()), kPlanarTol));
    EXPECT_TRUE(c.p.isApprox(ends[0], kPlanarTol) || c.p.isApprox(ends[1], kPlanarTol))
        << c.p.transpose();
  }
}

}  // namespace
}  // namespace moreau::collision
