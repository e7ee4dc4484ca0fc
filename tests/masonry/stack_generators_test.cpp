// Columns of drums and towers of twisted boxes (masonry::generate_column, generate_tower):
// regular prisms stacked from the ground, boxes touching face to face, and bad specs name
// their field.
#include "generator_checks.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace moreau::masonry {
namespace {

using namespace checks;  // NOLINT(google-build-using-namespace): the shared checks
using math::Vec3;
using std::numbers::pi;

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
