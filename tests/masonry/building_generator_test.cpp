// Buildings (generators.hpp): the blocks fill the four walls less their openings plus the
// floor slabs exactly (the volume against the closed form; every block inside the walls'
// ring or a slab, outside the openings; no two overlapping), neighbours touch at zero gap
// through the narrow phase, corners interlock course by course, each wall keeps its running
// bond with blocks stretched to fill its length, and bad specs name their field.
#include "generator_checks.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks

// 3.0 m x 2.4 m, walls 0.4 m thick, 20 courses of 0.2 m (4 m), a floor at 1.6 m (course 8),
// a door south, windows east, north and west above the floor.
BuildingSpec small_tower() {
  return {.name = "tower",
          .length = 3.0,
          .width = 2.4,
          .thickness = 0.4,
          .block_length = 0.4,
          .block_height = 0.2,
          .courses = 20,
          .openings = {.south = {{.centre = 0.0, .sill = 0.0, .width = 0.8, .height = 1.2}},
                       .north = {{.centre = 0.2, .sill = 2.4, .width = 0.9, .height = 0.6}},
                       .east = {{.centre = 0.05, .sill = 2.2, .width = 0.6, .height = 0.8}},
                       .west = {{.centre = 0.0, .sill = 3.0, .width = 0.3, .height = 0.4}}},
          .floors = {1.6}};
}

// small_tower() with two leaves, tied by a header course every fourth (courses 3, 7, 11, 15,
// 19): the door's and the west window's lintels lie in two-leaf courses (6 and 17), the
// north and east windows' in the header course 15.
BuildingSpec two_leaf_tower() {
  BuildingSpec spec = small_tower();
  spec.leaves = 2;
  spec.header_every = 4;
  return spec;
}

// Course k is of through-stones: every course of a one-leaf wall, every header_every-th of
// a two-leaf one.
bool through_course(const BuildingSpec& spec, int k) {
  return spec.leaves == 1 || (spec.header_every > 0 && (k + 1) % spec.header_every == 0);
}

// The façade of a wall block, from its name: ".../course07_south_block03" -> "south".
std::string facade_of(const Block& block) {
  const std::size_t from = block.name.find('_') + 1;
  return block.name.substr(from, block.name.find('_', from) - from);
}

bool along_x(const std::string& facade) { return facade == "south" || facade == "north"; }

// The hole an opening makes through its wall, as a box: its rectangle in the façade's plane
// swept through the wall's thickness.
Bounds hole(const BuildingSpec& spec, const Opening& o, const std::string& facade) {
  const double side = facade == "south" || facade == "west" ? -1.0 : 1.0;
  const double outer = 0.5 * (along_x(facade) ? spec.width : spec.length);
  const double a = side * outer, b = side * (outer - spec.thickness);
  const double across_low = std::min(a, b), across_high = std::max(a, b);
  const double from = o.centre - 0.5 * o.width, to = o.centre + 0.5 * o.width;
  if (along_x(facade)) return {{from, across_low, o.sill}, {to, across_high, o.sill + o.height}};
  return {{across_low, from, o.sill}, {across_high, to, o.sill + o.height}};
}

double overlap_volume_sign(const Bounds& a, const Bounds& b) {
  return std::min({overlap_along(a, b, 0), overlap_along(a, b, 1), overlap_along(a, b, 2)});
}

