// A running-bond wall drawn with gaps and overlaps of up to a third of a millimetre, read with
// `snap: 1e-3`, stands at rest under its own weight: snapping leaves its blocks touching
// without gap, so the Moreau-Jean stepper keeps every block where it is, as it keeps the
// exactly drawn wall (tests/dynamics/wall_at_rest_test.cpp). The reference is statics:
// nothing moves.
#include "moreau/io/problem_file.hpp"
#include "support/block_wall.hpp"
#include "support/scratch_folder.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace moreau::mesh {
namespace {

TEST(BlockSnappingAtRest, ASnappedPerturbedWallStandsStillForAFifthOfASecond) {
  const testing::ScratchFolder scratch;
  std::ofstream(scratch.path() / "wall.obj")
      << testing::wall_obj(testing::running_bond_wall(1e-3 / 3.0, 7));
  // The lowest course is fixed: its perturbed bottom faces are not snapped to the ground.
  std::ofstream(scratch.path() / "wall.yaml") << R"(version: 1
time: {step: 5.0e-3, duration: 0.2}
materials: [{name: stone, density: 2000}]
interactions: {default: {friction: 0.6, restitution: 0.0}}
generators:
  - {type: blocks, name: wall, file: wall.obj, material: stone, snap: 1.0e-3,
     supports: {c0: {fixed: true}}}
)";
  run::Problem problem = io::read_problem_file(scratch.path() / "wall.yaml");
  // h = 5 ms: at rest, the step only sets how often the contact problem is solved (40 steps).
  dynamics::MoreauJean stepper(problem.scene, testing::options_with_step(5e-3));
  const testing::RestRecord rest = testing::run_at_rest(stepper, problem.scene, 40);
  // The bound of the structures at rest (tests/masonry/building_at_rest_physics_test.cpp).
  EXPECT_LT(rest.largest_displacement, 1e-6) << rest.largest_displacement;
}

}  // namespace
}  // namespace moreau::mesh
