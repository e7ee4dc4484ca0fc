// Mass properties against closed forms. The divergence-theorem sums are exact in exact
// arithmetic; with unit-size data the round-off is a few eps, hence tolerances ~1e-14.
#include "moreau/geometry/mass_properties.hpp"

#include "moreau/geometry/convex_hull.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace moreau::geometry {
namespace {

using math::Mat3;
using math::Vec2;
using math::Vec3;

constexpr double kMassTol = 1e-13;

TEST(MassProperties, BoxAsPolyhedronMatchesClosedForm) {
  const Vec3 h(0.5, 0.25, 1.5);
  const double density = 2400.0;
  const MassProperties exact = mass_properties(Box{h}, density);
  const MassProperties hull = mass_properties(ConvexPolyhedron::box(h), density);
  // m = rho (2a)(2b)(2c); J_x = m (b^2 + c^2)/3 for half sides a, b, c.
  EXPECT_DOUBLE_EQ(exact.mass, density * 8.0 * h.prod());
  EXPECT_DOUBLE_EQ(exact.inertia(0, 0), exact.mass * (h.y() * h.y() + h.z() * h.z()) / 3.0);
  EXPECT_NEAR(hull.mass / exact.mass, 1.0, kMassTol);
  EXPECT_TRUE(hull.centre.isZero(kMassTol));
  EXPECT_TRUE(hull.inertia.isApprox(exact.inertia, kMassTol));
  EXPECT_TRUE(hull.principal_moments.isApprox(exact.principal_moments, kMassTol));
}

TEST(MassProperties, CornerTetrahedronMatchesClosedForm) {
  // Vertices 0, a e_x, b e_y, c e_z: V = abc/6, centre (a, b, c)/4, and about the origin
  // int x^2 = a^3 b c / 60, int xy = a^2 b^2 c / 120 (Dirichlet's simplex integrals).
  const double a = 1.0, b = 2.0, c = 3.0, density = 1.5;
  const ConvexPolyhedron tet =
      convex_hull(std::vector<Vec3>{Vec3::Zero(), Vec3(a, 0, 0), Vec3(0, b, 0), Vec3(0, 0, c)});
  const MassProperties props = mass_properties(tet, density);
  const double volume = a * b * c / 6.0;
  const Vec3 centre = Vec3(a, b, c) / 4.0;
  Mat3 second;
  second << a * a, a * b / 2, a * c / 2, a * b / 2, b * b, b * c / 2, a * c / 2, b * c / 2, c * c;
  second *= a * b * c / 60.0;
  const Mat3 central = density * (second - volume * centre * centre.transpose());
  const Mat3 inertia = central.trace() * Mat3::Identity() - central;
  EXPECT_NEAR(props.mass, density * volume, kMassTol);
  EXPECT_TRUE(props.centre.isApprox(centre, kMassTol));
  EXPECT_TRUE(props.inertia.isApprox(inertia, kMassTol)) << props.inertia << "\n" << inertia;
}

TEST(MassProperties, RegularOctahedronIsIsotropic) {
  // |x| + |y| + |z| <= a: V = 4 a^3 / 3 and J = m a^2 / 5 about every axis.
  const double a = 0.7, density = 1000.0;
  std::vector<Vec3> points;
  for (int k = 0; k < 3; ++k) points.insert(points.end(), {a * Vec3::Unit(k), -a * Vec3::Unit(k)});
  const MassProperties props = mass_properties(convex_hull(points), density);
  const double mass = density * 4.0 * a * a * a / 3.0;
  EXPECT_NEAR(props.mass / mass, 1.0, kMassTol);
  EXPECT_TRUE(props.inertia.isApprox(Mat3::Identity() * mass * a * a / 5.0, kMassTol));
}

TEST(MassProperties, SphereMatchesClosedForm) {
  const MassProperties props = mass_properties(Sphere{0.2}, 7800.0);
  const double mass = 7800.0 * 4.0 / 3.0 * std::numbers::pi * 0.008;
  EXPECT_DOUBLE_EQ(props.mass, mass);
  EXPECT_DOUBLE_EQ(props.principal_moments.x(), 0.4 * mass * 0.04);
}

TEST(MassProperties, MovedPolyhedronKeepsMassAndPrincipalMoments) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<Vec3> points;
  for (int i = 0; i < 40; ++i) points.emplace_back(2.0 * unit(rng), unit(rng), 0.5 * unit(rng));
  const ConvexPolyhedron block = convex_hull(points);
  const Pose pose{Vec3(12.0, -30.0, 4.0), math::from_axis_angle(Vec3(0.3, -1.0, 2.0), 2.1)};
  const MassProperties here = mass_properties(block, 2000.0);
  const MassProperties there = mass_properties(block.transformed(pose), 2000.0);
  // Positions of size 30 and moments of size 1: relative round-off ~1e-13.
  EXPECT_NEAR(there.mass / here.mass, 1.0, 1e-13);
  EXPECT_TRUE(there.centre.isApprox(pose.point_to_world(here.centre), 1e-13));
  EXPECT_TRUE(there.principal_moments.isApprox(here.principal_moments, 1e-12));
  const Mat3 R = pose.orientation.toRotationMatrix();
  EXPECT_TRUE(there.inertia.isApprox(R * here.inertia * R.transpose(), 1e-12));
  // Principal axes: a rotation that diagonalises the inertia.
  EXPECT_NEAR(there.principal_axes.determinant(), 1.0, 1e-14);
  const Mat3 diagonal = there.principal_axes.transpose() * there.inertia * there.principal_axes;
  EXPECT_TRUE(diagonal.isApprox(Mat3(there.principal_moments.asDiagonal()), 1e-12));
}

TEST(MassProperties, PolygonIsAPrismOfUnitDepth) {
  // A w x h rectangle: m = rho w h (1 m deep), J_y = m (w^2 + h^2)/12, and the whole tensor
  // is the box with half extents (w/2, 1/2, h/2).
  const double w = 0.6, h = 0.25, density = 2000.0;
  const Polygon rectangle(
      {Vec2(1.0, 2.0), Vec2(1.0 + w, 2.0), Vec2(1.0 + w, 2.0 + h), Vec2(1.0, 2.0 + h)});
  const MassProperties props = mass_properties(rectangle, density);
  const MassProperties box = mass_properties(Box{Vec3(w / 2, 0.5, h / 2)}, density);
  EXPECT_NEAR(props.mass / (density * w * h), 1.0, kMassTol);
  EXPECT_NEAR(props.inertia(1, 1) / (props.mass * (w * w + h * h) / 12.0), 1.0, 1e-12);
  EXPECT_TRUE(props.centre.isApprox(Vec3(1.0 + w / 2, 0.0, 2.0 + h / 2), kMassTol));
  EXPECT_TRUE(props.inertia.isApprox(box.inertia, 1e-12));
}

TEST(MassProperties, RefusesPlanesAndBadDensities) {
  EXPECT_THROW(mass_properties(Plane{}, 1000.0), core::Diagnostic);
  try {
    mass_properties(Sphere{1.0}, -5.0, {"a.yaml", 7, 3}, "materials.stone.density");
    ADD_FAILURE();
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "materials.stone.density");
  }
}

}  // namespace
}  // namespace moreau::geometry
