// Bodies made from shapes: a free body's mass, centre and principal inertia are its shape's
// (the closed forms of a box), its body frame puts the shape back where it was placed, the
// planar mode keeps the shape's axes, a fixed body's frame is its shape's, and the velocity
// of a body-fixed point is the rigid field v + w x (p - x).
#include "moreau/model/body.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numbers>

namespace moreau::model {
namespace {

using geometry::ConvexPolyhedron;
using geometry::Pose;
using math::Mat3;
using math::Quat;
using math::Vec3;

// Mass properties of a polyhedron are sums over its faces and the principal axes an
// eigen-decomposition of a 3x3 matrix: round-off of a few tens of operations on O(1) values.
constexpr double kMassPropertiesRoundOff = 1e-12;

// The moments of a homogeneous box of half extents h about its centre, along its own axes:
// m/3 (h_y^2 + h_z^2), and so on.
Vec3 box_moments(double mass, const Vec3& h) {
  return mass / 3.0 *
         Vec3(h.y() * h.y() + h.z() * h.z(), h.x() * h.x() + h.z() * h.z(),
              h.x() * h.x() + h.y() * h.y());
}

// A box whose centre is away from the origin of its shape frame, placed turned and moved, so
// that neither the centre nor the axes of the body frame are the shape frame's.
TEST(Body, FreeBodyHasItsShapesMassCentreAndInertia) {
  const Vec3 h(0.3, 0.2, 0.1);
  const Vec3 centre_in_shape(1.0, -0.5, 0.25);
  const double density = 2000.0;
  const ConvexPolyhedron block = ConvexPolyhedron::box(h).transformed({centre_in_shape, {}});
  const Pose placed{Vec3(2.0, 3.0, -1.0), Quat(Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()))};

  const Body body = make_free_body("block", block, density, placed, 3);

  const double mass = density * 8.0 * h.prod();
  EXPECT_NEAR(body.mass, mass, kMassPropertiesRoundOff * mass);
  EXPECT_TRUE(body.x.isApprox(placed.point_to_world(centre_in_shape), kMassPropertiesRoundOff));
  std::array<double, 3> ascending{};
  Vec3::Map(ascending.data()) = box_moments(mass, h);
  std::sort(ascending.begin(), ascending.end());
  EXPECT_TRUE(body.inertia.isApprox(Vec3::Map(ascending.data()), kMassPropertiesRoundOff))
      << body.inertia;
  // The world inertia tensor from the body frame is the box's turned by the placement.
  const Mat3 R_body = body.q.toRotationMatrix();
  const Mat3 R_shape = placed.orientation.toRotationMatrix();
  const Mat3 from_body = R_body * body.inertia.asDiagonal() * R_body.transpose();
  const Mat3 from_shape = R_shape * box_moments(mass, h).asDiagonal() * R_shape.transpose();
  EXPECT_TRUE(from_body.isApprox(from_shape, kMassPropertiesRoundOff)) << from_body << "\n"
                                                                       << from_shape;
  const Pose shape_pose = body.shape_pose();
  EXPECT_TRUE(shape_pose.position.isApprox(placed.position, kMassPropertiesRoundOff));
  EXPECT_NEAR(shape_pose.orientation.angularDistance(placed.orientation), 0.0,
              kMassPropertiesRoundOff);
}

// Planar mode: rotations stay about y only if the body frame keeps the shape's axes, so the
// moments stay in x, y, z order (sorted, the largest would move from x to z).
TEST(Body, PlanarFreeBodyKeepsTheShapesAxes) {
  const Vec3 h(0.1, 0.2, 0.3);
  const double density = 1500.0;
  const Pose placed{Vec3(0.5, 0.0, 2.0), Quat(Eigen::AngleAxisd(0.4, Vec3::UnitY()))};

  const Body body = make_free_body("block", geometry::Box{h}, density, placed, 2);

  const double mass = density * 8.0 * h.prod();
  EXPECT_TRUE(body.inertia.isApprox(box_moments(mass, h), kMassPropertiesRoundOff)) << body.inertia;
  EXPECT_NEAR(body.q.angularDistance(placed.orientation), 0.0, kMassPropertiesRoundOff);
  EXPECT_TRUE(body.x.isApprox(placed.position, kMassPropertiesRoundOff));
}

TEST(Body, FixedBodyHasNoMassAndTheShapesFrame) {
  const Pose placed{Vec3(0.0, 0.0, -0.5), Quat(Eigen::AngleAxisd(0.2, Vec3::UnitX()))};
  const Body ground = make_fixed_body("ground", geometry::Box{Vec3(5.0, 5.0, 0.5)}, placed);
  EXPECT_EQ(ground.motion, Motion::Fixed);
  EXPECT_EQ(ground.mass, 0.0);
  EXPECT_EQ(ground.shape_pose().position, placed.position);
  EXPECT_EQ(ground.shape_pose().orientation.coeffs(), placed.orientation.coeffs());
}

// Turned a quarter about z, the body's w_B = e_x is w = e_y in the world; at p - x = e_z the
// rigid field adds w x (p - x) = e_y x e_z = e_x to v.
TEST(Body, PointVelocityIsTheRigidVelocityField) {
  Body body = make_fixed_body("turning", geometry::Box{Vec3(1.0, 1.0, 1.0)}, {});
  body.x = Vec3(1.0, 2.0, 3.0);
  body.q = Quat(Eigen::AngleAxisd(0.5 * std::numbers::pi, Vec3::UnitZ()));
  body.v = Vec3(0.0, 0.0, -2.0);
  body.w_B = Vec3::UnitX();
  // A quaternion rotation of unit vectors: a few ulps.
  constexpr double kRotationRoundOff = 1e-14;
  EXPECT_TRUE(body.point_velocity(body.x + Vec3::UnitZ())
                  .isApprox(Vec3(1.0, 0.0, -2.0), kRotationRoundOff));
  EXPECT_TRUE(
      body.point_velocity(body.x).isApprox(body.v, kRotationRoundOff));  // the centre moves with v
}

TEST(Body, FreeBodyRefusesAShapeOrDensityWithoutFiniteMass) {
  EXPECT_THROW(make_free_body("ground", geometry::Plane{}, 1000.0, {}, 3), core::Diagnostic);
  EXPECT_THROW(make_free_body("block", geometry::Box{Vec3(1.0, 1.0, 1.0)}, -1.0, {}, 3),
               core::Diagnostic);
}

}  // namespace
}  // namespace moreau::model
