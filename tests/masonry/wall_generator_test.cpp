// Walls (masonry::generate_wall) of one and two leaves: the running bond with flush ends,
// blocks named by course and place, two leaves and their header courses filling the wall
// less its openings exactly with no head joint through the thickness, and bad specs name
// their field.
#include "generator_checks.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks
using math::Vec3;

struct Course {
  double bottom = 0.0;
  std::vector<std::pair<double, double>> blocks;  // x extents, left to right
};

std::vector<Course> courses_of(const std::vector<Block>& blocks, double block_height) {
  std::vector<Course> courses;
  for (const Block& block : blocks) {
    const auto [bottom, top] = extent(block, 2);
    EXPECT_NEAR(top - bottom, block_height, kLengthTol) << block.name;
    const auto k = static_cast<std::size_t>(std::lround(bottom / block_height));
    if (courses.size() <= k) courses.resize(k + 1);
    courses[k].bottom = bottom;
    courses[k].blocks.push_back(extent(block, 0));
  }
  for (Course& course : courses) std::sort(course.blocks.begin(), course.blocks.end());
  return courses;
}

// Head joint x lies at the middle of some block of `course`.
bool at_a_block_middle(double x, const Course& course) {
  return std::any_of(course.blocks.begin(), course.blocks.end(), [&](const auto& b) {
    return std::abs(0.5 * (b.first + b.second) - x) < kLengthTol;
  });
}

void expect_running_bond(const WallSpec& spec, int dimension) {
  const std::vector<Block> blocks = generate_wall(spec, dimension);
  const std::vector<Course> courses = courses_of(blocks, spec.block_height);
  ASSERT_EQ(courses.size(), static_cast<std::size_t>(spec.courses));
  for (std::size_t k = 0; k < courses.size(); ++k) {
    const auto& row = courses[k].blocks;
    EXPECT_NEAR(courses[k].bottom, static_cast<double>(k) * spec.block_height, kLengthTol);
    EXPECT_NEAR(row.front().first, -spec.length / 2, kLengthTol) << "course " << k;
    EXPECT_NEAR(row.back().second, spec.length / 2, kLengthTol) << "course " << k;
    for (std::size_t j = 0; j + 1 < row.size(); ++j) {
      const double joint = row[j].second;
      EXPECT_NEAR(row[j + 1].first, joint, kLengthTol) << "course " << k;
      for (std::size_t other : {k - 1, k + 1}) {
        if (other < courses.size()) {  // k - 1 wraps round for k = 0
          EXPECT_TRUE(at_a_block_middle(joint, courses[other])) << k << " " << joint;
        }
      }
    }
    for (const auto& [x0, x1] : row)  // full blocks, or half blocks at the ends
      EXPECT_TRUE(std::abs(x1 - x0 - spec.block_length) < 1e-9 ||
                  std::abs(x1 - x0 - spec.block_length / 2) < 1e-9)
          << x1 - x0;
  }
  const double section = spec.length * spec.courses * spec.block_height;
  EXPECT_NEAR(total_volume(blocks), section * (dimension == 3 ? spec.thickness : 1.0),
              1e-12 * section);
  // Neighbours: consecutive blocks of a course, and blocks of consecutive courses whose x
  // ranges overlap.
  std::vector<std::pair<std::size_t, std::size_t>> neighbours;
  for (std::size_t i = 0; i < blocks.size(); ++i)
    for (std::size_t j = i + 1; j < blocks.size(); ++j) {
      const auto [xi0, xi1] = extent(blocks[i], 0);
      const auto [xj0, xj1] = extent(blocks[j], 0);
      const double dz = std::abs(extent(blocks[i], 2).first - extent(blocks[j], 2).first);
      const bool same_course = dz < kLengthTol;
      const bool stacked = std::abs(dz - spec.block_height) < kLengthTol;
      if ((same_course && (std::abs(xi1 - xj0) < kLengthTol || std::abs(xj1 - xi0) < kLengthTol)) ||
          (stacked && std::min(xi1, xj1) - std::max(xi0, xj0) > kLengthTol))
        neighbours.emplace_back(i, j);
    }
  expect_exact_tiling(blocks, neighbours);
}

TEST(WallGenerator, EvenNumberOfHalfBlocksHasTheRunningBondAndFlushEnds) {
  WallSpec spec;
  spec.length = 3.0;
  spec.thickness = 0.3;
  spec.block_length = 0.6;
  spec.block_height = 0.25;
  spec.courses = 5;
  for (int dimension : {3, 2}) expect_running_bond(spec, dimension);
}

TEST(WallGenerator, OddNumberOfHalfBlocksFromDecimalLengthsHasTheRunningBond) {
  WallSpec spec;
  spec.length = 3.3;  // 11 half blocks of 0.3, not exact in binary
  spec.thickness = 0.2;
  spec.block_length = 0.6;
  spec.block_height = 0.2;
  spec.courses = 4;
  for (int dimension : {3, 2}) expect_running_bond(spec, dimension);
}

