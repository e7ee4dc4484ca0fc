// Convex hulls through Qhull: merged polygonal faces, extreme points only, and refusals.
#include "moreau/geometry/convex_hull.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace moreau::geometry {
namespace {

using math::Vec3;
using ::testing::HasSubstr;

std::vector<Vec3> unit_cube_corners() {
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) corners.emplace_back(i & 1, (i >> 1) & 1, (i >> 2) & 1);
  return corners;
}

TEST(ConvexHull, CubeWithInteriorAndCoplanarPointsHasSixQuadFaces) {
  std::vector<Vec3> points = unit_cube_corners();
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 50; ++i) points.emplace_back(unit(rng), unit(rng), unit(rng));  // inside
  for (int i = 0; i < 20; ++i) points.emplace_back(unit(rng), unit(rng), 1.0);        // on the top
  points.emplace_back(0.5, 0.0, 0.0);  // edge midpoints
  points.emplace_back(1.0, 0.5, 1.0);
  points.emplace_back(0.5, 0.5, 0.0);  // a face centre
  const ConvexPolyhedron hull = convex_hull(points);
  EXPECT_EQ(hull.vertices().size(), 8u);
  EXPECT_EQ(hull.edges().size(), 12u);
  ASSERT_EQ(hull.faces().size(), 6u);
  for (const PolyhedronFace& face : hull.faces()) {
    EXPECT_EQ(face.vertices.size(), 4u);
    // Axis-aligned outward normals and offsets 0 or 1 (exact input: round-off only).
    EXPECT_NEAR(face.normal.cwiseAbs().maxCoeff(), 1.0, 1e-15);
    const Vec3 centre = Vec3::Constant(0.5);
    EXPECT_NEAR(face.offset - face.normal.dot(centre), 0.5, 1e-15);
  }
  for (const Vec3& v : hull.vertices())
    EXPECT_TRUE((v.array() == 0.0 || v.array() == 1.0).all()) << v.transpose();
}

TEST(ConvexHull, OctahedronHasEightTriangles) {
  std::vector<Vec3> points;
  for (int k = 0; k < 3; ++k) {
    points.push_back(Vec3::Unit(k));
    points.push_back(-Vec3::Unit(k));
  }
  const ConvexPolyhedron hull = convex_hull(points);
  EXPECT_EQ(hull.faces().size(), 8u);
  EXPECT_EQ(hull.edges().size(), 12u);
  for (const PolyhedronFace& face : hull.faces()) {
    EXPECT_EQ(face.vertices.size(), 3u);
    EXPECT_NEAR(face.offset, 1.0 / std::sqrt(3.0), 1e-15);
  }
}

TEST(ConvexHull, FaceLoopsAreCounterClockwiseFromOutsideAndEdgesKnowTheirFaces) {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<Vec3> points;
  for (int i = 0; i < 200; ++i) points.emplace_back(normal(rng), normal(rng), normal(rng));
  const ConvexPolyhedron hull = convex_hull(points);
  EXPECT_TRUE(is_convex(hull.vertices(), [&] {
    std::vector<std::vector<int>> loops;
    for (const auto& face : hull.faces())
      loops.emplace_back(face.vertices.begin(), face.vertices.end());
    return loops;
  }()));
  // Euler: V - E + F = 2 for a closed convex surface.
  EXPECT_EQ(hull.vertices().size() - hull.edges().size() + hull.faces().size(), 2u);
  for (std::size_t f = 0; f < hull.faces().size(); ++f) {
    const PolyhedronFace& face = hull.faces()[f];
    for (std::size_t k = 0; k < face.vertices.size(); ++k) {
      const PolyhedronEdge& edge = hull.edges()[face.edges[k]];
      const int a = face.vertices[k];
      EXPECT_EQ(a < face.vertices[(k + 1) % face.vertices.size()] ? edge.left : edge.right,
                static_cast<int>(f));
    }
  }
}

void expect_refused(const std::vector<Vec3>& points, const std::string& what) {
  try {
    convex_hull(points, {"blocks.yaml", 4, 7}, "bodies[1].vertices");
    ADD_FAILURE() << "accepted: " << what;
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "bodies[1].vertices");
    EXPECT_THAT(error.what(), HasSubstr("blocks.yaml:4:7: error: bodies[1].vertices"));
    EXPECT_THAT(error.what(), HasSubstr(what));
  }
}

TEST(ConvexHull, RefusesDegenerateInputNamingTheKey) {
  expect_refused({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}, "3 points");
  std::vector<Vec3> with_nan = unit_cube_corners();
  with_nan[5].y() = std::numeric_limits<double>::quiet_NaN();
  expect_refused(with_nan, "non-finite coordinate in point 5");
  expect_refused(std::vector<Vec3>(6, Vec3(1, 2, 3)), "one point repeated");
  std::vector<Vec3> flat = unit_cube_corners();
  for (Vec3& p : flat) p.z() = 2.0;
  expect_refused(flat, "on one plane");
  expect_refused({Vec3(0, 0, 0), Vec3(1, 1, 1), Vec3(2, 2, 2), Vec3(3, 3, 3), Vec3(0, 0, 0)},
                 "on one plane");
}

}  // namespace
}  // namespace moreau::geometry
