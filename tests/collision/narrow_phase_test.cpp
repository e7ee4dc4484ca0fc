// Narrow phase against exact geometry. Where the configuration is given by exact numbers
// (axis-aligned boxes, rotations about one axis) the points and gaps are closed forms and
// only round-off of unit-size coordinates remains: 1e-12.
#include "moreau/collision/narrow_phase.hpp"

#include "moreau/collision/face_contact.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace moreau::collision {
namespace {

using geometry::Box;
using geometry::Plane;
using geometry::Pose;
using geometry::Sphere;
using math::Quat;
using math::Vec3;
using std::numbers::pi;

constexpr double kTol = 1e-12;

Pose at(const Vec3& x, const Quat& q = Quat::Identity()) { return {x, q}; }

// Every expected point is matched by one contact (order free).
void expect_points(const std::vector<ContactPoint>& contacts, std::vector<Vec3> expected,
                   double tol = kTol) {
  ASSERT_EQ(contacts.size(), expected.size());
  for (const ContactPoint& c : contacts) {
    const auto match = std::find_if(expected.begin(), expected.end(),
                                    [&](const Vec3& e) { return (e - c.p).norm() <= tol; });
    ASSERT_NE(match, expected.end()) << "unexpected point " << c.p.transpose();
    expected.erase(match);
  }
}

void expect_all(const std::vector<ContactPoint>& contacts, const Vec3& n, double gap) {
  for (const ContactPoint& c : contacts) {
    EXPECT_TRUE(c.n.isApprox(n, kTol)) << c.n.transpose();
    EXPECT_NEAR(c.gap, gap, kTol);
  }
}

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

TEST(BoxBox, CrossingEdgesGiveOnePointWithTheAnalyticGap) {
  // B turned 45 degrees about y: its top is the edge z = sqrt 2 along y. A turned 45
  // degrees about x: its bottom is the edge z = z_A - sqrt 2 along x. Gap z_A - 2 sqrt 2.
  const double r2 = std::sqrt(2.0);
  for (const double gap : {0.03, 0.0, -0.05}) {
    const auto contacts = collide(
        Box{Vec3::Ones()},
        at(Vec3(0.1, -0.2, 2 * r2 + gap), math::from_axis_angle(Vec3::UnitX(), pi / 4)),
        Box{Vec3::Ones()}, at(Vec3::Zero(), math::from_axis_angle(Vec3::UnitY(), pi / 4)), 0.05);
    ASSERT_EQ(contacts.size(), 1u) << "gap " << gap;
    EXPECT_NEAR(contacts[0].gap, gap, kTol);
    EXPECT_TRUE(contacts[0].p.isApprox(Vec3(0, -0.2, r2 + gap / 2), kTol))
        << contacts[0].p.transpose();
    EXPECT_TRUE(contacts[0].n.isApprox(Vec3::UnitZ(), kTol));
    EXPECT_EQ(contacts[0].feature.a.kind, FeatureKind::Edge);
    EXPECT_EQ(contacts[0].feature.b.kind, FeatureKind::Edge);
  }
}

TEST(BoxBox, BoxesThatMeetAtACornerOrAlongAnEdgeOnlyDoNotTouch) {
  // The inner corner of a building: a block of course k and one of course k + 1 share one
  // corner point (1.3, -1.95, 10.4) or a whole edge, in a frame turned by 0.3 rad about z
  // so that no coordinate is round. A drift of 1e-9 in any direction leaves the overlap
  // without area: the last two leave squares 1e-9 and 1e-11 wide ten metres from the
  // origin, whose area must not drown in round-off. Moved 1e-4 into each other along x and
  // y, the blocks overlap on a square 0.1 mm wide, which is a contact.
  const Quat turn = math::from_axis_angle(Vec3::UnitZ(), 0.3);
  auto turned = [&](const Vec3& x) { return at(turn * x, turn); };
  const Box lower{Vec3(0.15, 0.35, 0.1)}, upper{Vec3(0.35, 0.0577, 0.1)};
  const Vec3 lower_centre(1.15, -2.3, 10.3);
  for (const Vec3& drift : {Vec3(0, 0, 0), Vec3(1e-9, -1e-9, -1e-9), Vec3(-1e-9, 1e-9, 0),
                            Vec3(-1e-9, -1e-9, 0), Vec3(-1e-11, -1e-11, 0)}) {
    const Vec3 corner_to_corner(1.65, -1.8923, 10.5);
    EXPECT_TRUE(
        collide(upper, turned(corner_to_corner + drift), lower, turned(lower_centre), 1e-3).empty())
        << drift.transpose();
    const Vec3 edge_to_edge(1.65, -2.3, 10.5);  // the upper box spans y = -2.3577..-2.2423
    EXPECT_TRUE(
        collide(upper, turned(edge_to_edge + drift), lower, turned(lower_centre), 1e-3).empty())
        << drift.transpose();
  }
  const auto strip = collide(upper, turned(Vec3(1.65 - 1e-4, -1.8923 - 1e-4, 10.5)), lower,
                             turned(lower_centre), 1e-3);
  expect_points(strip,
                {turn * Vec3(1.3 - 1e-4, -1.95, 10.4), turn * Vec3(1.3, -1.95, 10.4),
                 turn * Vec3(1.3, -1.95 - 1e-4, 10.4), turn * Vec3(1.3 - 1e-4, -1.95 - 1e-4, 10.4)},
                1e-9);
  expect_all(strip, Vec3::UnitZ(), 0.0);
}

TEST(BoxPlane, RestingBoxGivesItsFourBottomCornersAtGapZero) {
  const Quat turn = math::from_axis_angle(Vec3::UnitZ(), 0.4);
  const Vec3 h(0.5, 0.3, 0.2);
  const auto contacts =
      collide(Box{h}, at(Vec3(1.0, 2.0, 0.2), turn), Plane{}, at(Vec3::Zero()), 0.0);
  std::vector<Vec3> corners;
  for (const double sx : {-1.0, 1.0})
    for (const double sy : {-1.0, 1.0})
      corners.push_back(Vec3(1.0, 2.0, 0.0) + turn * Vec3(sx * h.x(), sy * h.y(), 0.0));
  expect_points(contacts, corners);
  expect_all(contacts, Vec3::UnitZ(), 0.0);
  for (const ContactPoint& c : contacts) EXPECT_EQ(c.feature.b, (Feature{FeatureKind::Face, 0}));
}

TEST(BoxPlane, TiltedBoxTouchesWithOneEdge) {
  // Turned 30 degrees about y, 0.001 above the ground z = -1: the lowest edge, two corners.
  const Quat tilt = math::from_axis_angle(Vec3::UnitY(), pi / 6);
  const Vec3 h = Vec3::Ones();
  double lowest = 0.0;
  const geometry::ConvexPolyhedron corners = geometry::ConvexPolyhedron::box(h);
  for (const Vec3& corner : corners.vertices()) lowest = std::min(lowest, (tilt * corner).z());
  const auto contacts =
      collide(Plane{}, at(Vec3(0, 0, -1)), Box{h}, at(Vec3(0, 0, -1 - lowest + 0.001), tilt), 0.01);
  ASSERT_EQ(contacts.size(), 2u);
  expect_all(contacts, -Vec3::UnitZ(), 0.001);  // B is the box: n points into the plane
}

TEST(Spheres, SphereSphereAndSpherePlaneHaveAnalyticGaps) {
  const auto touching =
      collide(Sphere{0.5}, at(Vec3(3, 4, 0)), Sphere{1.0}, at(Vec3::Zero()), 10.0);
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, 5.0 - 1.5, kTol);
  EXPECT_TRUE(touching[0].n.isApprox(Vec3(0.6, 0.8, 0), kTol));
  EXPECT_TRUE(touching[0].p.isApprox(Vec3(0.6, 0.8, 0) * (1.0 + 3.5 / 2), kTol));
  EXPECT_TRUE(collide(Sphere{0.5}, at(Vec3(3, 4, 0)), Sphere{1.0}, at(Vec3::Zero()), 3.4).empty());
  const auto ground = collide(Plane{}, at(Vec3(0, 0, 1)), Sphere{0.25}, at(Vec3(2, 2, 1.2)), 0.0);
  ASSERT_EQ(ground.size(), 1u);
  EXPECT_NEAR(ground[0].gap, -0.05, kTol);
  EXPECT_TRUE(ground[0].n.isApprox(-Vec3::UnitZ(), kTol));  // from the sphere (B) to the plane
  EXPECT_TRUE(ground[0].p.isApprox(Vec3(2, 2, 0.975), kTol));
}

