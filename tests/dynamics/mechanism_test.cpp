// Mechanism identification on small scenes with known answers, a few tens of steps after the
// motion starts from rest under a gravity leaning by g_x:
// - overturning: a block of b/h = 1/3 at g_x = 0.5 g turns about its base corner (planar), and a
//   column of three cubes at 0.4 g, between the base joint's b/H = 1/3 and the next one's 1/2,
//   turns as one part about its base edge (3D);
// - sliding: a squat block (b/h = 2) with friction 0.3 at 0.5 g slides;
// - mixed: a squat block sliding on the ground (friction 0.2) carries a slender one (b/h = 1/10,
//   friction 0.8) that rocks on it at 0.5 g, 0.2 g relative to the sliding block: two parts,
//   a hinge and a sliding joint; a slender block (b/h = 1/6) with friction 0.2 at 0.5 g, above
//   both tan(alpha) = b/h and mu, rocks on its downhill corner while that slips (Shenton 1996,
//   J. Eng. Mech. 122(7):690, the slide-rock mode);
// - the descriptions: where the hinge edge lies and which joint and face it bounds, and a part
//   whose axis passes far from it named by its centre of mass (a set velocity, no stepping).
#include "moreau/dynamics/mechanism.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;

using testing::kG;

model::Scene leaning_scene(int dimension, double g_x, double friction) {
  model::Scene scene;
  scene.dimension = dimension;
  scene.interactions = model::InteractionTable({.friction = friction, .restitution = 0.0});
  scene.gravity = Vec3(g_x, 0.0, -kG);
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, Pose{}));
  return scene;
}

// A block of half sizes (half_x, half_z) standing on z = base at x = 0.
void add_block(model::Scene& scene, const std::string& name, double half_x, double half_z,
               double base) {
  scene.bodies.push_back(
      model::make_free_body(name, testing::block_shape(scene.dimension, half_x, half_z), 2000.0,
                            Pose{Vec3(0.0, 0.0, base + half_z)}, scene.dimension));
}

Mechanism mechanism_after(model::Scene& scene, int steps) {
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  testing::run_steps(stepper, scene, steps);
  return identify_mechanism(scene, stepper.contacts());
}

TEST(Mechanism, ASlenderBlockOverturnsAboutItsBaseCorner) {
  model::Scene scene = leaning_scene(2, 0.5 * kG, 0.8);
  add_block(scene, "block", 0.1, 0.3, 0.0);
  const Mechanism mechanism = mechanism_after(scene, 60);
  ASSERT_EQ(mechanism.parts.size(), 1u);
  const MovingPart& part = mechanism.parts.front();
  EXPECT_EQ(part.bodies, std::vector<int>{1});
  EXPECT_TRUE(part.turns);
  EXPECT_LT((part.axis_point - Vec3(0.1, 0.0, 0.0)).norm(), 1e-3) << part.axis_point.transpose();
  EXPECT_NEAR(std::abs(part.direction.y()), 1.0, 1e-12);
  ASSERT_EQ(mechanism.hinges.size(), 1u);
  EXPECT_LT((mechanism.hinges.front().position - Vec3(0.1, 0.0, 0.0)).norm(), 1e-3);
  EXPECT_TRUE(mechanism.sliding.empty());
  EXPECT_TRUE(mechanism.hinges.front().on_edge);
  EXPECT_TRUE(mechanism.hinges.front().side.isApprox(Vec3::UnitX(), 1e-9));
  // The corner of the drawing is the block's downhill base edge, +x.
  EXPECT_EQ(describe(mechanism, scene),
            "overturning of 1 block about the corner at (0.1, 0, 0): hinges at the +x edge of "
            "block on ground");
}

