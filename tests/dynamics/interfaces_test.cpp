// Interface results through the whole NSCD stack against statics: a block resting on a fixed
// block under a tilted gravity (g_x, g_y, -g_z), which loads the joint eccentrically. At rest
// the support's resultant is -m g and passes through the centre of mass c (moment
// equilibrium), so it meets the joint plane, a height c_z above it, at
//   e = (g_x, g_y) c_z / g_z        from the point under the centre of mass,
// and the joint of the block's base (square of side b in 3D, segment of length b in planar
// mode) has the eccentricity ratio rho = 6 (|e_x| + |e_y|) / b (the middle-third rhombus).
#include "moreau/dynamics/interfaces.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/math/contact_frame.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;

constexpr double kHalfWidth = 0.2;   // m: the block's base is b = 0.4 wide
constexpr double kHalfHeight = 0.3;  // m: its centre of mass is 0.3 above the joint
using testing::kG;
constexpr int kRestSteps = 20;  // 20 ms at rest: the impulses settle in the first step

struct Joint {
  Interface result;
  double largest_displacement = 0.0;  // m, of the free block
};

// The free block on a fixed base block of the same section, the joint at z = 0, under the
// gravity (g_x, g_y, -kG); friction 0.8 above every tilt used (|g_T| / g_z <= 0.5).
Joint loaded_joint(int dimension, double g_x, double g_y) {
  model::Scene scene;
  scene.dimension = dimension;
  scene.interactions = model::InteractionTable({.friction = 0.8, .restitution = 0.0});
  scene.gravity = Vec3(g_x, g_y, -kG);
  const geometry::Shape block = testing::block_shape(dimension, kHalfWidth, kHalfHeight);
  scene.bodies.push_back(model::make_fixed_body("base", block, Pose{Vec3(0.1, 0.0, -kHalfHeight)}));
  scene.bodies.push_back(
      model::make_free_body("block", block, 2400.0, Pose{Vec3(0.1, 0.0, kHalfHeight)}, dimension));
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  testing::run_steps(stepper, scene, kRestSteps);
  const std::vector<Interface> found = find_interfaces(stepper.contacts(), scene);
  EXPECT_EQ(found.size(), 1u);
  if (found.empty()) return {};
  return {found.front(), (scene.bodies[1].x - Vec3(0.1, 0.0, kHalfHeight)).norm()};
}

// The statics of the file comment, relative to the point under the centre of mass.
Vec3 statics_eccentricity(double g_x, double g_y) { return Vec3(g_x, g_y, 0.0) * kHalfHeight / kG; }

struct Load {
  int dimension;
  double g_x;
  double g_y;
  std::string name;
};

void PrintTo(const Load& load, std::ostream* out) { *out << load.name; }

class EccentricJoint : public ::testing::TestWithParam<Load> {};

TEST_P(EccentricJoint, CentreOfPressureAndForcesMatchStatics) {
  const Load load = GetParam();
  const Joint joint = loaded_joint(load.dimension, load.g_x, load.g_y);
  const Interface& result = joint.result;
  EXPECT_LT(joint.largest_displacement, 1e-6);  // at rest: statics applies
  // The forces are on body_a: +z and -m g_T on the block, the opposite on the base.
  const double on_block = result.body_a == 1 ? 1.0 : -1.0;
  EXPECT_EQ(result.points, load.dimension == 3 ? 4 : 2);
  EXPECT_EQ(result.polygon.size(), load.dimension == 3 ? 4u : 2u);
  // The block turns by round-off only (1e-12 rad is seen); 1e-6 matches the rest bound above.
  EXPECT_TRUE(result.normal.isApprox(on_block * Vec3::UnitZ(), 1e-6)) << result.normal.transpose();
  // Mass per unit depth in planar mode; the resultant balances the weight, m g.
  const double mass =
      2400.0 * (load.dimension == 3 ? 2 * kHalfWidth : 1.0) * 2 * kHalfWidth * 2 * kHalfHeight;
  // The solver's tolerance (1e-10) bounds the impulses' relative error well below 1e-6.
  EXPECT_NEAR(result.normal_force, mass * kG, 1e-6 * mass * kG);
  EXPECT_NEAR(on_block * result.shear_force.x(), -mass * load.g_x, 1e-6 * mass * kG);
  EXPECT_NEAR(on_block * result.shear_force.y(), -mass * load.g_y, 1e-6 * mass * kG);
  const Vec3 expected = statics_eccentricity(load.g_x, load.g_y);
  const Vec3 measured = result.centre_of_pressure - Vec3(0.1, 0.0, 0.0);
  // The bound, 1% of the eccentricity (the solver tolerance gives far less).
  EXPECT_NEAR((measured - expected).norm(), 0.0, 0.01 * expected.norm())
      << "centre of pressure " << result.centre_of_pressure.transpose();
  const double ratio = 6.0 * (std::abs(expected.x()) + std::abs(expected.y())) / (2 * kHalfWidth);
  EXPECT_NEAR(result.eccentricity_ratio, ratio, 0.01 * ratio);
}

INSTANTIATE_TEST_SUITE_P(Statics, EccentricJoint,
                         ::testing::Values(Load{2, 1.5, 0.0, "Planar"},
                                           Load{2, -3.0, 0.0, "PlanarOutsideKernel"},
                                           Load{3, 1.5, 0.0, "AlongX"},
                                           Load{3, 1.0, -2.0, "Diagonal"}),
                         [](const auto& test) { return test.param.name; });

