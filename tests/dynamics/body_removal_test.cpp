// Bodies that leave the structure are removed: from then on they neither move nor touch,
// in both steppers, while the rest of the scene goes on.
#include "moreau/dynamics/body_removal.hpp"

#include "moreau/dynamics/penalty_stepper.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using testing::kG;

// Ground at z = -2. A ball dropped from z = 0 is removed below z = -1, before it could reach
// the ground; a second ball dropped from z = 0.5 on the same vertical falls through where the
// first one was frozen (it would land on it if removed bodies still touched) and is removed
// in turn; a box rests on a fixed pedestal (top at z = 0.1) all along.
model::Scene scene_with_escapes() {
  model::ContactLaw law{.friction = 0.0, .restitution = 0.0};
  law.penalty.normal.stiffness = 1e6;  // N/m, penalty mode: the box settles by 1e-5 m
  model::Scene scene;
  scene.interactions = model::InteractionTable(law);
  geometry::Pose ground_pose;
  ground_pose.position = Vec3(0, 0, -2);
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, ground_pose));
  geometry::Pose pose;
  pose.position = Vec3(0, 0, 0);
  scene.bodies.push_back(model::make_free_body("falling", geometry::Sphere{0.05}, 1000, pose, 3));
  pose.position = Vec3(5, 0, 0.05);
  scene.bodies.push_back(
      model::make_fixed_body("pedestal", geometry::Box{Vec3(0.2, 0.2, 0.05)}, pose));
  pose.position = Vec3(5, 0, 0.15);
  scene.bodies.push_back(
      model::make_free_body("resting", geometry::Box{Vec3(0.05, 0.05, 0.05)}, 1000, pose, 3));
  pose.position = Vec3(0, 0, 0.5);
  scene.bodies.push_back(model::make_free_body("following", geometry::Sphere{0.05}, 1000, pose, 3));
  return scene;
}

template <class MakeStepper>
void check_removal(MakeStepper make_stepper, double h) {
  model::Scene scene = scene_with_escapes();
  const std::unique_ptr<Stepper> stepper = make_stepper(scene);
  const RemovalBounds bounds{.below = -1.0, .beyond = 10.0};
  std::vector<double> removed_at(scene.bodies.size(), -1.0);
  const int steps = static_cast<int>(std::round(1.0 / h));  // 1 s: the free fall ends at -4.9 m
  for (int k = 1; k <= steps; ++k) {
    stepper->step();
    for (const Removal& removal : remove_escaped_bodies(scene, bounds)) {
      EXPECT_EQ(removal.bound, "below");
      EXPECT_LT(removal.value, -1.0);
      removed_at[removal.body] = k * h;
    }
  }
  // Free falls to z = -1 take sqrt(2 / g) = 0.4515 s and sqrt(3 / g) = 0.5530 s: each ball
  // is removed within a step of it (the second never meets the first).
  EXPECT_NEAR(removed_at[1], std::sqrt(2.0 / kG), 1.5 * h);
  EXPECT_NEAR(removed_at[4], std::sqrt(3.0 / kG), 1.5 * h);
  EXPECT_EQ(removed_at[3], -1.0);
  const model::Body& falling = scene.bodies[1];
  EXPECT_EQ(falling.motion, model::Motion::Removed);
  EXPECT_GT(falling.x.z(), -1.0 - 0.5 * kG * h - kG * std::sqrt(2.0 / kG) * h)
      << "frozen where it crossed the bound, never reaching the ground at -2";
  EXPECT_EQ(falling.v, Vec3::Zero());
  for (const Contact& contact : stepper->contacts())
    EXPECT_NE(contact.body_a == 1 || contact.body_b == 1, true) << "a removed body touches";
  // The resting box is still on its pedestal, and not removed.
  EXPECT_EQ(scene.bodies[3].motion, model::Motion::Free);
  EXPECT_NEAR(scene.bodies[3].x.z(), 0.15, 1e-4);
}

TEST(BodyRemoval, MoreauJeanFreezesTheRemovedBodyAndGoesOn) {
  check_removal(
      [](model::Scene& scene) {
        return std::make_unique<MoreauJean>(scene, testing::options_with_step(1e-3));
      },
      1e-3);
}

TEST(BodyRemoval, PenaltyStepperFreezesTheRemovedBodyAndGoesOn) {
  check_removal(
      [](model::Scene& scene) {
        return std::make_unique<PenaltyStepper>(
            scene, PenaltyOptions{.h = 1e-4, .critical_step = CriticalStepPolicy::Substep},
            std::vector<model::Material>{{"default"}});
      },
      1e-4);
}

TEST(BodyRemoval, BeyondMeasuresTheDistanceFromTheVerticalAxis) {
  model::Scene scene = scene_with_escapes();
  scene.bodies[1].x = Vec3(3, 4, 100);  // 5 m from the axis, high above
  const std::vector<Removal> removals = remove_escaped_bodies(scene, {.below = {}, .beyond = 4.9});
  ASSERT_EQ(removals.size(), 2u);  // and the resting box, 5 m from the axis too
  EXPECT_EQ(removals[0].bound, "beyond");
  EXPECT_DOUBLE_EQ(removals[0].value, 5.0);
  EXPECT_TRUE(remove_escaped_bodies(scene, {.below = {}, .beyond = 5.1}).empty())
      << "removed bodies are not removed twice";
}

}  // namespace
}  // namespace moreau::dynamics