// The blocks of `spec` fill its walls less the openings plus the floors exactly.
void expect_walls_less_openings_plus_floors(const BuildingSpec& spec) {
  const std::vector<Block> blocks = generate_building(spec, 3);
  const double A = spec.length, B = spec.width, t = spec.thickness, h = spec.block_height;
  const double height = spec.courses * h;
  const double floors = static_cast<double>(spec.floors.size());
  double openings = 0.0;
  for (const auto* list :
       {&spec.openings.south, &spec.openings.north, &spec.openings.east, &spec.openings.west})
    for (const Opening& o : *list) openings += o.width * o.height * t;
  const double ring = A * B - (A - 2 * t) * (B - 2 * t);
  const double solid = ring * (height - floors * h) + floors * A * B * h - openings;
  // A sum of up to about a thousand box volumes: round-off, relative 1e-12.
  EXPECT_NEAR(total_volume(blocks), solid, 1e-12 * solid);
  const Bounds interior{{-0.5 * A + t, -0.5 * B + t, 0.0}, {0.5 * A - t, 0.5 * B - t, height}};
  for (const Block& block : blocks) {
    const Bounds b = bounds(block);
    EXPECT_TRUE((b.low.array() >= Vec3(-0.5 * A, -0.5 * B, 0.0).array() - kLengthTol).all() &&
                (b.high.array() <= Vec3(0.5 * A, 0.5 * B, height).array() + kLengthTol).all())
        << block.name << " outside the building";
    if (block.name.ends_with("_floor")) {
      EXPECT_TRUE(std::any_of(spec.floors.begin(), spec.floors.end(), [&](double z) {
        const Bounds slab{{-0.5 * A, -0.5 * B, z}, {0.5 * A, 0.5 * B, z + h}};
        return b.low.isApprox(slab.low, kLengthTol) && b.high.isApprox(slab.high, kLengthTol);
      })) << block.name;
      continue;
    }
    EXPECT_LE(overlap_volume_sign(b, interior), kLengthTol) << block.name << " inside";
    const std::map<std::string, const std::vector<Opening>*> by_facade{
        {"south", &spec.openings.south},
        {"north", &spec.openings.north},
        {"east", &spec.openings.east},
        {"west", &spec.openings.west}};
    for (const auto& [facade, list] : by_facade)
      for (const Opening& o : *list)
        EXPECT_LE(overlap_volume_sign(b, hole(spec, o, facade)), kLengthTol)
            << block.name << " in an opening of the " << facade << " wall";
  }
  // Inside the walls or the slab, outside the openings, without overlaps and of the right
  // total volume: the blocks tile the building. Each has several faces in common.
  EXPECT_GT(expect_boxes_tile(blocks, 3), blocks.size());
}

TEST(BuildingGenerator, BlocksFillTheWallsLessTheOpeningsPlusTheFloorsExactly) {
  expect_walls_less_openings_plus_floors(small_tower());
}

TEST(BuildingGenerator, TwoLeavesFillTheWallsLessTheOpeningsPlusTheFloorsExactly) {
  expect_walls_less_openings_plus_floors(two_leaf_tower());
}

// In every wall course of `spec`, each corner's t x t square is held by blocks of the wall
// that the course's parity runs through, which cover it whole along that wall: probed at
// the middles of its four quarters, so that with two leaves each leaf's corner block is.
void expect_corners_interlock(const BuildingSpec& spec) {
  const std::vector<Block> blocks = generate_building(spec, 3);
  const double A = spec.length, B = spec.width, t = spec.thickness, h = spec.block_height;
  for (int k = 0; k < spec.courses; ++k) {
    if (std::any_of(spec.floors.begin(), spec.floors.end(),
                    [&](double z) { return std::lround(z / h) == k; }))
      continue;
    for (const double sx : {-1.0, 1.0})
      for (const double sy : {-1.0, 1.0})
        for (const double inset_x : {0.25 * t, 0.75 * t})
          for (const double inset_y : {0.25 * t, 0.75 * t}) {
            const Vec3 probe(sx * (0.5 * A - inset_x), sy * (0.5 * B - inset_y), (k + 0.5) * h);
            std::vector<const Block*> holding;
            for (const Block& block : blocks) {
              const Bounds b = bounds(block);
              if ((b.low.array() < probe.array()).all() && (b.high.array() > probe.array()).all())
                holding.push_back(&block);
            }
            ASSERT_EQ(holding.size(), 1u) << "course " << k << " corner " << probe.transpose();
            const Block& quoin = *holding.front();
            // Even courses: the walls along x run through the corner; odd: those along y.
            const bool x_runs_through = k % 2 == 0;
            EXPECT_EQ(along_x(facade_of(quoin)), x_runs_through) << quoin.name;
            // Along its wall the quoin reaches the outer face and passes the inner face of
            // the wall across.
            const Bounds b = bounds(quoin);
            const int axis = x_runs_through ? 0 : 1;
            const double s = x_runs_through ? sx : sy, outer = 0.5 * (x_runs_through ? A : B);
            EXPECT_NEAR(s > 0 ? b.high[axis] : -b.low[axis], outer, kLengthTol) << quoin.name;
            EXPECT_GE(s > 0 ? -b.low[axis] : b.high[axis], -outer + t - kLengthTol) << quoin.name;
            // Across, it fills the whole thickness or the probe's leaf: the insets of its
            // faces from the wall's outer face.
            const int across = 1 - axis;
            const double s_across = x_runs_through ? sy : sx;
            const double outer_across = 0.5 * (x_runs_through ? B : A);
            const double probe_inset = x_runs_through ? inset_y : inset_x;
            const bool whole = through_course(spec, k);
            const double near =
                s_across > 0 ? outer_across - b.high[across] : outer_across + b.low[across];
            const double far =
                s_across > 0 ? outer_across - b.low[across] : outer_across + b.high[across];
            EXPECT_NEAR(near, whole || probe_inset < 0.5 * t ? 0.0 : 0.5 * t, kLengthTol)
                << quoin.name;
            EXPECT_NEAR(far, whole || probe_inset > 0.5 * t ? t : 0.5 * t, kLengthTol)
                << quoin.name;
          }
  }
}

