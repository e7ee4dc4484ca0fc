// What a stepper remembers of a contact is found again by its key, or by place where the
// narrow phase renamed its feature pair, and nowhere else.
#include "moreau/dynamics/contact_memory.hpp"

#include "moreau/dynamics/contact_detection.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace moreau::dynamics {
namespace {

using collision::ContactKey;
using math::Vec3;

// The ground (body 0) and two 0.4 x 0.4 x 0.2 m boxes, body 2 on body 1; body 1 turned a
// little about z so that its frame is not the world's.
model::Scene two_boxes() {
  model::Scene scene = testing::scene_on_ground(3, {.friction = 0.6, .restitution = 0.0});
  const geometry::Pose turned{Vec3(0.3, -0.2, 0.1),
                              math::Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ()))};
  scene.bodies.push_back(
      model::make_free_body("lower", testing::block_shape(3, 0.2, 0.1), 1800.0, turned, 3));
  scene.bodies.push_back(model::make_free_body("upper", testing::block_shape(3, 0.2, 0.1), 1800.0,
                                               geometry::Pose{Vec3(0.3, -0.2, 0.3)}, 3));
  return scene;
}

const Vec3 kCorner(0.5, 0.0, 0.2);  // world, on the joint between the boxes
constexpr ContactKey kKey{2, 1, 0x00010002u};

ContactMemory remembering(const model::Scene& scene, const Vec3& value) {
  ContactMemory memory;
  memory.replace({remember(kKey, kCorner, value, scene)});
  return memory;
}

TEST(ContactMemory, RecallsAContactByItsKey) {
  const model::Scene scene = two_boxes();
  const ContactMemory memory = remembering(scene, Vec3(1, 2, 3));
  const Vec3* found = memory.recall(kKey, kCorner + Vec3(0.05, 0, 0), scene);
  ASSERT_NE(found, nullptr) << "a known key is found wherever its point moved";
  EXPECT_EQ(*found, Vec3(1, 2, 3));
}

TEST(ContactMemory, RecallsARenamedContactAtTheSamePlace) {
  const model::Scene scene = two_boxes();
  const ContactMemory memory = remembering(scene, Vec3(1, 2, 3));
  const ContactKey renamed{kKey.body_a, kKey.body_b, 0x00200001u};
  const Vec3* found = memory.recall(renamed, kCorner + Vec3(1e-12, -1e-12, 0), scene);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(*found, Vec3(1, 2, 3));
}

TEST(ContactMemory, ForgetsAContactBeyondTheSamePlaceTolerance) {
  const model::Scene scene = two_boxes();
  const ContactMemory memory = remembering(scene, Vec3(1, 2, 3));
  const ContactKey renamed{kKey.body_a, kKey.body_b, 0x00200001u};
  const double tolerance = same_place_tolerance(scene.bodies[2], scene.bodies[1]);
  EXPECT_NE(memory.recall(renamed, kCorner + Vec3(0, 0.9 * tolerance, 0), scene), nullptr);
  EXPECT_EQ(memory.recall(renamed, kCorner + Vec3(0, 1.1 * tolerance, 0), scene), nullptr);
  const ContactKey other_pair{2, 0, kKey.feature};
  EXPECT_EQ(memory.recall(other_pair, kCorner, scene), nullptr)
      << "the place belongs to the pair of bodies";
}

TEST(ContactMemory, ThePlaceMovesWithTheFirstBody) {
  model::Scene scene = two_boxes();
  const ContactMemory memory = remembering(scene, Vec3(1, 2, 3));
  model::Body& upper = scene.bodies[2];
  const math::Quat turn(Eigen::AngleAxisd(0.2, Vec3(1, 2, 3).normalized()));
  const Vec3 shift(0.01, -0.02, 0.03);
  const Vec3 moved_corner = upper.x + shift + turn * (kCorner - upper.x);
  upper.x += shift;
  upper.q = turn * upper.q;
  const ContactKey renamed{kKey.body_a, kKey.body_b, 0x00200001u};
  EXPECT_NE(memory.recall(renamed, moved_corner, scene), nullptr);
  EXPECT_EQ(memory.recall(renamed, kCorner, scene), nullptr);
}

