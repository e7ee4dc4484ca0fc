// The keys of walls with openings and of buildings in problem files: a good file reaches the
// generators (blocks, lintels, floors, at the generator's position), and each bad input is
// refused with its exact message, at the file, line, column and key path of the offending
// value (down to "generators[0].openings.south[1].width"), as a user reads it.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

namespace moreau::io {
namespace {

namespace fs = std::filesystem;

// A problem with one generator, `generator` written on line 7 after "  - ".
std::string problem_with(const std::string& generator, int dimension) {
  return "version: 1\ndimension: " + std::to_string(dimension) +
         "\ntime: {step: 1.0e-3, duration: 0.1}\nbodies:\n"
         "  - {name: ground, shape: {type: plane}, fixed: true}\ngenerators:\n  - " +
         generator + '\n';
}

// The body of the problem named `name`, or null.
const model::Body* find_body(const run::Problem& p, const std::string& name) {
  const auto it = std::find_if(p.scene.bodies.begin(), p.scene.bodies.end(),
                               [&](const model::Body& b) { return b.name == name; });
  return it == p.scene.bodies.end() ? nullptr : &*it;
}

class ProblemGeneratorsTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& text) const {
    fs::path path = scratch_.path() / "problem.yaml";
    std::ofstream(path) << text;
    return path;
  }

  const testing::ScratchFolder scratch_;
};

TEST_F(ProblemGeneratorsTest, OpeningsBuildingsAndFloorsReachTheGenerators) {
  const run::Problem p = read_problem_file(write(R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: wall, length: 4.0, thickness: 0.3, block: [0.4, 0.2], courses: 10,
     lintel_bearing: 0.3, openings: [{centre: -0.9, width: 0.9, height: 1.4}]}
  - type: building
    name: tower
    position: [10, 0, 0]
    length: 3.0
    width: 2.4
    thickness: 0.4
    block: [0.4, 0.2]
    courses: 20
    floors: [1.6]
    openings:
      south: [{centre: 0, width: 0.8, height: 1.2}]
      west: [{centre: 0, sill: 3.0, width: 0.3, height: 0.4}]
)"));
  // The wall's lintel: 0.9 + 2 x 0.3 m long, its centre over the door's, above the head.
  const auto* lintel = find_body(p, "wall/course07_lintel00");
  ASSERT_NE(lintel, nullptr);
  EXPECT_NEAR(lintel->shape_pose().position.x(), -0.9, 1e-12);
  EXPECT_NEAR(lintel->shape_pose().position.z(), 1.5, 1e-12);
  EXPECT_NEAR(lintel->mass, 1.5 * 0.3 * 0.2 * 2500.0, 1e-9);  // the default material
  // The building's floor, moved by the generator's position.
  const auto* floor = find_body(p, "tower/course08_floor");
  ASSERT_NE(floor, nullptr);
  EXPECT_NEAR(floor->shape_pose().position.x(), 10.0, 1e-12);
  EXPECT_NE(find_body(p, "tower/course06_south_lintel00"), nullptr);
  EXPECT_NE(find_body(p, "tower/course17_west_lintel00"), nullptr);
}

// A building with a floor at 1.6 m beside a wall 2 m high: its storeys end at the floor slab
// and at the control body, the highest free body (the first of the building's top course).
// Two buildings with floors have no storeys unless the file names them.
TEST_F(ProblemGeneratorsTest, ABuildingsStoreysEndAtItsFloorsAndItsTop) {
  const std::string two_storeys = R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: wall, length: 4.0, thickness: 0.3, block: [0.4, 0.2], courses: 10}
  - {type: building, name: tower, position: [10, 0, 0], length: 3.0, width: 2.4, thickness: 0.4,
     block: [0.4, 0.2], courses: 20, floors: [1.6]}
)";
  const run::Problem p = read_problem_file(write(two_storeys));
  EXPECT_EQ(p.output.control, "tower/course19_east_block00");
  EXPECT_EQ(p.output.storeys,
            (std::vector<std::string>{"tower/course08_floor", "tower/course19_east_block00"}));
  const run::Problem named = read_problem_file(
      write(two_storeys + "output: {storeys: [tower/course08_floor, wall/course09_block00]}\n"));
  EXPECT_EQ(named.output.storeys,
            (std::vector<std::string>{"tower/course08_floor", "wall/course09_block00"}));
  const run::Problem two_buildings = read_problem_file(
      write(two_storeys +
            "  - {type: building, name: annex, position: [-10, 0, 0], length: 3.0, "
            "width: 2.4, thickness: 0.4, block: [0.4, 0.2], courses: 10, floors: [1.0]}\n"));
  EXPECT_TRUE(two_buildings.output.storeys.empty());
}

