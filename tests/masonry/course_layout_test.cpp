// Walls with openings (generators.hpp, course_layout.hpp): the blocks fill the wall less its
// openings exactly (the volume against the closed form L H t - sum w h t; every block
// inside the wall and outside the openings; no two overlapping), neighbours touch at zero gap
// through the narrow phase, no piece is a sliver, lintels lie over their openings, courses
// away from the openings keep the plain wall's bond, and bad openings name their field.
#include "generator_checks.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks

// 4.0 m x 2.0 m (10 courses of 0.2 m), blocks 0.4 m: a door whose jambs fall 0.02 m and
// 0.08 m from running-bond joints (slivers unless merged), a window beside it with the same
// head, and a small window above the door's lintel.
WallSpec wall_with_openings() {
  return {.length = 4.0,
          .thickness = 0.3,
          .block_length = 0.4,
          .block_height = 0.2,
          .courses = 10,
          .openings = {{.centre = -0.93, .sill = 0.0, .width = 0.9, .height = 1.4},
                       {.centre = 1.07, .sill = 0.6, .width = 0.7, .height = 0.8},
                       {.centre = -1.0, .sill = 1.6, .width = 0.4, .height = 0.2}}};
}

double opening_area(const std::vector<Opening>& openings) {
  double area = 0.0;
  for (const Opening& o : openings) area += o.width * o.height;
  return area;
}

// The part of the opening's rectangle (x, z) that the block's bounds cover, as the smaller
// of the two overlaps (m): <= 0 when the block is outside the opening.
double overlap_with_opening(const Bounds& b, const Opening& o) {
  const double x = std::min(b.high.x(), o.centre + 0.5 * o.width) -
                   std::max(b.low.x(), o.centre - 0.5 * o.width);
  const double z = std::min(b.high.z(), o.sill + o.height) - std::max(b.low.z(), o.sill);
  return std::min(x, z);
}

class WallWithOpenings : public ::testing::TestWithParam<int> {
 protected:
  int dimension() const { return GetParam(); }
};

TEST_P(WallWithOpenings, BlocksFillTheWallLessItsOpeningsExactly) {
  const WallSpec spec = wall_with_openings();
  const std::vector<Block> blocks = generate_wall(spec, dimension());
  const double depth = dimension() == 3 ? spec.thickness : 1.0;
  const double height = spec.courses * spec.block_height;
  // A sum of a few hundred box volumes: round-off, relative 1e-12.
  const double solid = (spec.length * height - opening_area(spec.openings)) * depth;
  EXPECT_NEAR(total_volume(blocks), solid, 1e-12 * solid);
  // The bound the generator checks against kMaxBlocks: 10 courses of at most 11 blocks, and
  // courses + 2 more per opening (courses 0-7, 3-7 and 8-9 with their lintels).
  EXPECT_LE(blocks.size(), 110u + 10u + 7u + 4u);
  for (const Block& block : blocks) {
    const Bounds b = bounds(block);
    EXPECT_GE(b.low.x(), -0.5 * spec.length - kLengthTol) << block.name;
    EXPECT_LE(b.high.x(), 0.5 * spec.length + kLengthTol) << block.name;
    EXPECT_GE(b.low.z(), -kLengthTol) << block.name;
    EXPECT_LE(b.high.z(), height + kLengthTol) << block.name;
    EXPECT_NEAR(b.high.y() - b.low.y(), dimension() == 3 ? spec.thickness : 0.0, kLengthTol);
    for (const Opening& opening : spec.openings)
      EXPECT_LE(overlap_with_opening(b, opening), kLengthTol) << block.name << " in an opening";
  }
  // Inside the wall, outside the openings, without overlaps and of the right total volume:
  // the blocks tile the wall less its openings. Each of the ~100 blocks has a few faces in
  // common with others.
  EXPECT_GT(expect_boxes_tile(blocks, dimension()), blocks.size());
}

