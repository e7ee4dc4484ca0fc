// A generated tower with openings and a floor, and a two-leaf building with a door, stand at
// rest under their own weight: blocks that tile exactly start in contact everywhere at zero gap, so
// the Moreau-Jean stepper must keep every block where it is (no sag through lost contacts, no drift
// through friction). The reference is the exact answer of statics: nothing moves.
#include "moreau/masonry/generators.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

namespace moreau::masonry {
namespace {

// The building's blocks on the ground, of masonry density and friction.
model::Scene building_on_ground(const BuildingSpec& spec) {
  model::Scene scene = testing::scene_on_ground(3, {.friction = 0.6, .restitution = 0.0});
  for (const Block& block : generate_building(spec, 3))
    scene.bodies.push_back(model::make_free_body(block.name, block.shape, 2000.0, block.pose, 3));
  return scene;
}

// 2.0 m x 1.8 m, walls 0.3 m thick, 12 courses of 0.2 m (2.4 m): a door south, a window
// north, a floor at 1.4 m and a window east above it.
model::Scene small_tower_on_ground() {
  BuildingSpec spec;
  spec.length = 2.0;
  spec.width = 1.8;
  spec.thickness = 0.3;
  spec.block_length = 0.4;
  spec.block_height = 0.2;
  spec.courses = 12;
  spec.floors = {1.4};
  spec.openings.south = {{.centre = 0.0, .sill = 0.0, .width = 0.6, .height = 1.0}};
  spec.openings.north = {{.centre = 0.1, .sill = 0.4, .width = 0.4, .height = 0.6}};
  spec.openings.east = {{.centre = 0.0, .sill = 1.6, .width = 0.3, .height = 0.4}};
  return building_on_ground(spec);
}

// 2.0 m x 1.6 m, walls 0.4 m thick of two leaves of 0.2 m, 5 courses of 0.2 m (1 m) with
// the header course 2, and a door south whose lintel lies in the two-leaf course 3.
model::Scene small_two_leaf_building_on_ground() {
  BuildingSpec spec;
  spec.length = 2.0;
  spec.width = 1.6;
  spec.thickness = 0.4;
  spec.block_length = 0.4;
  spec.block_height = 0.2;
  spec.courses = 5;
  spec.leaves = 2;
  spec.header_every = 3;
  spec.openings.south = {{.centre = 0.0, .sill = 0.0, .width = 0.4, .height = 0.6}};
  return building_on_ground(spec);
}

TEST(BuildingAtRest, SmallTowerWithOpeningsStandsStillForTwoSeconds) {
  model::Scene scene = small_tower_on_ground();
  ASSERT_EQ(scene.bodies.size(), 168u);  // the ground and 167 blocks
  // h = 10 ms: at rest, the step only sets how often the contact problem is solved (200
  // steps for 2 s, a few seconds in Release).
  dynamics::MoreauJean stepper(scene, testing::options_with_step(1e-2));
  const testing::RestRecord rest = testing::run_at_rest(stepper, scene, 200);
  // The bound for structures at rest (as tests/dynamics/wall_at_rest_test.cpp).
  EXPECT_LT(rest.largest_displacement, 1e-6) << rest.largest_displacement;
}

TEST(BuildingAtRest, SmallTwoLeafBuildingWithADoorStandsStillForHalfASecond) {
  model::Scene scene = small_two_leaf_building_on_ground();
  ASSERT_EQ(scene.bodies.size(), 103u);  // the ground and 102 blocks
  // h = 10 ms as above: 50 steps for 0.5 s, in which a block that lost its support would
  // fall by g t^2 / 2 = 1.2 m.
  dynamics::MoreauJean stepper(scene, testing::options_with_step(1e-2));
  const testing::RestRecord rest = testing::run_at_rest(stepper, scene, 50);
  EXPECT_LT(rest.largest_displacement, 1e-6) << rest.largest_displacement;
}

}  // namespace
}  // namespace moreau::masonry