TEST(Spheres, SphereBoxInFaceEdgeVertexRegionsAndInside) {
  const Box box{Vec3(1.0, 2.0, 3.0)};
  struct Case {
    Vec3 centre;
    Vec3 closest;  // on the box
    FeatureKind kind;
  };
  const Case cases[] = {{Vec3(0.5, 0.5, 4.0), Vec3(0.5, 0.5, 3.0), FeatureKind::Face},
                        {Vec3(2.0, 0.5, 4.0), Vec3(1.0, 0.5, 3.0), FeatureKind::Edge},
                        {Vec3(2.0, 3.0, 4.0), Vec3(1.0, 2.0, 3.0), FeatureKind::Vertex}};
  for (const Case& c : cases) {
    const auto contacts = collide(Sphere{0.5}, at(c.centre), box, at(Vec3::Zero()), 10.0);
    ASSERT_EQ(contacts.size(), 1u);
    const double distance = (c.centre - c.closest).norm();
    EXPECT_NEAR(contacts[0].gap, distance - 0.5, kTol);
    EXPECT_TRUE(contacts[0].n.isApprox((c.centre - c.closest) / distance, kTol));
    EXPECT_EQ(contacts[0].feature.b.kind, c.kind);
  }
  // Centre inside, 0.2 below the top face (the least deep): gap -(0.2 + r).
  const auto inside = collide(Sphere{0.5}, at(Vec3(0.1, 0.1, 2.8)), box, at(Vec3::Zero()), 0.0);
  ASSERT_EQ(inside.size(), 1u);
  EXPECT_NEAR(inside[0].gap, -0.7, kTol);
  EXPECT_TRUE(inside[0].n.isApprox(Vec3::UnitZ(), kTol));
}

