// Planar blocks (geometry::Polygon, in the x-z plane): convex counter-clockwise loops with
// outward edge normals, and the loops refused.
#include "moreau/geometry/polygon.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

namespace moreau::geometry {
namespace {

using math::Vec2;

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

}  // namespace
}  // namespace moreau::geometry
