// Contact of convex polyhedra with each other and with planes (collision/polyhedron_contact.cpp):
// separating axes of faces and edges, crossing edges, blocks that only meet at a corner or
// along an edge, and boxes resting or tilted on the ground.
#include "contact_checks.hpp"
#include "moreau/collision/narrow_phase.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace moreau::collision {
namespace {

using checks::at;
using checks::expect_all;
using checks::expect_points;
using checks::kTol;
using geometry::Box;
using geometry::Plane;
using math::Quat;
using math::Vec3;
using std::numbers::pi;

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

TEST(BoxBox, BlocksTurnedByRoundOffThatMeetAtACornerOrAlongAnEdgeDoNotTouch) {
  // Blocks settled on compliant joints are turned by round-off and sunk into the course
  // below. Turned by up to 3e-8 rad, shifted by up to 3e-9 m and sunk by up to 2e-6 m, two
  // blocks of successive courses that meet at a corner, and two of a course that meet along
  // a vertical edge (neighbours across a building's inner corner), are no contact, as when
  // they are not turned. The edge axes decided: the corner of the two courses gave a point
  // at their end faces' normal, which was not the best separating face's, and the vertical
  // edges' cross product turned with round-off to a horizontal normal. 157 of the 4,000
  // pairs touched so.
  const Box block{Vec3(0.225, 0.25, 0.125)};
  std::mt19937 random(41);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  auto draw = [&] { return Vec3(unit(random), unit(random), unit(random)); };
  auto turned = [&](const Vec3& centre) {
    return at(centre, math::from_axis_angle(draw().normalized(), 3e-8 * unit(random)));
  };
  const Vec3 next_course_corner(-0.45, 0.5, 0.25), across_the_corner(0.45, 0.5, 0);
  int touching = 0;
  for (int draws = 0; draws < 2000; ++draws) {
    const Vec3 shift = 3e-9 * draw();
    const Vec3 sunk(0, 0, -2e-6 * std::abs(unit(random)));
    for (const Vec3& centre :
         {Vec3(next_course_corner + shift + sunk), Vec3(across_the_corner + shift)}) {
      const geometry::Pose lower = turned(Vec3::Zero()), upper = turned(centre);
      if (!collide(block, upper, block, lower, 1e-3).empty()) ++touching;
    }
  }
  EXPECT_EQ(touching, 0);
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
  for (const ContactPoint& c : contacts) {
    EXPECT_EQ(c.feature.b, (Feature{FeatureKind::Face, 0}));
    EXPECT_NEAR(c.area, h.x() * h.y(), kTol);  // a quarter of the base, 2 h_x by 2 h_y
  }
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
  // The edge keeps its quarter of the base that faces the ground, seen from the ground.
  for (const ContactPoint& c : contacts) EXPECT_NEAR(c.area, std::cos(pi / 6), kTol);
}

// ContactPoint::area: each point stands for an equal share of the faces' overlap, whether or
// not the overlap's other points are within the detection distance.

TEST(BoxBox, EachPointStandsForAQuarterOfTheOverlapOfTheFaces) {
  // A on B, turned 45 degrees about z: the overlap of the two 2 x 2 squares is the regular
  // octagon of inradius 1, of area 8 tan(pi / 8), reduced to 4 of its corners.
  const auto contacts =
      collide(Box{Vec3::Ones()}, at(Vec3(0, 0, 2), math::from_axis_angle(Vec3::UnitZ(), pi / 4)),
              Box{Vec3::Ones()}, at(Vec3::Zero()), 0.0);
  ASSERT_EQ(contacts.size(), 4u);
  for (const ContactPoint& c : contacts) EXPECT_NEAR(c.area, 2 * std::tan(pi / 8), kTol);
}

TEST(BoxBox, ABlockRockingOnAnEdgeKeepsTheAreaOfItsClosedJoint) {
  // A (0.4 x 0.3 x 0.2) turned by 0.05 rad about y on a wide B, on the edge of its base at
  // x = 0.2: the base, seen from B's top face, is 0.4 cos 0.05 by 0.3, and the edge's two
  // corners each stand for a quarter of it, as when the joint was closed.
  const double angle = 0.05;
  const Quat tilt = math::from_axis_angle(Vec3::UnitY(), angle);
  const Vec3 h(0.2, 0.15, 0.1);
  const Vec3 low_edge = tilt * Vec3(h.x(), 0.0, -h.z());
  const auto contacts = collide(Box{h}, at(Vec3(0, 0, 0.5) - low_edge, tilt), Box{Vec3(2, 2, 0.25)},
                                at(Vec3(0, 0, 0.25)), 1e-3);
  ASSERT_EQ(contacts.size(), 2u);
  for (const ContactPoint& c : contacts) {
    EXPECT_NEAR(c.gap, 0.0, kTol);
    EXPECT_NEAR(c.area, 4 * h.x() * h.y() * std::cos(angle) / 4, kTol);
  }
}

TEST(BoxBox, EdgesCrossingInTheFacesOfAJointGiveTheFacesOverlap) {
  // The corner of two courses: an east-west block under a north-south one, overlapping on a
  // 0.4 x 0.4 square, pressed 1e-6 m into each other and turned by 1e-6 rad about x and y
  // in opposite senses, as blocks settled on compliant joints are. The bottom edge of the
  // upper block along x crosses the top edge of the lower one along y, in the joint: the
  // contact is the square's 4 corners, each with a quarter of it, not one point on the
  // crossing.
  const Box lower{Vec3(0.35, 0.2, 0.2)}, upper{Vec3(0.2, 0.35, 0.2)};
  const Quat turn_lower = math::from_axis_angle(Vec3(1, 1, 0).normalized(), 1e-6);
  const Quat turn_upper = math::from_axis_angle(Vec3(1, 1, 0).normalized(), -1e-6);
  const auto contacts = collide(upper, at(Vec3(0.15, 0.15, 0.4 - 1e-6), turn_upper), lower,
                                at(Vec3::Zero(), turn_lower), 1e-3);
  ASSERT_EQ(contacts.size(), 4u);
  for (const ContactPoint& c : contacts) {
    EXPECT_NEAR(c.area, 0.04, 1e-9);
    EXPECT_NEAR(std::abs(c.n.z()), 1.0, 1e-9);
  }
}

TEST(BoxBox, AnEdgeCrossingAFacesEdgeAlmostInItsPlaneTouchesAtTheCrossing) {
  // A thin bar turned 45 degrees about x (its lowest edge, a ridge, along x), then by 5e-4 rad
  // about y so that the ridge descends towards +x, crosses the top edge x = 1 of a cube 1e-5
  // above it. Within 1e-3 rad of the cube's top normal, the contact is the top face's: the
  // ridge clipped at the cube's side, one point at the crossing, normal +z, gap 1e-5.
  const double phi = 5e-4, gap = 1e-5, drop = 0.1 * std::sqrt(2.0);
  const Quat turn =
      math::from_axis_angle(Vec3::UnitY(), phi) * math::from_axis_angle(Vec3::UnitX(), pi / 4);
  const Vec3 centre(1 + drop * std::sin(phi), 0, 1 + gap + drop * std::cos(phi));
  const auto contacts =
      collide(Box{Vec3(1, 0.1, 0.1)}, at(centre, turn), Box{Vec3::Ones()}, at(Vec3::Zero()), 1e-4);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_NEAR(contacts[0].gap, gap, kTol);
  EXPECT_TRUE(contacts[0].p.isApprox(Vec3(1, 0, 1 + gap / 2), kTol)) << contacts[0].p.transpose();
  EXPECT_TRUE(contacts[0].n.isApprox(Vec3::UnitZ(), kTol)) << contacts[0].n.transpose();
}

TEST(BoxBox, CrossingEdgesStandForNoArea) {
  const double r2 = std::sqrt(2.0);
  const auto contacts = collide(
      Box{Vec3::Ones()}, at(Vec3(0, 0, 2 * r2), math::from_axis_angle(Vec3::UnitX(), pi / 4)),
      Box{Vec3::Ones()}, at(Vec3::Zero(), math::from_axis_angle(Vec3::UnitY(), pi / 4)), 0.05);
  ASSERT_EQ(contacts.size(), 1u);
  EXPECT_EQ(contacts[0].area, 0.0);
}

}  // namespace
}  // namespace moreau::collision
