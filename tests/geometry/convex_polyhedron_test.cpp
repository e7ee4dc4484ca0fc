// User-given convex polyhedra (geometry::ConvexPolyhedron): the box's outward face planes and
// edges, and the convexity check that refuses reversed faces, dents and open surfaces.
#include "moreau/geometry/convex_polyhedron.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace moreau::geometry {
namespace {

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

}  // namespace
}  // namespace moreau::geometry
