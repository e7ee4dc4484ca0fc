// Axis-aligned bounding boxes of shapes in a pose (geometry::bounding_box) and their overlap
// test, which the broad phase uses.
#include "moreau/geometry/aabb.hpp"

#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace moreau::geometry {
namespace {

using math::Vec3;

TEST(BoundingBox, RotatedBoxMatchesItsCorners) {
  const Pose pose{Vec3(1.0, -2.0, 0.5), math::from_axis_angle(Vec3(1.0, 2.0, -0.5), 0.7)};
  const Aabb box = bounding_box(Box{Vec3(0.3, 0.2, 0.1)}, pose);
  const Aabb hull = bounding_box(ConvexPolyhedron::box(Vec3(0.3, 0.2, 0.1)), pose);
  EXPECT_TRUE(box.lower.isApprox(hull.lower, 1e-15));
  EXPECT_TRUE(box.upper.isApprox(hull.upper, 1e-15));
}

TEST(BoundingBox, GroundPlaneIsBoundedAboveOnly) {
  const Aabb ground = bounding_box(Plane{}, Pose{Vec3(0.0, 0.0, -1.0), math::Quat::Identity()});
  EXPECT_EQ(ground.upper.z(), -1.0);
  EXPECT_TRUE(std::isinf(ground.lower.z()) && std::isinf(ground.upper.x()));
  EXPECT_TRUE(ground.overlaps(Aabb{Vec3(5, 5, -1), Vec3(6, 6, 0)}));  // touching counts
  EXPECT_FALSE(ground.overlaps(Aabb{Vec3(5, 5, -0.9), Vec3(6, 6, 0)}));
}

}  // namespace
}  // namespace moreau::geometry