// The tilt that puts the centre of pressure on the kernel's boundary: rho = 1 for
// 6 (g_x c_z / g_z) / b = 1 along x; and, in 3D, on the rhombus' edge along a diagonal.
double boundary_tilt() { return kG * (2 * kHalfWidth) / (6.0 * kHalfHeight); }

class KernelLimit : public ::testing::TestWithParam<int> {};

TEST_P(KernelLimit, FlagFlipsAtTheMiddleThird) {
  const int dimension = GetParam();
  const double g_x = boundary_tilt();
  const Joint inside = loaded_joint(dimension, 0.99 * g_x, 0.0);
  const Joint outside = loaded_joint(dimension, 1.01 * g_x, 0.0);
  EXPECT_TRUE(inside.result.in_kernel()) << inside.result.eccentricity_ratio;
  EXPECT_FALSE(outside.result.in_kernel()) << outside.result.eccentricity_ratio;
  if (dimension == 3) {  // halfway along the rhombus' edge: |e_x| + |e_y| = b / 6
    EXPECT_TRUE(loaded_joint(3, 0.495 * g_x, 0.495 * g_x).result.in_kernel());
    EXPECT_FALSE(loaded_joint(3, 0.505 * g_x, -0.505 * g_x).result.in_kernel());
  }
}

INSTANTIATE_TEST_SUITE_P(Dimensions, KernelLimit, ::testing::Values(2, 3),
                         [](const auto& test) { return test.param == 2 ? "Planar" : "Spatial"; });

// A block on a fixed block under a gravity leaning past its rocking threshold (b / 2c =
// 0.67: g_x = 0.8 g) turns about the joint's edge at x = 0.3: after 60 ms the far side has
// opened by about 2 mm, and the stepper keeps the hinge's contacts only (its corner in planar
// mode, the two ends of its edge in 3D). The interface stays, over the joint's extent
// (b = 0.4 along x), with its centre of pressure on the edge: eccentricity ratio 3.
class Hinge : public ::testing::TestWithParam<int> {};

TEST_P(Hinge, KeepsItsInterfaceWithTheCentreOfPressureOnTheEdge) {
  const int dimension = GetParam();
  model::Scene scene;
  scene.dimension = dimension;
  scene.interactions = model::InteractionTable({.friction = 0.8, .restitution = 0.0});
  scene.gravity = Vec3(0.8 * kG, 0.0, -kG);
  const geometry::Shape block = testing::block_shape(dimension, kHalfWidth, kHalfHeight);
  scene.bodies.push_back(model::make_fixed_body("base", block, Pose{Vec3(0.1, 0.0, -kHalfHeight)}));
  scene.bodies.push_back(
      model::make_free_body("block", block, 2400.0, Pose{Vec3(0.1, 0.0, kHalfHeight)}, dimension));
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  testing::run_steps(stepper, scene, 60);
  ASSERT_EQ(stepper.contacts().size(), dimension == 3 ? 2u : 1u) << "the joint is a hinge";
  const std::vector<Interface> found = find_interfaces(stepper.contacts(), scene);
  ASSERT_EQ(found.size(), 1u);
  const Interface& hinge = found.front();
  EXPECT_EQ(hinge.points, dimension == 3 ? 2 : 1);
  EXPECT_EQ(hinge.polygon.size(), dimension == 3 ? 4u : 2u);
  double low = 1e9, high = -1e9;
  for (const Vec3& corner : hinge.polygon) {
    low = std::min(low, corner.x());
    high = std::max(high, corner.x());
  }
  // The turned block's base, 0.4 cos(theta) long, over the base block's face.
  EXPECT_NEAR(high - low, 2 * kHalfWidth, 1e-4);
  // The corner creeps by about 2 um over the 60 steps: each step turns the block about its
  // centre of mass and the contact closes the gap this opens.
  EXPECT_NEAR(hinge.centre_of_pressure.x(), 0.1 + kHalfWidth, 1e-5);
  EXPECT_NEAR(hinge.eccentricity_ratio, 3.0, 1e-4);
  EXPECT_GT(hinge.normal_force, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Dimensions, Hinge, ::testing::Values(2, 3),
                         [](const auto& test) { return test.param == 2 ? "Planar" : "Spatial"; });

// A single point with no joint around it (two balls), and a pair carrying nothing, are no
// interface.
TEST(FindInterfaces, SkipsPointsWithoutAJointAndUnloadedPairs) {
  model::Scene scene;
  const geometry::Shape ball = geometry::Sphere{0.5};
  for (int i = 0; i < 3; ++i)
    scene.bodies.push_back(model::make_fixed_body("ball", ball, Pose{Vec3(0.0, 0.0, 1.0 * i)}));
  Contact single;
  single.body_a = 1;
  single.body_b = 0;
  single.point.p = Vec3(0.0, 0.0, 0.5);
  single.point.n = Vec3::UnitZ();
  single.frame = math::contact_frame(Vec3::UnitZ());
  single.force = Vec3(1.0, 0.0, 0.0);
  Contact open = single;
  open.body_a = 2;
  open.force.setZero();
  Contact open_too = open;
  open_too.point.p = Vec3(1.0, 0.0, 0.0);
  EXPECT_TRUE(find_interfaces({single, open, open_too}, scene).empty());
}

}  // namespace
}  // namespace moreau::dynamics