TEST(BuildingGenerator, CornersInterlockCourseByCourse) { expect_corners_interlock(small_tower()); }

TEST(BuildingGenerator, BothLeavesInterlockAtTheCornersCourseByCourse) {
  expect_corners_interlock(two_leaf_tower());
}

// Blocks of one wall course, by their extent along the wall's axis, sorted.
using WallCourses = std::map<std::pair<int, std::string>, std::vector<std::pair<double, double>>>;

WallCourses wall_courses(const std::vector<Block>& blocks, double block_height) {
  WallCourses courses;
  for (const Block& block : blocks) {
    if (block.name.ends_with("_floor")) continue;
    const std::string facade = facade_of(block);
    const int k = static_cast<int>(std::lround(extent(block, 2).first / block_height));
    courses[{k, facade}].push_back(extent(block, along_x(facade) ? 0 : 1));
  }
  for (auto& [key, row] : courses) std::sort(row.begin(), row.end());
  return courses;
}

// Every head joint lies inside a block of the same wall in the courses below and above, at
// least a quarter block from that block's ends: no joint runs through two courses.
TEST(BuildingGenerator, WallsKeepTheirRunningBondWithBlocksStretchedToTheirLength) {
  BuildingSpec spec = small_tower();
  spec.openings = {};
  spec.floors = {};
  spec.length = 3.1;  // 15.5 half blocks: 16 half blocks of 0.19375 m
  const std::vector<Block> blocks = generate_building(spec, 3);
  const WallCourses courses = wall_courses(blocks, spec.block_height);
  const double quarter = 0.25 * spec.block_length;
  for (const auto& [key, row] : courses) {
    const auto& [k, facade] = key;
    const double L = along_x(facade) ? spec.length : spec.width;
    const double stretched = 2.0 * L / std::round(2.0 * L / spec.block_length);
    for (std::size_t j = 0; j + 1 < row.size(); ++j) {
      const double joint = row[j].second;
      EXPECT_NEAR(row[j + 1].first, joint, kLengthTol);
      // Blocks between two joints (neither end a corner) are whole stretched blocks.
      if (j > 0) {
        EXPECT_NEAR(row[j].second - row[j].first, stretched, 1e-12) << facade << " " << k;
      }
      for (const int other : {k - 1, k + 1}) {
        const auto it = courses.find({other, facade});
        if (it == courses.end()) continue;
        EXPECT_TRUE(std::any_of(it->second.begin(), it->second.end(),
                                [&](const auto& b) {
                                  return b.first + quarter <= joint + kLengthTol &&
                                         joint <= b.second - quarter + kLengthTol;
                                }))
            << facade << " course " << k << " joint " << joint << " over course " << other;
      }
    }
  }
}

// Blocks of one half of a wall course across its thickness ("outer" or "inner"), by their
// extent along the wall's axis, sorted; a block through the wall is in both halves.
using HalfCourses =
    std::map<std::tuple<int, std::string, std::string>, std::vector<std::pair<double, double>>>;

HalfCourses half_courses(const std::vector<Block>& blocks, double block_height, bool leaves_only) {
  HalfCourses courses;
  for (const Block& block : blocks) {
    if (block.name.ends_with("_floor")) continue;
    const bool inner = block.name.find("_inner_") != std::string::npos;
    const bool outer = block.name.find("_outer_") != std::string::npos;
    if (leaves_only && !inner && !outer) continue;
    const std::string facade = facade_of(block);
    const int k = static_cast<int>(std::lround(extent(block, 2).first / block_height));
    const std::pair<double, double> span = extent(block, along_x(facade) ? 0 : 1);
    const bool through = !inner && !outer;
    if (through || outer) courses[{k, facade, "outer"}].push_back(span);
    if (through || inner) courses[{k, facade, "inner"}].push_back(span);
  }
  for (auto& [key, row] : courses) std::sort(row.begin(), row.end());
  return courses;
}