TEST(WallGenerator, BlocksAreNamedByCourseAndPlace) {
  WallSpec spec;
  spec.length = 1.0;
  spec.thickness = 0.2;
  spec.block_length = 0.5;
  spec.block_height = 0.2;
  spec.courses = 2;
  std::vector<std::string> names;
  for (const Block& block : generate_wall(spec, 3)) names.push_back(block.name);
  EXPECT_EQ(names, (std::vector<std::string>{"wall/course00_block00", "wall/course00_block01",
                                             "wall/course01_block00", "wall/course01_block01",
                                             "wall/course01_block02"}));
}

// A wall of two leaves, 3.0 m (15 half blocks of 0.2 m: the back leaf's joints are not the
// front's mirrored), tied by header courses 3, 7 and 11; a door whose lintel lies in the
// two-leaf course 6 and a window whose lintel lies in the header course 7.
WallSpec two_leaf_wall() {
  return {.length = 3.0,
          .thickness = 0.4,
          .block_length = 0.4,
          .block_height = 0.2,
          .courses = 12,
          .openings = {{.centre = -0.6, .sill = 0.0, .width = 0.6, .height = 1.2},
                       {.centre = 0.7, .sill = 0.8, .width = 0.6, .height = 0.6}},
          .leaves = 2,
          .header_every = 4};
}

bool in_name(const Block& block, const std::string& part) {
  return block.name.find(part) != std::string::npos;
}

TEST(WallGenerator, TwoLeavesFillTheWallLessItsOpeningsExactly) {
  const WallSpec spec = two_leaf_wall();
  const std::vector<Block> blocks = generate_wall(spec, 3);
  const double L = spec.length, t = spec.thickness, H = spec.courses * spec.block_height;
  double openings = 0.0;
  for (const Opening& o : spec.openings) openings += o.width * o.height * t;
  // A sum of a few hundred box volumes: round-off, relative 1e-12.
  EXPECT_NEAR(total_volume(blocks), L * t * H - openings, 1e-12 * L * t * H);
  for (const Block& block : blocks) {
    const Bounds b = bounds(block);
    EXPECT_TRUE((b.low.array() >= Vec3(-0.5 * L, -0.5 * t, 0.0).array() - kLengthTol).all() &&
                (b.high.array() <= Vec3(0.5 * L, 0.5 * t, H).array() + kLengthTol).all())
        << block.name << " outside the wall";
    for (const Opening& o : spec.openings) {
      const Bounds hole{{o.centre - 0.5 * o.width, -0.5 * t, o.sill},
                        {o.centre + 0.5 * o.width, 0.5 * t, o.sill + o.height}};
      EXPECT_LE(std::min({overlap_along(b, hole, 0), overlap_along(b, hole, 1),
                          overlap_along(b, hole, 2)}),
                kLengthTol)
          << block.name << " in an opening";
    }
  }
  // Inside the wall, outside the openings, without overlaps and of the right volume: the
  // blocks tile it, each with several faces in common.
  EXPECT_GT(expect_boxes_tile(blocks, 3), blocks.size());
}

// Header courses and lintels are through-stones the whole thickness deep; the other courses
// are a front leaf (y < 0) and a back leaf (y > 0), half of it each.
TEST(WallGenerator, HeaderCoursesSpanTheThicknessAndLeavesHalfOfIt) {
  const WallSpec spec = two_leaf_wall();
  const double t = spec.thickness;
  int through = 0, front = 0, back = 0;
  for (const Block& block : generate_wall(spec, 3)) {
    const int k = static_cast<int>(std::lround(extent(block, 2).first / spec.block_height));
    const auto [y0, y1] = extent(block, 1);
    if ((k + 1) % spec.header_every == 0 || in_name(block, "_lintel")) {
      EXPECT_TRUE(in_name(block, "_through_")) << block.name;
      EXPECT_NEAR(y0, -0.5 * t, kLengthTol) << block.name;
      EXPECT_NEAR(y1, 0.5 * t, kLengthTol) << block.name;
      ++through;
    } else if (in_name(block, "_front_block")) {
      EXPECT_NEAR(y0, -0.5 * t, kLengthTol) << block.name;
      EXPECT_NEAR(y1, 0.0, kLengthTol) << block.name;
      ++front;
    } else {
      EXPECT_TRUE(in_name(block, "_back_block")) << block.name;
      EXPECT_NEAR(y0, 0.0, kLengthTol) << block.name;
      EXPECT_NEAR(y1, 0.5 * t, kLengthTol) << block.name;
      ++back;
    }
  }
  EXPECT_GT(through, 3 * 7);  // 3 header courses of 8 or 9 blocks, less the window's cut
  EXPECT_GT(front, 9 * 6);    // 9 two-leaf courses of 8 or 9 blocks, less the openings'
  EXPECT_GT(back, 9 * 6);
}

