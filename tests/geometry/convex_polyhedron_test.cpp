// User-given convex polyhedra (geometry::ConvexPolyhedron): the box's outward face planes and
// edges (to the bit those derived from its corners), a moved copy, and the convexity check that
// refuses reversed faces, dents and open surfaces.
#include "moreau/geometry/convex_polyhedron.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <tuple>
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

// Bitwise, signs of zeros included: every double's bytes.
bool same_bits(const Vec3& a, const Vec3& b) {
  return std::memcmp(a.data(), b.data(), sizeof(Vec3)) == 0;
}
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

void expect_bitwise_equal(const ConvexPolyhedron& a, const ConvexPolyhedron& b) {
  ASSERT_EQ(a.vertices().size(), b.vertices().size());
  for (std::size_t i = 0; i < a.vertices().size(); ++i)
    EXPECT_TRUE(same_bits(a.vertices()[i], b.vertices()[i])) << "vertex " << i;
  ASSERT_EQ(a.faces().size(), b.faces().size());
  for (std::size_t f = 0; f < a.faces().size(); ++f) {
    EXPECT_EQ(a.faces()[f].vertices, b.faces()[f].vertices) << "face " << f;
    EXPECT_EQ(a.faces()[f].edges, b.faces()[f].edges) << "face " << f;
    EXPECT_TRUE(same_bits(a.faces()[f].normal, b.faces()[f].normal)) << "face " << f;
    EXPECT_TRUE(same_bits(a.faces()[f].offset, b.faces()[f].offset)) << "face " << f;
  }
  ASSERT_EQ(a.edges().size(), b.edges().size());
  for (std::size_t e = 0; e < a.edges().size(); ++e) {
    EXPECT_EQ(std::tie(a.edges()[e].a, a.edges()[e].b, a.edges()[e].left, a.edges()[e].right),
              std::tie(b.edges()[e].a, b.edges()[e].b, b.edges()[e].left, b.edges()[e].right));
  }
}

// ConvexPolyhedron::box scales a unit box once derived; the result is the polyhedron the
// general constructor derives from the box's own corners, to the bit, so that collision
// (which places every box each step) gives what it gave when it built each box anew.
TEST(ConvexPolyhedron, BoxIsBitwiseTheBoxDerivedFromItsCorners) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-4.0, 3.0);
  for (int trial = 0; trial < 200; ++trial) {
    const Vec3 h(std::pow(10.0, exponent(rng)), std::pow(10.0, exponent(rng)),
                 std::pow(10.0, exponent(rng)));
    std::vector<Vec3> corners(8);
    for (int i = 0; i < 8; ++i)
      corners[i] =
          Vec3((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z());
    SCOPED_TRACE(trial);
    expect_bitwise_equal(ConvexPolyhedron::box(h), ConvexPolyhedron(corners, kBoxLoops));
  }
}

TEST(ConvexPolyhedron, TransformedInPlaceIsTheTransformedCopy) {
  const ConvexPolyhedron box = ConvexPolyhedron::box(Vec3(0.2, 0.1, 0.05));
  const Pose pose{Vec3(1.0, -2.0, 0.5),
                  math::Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 3).normalized()))};
  const ConvexPolyhedron copied = box.transformed(pose);
  expect_bitwise_equal(ConvexPolyhedron(box).transformed(pose), copied);
  EXPECT_TRUE(copied.vertices()[7].isApprox(pose.point_to_world(Vec3(0.2, 0.1, 0.05))));
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