TEST(Mechanism, AColumnOverturnsAsOnePartAboutItsBaseEdge) {
  model::Scene scene = leaning_scene(3, 0.4 * kG, 0.8);
  for (int k = 0; k < 3; ++k) add_block(scene, "cube" + std::to_string(k), 0.1, 0.1, 0.2 * k);
  const Mechanism mechanism = mechanism_after(scene, 80);
  ASSERT_EQ(mechanism.parts.size(), 1u);
  const MovingPart& part = mechanism.parts.front();
  EXPECT_EQ(part.bodies, (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(part.turns);
  // The axis is the base edge x = 0.1, z = 0, along y.
  EXPECT_NEAR(part.axis_point.x(), 0.1, 1e-3);
  EXPECT_NEAR(part.axis_point.z(), 0.0, 1e-3);
  EXPECT_NEAR(std::abs(part.direction.y()), 1.0, 1e-6);
  ASSERT_EQ(mechanism.hinges.size(), 1u);
  EXPECT_EQ(mechanism.hinges.front().body_a, 1) << "cube0|ground";
  EXPECT_TRUE(mechanism.sliding.empty());
  // Named by the ends of the base's downhill edge, not by a point of the axis, and by the
  // joint it lies in; the contact points are the base's corners, to round-off.
  EXPECT_EQ(describe(mechanism, scene),
            "overturning of 3 blocks about the edge from (0.1, -0.1, 0) to (0.1, 0.1, 0): hinges "
            "at the +x edge of cube0 on ground");
}

TEST(Mechanism, ASlenderBlockRocksOnACornerThatSlides) {
  model::Scene scene = leaning_scene(2, 0.5 * kG, 0.2);
  add_block(scene, "block", 0.05, 0.3, 0.0);
  const Mechanism mechanism = mechanism_after(scene, 60);
  ASSERT_EQ(mechanism.parts.size(), 1u);
  const MovingPart& part = mechanism.parts.front();
  ASSERT_TRUE(part.turns);
  EXPECT_TRUE(mechanism.hinges.empty());
  ASSERT_EQ(mechanism.sliding.size(), 1u);
  const JointMotion& slide = mechanism.sliding.front();
  ASSERT_TRUE(slide.on_edge);
  // The instantaneous centre is not at the corner, which slips: about 0.55 m below it, as
  // far as the block is tall.
  EXPECT_GT((part.axis_point - slide.edge_start).norm(), 0.5 * part.size);
  const std::string text = describe(mechanism, scene);
  EXPECT_EQ(text.substr(0, 37), "rotation of 1 block about the corner ") << text;
  EXPECT_NE(text.find(" while sliding along (1, 0, 0): sliding at the +x edge of block on ground"),
            std::string::npos)
      << text;
  EXPECT_NEAR(slide.edge_start.x(), scene.bodies[1].x.x() + 0.05, 0.01) << text;
}

// A block in flight turning slowly beside its speed: the axis passes 1 m from it, so the
// description gives the axis through its centre of mass and where that goes.
TEST(Mechanism, AnAxisFarFromThePartIsGivenThroughItsCentreOfMass) {
  model::Scene scene = leaning_scene(3, 0.0, 0.8);
  add_block(scene, "block", 0.1, 0.1, 1.0);
  scene.bodies[1].v = Vec3(1.0, 0.0, 0.0);
  scene.bodies[1].w_B = Vec3(0.0, 1.0, 0.0);
  const Mechanism mechanism = identify_mechanism(scene, {});
  ASSERT_EQ(mechanism.parts.size(), 1u);
  ASSERT_TRUE(mechanism.parts.front().turns);
  EXPECT_EQ(describe(mechanism, scene),
            "rotation of 1 block about the axis along (0, 1, 0) through its centre of mass (0, 0, "
            "1.1), which moves along (1, 0, 0)");
  // Near the axis, its point nearest the centre of mass.
  scene.bodies[1].w_B = Vec3(0.0, 10.0, 0.0);
  EXPECT_EQ(describe(identify_mechanism(scene, {}), scene),
            "rotation of 1 block about the axis through (0, 0, 1) along (0, 1, 0)");
}

TEST(Mechanism, ASquatBlockSlides) {
  model::Scene scene = leaning_scene(2, 0.5 * kG, 0.3);
  add_block(scene, "block", 0.2, 0.1, 0.0);
  const Mechanism mechanism = mechanism_after(scene, 30);
  ASSERT_EQ(mechanism.parts.size(), 1u);
  EXPECT_FALSE(mechanism.parts.front().turns);
  EXPECT_TRUE(mechanism.parts.front().direction.isApprox(Vec3::UnitX(), 1e-9));
  EXPECT_TRUE(mechanism.hinges.empty());
  ASSERT_EQ(mechanism.sliding.size(), 1u);
  // The slip of the block (body_a, moving) on the ground.
  const JointMotion& slide = mechanism.sliding.front();
  EXPECT_EQ(slide.body_a, 1);
  EXPECT_TRUE(slide.direction.isApprox(Vec3::UnitX(), 1e-9));
  EXPECT_EQ(describe(mechanism, scene),
            "sliding of 1 block along (1, 0, 0): sliding at block on ground");
}

TEST(Mechanism, ARockingBlockOnASlidingOneIsAHingeAndASlide) {
  model::Scene scene = leaning_scene(2, 0.5 * kG, 0.8);
  add_block(scene, "base", 0.3, 0.1, 0.0);
  add_block(scene, "post", 0.03, 0.3, 0.2);
  scene.bodies[1].material = 1;
  scene.bodies[2].material = 2;
  scene.interactions.set(0, 1, {.friction = 0.2, .restitution = 0.0});
  const Mechanism mechanism = mechanism_after(scene, 60);
  ASSERT_EQ(mechanism.parts.size(), 2u);
  ASSERT_EQ(mechanism.hinges.size(), 1u);
  ASSERT_EQ(mechanism.sliding.size(), 1u);
  const JointMotion& hinge = mechanism.hinges.front();
  EXPECT_EQ(hinge.body_a, 1) << "base|post: both move, the lower index first";
  EXPECT_EQ(hinge.body_b, 2);
  // The post's corner on the base's top, carried with the base as it slides.
  EXPECT_NEAR(hinge.position.x(), scene.bodies[1].x.x() + 0.03, 1e-3);
  EXPECT_NEAR(hinge.position.z(), 0.2, 1e-3);
  EXPECT_EQ(mechanism.sliding.front().body_a, 1) << "base|ground";
  // The side is the post's, whose face the corner bounds; the post is named first, being on
  // the base.
  EXPECT_EQ(describe(mechanism, scene),
            "1-hinge mechanism of 2 parts (2 blocks): hinges at the +x edge of post on base; "
            "sliding at base on ground");
}

// Hinge lines are grouped by the pair of parts they join and counted past the fourth; the
// bodies on either side of a line are named up to three and two. Velocities set by hand:
// six blocks in a row on the ground, each turning about its own +x base edge, one part each.
TEST(Mechanism, ManyHingesAreGroupedByLineAndCounted) {
  model::Scene scene = leaning_scene(3, 0.0, 0.8);
  std::vector<Contact> contacts;
  for (int k = 0; k < 6; ++k) {
    scene.bodies.push_back(model::make_free_body("block" + std::to_string(k),
                                                 testing::block_shape(3, 0.1, 0.1), 2000.0,
                                                 Pose{Vec3(0.5 * k, 0.0, 0.1)}, 3));
    model::Body& block = scene.bodies.back();
    block.w_B = Vec3(0.0, 1.0, 0.0);  // about the edge x = 0.5 k + 0.1, z = 0: v = omega x r
    block.v = block.w_B.cross(block.x - Vec3(0.5 * k + 0.1, 0.0, 0.0));
    for (double y : {-0.1, 0.1})
      for (double x : {-0.1, 0.1}) {
        Contact& c = contacts.emplace_back();
        c.body_a = k + 1;
        c.body_b = 0;
        c.point.p = Vec3(0.5 * k + x, y, 0.0);
        c.point.n = Vec3::UnitZ();
      }
  }
  const Mechanism mechanism = identify_mechanism(scene, contacts);
  ASSERT_EQ(mechanism.parts.size(), 6u);
  ASSERT_EQ(mechanism.hinges.size(), 6u);
  EXPECT_EQ(describe(mechanism, scene),
            "6-hinge mechanism of 6 parts (6 blocks): hinges at the +x edge of block0 on ground, "
            "the +x edge of block1 on ground, the +x edge of block2 on ground, the +x edge of "
            "block3 on ground, and 2 more joints");
}

TEST(Mechanism, NothingMovesNoPart) {
  model::Scene scene = leaning_scene(3, 0.0, 0.8);
  add_block(scene, "block", 0.1, 0.1, 0.0);
  const Mechanism mechanism = mechanism_after(scene, 5);
  EXPECT_TRUE(mechanism.parts.empty());
  EXPECT_EQ(describe(mechanism, scene).substr(0, 9), "no motion");
}

}  // namespace
}  // namespace moreau::dynamics
