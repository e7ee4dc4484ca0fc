// Masonry generators: the blocks tile exactly (volumes against closed forms and independent
// shoelace areas, shared joint faces, zero gaps through the narrow phase, no overlaps), the
// wall has its running bond, and bad specs name their field.
#include "moreau/masonry/generators.hpp"

#include "generator_checks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks
using math::Vec2;
using math::Vec3;
using std::numbers::pi;

// ---------------------------------------------------------------------------------------
// Arches

// Shoelace area of a closed loop in (x, z), positive when counter-clockwise.
double shoelace(const std::vector<Vec2>& loop) {
  double twice = 0.0;
  for (std::size_t k = 0; k < loop.size(); ++k) {
    const Vec2& p = loop[k];
    const Vec2& q = loop[(k + 1) % loop.size()];
    twice += p.x() * q.y() - q.x() * p.y();
  }
  return 0.5 * twice;
}

// Area of the chord-polygon ring of a pointed arch, built here from the definition: the
// right half is the loop intrados springing -> extrados corners up to the crown -> crown
// joint -> intrados corners back down; the left half is its mirror image.
double pointed_ring_area(double span, double r, double t, int voussoirs) {
  const double a = r - span / 2, R = r + t, crown_angle = std::acos(a / r);
  const int half = voussoirs / 2;
  std::vector<Vec2> intrados, extrados;
  for (int k = 0; k < half; ++k) {
    const double angle = crown_angle * k / half;
    intrados.emplace_back(-a + r * std::cos(angle), r * std::sin(angle));
    extrados.emplace_back(-a + R * std::cos(angle), R * std::sin(angle));
  }
  intrados.emplace_back(0.0, std::sqrt(r * r - a * a));
  extrados.emplace_back(0.0, std::sqrt(R * R - a * a));
  std::vector<Vec2> loop(extrados.begin(), extrados.end());
  loop.insert(loop.end(), intrados.rbegin(), intrados.rend());
  return 2.0 * shoelace(loop);
}

struct ArchCase {
  std::string label;
  ArchSpec spec;
  double ring_area;  // m^2, chord-polygon ring, independent of the generator
};

// Failure messages name the case, not its bytes.
void PrintTo(const ArchCase& c, std::ostream* out) { *out << c.label; }

// n sectors of angle theta between radii r and R: n (R^2 - r^2) sin(theta) / 2.
double sector_ring_area(double r, double R, double theta, int n) {
  return 0.5 * n * (R * R - r * r) * std::sin(theta);
}

std::vector<ArchCase> arch_cases() {
  ArchSpec semicircular;
  semicircular.span = 4.0;
  semicircular.thickness = 0.4;
  semicircular.depth = 0.8;
  semicircular.voussoirs = 9;  // odd: a keystone, no crown joint
  semicircular.springing_height = 1.5;

  ArchSpec pointed;
  pointed.form = ArchForm::Pointed;
  pointed.span = 4.0;
  pointed.radius = 4.0;  // equilateral
  pointed.thickness = 0.35;
  pointed.depth = 0.6;
  pointed.voussoirs = 10;
  pointed.springing_height = 1.0;

  ArchSpec segmental;
  segmental.form = ArchForm::Segmental;
  segmental.span = 4.0;
  segmental.radius = 3.0;
  segmental.thickness = 0.3;
  segmental.voussoirs = 7;
  segmental.springing_height = 1.0;
  segmental.abutment_width = 0.8;  // wider than the skewback: a top face beside the joint

  const double alpha = std::asin(2.0 / 3.0);
  return {{"Semicircular", semicircular, sector_ring_area(2.0, 2.4, pi / 9, 9)},
          {"Pointed", pointed, pointed_ring_area(4.0, 4.0, 0.35, 10)},
          {"Segmental", segmental, sector_ring_area(3.0, 3.3, 2 * alpha / 7, 7)}};
}

class ArchGeneratorTest : public ::testing::TestWithParam<std::tuple<ArchCase, int>> {
 protected:
  const ArchSpec& spec() const { return std::get<0>(GetParam()).spec; }
  double ring_area() const { return std::get<0>(GetParam()).ring_area; }
  int dimension() const { return std::get<1>(GetParam()); }
  double depth() const { return dimension() == 3 ? spec().depth : 1.0; }
};

TEST_P(ArchGeneratorTest, VoussoirsFillTheChordPolygonRing) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  ASSERT_EQ(blocks.size(), static_cast<std::size_t>(spec().voussoirs + 2));
  // Divergence-theorem sums over a few faces: round-off, relative 1e-12.
  EXPECT_NEAR(total_volume(blocks, "/voussoir"), ring_area() * depth(), 1e-12 * ring_area());
}