// Without openings, every head joint of a leaf lies inside a block of the other leaf of its
// course and inside a block of the same half in the courses above and below (through-stones
// count in both halves), a quarter of a block (0.1 m) from its ends at least: no joint runs
// through the thickness or from course to course.
TEST(WallGenerator, TwoLeavesShareNoHeadJointAndKeepTheRunningBond) {
  WallSpec spec = two_leaf_wall();
  spec.openings = {};
  // rows[{course, half}]: the blocks' extents along x, sorted.
  std::map<std::pair<int, std::string>, std::vector<std::pair<double, double>>> rows;
  for (const Block& block : generate_wall(spec, 3)) {
    const int k = static_cast<int>(std::lround(extent(block, 2).first / spec.block_height));
    const bool through = in_name(block, "_through_");
    if (through || in_name(block, "_front_")) rows[{k, "front"}].push_back(extent(block, 0));
    if (through || in_name(block, "_back_")) rows[{k, "back"}].push_back(extent(block, 0));
  }
  for (auto& [key, row] : rows) std::sort(row.begin(), row.end());
  const auto covered = [&](int k, const std::string& half, double x) {
    const auto row = rows.find({k, half});
    return row == rows.end() ||
           std::any_of(row->second.begin(), row->second.end(), [&](const auto& b) {
             return b.first + 0.1 - kLengthTol <= x && x <= b.second - 0.1 + kLengthTol;
           });
  };
  int checked = 0;
  for (const auto& [key, row] : rows) {
    const auto& [k, half] = key;
    const std::string other = half == "front" ? "back" : "front";
    for (std::size_t j = 0; j + 1 < row.size(); ++j) {
      const double joint = row[j].second;
      const bool through = (k + 1) % spec.header_every == 0;
      if (!through) {
        EXPECT_TRUE(covered(k, other, joint)) << half << " course " << k << ' ' << joint;
      }
      EXPECT_TRUE(covered(k - 1, half, joint)) << half << " course " << k << ' ' << joint;
      EXPECT_TRUE(covered(k + 1, half, joint)) << half << " course " << k << ' ' << joint;
      ++checked;
    }
  }
  EXPECT_GT(checked, 12 * 2 * 6);  // 12 courses, two halves, 7 or 8 joints each
}

TEST(WallGenerator, TwoLeafBlocksNameTheirPlaceAcrossTheWall) {
  const std::vector<Block> blocks = generate_wall(two_leaf_wall(), 3);
  EXPECT_TRUE(names_sorted(blocks));
  for (const char* name : {"wall/course00_back_block00", "wall/course00_front_block00",
                           "wall/course03_through_block00", "wall/course06_through_lintel00",
                           "wall/course07_through_lintel01"})
    EXPECT_NO_THROW(index_of(blocks, name));
  EXPECT_EQ(blocks.front().name, "wall/course00_back_block00");
}

TEST(WallGenerator, BadSpecsNameTheirField) {
  WallSpec good;
  good.length = 2.0;
  good.thickness = 0.3;
  good.block_length = 0.5;
  good.block_height = 0.2;
  good.courses = 3;
  ASSERT_NO_THROW(generate_wall(good, 3));
  const auto refused = [&](const std::string& field, const std::function<void(WallSpec&)>& edit) {
    WallSpec spec = good;
    edit(spec);
    expect_refusal([&] { generate_wall(spec, 3); }, field);
  };
  refused("length", [](WallSpec& s) { s.length = 0.0; });
  refused("length", [](WallSpec& s) { s.length = 2.1; });  // not a multiple of 0.25
  refused("length", [](WallSpec& s) { s.length = 0.2; });  // shorter than a half block
  refused("thickness", [](WallSpec& s) { s.thickness = -0.3; });
  refused("block_length", [](WallSpec& s) { s.block_length = 0.0; });
  refused("block_height", [](WallSpec& s) { s.block_height = INFINITY; });
  refused("courses", [](WallSpec& s) { s.courses = 0; });
  refused("leaves", [](WallSpec& s) { s.leaves = 3; });
  refused("leaves", [](WallSpec& s) { s.leaves = 0; });
  refused("header_every", [](WallSpec& s) { s.header_every = 2; });  // one leaf
  refused("header_every", [](WallSpec& s) {
    s.leaves = 2;
    s.header_every = -1;
  });
  WallSpec two_leaves = good;
  two_leaves.leaves = 2;
  two_leaves.thickness = 0.0;  // 3D only
  expect_refusal([&] { generate_wall(two_leaves, 2); }, "leaves");
  WallSpec planar = good;
  planar.thickness = 0.0;  // 3D only
  EXPECT_NO_THROW(generate_wall(planar, 2));
}

}  // namespace
}  // namespace moreau::masonry
