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

TEST(BuildingGenerator, BlocksFillTheWallsLessTheOpeningsPlusTheFloorsExactly) {
  const BuildingSpec spec = small_tower();
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
  // A sum of a few hundred box volumes: round-off, relative 1e-12.
  EXPECT_NEAR(total_volume(blocks), solid, 1e-12 * solid);
  const Bounds interior{{-0.5 * A + t, -0.5 * B + t, 0.0}, {0.5 * A - t, 0.5 * B - t, height}};
  const Bounds slab{{-0.5 * A, -0.5 * B, 1.6}, {0.5 * A, 0.5 * B, 1.8}};
  for (const Block& block : blocks) {
    const Bounds b = bounds(block);
    EXPECT_TRUE((b.low.array() >= Vec3(-0.5 * A, -0.5 * B, 0.0).array() - kLengthTol).all() &&
                (b.high.array() <= Vec3(0.5 * A, 0.5 * B, height).array() + kLengthTol).all())
        << block.name << " outside the building";
    if (block.name.ends_with("_floor")) {
      EXPECT_TRUE(b.low.isApprox(slab.low, kLengthTol) && b.high.isApprox(slab.high, kLengthTol))
          << block.name;
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

TEST(BuildingGenerator, CornersInterlockCourseByCourse) {
  const BuildingSpec spec = small_tower();
  const std::vector<Block> blocks = generate_building(spec, 3);
  const double A = spec.length, B = spec.width, t = spec.thickness, h = spec.block_height;
  for (int k = 0; k < spec.courses; ++k) {
    if (k == 8) continue;  // the floor
    for (const double sx : {-1.0, 1.0})
      for (const double sy : {-1.0, 1.0}) {
        // The middle of the corner's t x t square at mid-course, and the blocks holding it.
        const Vec3 corner(sx * 0.5 * (A - t), sy * 0.5 * (B - t), (k + 0.5) * h);
        std::vector<const Block*> holding;
        for (const Block& block : blocks) {
          const Bounds b = bounds(block);
          if ((b.low.array() < corner.array()).all() && (b.high.array() > corner.array()).all())
            holding.push_back(&block);
        }
        ASSERT_EQ(holding.size(), 1u) << "course " << k << " corner " << corner.transpose();
        const Block& quoin = *holding.front();
        // Even courses: the walls along x run through the corner; odd: those along y.
        EXPECT_EQ(along_x(facade_of(quoin)), k % 2 == 0) << quoin.name;
        // The quoin covers the whole corner square, from both outer faces past both inner.
        const Bounds b = bounds(quoin);
        EXPECT_NEAR(sx > 0 ? b.high.x() : -b.low.x(), 0.5 * A, kLengthTol) << quoin.name;
        EXPECT_NEAR(sy > 0 ? b.high.y() : -b.low.y(), 0.5 * B, kLengthTol) << quoin.name;
        EXPECT_GE(sx > 0 ? -b.low.x() : b.high.x(), -0.5 * A + t - kLengthTol) << quoin.name;
        EXPECT_GE(sy > 0 ? -b.low.y() : b.high.y(), -0.5 * B + t - kLengthTol) << quoin.name;
      }
  }
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

TEST(BuildingGenerator, LintelsAndFloorsAreNamedInTheirCourses) {
  const std::vector<Block> blocks = generate_building(small_tower(), 3);
  EXPECT_TRUE(names_sorted(blocks));
  for (const char* name :
       {"tower/course06_south_lintel00", "tower/course15_east_lintel00",
        "tower/course15_north_lintel00", "tower/course17_west_lintel00", "tower/course08_floor"})
    EXPECT_NO_THROW(index_of(blocks, name));
  EXPECT_EQ(blocks.front().name, "tower/course00_east_block00");
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
