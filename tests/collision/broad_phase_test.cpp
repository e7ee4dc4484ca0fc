// Sweep and prune against the brute-force list of overlapping pairs.
#include "moreau/collision/broad_phase.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <random>

namespace moreau::collision {
namespace {

using geometry::Aabb;
using math::Vec3;

std::vector<std::pair<int, int>> brute_force(const std::vector<Aabb>& boxes) {
  std::vector<std::pair<int, int>> pairs;
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j)
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(i, j);
  return pairs;
}

TEST(BroadPhase, FindsExactlyTheOverlappingPairsOfARandomScene) {
  std::mt19937_64 rng(2024);
  std::uniform_real_distribution<double> position(0.0, 20.0), size(0.05, 0.8);
  std::vector<Aabb> boxes;
  for (int i = 0; i < 3000; ++i) {
    const Vec3 lower(position(rng), 0.3 * position(rng), 0.1 * position(rng));
    boxes.push_back({lower, lower + Vec3(size(rng), size(rng), size(rng))});
  }
  // A ground half-space and two boxes that only touch (closed boxes overlap).
  const double inf = std::numeric_limits<double>::infinity();
  boxes.push_back({Vec3(-inf, -inf, -inf), Vec3(inf, inf, 0.5)});
  boxes.push_back({Vec3(30, 0, 0), Vec3(31, 1, 1)});
  boxes.push_back({Vec3(31, 1, 1), Vec3(32, 2, 2)});
  const auto expected = brute_force(boxes);
  const auto found = overlapping_pairs(boxes);
  EXPECT_GT(expected.size(), 3000u);  // the scene is not trivially sparse
  EXPECT_EQ(found, expected);
}

TEST(BroadPhase, EmptyAndSingleScenesHaveNoPairs) {
  EXPECT_TRUE(overlapping_pairs({}).empty());
  const std::vector<Aabb> one{{Vec3::Zero(), Vec3::Ones()}};
  EXPECT_TRUE(overlapping_pairs(one).empty());
}

}  // namespace
}  // namespace moreau::collision
