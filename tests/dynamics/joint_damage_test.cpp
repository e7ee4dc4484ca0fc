// The damage map on two motions with known joint deformations, a few tens of steps after
// they start from rest under a leaning gravity:
// - a squat block sliding on the ground: its joint slips by the block's displacement and
//   does not open;
// - a block rocking on a fixed block about its edge x = 0.3 (the rocking case of
//   interfaces_test.cpp): its joint opens by the lift of the far corner and slips by that
//   corner's move along the joint.
#include "moreau/dynamics/joint_damage.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;

using testing::kG;

struct Followed {
  model::Scene scene;
  JointDamageMap damage;
  Vec3 after_first_step = Vec3::Zero();  ///< the free body's centre when its joint first touched
};

// Steps the scene, following the damage map at every step as a run does.
void follow(Followed& run, int steps) {
  MoreauJean stepper(run.scene, testing::options_with_step(1e-3));
  for (int k = 0; k < steps; ++k) {
    testing::run_steps(stepper, run.scene, 1);
    run.damage.follow(run.scene, stepper.contacts());
    if (k == 0) run.after_first_step = run.scene.bodies[1].x;
  }
}

Followed leaning(int dimension, double g_x, double friction, const geometry::Shape& base,
                 const Pose& base_pose, const geometry::Shape& block, const Pose& block_pose) {
  Followed run;
  run.scene.dimension = dimension;
  run.scene.interactions = model::InteractionTable({.friction = friction, .restitution = 0.0});
  run.scene.gravity = Vec3(g_x, 0.0, -kG);
  run.scene.bodies.push_back(model::make_fixed_body("base", base, base_pose));
  run.scene.bodies.push_back(model::make_free_body("block", block, 2000.0, block_pose, dimension));
  return run;
}

class JointDamageTest : public ::testing::TestWithParam<int> {};

TEST_P(JointDamageTest, ASlidingBlockSlipsByItsDisplacementWithoutOpening) {
  const int dimension = GetParam();
  Followed run = leaning(dimension, 0.5 * kG, 0.3, geometry::Plane{}, Pose{},
                         testing::block_shape(dimension, 0.2, 0.1), Pose{Vec3(0.0, 0.0, 0.1)});
  follow(run, 150);
  ASSERT_EQ(run.damage.joints().size(), 1u);
  const JointDamage& joint = run.damage.joints().front();
  const double moved = (run.scene.bodies[1].x - run.after_first_step).norm();
  EXPECT_GT(moved, 0.01);
  EXPECT_NEAR(joint.max_sliding, moved, 1e-9);
  EXPECT_LT(joint.max_opening, 1e-9);
}

TEST_P(JointDamageTest, ARockingBlockOpensByTheLiftOfItsFarCorner) {
  const int dimension = GetParam();
  const geometry::Shape block = testing::block_shape(dimension, 0.2, 0.3);
  Followed run = leaning(dimension, 0.8 * kG, 0.8, block, Pose{Vec3(0.1, 0.0, -0.3)}, block,
                         Pose{Vec3(0.1, 0.0, 0.3)});
  follow(run, 60);
  ASSERT_EQ(run.damage.joints().size(), 1u);
  const JointDamage& joint = run.damage.joints().front();
  // The middle of the far edge of the block's base (in planar mode its corner).
  const Vec3 far_corner = run.scene.bodies[1].shape_pose().point_to_world(Vec3(-0.2, 0.0, -0.3));
  EXPECT_GT(far_corner.z(), 1e-3);
  // The joint's points were taken when it first touched, one step in: 1e-5 m bounds what the
  // block turned in that step (about 5e-6 rad over 0.4 m).
  EXPECT_NEAR(joint.max_opening, far_corner.z(), 1e-5);
  EXPECT_NEAR(joint.max_sliding, std::abs(far_corner.x() - (-0.1)), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Dimensions, JointDamageTest, ::testing::Values(2, 3),
                         [](const auto& test) { return test.param == 2 ? "Planar" : "Spatial"; });

}  // namespace
}  // namespace moreau::dynamics
