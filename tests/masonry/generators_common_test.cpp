// What every masonry generator shares (generators_common.hpp), through the generators: block
// names zero-padded to the width of the last index so that they sort in generation order,
// the dimension and range checks naming their field, counts bounded by kMaxBlocks, and prisms
// framed at the mean of their corners with the depth centred on y = 0.
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/geometry/polygon.hpp"
#include "moreau/masonry/generators.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <variant>
#include <vector>

namespace moreau::masonry {
namespace {

using math::Vec2;
using math::Vec3;
using ::testing::HasSubstr;

// Sums of a few corners of O(1) m: round-off only.
constexpr double kCornerRoundOff = 1e-14;

std::vector<std::string> tower_names(int blocks) {
  TowerSpec spec;
  spec.block_size = Vec3(0.4, 0.4, 0.2);
  spec.blocks = blocks;
  std::vector<std::string> names;
  for (const Block& block : generate_tower(spec, 3)) names.push_back(block.name);
  return names;
}

TEST(GeneratorsCommon, NamesArePaddedToTheWidthOfTheLastIndex) {
  EXPECT_EQ(tower_names(1), std::vector<std::string>{"tower/block00"});  // at least 2 digits
  const std::vector<std::string> ten = tower_names(10);
  EXPECT_EQ(ten.front(), "tower/block00");
  EXPECT_EQ(ten.back(), "tower/block09");
  const std::vector<std::string> hundred_and_one = tower_names(101);
  EXPECT_EQ(hundred_and_one.front(), "tower/block000");
  EXPECT_EQ(hundred_and_one[7], "tower/block007");
  EXPECT_EQ(hundred_and_one.back(), "tower/block100");
  EXPECT_TRUE(std::is_sorted(hundred_and_one.begin(), hundred_and_one.end()));
}

std::string refused_key(const std::function<void()>& generate) {
  try {
    generate();
  } catch (const core::Diagnostic& error) {
    return error.key();
  }
  return "(accepted)";
}

TEST(GeneratorsCommon, EveryGeneratorRefusesADimensionOtherThanTwoOrThree) {
  ColumnSpec column{.radius = 0.3, .drum_height = 0.4, .drums = 3};
  TowerSpec tower{.block_size = Vec3(1.0, 0.5, 0.2), .blocks = 4};
  WallSpec wall{.length = 2.0,
                .thickness = 0.3,
                .block_length = 0.4,
                .block_height = 0.2,
                .courses = 3,
                .openings = {}};
  ArchSpec arch{.radius = 1.5, .thickness = 0.5, .voussoirs = 5, .abutments = false};
  for (const int dimension : {1, 4}) {
    SCOPED_TRACE(dimension);
    EXPECT_EQ(refused_key([&] { generate_column(column, dimension); }), "dimension");
    EXPECT_EQ(refused_key([&] { generate_tower(tower, dimension); }), "dimension");
    EXPECT_EQ(refused_key([&] { generate_wall(wall, dimension); }), "dimension");
    EXPECT_EQ(refused_key([&] { generate_arch(arch, dimension); }), "dimension");
  }
}

TEST(GeneratorsCommon, RangeChecksRefuseNonFiniteValuesAndTooManyBlocks) {
  const ColumnSpec column{.radius = 0.3, .drum_height = 0.4, .drums = 3};
  ColumnSpec spec = column;
  spec.radius = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(refused_key([&] { generate_column(spec, 3); }), "radius");
  spec = column;
  spec.drum_height = std::numeric_limits<double>::infinity();
  EXPECT_EQ(refused_key([&] { generate_column(spec, 3); }), "drum_height");
  spec = column;
  spec.drums = kMaxBlocks + 1;
  try {
    generate_column(spec, 3);
    ADD_FAILURE() << "more than kMaxBlocks drums accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "drums");
    EXPECT_THAT(error.what(), HasSubstr(core::concat("an integer in [1, ", kMaxBlocks, ']')));
  }
}

// A semicircular arch of two voussoirs, intrados r = 1.5 and extrados R = 2 from the origin:
// each is the quadrant (r, 0) (R, 0) (0, R) (0, r), mirrored for the left one, whose corners'
// mean is (7/8, 7/8) away from the axis.
ArchSpec two_voussoir_arch() {
  return {.radius = 1.5, .thickness = 0.5, .depth = 0.6, .voussoirs = 2, .abutments = false};
}

TEST(GeneratorsCommon, PlanarPrismIsItsCrossSectionAroundTheCornersMean) {
  for (const Block& voussoir : generate_arch(two_voussoir_arch(), 2)) {
    SCOPED_TRACE(voussoir.name);
    EXPECT_NEAR(std::abs(voussoir.pose.position.x()), 0.875, kCornerRoundOff);
    EXPECT_EQ(voussoir.pose.position.y(), 0.0);
    EXPECT_NEAR(voussoir.pose.position.z(), 0.875, kCornerRoundOff);
    const auto& corners = std::get<geometry::Polygon>(voussoir.shape).vertices();
    ASSERT_EQ(corners.size(), 4u);
    Vec2 mean = Vec2::Zero();
    for (const Vec2& corner : corners) mean += corner / 4.0;
    EXPECT_TRUE(mean.isZero(kCornerRoundOff)) << mean.transpose();
  }
}

TEST(GeneratorsCommon, PrismInThreeDimensionsSpansItsDepthAboutYZero) {
  for (const Block& voussoir : generate_arch(two_voussoir_arch(), 3)) {
    SCOPED_TRACE(voussoir.name);
    EXPECT_EQ(voussoir.pose.position.y(), 0.0);
    const auto& corners = std::get<geometry::ConvexPolyhedron>(voussoir.shape).vertices();
    ASSERT_EQ(corners.size(), 8u);  // the cross-section's 4 corners on either face
    Vec3 mean = Vec3::Zero();
    for (const Vec3& corner : corners) {
      EXPECT_NEAR(std::abs(corner.y()), 0.3, kCornerRoundOff);
      mean += corner / 8.0;
    }
    EXPECT_TRUE(mean.isZero(kCornerRoundOff)) << mean.transpose();
  }
}

}  // namespace
}  // namespace moreau::masonry