TEST_P(ArchGeneratorTest, NeighboursShareTheirJointFacesAndTouchAtZeroGap) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  const std::size_t n = static_cast<std::size_t>(spec().voussoirs);
  std::vector<std::pair<std::size_t, std::size_t>> neighbours{
      {index_of(blocks, "arch/abutment0"), 0}, {n - 1, index_of(blocks, "arch/abutment1")}};
  for (std::size_t i = 0; i + 1 < n; ++i) neighbours.emplace_back(i, i + 1);
  for (const auto& [i, j] : neighbours)
    EXPECT_TRUE(share_a_face(blocks[i], blocks[j])) << blocks[i].name << " / " << blocks[j].name;
  expect_exact_tiling(blocks, neighbours);
}

TEST_P(ArchGeneratorTest, AbutmentsStandOnTheGroundUnderTheSpringings) {
  const std::vector<Block> blocks = generate_arch(spec(), dimension());
  for (const char* name : {"arch/abutment0", "arch/abutment1"}) {
    const Block& abutment = blocks[index_of(blocks, name)];
    EXPECT_FALSE(abutment.fixed);
    EXPECT_NEAR(extent(abutment, 2).first, 0.0, kLengthTol);
    const double width = spec().abutment_width > 0 ? spec().abutment_width : spec().thickness;
    const auto [x0, x1] = extent(abutment, 0);
    EXPECT_NEAR(std::min(std::abs(x0), std::abs(x1)), spec().span / 2, kLengthTol) << name;
    EXPECT_NEAR(x1 - x0, width, kLengthTol) << name;
    // The intrados springing, at springing_height, is a corner of the abutment.
    const std::vector<Vec3> corners = world_vertices(abutment);
    EXPECT_TRUE(std::any_of(corners.begin(), corners.end(), [&](const Vec3& v) {
      return std::abs(std::abs(v.x()) - spec().span / 2) < kLengthTol &&
             std::abs(v.z() - spec().springing_height) < kLengthTol;
    })) << name;
  }
  // Mirror symmetry: every vertex of voussoir i reflected in x = 0 is one of voussoir n-1-i.
  const int n = spec().voussoirs;
  for (int i = 0; i < n; ++i) {
    std::vector<Vec3> mirrored = world_vertices(blocks[static_cast<std::size_t>(i)]);
    for (Vec3& v : mirrored) v.x() = -v.x();
    EXPECT_TRUE(
        same_point_set(mirrored, world_vertices(blocks[static_cast<std::size_t>(n - 1 - i)])))
        << i;
  }
}

TEST_P(ArchGeneratorTest, FixedSpringingsFixTheAbutmentsOrElseTheEndVoussoirs) {
  ArchSpec fixed = spec();
  fixed.fixed_springings = true;
  for (const Block& block : generate_arch(fixed, dimension()))
    EXPECT_EQ(block.fixed, block.name.find("abutment") != std::string::npos) << block.name;
  fixed.abutments = false;
  const std::vector<Block> blocks = generate_arch(fixed, dimension());
  ASSERT_EQ(blocks.size(), static_cast<std::size_t>(spec().voussoirs));
  for (std::size_t i = 0; i < blocks.size(); ++i)
    EXPECT_EQ(blocks[i].fixed, i == 0 || i + 1 == blocks.size()) << blocks[i].name;
}

std::string arch_test_name(const ::testing::TestParamInfo<std::tuple<ArchCase, int>>& info) {
  return std::get<0>(info.param).label + (std::get<1>(info.param) == 3 ? "3D" : "Planar");
}

INSTANTIATE_TEST_SUITE_P(Forms, ArchGeneratorTest,
                         ::testing::Combine(::testing::ValuesIn(arch_cases()),
                                            ::testing::Values(3, 2)),
                         arch_test_name);

TEST(ArchGenerator, SemicircularTakesTheRadiusForTheSpanAndTwoVoussoirs) {
  ArchSpec spec;
  spec.radius = 1.5;
  spec.thickness = 0.5;
  spec.voussoirs = 2;
  spec.abutments = false;
  const std::vector<Block> blocks = generate_arch(spec, 2);
  ASSERT_EQ(blocks.size(), 2u);
  // Two quadrants: each the trapezoid (r,0) (R,0) (0,R) (0,r), area (R^2 - r^2) / 2.
  EXPECT_NEAR(volume(blocks[0]), 0.5 * (4.0 - 2.25), kLengthTol);
  EXPECT_NEAR(extent(blocks[1], 0).first, 0.0, kLengthTol);
  EXPECT_NEAR(extent(blocks[1], 0).second, 2.0, kLengthTol);
  EXPECT_TRUE(share_a_face(blocks[0], blocks[1]));
}