// The head joints of a row of blocks: where one ends and the next begins.
std::vector<double> head_joints(const std::vector<std::pair<double, double>>& row) {
  std::vector<double> joints;
  for (std::size_t j = 0; j + 1 < row.size(); ++j)
    if (std::abs(row[j + 1].first - row[j].second) < kLengthTol) joints.push_back(row[j].second);
  return joints;
}

// `x` lies inside a block of `row`, at least `margin` from both its ends.
bool inside_a_block(const std::vector<std::pair<double, double>>& row, double x, double margin) {
  return std::any_of(row.begin(), row.end(), [&](const auto& b) {
    return b.first + margin <= x + kLengthTol && x <= b.second - margin + kLengthTol;
  });
}

// The least distance from a head joint to one of the other leaf or of the courses above and
// below, or to a cut: a quarter of the wall's stretched block (the inner leaf's joints lie
// that far from the outer leaf's and the through-stones') or a quarter of the nominal block
// (no piece is shorter), whichever is less.
double least_joint_offset(const BuildingSpec& spec, const std::string& facade) {
  const double L = along_x(facade) ? spec.length : spec.width;
  const double stretched = 2.0 * L / std::round(2.0 * L / spec.block_length);
  return 0.25 * std::min(stretched, spec.block_length);
}

// No head joint runs through two courses in either half of the thickness: the leaves and
// the header courses between them keep a running bond.
TEST(BuildingGenerator, TwoLeavesAndTheirHeaderCoursesKeepARunningBond) {
  BuildingSpec spec = two_leaf_tower();
  spec.openings = {};
  spec.floors = {};
  spec.length = 3.1;  // 15.5 half blocks: 16 half blocks of 0.19375 m
  const HalfCourses courses =
      half_courses(generate_building(spec, 3), spec.block_height, /*leaves_only=*/false);
  int checked = 0;
  for (const auto& [key, row] : courses) {
    const auto& [k, facade, half] = key;
    const double margin = least_joint_offset(spec, facade);
    for (const double joint : head_joints(row))
      for (const int other : {k - 1, k + 1}) {
        const auto it = courses.find({other, facade, half});
        if (it == courses.end()) continue;
        ++checked;
        EXPECT_TRUE(inside_a_block(it->second, joint, margin))
            << facade << ' ' << half << " course " << k << " joint " << joint << " over course "
            << other;
      }
  }
  EXPECT_GT(checked, 500);  // 20 courses of 4 walls, two halves, several joints each
}

// The outer leaf's head joints lie inside blocks of the inner leaf of the same course and
// the other way round, openings and lintels included (the leaves are cut together only at
// the jambs and at the lintels' ends, which are not joints between two blocks of a leaf).
TEST(BuildingGenerator, LeavesShareNoHeadJoint) {
  const BuildingSpec spec = two_leaf_tower();
  const HalfCourses courses =
      half_courses(generate_building(spec, 3), spec.block_height, /*leaves_only=*/true);
  int checked = 0;
  for (const auto& [key, row] : courses) {
    const auto& [k, facade, half] = key;
    const auto other = courses.find({k, facade, half == "outer" ? "inner" : "outer"});
    ASSERT_NE(other, courses.end()) << facade << ' ' << half << " course " << k;
    for (const double joint : head_joints(row)) {
      ++checked;
      EXPECT_TRUE(inside_a_block(other->second, joint, least_joint_offset(spec, facade)))
          << facade << ' ' << half << " course " << k << " joint " << joint;
    }
  }
  EXPECT_GT(checked, 300);  // 14 two-leaf courses of 4 walls, two leaves, several joints each
}