TEST(ContactMemory, TakesTheNearestOfTheSamePairAndListsByKey) {
  const model::Scene scene = two_boxes();
  const double tolerance = same_place_tolerance(scene.bodies[2], scene.bodies[1]);
  const Vec3 near = kCorner + Vec3(0.3 * tolerance, 0, 0);
  const Vec3 nearer = kCorner + Vec3(0, 0.1 * tolerance, 0);
  ContactMemory memory;
  memory.replace({remember({2, 1, 9u}, near, Vec3(9, 0, 0), scene),
                  remember({1, 0, 4u}, kCorner, Vec3(4, 0, 0), scene),
                  remember({2, 1, 5u}, nearer, Vec3(5, 0, 0), scene)});
  const Vec3* found = memory.recall({2, 1, 7u}, kCorner, scene);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(*found, Vec3(5, 0, 0));
  ASSERT_EQ(memory.entries().size(), 3u);
  EXPECT_EQ(memory.entries()[0].first, (ContactKey{1, 0, 4u}));
  EXPECT_EQ(memory.entries()[1].first, (ContactKey{2, 1, 5u}));
  EXPECT_EQ(memory.entries()[2].first, (ContactKey{2, 1, 9u}));
}

// 3D running bond of 0.4 x 0.2 x 0.1 m bricks on the ground, 2 m long, half bricks closing
// every other course: corners of neighbouring bricks coincide, and the narrow phase names
// them after either brick as round-off goes.
model::Scene brick_wall(int courses) {
  model::Scene scene = testing::scene_on_ground(3, {.friction = 0.6, .restitution = 0.0});
  const double length = 2.0, unit = 0.2;
  const int units = static_cast<int>(length / unit + 0.5);
  for (int course = 0; course < courses; ++course) {
    std::vector<int> joints{0};
    for (int i = course % 2 == 0 ? 2 : 1; i < units; i += 2) joints.push_back(i);
    joints.push_back(units);
    for (std::size_t j = 0; j + 1 < joints.size(); ++j) {
      const double x0 = -0.5 * length + unit * joints[j], x1 = -0.5 * length + unit * joints[j + 1];
      scene.bodies.push_back(model::make_free_body(
          "brick", geometry::Box{Vec3(0.5 * (x1 - x0), 0.1, 0.05)}, 1800.0,
          geometry::Pose{Vec3(0.5 * (x0 + x1), 0.0, 0.1 * (course + 0.5))}, 3));
    }
  }
  return scene;
}

TEST(ContactMemory, EveryContactOfAWallAtRestIsFoundFromTheLastStep) {
  model::Scene scene = brick_wall(20);
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  int renamed = 0;
  for (int step = 0; step < 20; ++step) {
    ContactMemory last;
    last.replace(std::get<MoreauJeanState>(stepper.state()).impulses);
    stepper.step();
    // The round-off that renames coinciding corners, made explicit: left to the solver's own
    // round-off, which corners are renamed, and whether any is in 20 steps, changes with
    // every change of its arithmetic.
    for (std::size_t i = 0; i < scene.bodies.size(); ++i)
      if (scene.bodies[i].motion == model::Motion::Free)
        scene.bodies[i].x.x() += (i + static_cast<std::size_t>(step)) % 2 == 0 ? 1e-12 : -1e-12;
    if (step == 0) continue;
    for (const Contact& contact : stepper.contacts()) {
      ASSERT_NE(last.recall(contact.key, contact.point.p, scene), nullptr)
          << "step " << step << ": bodies " << contact.key.body_a << ", " << contact.key.body_b;
      renamed += std::none_of(last.entries().begin(), last.entries().end(),
                              [&](const auto& entry) { return entry.first == contact.key; });
    }
  }
  EXPECT_GT(renamed, 0) << "no feature pair was renamed: the wall no longer tests recall by place";
}

}  // namespace
}  // namespace moreau::dynamics
