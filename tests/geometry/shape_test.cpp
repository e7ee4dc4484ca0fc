// Shape construction and validation: user-given polyhedra, polygons, boxes, bounding boxes.
#include "moreau/geometry/shape.hpp"

#include "moreau/geometry/aabb.hpp"
#include "moreau/math/quaternion.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::geometry {
namespace {

using math::Vec2;
using math::Vec3;
using ::testing::HasSubstr;

const std::vector<std::vector<int>> kBoxLoops = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                                 {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};

TEST(ConvexPolyhedron, BoxHasOutwardNormalsAndOffsets) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(1.0, 2.0, 3.0));
  const Vec3 expected_normals[] = {-Vec3::UnitX(), Vec3::UnitX(),  -Vec3::UnitY(),
                                   Vec3::UnitY(),  -Vec3::UnitZ(), Vec3::UnitZ()};
  for (int f = 0; f < 6; ++f) {
    EXPECT_EQ(box.faces()[f].normal, expected_normals[f]);
    EXPECT_EQ(box.faces()[f].offset, Vec3(1.0, 2.0, 3.0)[f / 2]);
  }
  EXPECT_EQ(box.edges().size(), 12u);
}

TEST(ConvexPolyhedron, IsConvexRejectsReversedFacesDentsAndOpenSurfaces) {
  const std::vector<Vec3> corners = ConvexPolyhedron::box(Vec3::Ones()).vertices();
  EXPECT_TRUE(is_convex(corners, kBoxLoops));
  auto reversed = kBoxLoops;
  std::reverse(reversed[2].begin(), reversed[2].end());
  EXPECT_FALSE(is_convex(corners, reversed));
  auto open = kBoxLoops;
  open.pop_back();
  EXPECT_THAT(convexity_defect(corners, open), HasSubstr("not shared by exactly two faces"));
  auto dented = corners;
  dented[7] = Vec3(0.5, 0.5, 0.5);  // a corner pushed inwards: faces no longer planar
  EXPECT_FALSE(is_convex(dented, kBoxLoops));
  try {
    ConvexPolyhedron(dented, kBoxLoops, {"p.yaml", 3, 1}, "bodies[0].faces");
    ADD_FAILURE() << "accepted a dented box";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "bodies[0].faces");
  }
}

TEST(Polygon, AcceptsConvexCounterClockwiseLoopsWithOutwardEdgeNormals) {
  const Polygon square({Vec2(0, 0), Vec2(2, 0), Vec2(2, 1), Vec2(0, 1)});
  EXPECT_EQ(square.edge_normal(0), Vec2(0, -1));
  EXPECT_EQ(square.edge_normal(1), Vec2(1, 0));
  EXPECT_EQ(square.edge_normal(3), Vec2(-1, 0));
}

TEST(Polygon, RefusesClockwiseNonConvexCollinearAndDegenerateLoops) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::vector<Vec2>> bad = {
      {Vec2(0, 0), Vec2(0, 1), Vec2(1, 1), Vec2(1, 0)},                // clockwise
      {Vec2(0, 0), Vec2(2, 0), Vec2(1, 0.5), Vec2(2, 2), Vec2(0, 2)},  // reflex corner
      {Vec2(0, 0), Vec2(1, 0), Vec2(2, 0), Vec2(2, 1)},                // collinear
      {Vec2(0, 0), Vec2(1, 0)},                                        // too few
      {Vec2(0, 0), Vec2(1, 0), Vec2(1, nan)},                          // not finite
      {Vec2(1, 1), Vec2(1, 1), Vec2(1, 1)}};                           // one point
  for (const auto& loop : bad) {
    EXPECT_THROW(Polygon(loop, {"wall.yaml", 9, 5}, "bodies[2].vertices"), core::Diagnostic)
        << loop.front().transpose();
  }
  // A pentagram turns left at every corner but winds twice.
  std::vector<Vec2> star;
  for (int k = 0; k < 5; ++k)
    star.emplace_back(std::cos(4.0 * std::numbers::pi * k / 5.0),
                      std::sin(4.0 * std::numbers::pi * k / 5.0));
  EXPECT_THROW(Polygon{star}, core::Diagnostic);
}

TEST(Validate, RefusesNonPositiveDimensionsNamingTheField) {
  try {
    validate(Box{Vec3(1.0, -2.0, 1.0)}, {"a.yaml", 2, 3}, "bodies[4].shape");
    ADD_FAILURE();
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "bodies[4].shape.half_extents[1]");
  }
  EXPECT_THROW(validate(Sphere{std::numeric_limits<double>::quiet_NaN()}), core::Diagnostic);
  EXPECT_NO_THROW(validate(Sphere{0.1}));
}

// The least width: a brick's height; a regular hexagon's across its flats, sqrt(3) r, not
// across its corners, 2 r; a wedge's (a right triangle of legs 3 and 4) its height on the
// hypotenuse, 12 / 5, less than either leg.
TEST(LeastWidth, IsTheNarrowestStripAcrossAFace) {
  EXPECT_EQ(least_width(Box{Vec3(0.2, 0.1, 0.05)}), 0.1);
  EXPECT_EQ(least_width(Sphere{0.3}), 0.6);
  EXPECT_EQ(least_width(Plane{}), std::numeric_limits<double>::infinity());
  std::vector<Vec2> hexagon;
  for (int k = 0; k < 6; ++k)
    hexagon.emplace_back(std::cos(k * std::numbers::pi / 3), std::sin(k * std::numbers::pi / 3));
  EXPECT_NEAR(least_width(Polygon(hexagon)), std::sqrt(3.0), 1e-15);
  const std::vector<Vec3> wedge = {{0, 0, 0}, {3, 0, 0}, {0, 4, 0},
                                   {0, 0, 1}, {3, 0, 1}, {0, 4, 1}};
  const ConvexPolyhedron prism(wedge,
                               {{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 3}, {1, 2, 5, 4}, {0, 3, 5, 2}});
  EXPECT_NEAR(least_width(prism), 1.0, 1e-15) << "its depth, 1, is narrower still";
  const std::vector<Vec3> deep_wedge = {{0, 0, 0}, {3, 0, 0}, {0, 4, 0},
                                        {0, 0, 5}, {3, 0, 5}, {0, 4, 5}};
  const ConvexPolyhedron deep(deep_wedge,
                              {{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 3}, {1, 2, 5, 4}, {0, 3, 5, 2}});
  EXPECT_NEAR(least_width(deep), 12.0 / 5.0, 1e-14);
}

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
