// Face-to-face contact of boxes through the narrow phase (collision/face_contact.cpp): the
// overlap polygon of the reference and incident faces, clipped exactly, and its reduction to
// four points that keep its extent.
#include "moreau/collision/face_contact.hpp"

#include "contact_checks.hpp"
#include "moreau/collision/narrow_phase.hpp"
#include "moreau/geometry/convex_hull.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace moreau::collision {
namespace {

using checks::at;
using checks::expect_all;
using checks::expect_points;
using checks::kTol;
using geometry::Box;
using geometry::ConvexPolyhedron;
using math::Quat;
using math::Vec3;
using std::numbers::pi;

TEST(BoxBox, EqualBoxesGiveTheFourCornersOfTheFace) {
  const auto contacts =
      collide(Box{Vec3::Ones()}, at(Vec3(0, 0, 2)), Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0);
  expect_points(contacts, {Vec3(-1, -1, 1), Vec3(1, -1, 1), Vec3(1, 1, 1), Vec3(-1, 1, 1)});
  expect_all(contacts, Vec3::UnitZ(), 0.0);
}

TEST(BoxBox, SmallerBoxOnALargerOneGivesItsBottomCorners) {
  const auto contacts = collide(Box{Vec3(0.5, 0.25, 0.5)}, at(Vec3(0.2, -0.3, 1.5)),
                                Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0);
  expect_points(contacts, {Vec3(-0.3, -0.55, 1), Vec3(0.7, -0.55, 1), Vec3(0.7, -0.05, 1),
                           Vec3(-0.3, -0.05, 1)});
  expect_all(contacts, Vec3::UnitZ(), 0.0);
  // The larger box on top of the smaller one: the same rectangle, reached by clipping.
  const auto under = collide(Box{Vec3::Ones()}, at(Vec3(-0.2, 0.3, 1.5)), Box{Vec3(0.5, 0.25, 0.5)},
                             at(Vec3::Zero()), 0.0);
  expect_points(under, {Vec3(-0.5, -0.25, 0.5), Vec3(0.5, -0.25, 0.5), Vec3(0.5, 0.25, 0.5),
                        Vec3(-0.5, 0.25, 0.5)});
}

TEST(BoxBox, OffsetBoxWithAGapGivesTheOverlapRectangleMidway) {
  // Overlap x in [-0.5, 1], y in [-0.7, 1]; gap 0.01, points at z = 1 + 0.01/2.
  const auto contacts = collide(Box{Vec3::Ones()}, at(Vec3(0.5, 0.3, 2.01)), Box{Vec3::Ones()},
                                at(Vec3::Zero()), 0.02);
  expect_points(contacts, {Vec3(-0.5, -0.7, 1.005), Vec3(1, -0.7, 1.005), Vec3(1, 1, 1.005),
                           Vec3(-0.5, 1, 1.005)});
  expect_all(contacts, Vec3::UnitZ(), 0.01);
  EXPECT_TRUE(collide(Box{Vec3::Ones()}, at(Vec3(0.5, 0.3, 2.01)), Box{Vec3::Ones()},
                      at(Vec3::Zero()), 0.009)
                  .empty());
}

// The octagon where two unit squares centred on the z axis overlap, one turned by angle:
// the crossings of their sides, found by brute force over side pairs.
std::vector<Vec3> overlap_octagon(double angle) {
  std::vector<Vec3> corners;
  const Quat turn = math::from_axis_angle(Vec3::UnitZ(), angle);
  auto inside = [&](const Vec3& x) {
    const Vec3 local = turn.inverse() * x;
    return x.head<2>().cwiseAbs().maxCoeff() <= 1 + 1e-12 &&
           local.head<2>().cwiseAbs().maxCoeff() <= 1 + 1e-12;
  };
  for (int k = 0; k < 4; ++k)
    for (int m = 0; m < 4; ++m)
      for (const double s : {-1.0, 1.0}) {
        // Side k of the fixed square: x_k = +-1; side m of the turned one: u_m.x = +-1.
        const Vec3 e = Vec3::Unit(k % 2) * (k < 2 ? 1.0 : -1.0);
        const Vec3 u = turn * (Vec3::Unit(m % 2) * (m < 2 ? 1.0 : -1.0));
        // Solve e.x = 1, u.x = s in the plane z = 1.
        Eigen::Matrix2d A;
        A << e.x(), e.y(), u.x(), u.y();
        const Eigen::Vector2d xy = A.fullPivLu().solve(Eigen::Vector2d(1.0, s));
        const Vec3 x(xy.x(), xy.y(), 1.0);
        if (std::abs(A.determinant()) > 1e-9 && inside(x) &&
            std::none_of(corners.begin(), corners.end(),
                         [&](const Vec3& c) { return (c - x).norm() < 1e-9; }))
          corners.push_back(x);
      }
  return corners;
}

double quad_area(std::vector<Vec3> q) {
  // Sort by angle about the centre, then shoelace.
  Vec3 centre = Vec3::Zero();
  for (const Vec3& v : q) centre += v / 4.0;
  std::sort(q.begin(), q.end(), [&](const Vec3& a, const Vec3& b) {
    return std::atan2(a.y() - centre.y(), a.x() - centre.x()) <
           std::atan2(b.y() - centre.y(), b.x() - centre.x());
  });
  double area = 0.0;
  for (int k = 0; k < 4; ++k) area += q[k].x() * q[(k + 1) % 4].y() - q[(k + 1) % 4].x() * q[k].y();
  return 0.5 * std::abs(area);
}

TEST(BoxBox, TurnedBoxOverlapOctagonIsReducedToFourPointsKeepingItsExtent) {
  const std::vector<Vec3> octagon = overlap_octagon(pi / 6);
  ASSERT_EQ(octagon.size(), 8u);
  const auto contacts =
      collide(Box{Vec3::Ones()}, at(Vec3(0, 0, 2), math::from_axis_angle(Vec3::UnitZ(), pi / 6)),
              Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0);
  ASSERT_EQ(contacts.size(), 4u);
  expect_all(contacts, Vec3::UnitZ(), 0.0);
  std::vector<Vec3> kept;
  for (const ContactPoint& c : contacts) {
    EXPECT_TRUE(std::any_of(octagon.begin(), octagon.end(),
                            [&](const Vec3& v) { return (v - c.p).norm() < kTol; }))
        << "not an octagon corner: " << c.p.transpose();
    kept.push_back(c.p);
  }
  // The rule of reduce_to_four: the diameter is kept, and here (a symmetric octagon) the
  // greedy choice reaches the largest quadrilateral over all 70 subsets of 4 corners.
  double diameter = 0.0, kept_diameter = 0.0, largest = 0.0;
  for (const Vec3& a : octagon)
    for (const Vec3& b : octagon) diameter = std::max(diameter, (a - b).norm());
  for (const Vec3& a : kept)
    for (const Vec3& b : kept) kept_diameter = std::max(kept_diameter, (a - b).norm());
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j)
      for (int k = j + 1; k < 8; ++k)
        for (int l = k + 1; l < 8; ++l)
          largest = std::max(largest, quad_area({octagon[i], octagon[j], octagon[k], octagon[l]}));
  EXPECT_NEAR(kept_diameter, diameter, kTol);
  EXPECT_NEAR(quad_area(kept), largest, kTol);
}