TEST(Symmetry, SwappingAAndBFlipsTheNormalAndKeepsThePoints) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const geometry::Shape a = Box{Vec3(0.6, 0.4, 0.3)};
    const geometry::Shape b =
        trial % 2 ? geometry::Shape(Box{Vec3(1.0, 0.7, 0.5)}) : geometry::Shape(Sphere{0.6});
    const Pose pa = at(Vec3(0.3 * unit(rng), 0.3 * unit(rng), 0.75 + 0.1 * unit(rng)),
                       math::from_axis_angle(Vec3(unit(rng), unit(rng), unit(rng)), unit(rng)));
    const Pose pb =
        at(Vec3::Zero(), math::from_axis_angle(Vec3(unit(rng), unit(rng), 1), 0.3 * unit(rng)));
    const auto ab = collide(a, pa, b, pb, 0.05);
    const auto ba = collide(b, pb, a, pa, 0.05);
    ASSERT_EQ(ab.size(), ba.size()) << "trial " << trial;
    for (std::size_t k = 0; k < ab.size(); ++k) {
      EXPECT_TRUE(ab[k].p.isApprox(ba[k].p, kTol)) << "trial " << trial;
      EXPECT_TRUE(ab[k].n.isApprox(-ba[k].n, kTol)) << "trial " << trial;
      EXPECT_NEAR(ab[k].gap, ba[k].gap, kTol);
      EXPECT_EQ(ab[k].feature.a, ba[k].feature.b);
      // n from B to A: moving A along n opens every gap.
      EXPECT_NEAR(ab[k].n.norm(), 1.0, kTol);
    }
    compared += static_cast<int>(ab.size());
  }
  EXPECT_GT(compared, 100);
}

TEST(Normal, PointsFromBTowardsA) {
  // A above B in every pair type: n has a positive z component.
  const Pose above = at(Vec3(0.1, 0.0, 1.9), math::from_axis_angle(Vec3(1, 1, 0), 0.1));
  const geometry::Shape shapes[] = {Sphere{1.0}, Box{Vec3::Ones()},
                                    geometry::ConvexPolyhedron::box(Vec3::Ones())};
  for (const auto& a : shapes)
    for (const auto& b : shapes)
      for (const ContactPoint& c : collide(a, above, b, at(Vec3::Zero()), 0.5))
        EXPECT_GT(c.n.z(), 0.9) << a.index() << " on " << b.index();
}

TEST(FeatureIds, StayTheSameWhileTheBlockMovesLittle) {
  auto ids = [](double dx) {
    std::vector<std::uint32_t> keys;
    for (const ContactPoint& c : collide(Box{Vec3::Ones()}, at(Vec3(0.3 + dx, 0.2, 2.0 - 1e-4)),
                                         Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0))
      keys.push_back(c.feature.key());
    std::sort(keys.begin(), keys.end());
    return keys;
  };
  EXPECT_EQ(ids(0.0), ids(1e-6));
  EXPECT_EQ(ids(0.0), ids(-1e-3));
  EXPECT_EQ(ids(0.0).size(), 4u);
}

TEST(Dispatch, PolygonWithA3DShapeIsRefused) {
  const geometry::Polygon square(
      {math::Vec2(0, 0), math::Vec2(1, 0), math::Vec2(1, 1), math::Vec2(0, 1)});
  EXPECT_THROW(collide(square, at(Vec3::Zero()), Sphere{1.0}, at(Vec3::Zero()), 0.0),
               core::Diagnostic);
  EXPECT_TRUE(collide(Plane{}, at(Vec3::Zero()), Plane{}, at(Vec3::Zero()), 1.0).empty());
}

}  // namespace
}  // namespace moreau::collision
