// Shapes (geometry::Shape): the validation of their dimensions, their least width across, their
// scaled copies and the distance from a point inside to their faces.
#include "moreau/geometry/shape.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::geometry {
namespace {

using math::Vec2;
using math::Vec3;

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

// A shape scaled by s: every dimension s times, a polyhedron's face planes s times as far from
// its origin, a polygon's vertices s times theirs.
TEST(Scaled, MultipliesEveryDimension) {
  EXPECT_EQ(std::get<Sphere>(scaled(Sphere{0.3}, 0.5)).radius, 0.15);
  EXPECT_EQ(std::get<Box>(scaled(Box{Vec3(0.2, 0.1, 0.05)}, 0.5)).half_extents,
            Vec3(0.1, 0.05, 0.025));
  const ConvexPolyhedron brick = ConvexPolyhedron::box(Vec3(0.2, 0.1, 0.05));
  const ConvexPolyhedron small = std::get<ConvexPolyhedron>(scaled(brick, 0.9));
  for (std::size_t f = 0; f < brick.faces().size(); ++f)
    EXPECT_NEAR(small.faces()[f].offset, 0.9 * brick.faces()[f].offset, 1e-17);
  EXPECT_NEAR(least_width(small), 0.09, 1e-16);
  const Polygon triangle({Vec2(0, 0), Vec2(3, 0), Vec2(0, 4)});
  EXPECT_NEAR(least_width(scaled(triangle, 2.0)), 2 * least_width(triangle), 1e-14);
}

// The distance to the nearest face plane: a box's from its centre is its least half extent,
// from an off-centre point less; the wedge's (a right triangle of legs 3 and 4) from its
// centroid (1, 4/3) is 0.8, to the hypotenuse 4 x + 3 y = 12, less than to either leg.
TEST(InnerDistance, IsTheDistanceToTheNearestFace) {
  EXPECT_EQ(inner_distance(Box{Vec3(0.2, 0.1, 0.05)}, Vec3::Zero()), 0.05);
  EXPECT_NEAR(inner_distance(Box{Vec3(0.2, 0.1, 0.05)}, Vec3(0.17, 0.0, 0.01)), 0.03, 1e-16);
  EXPECT_NEAR(inner_distance(Sphere{0.3}, Vec3(0.1, 0.0, 0.0)), 0.2, 1e-16);
  EXPECT_NEAR(
      inner_distance(Polygon({Vec2(0, 0), Vec2(3, 0), Vec2(0, 4)}), Vec3(1.0, 7.0, 4.0 / 3.0)), 0.8,
      1e-15)
      << "a polygon ignores y";
  const std::vector<Vec3> wedge = {{0, 0, 0}, {3, 0, 0}, {0, 4, 0},
                                   {0, 0, 5}, {3, 0, 5}, {0, 4, 5}};
  const ConvexPolyhedron prism(wedge,
                               {{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 3}, {1, 2, 5, 4}, {0, 3, 5, 2}});
  EXPECT_NEAR(inner_distance(prism, Vec3(1.0, 4.0 / 3.0, 2.5)), 0.8, 1e-15);
  EXPECT_EQ(inner_distance(Plane{}, Vec3::Zero()), std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace moreau::geometry