TEST(ArchGenerator, SegmentalSpringingFromTheGroundHasAbutmentsUnderItsSkewbacks) {
  ArchSpec spec;
  spec.form = ArchForm::Segmental;
  spec.span = 3.0;
  spec.radius = 2.5;
  spec.thickness = 0.4;
  spec.voussoirs = 1;  // a single voussoir is convex below a half circle
  for (int dimension : {3, 2}) {
    const std::vector<Block> blocks = generate_arch(spec, dimension);
    ASSERT_EQ(blocks.size(), 3u);
    expect_exact_tiling(blocks, {{1, 0}, {0, 2}});
    EXPECT_TRUE(share_a_face(blocks[0], blocks[2]));
    // Default width = thickness: the abutment is the triangle-topped block from the
    // intrados springing (1.5, 0) out to x = 1.9, up to the extrados springing.
    EXPECT_NEAR(extent(blocks[2], 0).second, 1.9, kLengthTol);
    EXPECT_NEAR(extent(blocks[2], 2).second, 0.4 * std::sqrt(1.0 - 0.36), kLengthTol);
  }
}

TEST(ArchGenerator, PointedOfRadiusHalfTheSpanIsTheSemicircularArch) {
  ArchSpec semicircular;
  semicircular.span = 2.0;
  semicircular.thickness = 0.3;
  semicircular.voussoirs = 6;
  semicircular.springing_height = 0.5;
  ArchSpec pointed = semicircular;
  pointed.form = ArchForm::Pointed;
  pointed.radius = 1.0;
  const std::vector<Block> a = generate_arch(semicircular, 3);
  const std::vector<Block> b = generate_arch(pointed, 3);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_TRUE(same_point_set(world_vertices(a[i]), world_vertices(b[i]))) << a[i].name;
}

// ---------------------------------------------------------------------------------------
// Walls

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

// ---------------------------------------------------------------------------------------
// Columns and towers

void expect_stack(const std::vector<Block>& blocks, double block_height, double block_volume) {
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const auto [bottom, top] = extent(blocks[k], 2);
    EXPECT_NEAR(bottom, static_cast<double>(k) * block_height, kLengthTol) << blocks[k].name;
    EXPECT_NEAR(top, static_cast<double>(k + 1) * block_height, kLengthTol) << blocks[k].name;
    EXPECT_FALSE(blocks[k].fixed);
  }
  const double expected = block_volume * static_cast<double>(blocks.size());
  EXPECT_NEAR(total_volume(blocks), expected, 1e-12 * expected);  // round-off
  std::vector<std::pair<std::size_t, std::size_t>> neighbours;
  for (std::size_t k = 0; k + 1 < blocks.size(); ++k) neighbours.emplace_back(k, k + 1);
  expect_exact_tiling(blocks, neighbours);
}

TEST(ColumnGenerator, DrumsAreRegularPrismsStackedFromTheGround) {
  ColumnSpec spec;
  spec.radius = 0.4;
  spec.drum_height = 0.5;
  spec.drums = 6;
  spec.sides = 12;
  const std::vector<Block> drums = generate_column(spec, 3);
  ASSERT_EQ(drums.size(), 6u);
  EXPECT_EQ(drums[3].name, "column/drum03");
  // A regular n-gon of circumradius R has area n R^2 sin(2 pi / n) / 2.
  expect_stack(drums, 0.5, 0.5 * 12 * 0.16 * std::sin(2 * pi / 12) * 0.5);
  for (std::size_t k = 0; k + 1 < drums.size(); ++k)
    EXPECT_TRUE(share_a_face(drums[k], drums[k + 1]));
  const std::vector<Block> planar = generate_column(spec, 2);
  expect_stack(planar, 0.5, 0.8 * 0.5);
}

TEST(TowerGenerator, TwistedBoxesTouchFaceToFace) {
  TowerSpec spec;
  spec.block_size = Vec3(0.8, 0.5, 0.3);
  spec.blocks = 7;
  spec.twist = 15.0;
  const std::vector<Block> blocks = generate_tower(spec, 3);
  expect_stack(blocks, 0.3, 0.8 * 0.5 * 0.3);
  // Block 2 is turned by 30 deg about z.
  const Vec3 x_axis = blocks[2].pose.vector_to_world(Vec3::UnitX());
  EXPECT_NEAR(std::atan2(x_axis.y(), x_axis.x()), pi / 6, 1e-14);
  spec.twist = 0.0;
  expect_stack(generate_tower(spec, 2), 0.3, 0.8 * 0.3);
}