TEST_F(ProblemGeneratorsTest, TwoLeavesAndHeaderCoursesReachTheBuildingGenerator) {
  const run::Problem p = read_problem_file(write(problem_with(
      "{type: building, length: 3.0, width: 2.4, thickness: 0.4, block: [0.4, 0.2], courses: 6, "
      "leaves: 2, header_every: 3}",
      3)));
  // A leaf of course 0, 0.2 m deep, and a through-stone of the header course 2, 0.4 m deep.
  const auto* leaf = find_body(p, "building/course00_south_outer_block00");
  ASSERT_NE(leaf, nullptr);
  EXPECT_NEAR(leaf->shape_pose().position.y(), -1.1, 1e-12);
  const auto* header = find_body(p, "building/course02_south_through_block00");
  ASSERT_NE(header, nullptr);
  EXPECT_NEAR(header->shape_pose().position.y(), -1.0, 1e-12);
}

TEST_F(ProblemGeneratorsTest, TwoLeavesAndHeaderCoursesReachTheWallGenerator) {
  const run::Problem p = read_problem_file(write(problem_with(
      "{type: wall, length: 2.0, thickness: 0.4, block: [0.4, 0.2], courses: 4, leaves: 2, "
      "header_every: 2}",
      3)));
  // The back leaf of course 0, 0.2 m deep at y > 0, and a through-stone of the header
  // course 1, 0.4 m deep.
  const auto* leaf = find_body(p, "wall/course00_back_block00");
  ASSERT_NE(leaf, nullptr);
  EXPECT_NEAR(leaf->shape_pose().position.y(), 0.1, 1e-12);
  const auto* header = find_body(p, "wall/course01_through_block00");
  ASSERT_NE(header, nullptr);
  EXPECT_NEAR(header->shape_pose().position.y(), 0.0, 1e-12);
}

struct BadGenerator {
  std::string label;
  int dimension;
  std::string generator;
  std::string message;  ///< what() after the file's path
};

// Failure messages name the case, not its bytes.
void PrintTo(const BadGenerator& bad, std::ostream* out) { *out << bad.label; }

const std::string kWall =
    "{type: wall, length: 4.0, thickness: 0.3, block: [0.4, 0.2], courses: 10,";
const std::string kBuilding =
    "{type: building, length: 4.0, width: 5.3, thickness: 0.6, block: [0.5, 0.25], courses: 20,";