// A prism between z = -1 and 1 on the regular polygon of `corners` corners on the unit circle.
ConvexPolyhedron prism(int corners) {
  std::vector<Vec3> points;
  for (int k = 0; k < corners; ++k)
    for (const double z : {-1.0, 1.0})
      points.emplace_back(std::cos(2 * pi * k / corners), std::sin(2 * pi * k / corners), z);
  return geometry::convex_hull(points);
}

int face_along(const ConvexPolyhedron& p, const Vec3& normal) {
  for (std::size_t f = 0; f < p.faces().size(); ++f)
    if ((p.faces()[f].normal - normal).norm() < kTol) return static_cast<int>(f);
  ADD_FAILURE() << "no face along " << normal.transpose();
  return 0;
}

TEST(PrismPrism, FacesOfManyCornersClipToTheRegularPolygonOfTheirOverlap) {
  // Two 24-gons, the upper one turned by half a corner: their overlap is the regular 48-gon
  // whose apothem is the 24-gon's, a = cos(pi / 24), of area 2n a^2 tan(pi / 2n) with n = 24
  // and circumradius a / cos(pi / 2n): more corners than a face's loop and a clipped polygon
  // keep in place (geometry::FaceLoop, ClippedPolygon).
  constexpr int n = 24;
  const ConvexPolyhedron lower = prism(n);
  const ConvexPolyhedron upper =
      prism(n).transformed(at(Vec3(0, 0, 2), math::from_axis_angle(Vec3::UnitZ(), pi / n)));
  ASSERT_EQ(lower.faces()[face_along(lower, Vec3::UnitZ())].vertices.size(), std::size_t{n});
  const ClippedPolygon overlap = clip_incident_face(lower, face_along(lower, Vec3::UnitZ()), upper,
                                                    face_along(upper, -Vec3::UnitZ()));
  ASSERT_EQ(overlap.size(), std::size_t{2 * n});
  const double apothem = std::cos(pi / n);
  double twice_area = 0.0;
  for (std::size_t k = 0; k < overlap.size(); ++k) {
    const Vec3& p = overlap[k].x;
    EXPECT_NEAR(p.z(), 1.0, kTol);
    EXPECT_NEAR(p.head<2>().norm(), apothem / std::cos(pi / (2 * n)), kTol);
    twice_area += p.cross(overlap[(k + 1) % overlap.size()].x).z();
  }
  const double area = 2 * n * apothem * apothem * std::tan(pi / (2 * n));
  // The polygon runs as the incident face's loop does: counter-clockwise seen from below.
  EXPECT_NEAR(-0.5 * twice_area, area, kTol);
  // Through the narrow phase: four points, which stand for the whole overlap.
  const auto contacts =
      collide(lower, at(Vec3::Zero()), prism(n),
              at(Vec3(0, 0, 2), math::from_axis_angle(Vec3::UnitZ(), pi / n)), 0.0);
  ASSERT_EQ(contacts.size(), 4u);
  double contact_area = 0.0;
  for (const ContactPoint& c : contacts) contact_area += c.area;
  EXPECT_NEAR(contact_area, area, kTol);
}

}  // namespace
}  // namespace moreau::collision