TEST_P(WallWithOpenings, NoPieceIsASliverAndLintelsBearOnBothJambs) {
  const WallSpec spec = wall_with_openings();
  const std::vector<Block> blocks = generate_wall(spec, dimension());
  const double l = spec.block_length;
  for (const Block& block : blocks) {
    if (block.name.find("lintel") != std::string::npos) continue;
    const auto [x0, x1] = extent(block, 0);
    // Merged pieces: from a quarter block to a block and a quarter (generators.hpp).
    EXPECT_GE(x1 - x0, 0.25 * l - kLengthTol) << block.name;
    EXPECT_LE(x1 - x0, 1.25 * l + kLengthTol) << block.name;
  }
  const double bearing = 0.5 * l;  // the default
  for (std::size_t i = 0; i < spec.openings.size(); ++i) {
    const Opening& o = spec.openings[i];
    const int course = static_cast<int>(std::lround((o.sill + o.height) / spec.block_height));
    const std::string name =
        "wall/course0" + std::to_string(course) + "_lintel0" + std::to_string(i);
    const Bounds b = bounds(blocks[index_of(blocks, name)]);
    EXPECT_NEAR(b.low.x(), o.centre - 0.5 * o.width - bearing, kLengthTol) << name;
    EXPECT_NEAR(b.high.x(), o.centre + 0.5 * o.width + bearing, kLengthTol) << name;
    EXPECT_NEAR(b.low.z(), o.sill + o.height, kLengthTol) << name;
    EXPECT_NEAR(b.high.z(), o.sill + o.height + spec.block_height, kLengthTol) << name;
  }
}

TEST_P(WallWithOpenings, CoursesAwayFromTheOpeningsKeepThePlainWallsBond) {
  const WallSpec spec = wall_with_openings();
  WallSpec plain = spec;
  plain.openings.clear();
  // The openings and their lintels cut all 10 courses; in a wall two courses taller, the two
  // above them must come out as in the plain wall.
  WallSpec taller = spec;
  taller.courses = plain.courses = 12;
  const std::vector<Block> cut = generate_wall(taller, dimension());
  const std::vector<Block> whole = generate_wall(plain, dimension());
  for (const std::string course : {"wall/course10_", "wall/course11_"}) {
    std::vector<std::pair<double, double>> a, b;
    for (const Block& block : cut)
      if (block.name.starts_with(course)) a.push_back(extent(block, 0));
    for (const Block& block : whole)
      if (block.name.starts_with(course)) b.push_back(extent(block, 0));
    EXPECT_EQ(a, b) << course;  // the same arithmetic: equal to the last bit
  }
}

TEST_P(WallWithOpenings, NamesSortInGenerationOrder) {
  const std::vector<Block> blocks = generate_wall(wall_with_openings(), dimension());
  EXPECT_TRUE(names_sorted(blocks));
  EXPECT_EQ(std::adjacent_find(blocks.begin(), blocks.end(),
                               [](const Block& a, const Block& b) { return a.name == b.name; }),
            blocks.end());
  EXPECT_EQ(blocks.back().name, "wall/course09_lintel02");
}

INSTANTIATE_TEST_SUITE_P(Dimensions, WallWithOpenings, ::testing::Values(3, 2),
                         [](const auto& test) { return test.param == 3 ? "3D" : "Planar"; });

TEST(WallWithOpenings, SillsAndHeadsFromDecimalInputLieOnCourseJoints) {
  WallSpec spec = wall_with_openings();
  spec.block_height = 0.3;  // 0.9 / 0.3 and (0.9 + 0.6) / 0.3 are not whole in binary
  spec.openings = {{.centre = 0.0, .sill = 0.9, .width = 1.0, .height = 0.6}};
  const std::vector<Block> blocks = generate_wall(spec, 3);
  EXPECT_NO_THROW(index_of(blocks, "wall/course05_lintel00"));
}

TEST(WallWithOpenings, BadOpeningsNameTheirField) {
  const WallSpec good = wall_with_openings();
  ASSERT_NO_THROW(generate_wall(good, 3));
  expect_refusals<WallSpec>(
      good,
      {
          {"openings[0].centre", [](WallSpec& s) { s.openings[0].centre = NAN; }},
          {"openings[0].sill", [](WallSpec& s) { s.openings[0].sill = -0.2; }},
          {"openings[0].sill", [](WallSpec& s) { s.openings[0].sill = 0.1; }},  // off a joint
          {"openings[1].height", [](WallSpec& s) { s.openings[1].height = 0.7; }},
          {"openings[0].width", [](WallSpec& s) { s.openings[0].width = 0.0; }},
          {"openings[2].height", [](WallSpec& s) { s.openings[2].height = 0.4; }},  // no lintel
          {"openings[0].width", [](WallSpec& s) { s.openings[0].centre = -1.5; }},  // past the end
          {"openings[1].width", [](WallSpec& s) { s.openings[1].centre = -0.5; }},  // overlap
          // Lintels 0.1 m apart (the door's ends at -0.28 m), less than the half-block pier.
          {"openings[1].width", [](WallSpec& s) { s.openings[1].centre = 0.37; }},
          {"lintel_bearing", [](WallSpec& s) { s.lintel_bearing = -0.1; }},
          {"openings", [](WallSpec& s) { s.openings.resize(kMaxOpenings + 1); }},
      },
      generate_wall);
}

}  // namespace
}  // namespace moreau::masonry