std::vector<BadGenerator> bad_generators() {
  return {
      {"OverlappingOpenings", 3,
       kWall + " openings: [{centre: -0.9, width: 0.9, height: 1.4}, {centre: -0.2, width: 0.7, "
               "height: 0.8}]}",
       ":7:153: error: generators[0].openings[1].width: expected an opening whose lintel "
       "leaves a pier of at least half a block, 0.2 m, beside that of openings[0] (from -1.55 "
       "to -0.25 m, courses 0 to 7), found a lintel from -0.75 to 0.35 m, courses 0 to 4, "
       "which overlaps it"},
      {"OpeningPastTheWallsEnd", 3, kWall + " openings: [{centre: 1.5, width: 0.9, height: 1.4}]}",
       ":7:111: error: generators[0].openings[0].width: expected an opening whose lintel (the "
       "width and 0.2 m of bearing each side) leaves a pier of at least half a block, 0.2 m, "
       "at each end: a lintel within [-1.8, 1.8] m, found a lintel from 0.85 to 2.15 m"},
      {"SillOffTheCourseJoints", 3,
       kWall + " openings: [{centre: 0, sill: 0.3, width: 0.9, height: 1.4}]}",
       ":7:108: error: generators[0].openings[0].sill: expected a course joint: a multiple of "
       "the block height 0.2 m in [0, 2] m, found 0.3"},
      {"LintelAboveThePlanarWall", 2,
       "{type: wall, length: 4.0, block: [0.4, 0.2], courses: 10, openings: [{centre: 0, sill: "
       "1.0, width: 0.9, height: 1.0}]}",
       ":7:117: error: generators[0].openings[0].height: expected a head at most 1.8 m, so that "
       "the lintel's course lies within the wall (10 courses of 0.2 m), found 1 (head at 2 m)"},
      {"MisspelledOpeningKey", 3, kWall + " openings: [{centre: 0, widht: 0.9, height: 1.4}]}",
       ":7:102: error: generators[0].openings[0].widht: expected one of centre, sill, width, "
       "height, found unknown key 'widht'"},
      {"OpeningsNotAList", 3, kWall + " openings: {centre: 0, width: 0.9, height: 1.4}}",
       ":7:89: error: generators[0].openings: expected a list of openings {centre, sill, "
       "width, height}, found a mapping"},
      {"NegativeLintelBearing", 2,
       "{type: wall, length: 4.0, block: [0.4, 0.2], courses: 10, lintel_bearing: -0.1}",
       ":7:79: error: generators[0].lintel_bearing: expected a positive number (m), found "
       "'-0.1'"},
      {"BuildingInPlanarMode", 2, kBuilding + '}',
       ":7:12: error: generators[0].type: expected arch, wall, column or tower in planar mode "
       "(a building's four walls need 3D; a façade in the x-z plane is a wall with openings), "
       "found 'building'"},
      {"UnknownFacade", 3, kBuilding + " openings: {up: []}}",
       ":7:107: error: generators[0].openings.up: expected one of south, north, east, west, "
       "found unknown key 'up'"},
      {"FloorOffTheCourseJoints", 3, kBuilding + " floors: [2.5, 2.6]}",
       ":7:110: error: generators[0].floors[1]: expected a course joint below the top course: "
       "a multiple of the block height 0.25 m in [0, 4.75] m, found 2.6"},
      {"OpeningThroughAFloor", 3,
       kBuilding + " floors: [2.5], openings: {east: [{centre: 0, width: 1.0, height: 3.0}]}}",
       ":7:161: error: generators[0].openings.east[0].height: expected an opening and its "
       "lintel clear of the floor slab from z = 2.5 to 2.75 m, found 3 (the opening and its "
       "lintel from z = 0 to 3.25 m)"},
      {"PierBetweenLintelsTooNarrow", 3,
       kBuilding + " openings: {south: [{centre: -0.55, width: 0.5, height: 2.0}, {centre: "
                   "0.55, width: 0.5, height: 2.0}]}}",
       ":7:179: error: generators[0].openings.south[1].width: expected an opening whose lintel "
       "leaves a pier of at least half a block, 0.25 m, beside that of openings.south[0] (from "
       "-1.05 to -0.05 m, courses 0 to 8), found a lintel from 0.05 to 1.05 m, courses 0 to 8, "
       "a pier of 0.1 m"},
      {"BuildingTooNarrowForItsWalls", 3,
       "{type: building, length: 1.4, width: 5.3, thickness: 0.6, block: [0.5, 0.25], "
       "courses: 20}",
       ":7:30: error: generators[0].length: expected at least 2 thickness + block_length / 2 = "
       "1.45 m, so that the walls across are at least half a block long between the inner "
       "faces, found 1.4"},
      {"HeaderCoursesOfAOneLeafWall", 3, kWall + " header_every: 3}",
       ":7:93: error: generators[0].header_every: expected 0 for walls of one leaf, whose every "
       "block spans the thickness (leaves: 2 for two leaves tied by header courses), found 3"},
      {"LeavesOfAPlanarWall", 2,
       "{type: wall, length: 4.0, block: [0.4, 0.2], courses: 10, leaves: 2}",
       ":7:63: error: generators[0].leaves: expected one of type, name, material, position, "
       "supports, length, block, courses, openings, lintel_bearing, found unknown key 'leaves'"},
      {"ThreeLeaves", 3, kBuilding + " leaves: 3}",
       ":7:104: error: generators[0].leaves: expected an integer in [1, 2], found 3"},
      {"NegativeHeaderEvery", 3, kBuilding + " leaves: 2, header_every: -1}",
       ":7:121: error: generators[0].header_every: expected a whole number >= 0, found '-1'"},
      {"HeaderCoursesInOneLeaf", 3, kBuilding + " header_every: 4}",
       ":7:110: error: generators[0].header_every: expected 0 for walls of one leaf, whose "
       "every block spans the thickness (leaves: 2 for two leaves tied by header courses), "
       "found 4"},
      {"StoreysNotFromTheGroundUp", 3,
       kBuilding + " floors: [2.5]}\noutput: {storeys: [building/course19_south_block00, "
                   "building/course10_floor]}",
       ":8:53: error: output.storeys[1]: expected a body higher than the storey below "
       "(building/course19_south_block00, whose centre is at z = 4.875 m), found "
       "'building/course10_floor'"},
      {"StoreyOfAFixedBody", 3, kBuilding + "}\noutput: {storeys: [ground]}",
       ":8:20: error: output.storeys[0]: expected a free body (a storey's level moves with the "
       "structure), found 'ground'"},
      {"BuildingWithoutThickness", 3,
       "{type: building, length: 4.0, width: 5.3, block: [0.5, 0.25], courses: 20}",
       ":7:5: error: generators[0].thickness: missing required key 'thickness'"},
  };
}

class BadGeneratorTest : public ProblemGeneratorsTest,
                         public ::testing::WithParamInterface<BadGenerator> {};

TEST_P(BadGeneratorTest, IsRefusedWithItsExactMessage) {
  const BadGenerator& bad = GetParam();
  const fs::path path = write(problem_with(bad.generator, bad.dimension));
  try {
    read_problem_file(path);
    FAIL() << "no error";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.what(), path.string() + bad.message);
  }
}

INSTANTIATE_TEST_SUITE_P(Keys, BadGeneratorTest, ::testing::ValuesIn(bad_generators()),
                         [](const auto& test) { return test.param.label; });

}  // namespace
}  // namespace moreau::io