// ---------------------------------------------------------------------------------------
// Refusals

TEST(ArchGenerator, BadSpecsNameTheirField) {
  ArchSpec good;
  good.span = 4.0;
  good.thickness = 0.4;
  good.voussoirs = 8;
  good.springing_height = 1.0;
  ArchSpec pointed = good;
  pointed.form = ArchForm::Pointed;
  ArchSpec segmental = good;
  segmental.form = ArchForm::Segmental;
  segmental.radius = 3.0;
  for (const ArchSpec& spec : {good, pointed, segmental}) ASSERT_NO_THROW(generate_arch(spec, 3));
  const auto refused = [](const std::string& field, ArchSpec spec,
                          const std::function<void(ArchSpec&)>& edit) {
    edit(spec);
    expect_refusal([&] { generate_arch(spec, 3); }, field);
  };
  refused("span", good, [](ArchSpec& s) { s.span = -1.0; });
  refused("radius", good, [](ArchSpec& s) { s.span = 0.0; });    // neither span nor radius
  refused("radius", good, [](ArchSpec& s) { s.radius = 1.5; });  // not span / 2
  refused("thickness", good, [](ArchSpec& s) { s.thickness = 0.0; });
  refused("thickness", good, [](ArchSpec& s) { s.thickness = NAN; });
  refused("depth", good, [](ArchSpec& s) { s.depth = 0.0; });
  refused("voussoirs", good, [](ArchSpec& s) { s.voussoirs = 1; });
  refused("springing_height", good, [](ArchSpec& s) { s.springing_height = -0.1; });
  refused("springing_height", good, [](ArchSpec& s) { s.springing_height = 0.0; });
  refused("abutment_width", good, [](ArchSpec& s) { s.abutment_width = 0.3; });
  expect_refusal([&] { generate_arch(good, 1); }, "dimension");
  refused("voussoirs", pointed, [](ArchSpec& s) { s.voussoirs = 7; });
  refused("radius", pointed, [](ArchSpec& s) { s.radius = 1.9; });
  refused("span", pointed, [](ArchSpec& s) { s.span = 0.0; });
  refused("radius", segmental, [](ArchSpec& s) { s.radius = 2.0; });
  refused("radius", segmental, [](ArchSpec& s) { s.radius = 0.0; });
  refused("voussoirs", segmental, [](ArchSpec& s) { s.voussoirs = 0; });
  // Planar mode ignores the depth; springing at the ground is fine without abutments.
  ArchSpec planar = good;
  planar.depth = 0.0;
  EXPECT_NO_THROW(generate_arch(planar, 2));
  planar.springing_height = 0.0;
  planar.abutments = false;
  EXPECT_NO_THROW(generate_arch(planar, 2));
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

TEST(StackGenerators, BadSpecsNameTheirField) {
  ColumnSpec column;
  column.radius = 0.3;
  column.drum_height = 0.4;
  column.drums = 3;
  ASSERT_NO_THROW(generate_column(column, 3));
  const auto refused_column = [&](const std::string& field,
                                  const std::function<void(ColumnSpec&)>& edit) {
    ColumnSpec spec = column;
    edit(spec);
    expect_refusal([&] { generate_column(spec, 3); }, field);
  };
  refused_column("radius", [](ColumnSpec& s) { s.radius = 0.0; });
  refused_column("drum_height", [](ColumnSpec& s) { s.drum_height = -1.0; });
  refused_column("drums", [](ColumnSpec& s) { s.drums = 0; });
  refused_column("sides", [](ColumnSpec& s) { s.sides = 2; });

  TowerSpec tower;
  tower.block_size = Vec3(1.0, 0.5, 0.2);
  tower.blocks = 4;
  ASSERT_NO_THROW(generate_tower(tower, 3));
  const auto refused_tower = [&](const std::string& field,
                                 const std::function<void(TowerSpec&)>& edit) {
    TowerSpec spec = tower;
    edit(spec);
    expect_refusal([&] { generate_tower(spec, 3); }, field);
  };
  refused_tower("block_size[0]", [](TowerSpec& s) { s.block_size.x() = 0.0; });
  refused_tower("block_size[1]", [](TowerSpec& s) { s.block_size.y() = -1.0; });
  refused_tower("block_size[2]", [](TowerSpec& s) { s.block_size.z() = NAN; });
  refused_tower("blocks", [](TowerSpec& s) { s.blocks = 0; });
  TowerSpec twisted = tower;
  twisted.twist = 10.0;
  expect_refusal([&] { generate_tower(twisted, 2); }, "twist");  // out of the x-z plane
}

}  // namespace
}  // namespace moreau::masonry