// Header courses are of through-stones the whole thickness deep; the other wall courses of
// two leaves, each half of it, and their lintels through both.
TEST(BuildingGenerator, HeaderCoursesSpanTheThicknessAndLeavesHalfOfIt) {
  const BuildingSpec spec = two_leaf_tower();
  const double h = spec.block_height, t = spec.thickness;
  int through = 0;
  for (const Block& block : generate_building(spec, 3)) {
    if (block.name.ends_with("_floor")) continue;
    const int k = static_cast<int>(std::lround(extent(block, 2).first / h));
    const Bounds b = bounds(block);
    const int across = along_x(facade_of(block)) ? 1 : 0;
    const double depth = b.high[across] - b.low[across];
    const bool lintel = block.name.find("_lintel") != std::string::npos;
    if (through_course(spec, k) || lintel) {
      EXPECT_NE(block.name.find("_through_"), std::string::npos) << block.name;
      EXPECT_NEAR(depth, t, kLengthTol) << block.name;
      through += !lintel;
    } else {
      EXPECT_TRUE(block.name.find("_inner_block") != std::string::npos ||
                  block.name.find("_outer_block") != std::string::npos)
          << block.name;
      EXPECT_NEAR(depth, 0.5 * t, kLengthTol) << block.name;
    }
  }
  EXPECT_GT(through, 5 * 4 * 4);  // 5 header courses of 4 walls, several blocks each
}

TEST(BuildingGenerator, LintelsAndFloorsAreNamedInTheirCourses) {
  const std::vector<Block> blocks = generate_building(small_tower(), 3);
  EXPECT_TRUE(names_sorted(blocks));
  for (const char* name :
       {"tower/course06_south_lintel00", "tower/course15_east_lintel00",
        "tower/course15_north_lintel00", "tower/course17_west_lintel00", "tower/course08_floor"})
    EXPECT_NO_THROW(index_of(blocks, name));
  EXPECT_EQ(blocks.front().name, "tower/course00_east_block00");
}

TEST(BuildingGenerator, TwoLeafBlocksNameTheirPlaceAcrossTheWall) {
  const std::vector<Block> blocks = generate_building(two_leaf_tower(), 3);
  EXPECT_TRUE(names_sorted(blocks));
  for (const char* name :
       {"tower/course06_south_through_lintel00", "tower/course15_east_through_lintel00",
        "tower/course15_north_through_lintel00", "tower/course17_west_through_lintel00",
        "tower/course03_west_through_block00", "tower/course04_north_outer_block00",
        "tower/course08_floor"})
    EXPECT_NO_THROW(index_of(blocks, name));
  EXPECT_EQ(blocks.front().name, "tower/course00_east_inner_block00");
}

TEST(BuildingGenerator, BadSpecsNameTheirField) {
  const BuildingSpec good = small_tower();
  ASSERT_NO_THROW(generate_building(good, 3));
  expect_refusal([&] { generate_building(good, 2); }, "dimension");
  expect_refusals<BuildingSpec>(
      good,
      {
          {"length", [](BuildingSpec& s) { s.length = 0.0; }},
          {"width", [](BuildingSpec& s) { s.width = 0.9; }},  // < 2 x 0.4 + 0.2
          {"thickness", [](BuildingSpec& s) { s.thickness = NAN; }},
          {"block_length", [](BuildingSpec& s) { s.block_length = -0.4; }},
          {"block_height", [](BuildingSpec& s) { s.block_height = 0.0; }},
          {"courses", [](BuildingSpec& s) { s.courses = 0; }},
          {"courses", [](BuildingSpec& s) { s.courses = kMaxBlocks; }},
          {"leaves", [](BuildingSpec& s) { s.leaves = 3; }},
          {"leaves", [](BuildingSpec& s) { s.leaves = 0; }},
          {"header_every", [](BuildingSpec& s) { s.header_every = 3; }},  // one leaf
          {"header_every",
           [](BuildingSpec& s) {
             s.leaves = 2;
             s.header_every = -1;
           }},
          {"lintel_bearing", [](BuildingSpec& s) { s.lintel_bearing = -1.0; }},
          {"floors[0]", [](BuildingSpec& s) { s.floors = {1.7}; }},  // off a joint
          {"floors[0]", [](BuildingSpec& s) { s.floors = {4.0}; }},  // above the top course
          {"floors[1]",
           [](BuildingSpec& s) {
             s.floors = {1.6, 1.6};
           }},
          {"openings.south[0].height", [](BuildingSpec& s) { s.openings.south[0].height = 1.6; }},
          {"openings.east[0].width", [](BuildingSpec& s) { s.openings.east[0].centre = 0.5; }},
          {"openings.north[1].width",
           [](BuildingSpec& s) { s.openings.north.push_back(s.openings.north[0]); }},
          {"openings.west[0].sill", [](BuildingSpec& s) { s.openings.west[0].sill = 3.05; }},
      },
      generate_building);
}

}  // namespace
}  // namespace moreau::masonry
