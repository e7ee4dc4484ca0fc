// Running-bond walls (generators.hpp). The wall is measured in half blocks: with
// u = length / n_half, course k has joints at x = -length/2 + u i for i of the parity of k
// (full blocks of 2u), plus the two ends, so that every head joint sits at the middle of a
// block of the courses above and below and both ends are flush (half blocks close them
// where the parity demands).
#include "generators_common.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/masonry/generators.hpp"

#include <cmath>

namespace moreau::masonry {
namespace {

using math::Vec3;

// The number of half blocks in the length. Decimal input such as length 3.3, block_length
// 0.6 (11 half blocks) is not an exact multiple in binary, so 1e-9 relative is accepted;
// the blocks are then stretched by that fraction, which keeps the ends exactly at
// -+length/2.
int half_blocks_in_length(const WallSpec& spec) {
  const double ratio = 2.0 * spec.length / spec.block_length;
  const double n_half = std::round(ratio);
  // A course of n_half half blocks has at most n_half / 2 + 1 blocks.
  if (n_half > 2.0 * kMaxBlocks)
    throw core::Diagnostic({}, "length",
                           core::concat("at most ", kMaxBlocks,
                                        " blocks per course (the most blocks a generator "
                                        "makes), a length of at most ",
                                        kMaxBlocks * spec.block_length, " m"),
                           core::concat(spec.length));
  if (!(n_half >= 1.0) || std::abs(ratio - n_half) > 1e-9 * ratio)
    throw core::Diagnostic(
        {}, "length",
        core::concat("a multiple of block_length / 2 = ", 0.5 * spec.block_length, " m"),
        core::concat(spec.length));
  return static_cast<int>(n_half);
}

void check_wall(const WallSpec& spec, int dimension) {
  detail::require_dimension(dimension);
  detail::require_positive(spec.length, "length");
  if (dimension == 3) detail::require_positive(spec.thickness, "thickness");
  detail::require_positive(spec.block_length, "block_length");
  detail::require_positive(spec.block_height, "block_height");
  detail::require_count(spec.courses, 1, "courses");
}

// Joint positions of course k in half-block units, ends included: 0, then every unit of the
// course's parity, then n_half.
std::vector<int> course_joints(int course, int n_half) {
  std::vector<int> joints{0};
  for (int i = course % 2 == 0 ? 2 : 1; i < n_half; i += 2) joints.push_back(i);
  joints.push_back(n_half);
  return joints;
}

}  // namespace

std::vector<Block> generate_wall(const WallSpec& spec, int dimension) {
  check_wall(spec, dimension);
  const int n_half = half_blocks_in_length(spec);
  const long long most_blocks = static_cast<long long>(spec.courses) * (n_half / 2 + 1);
  if (most_blocks > kMaxBlocks)
    throw core::Diagnostic(
        {}, "courses",
        core::concat("at most ", kMaxBlocks,
                     " blocks in all (the most blocks a generator makes), at "
                     "most ",
                     kMaxBlocks / (n_half / 2 + 1), " courses of ", n_half / 2 + 1, " blocks"),
        core::concat(spec.courses));
  // x of a joint: length (i / n_half - 1/2) puts the ends at exactly -+length/2.
  const auto x = [&](int i) { return spec.length * (static_cast<double>(i) / n_half - 0.5); };
  std::vector<Block> blocks;
  for (int k = 0; k < spec.courses; ++k) {
    const std::vector<int> joints = course_joints(k, n_half);
    const int count = static_cast<int>(joints.size()) - 1;
    for (int j = 0; j < count; ++j) {
      const double x0 = x(joints[static_cast<std::size_t>(j)]);
      const double x1 = x(joints[static_cast<std::size_t>(j) + 1]);
      const geometry::Pose pose{Vec3(0.5 * (x0 + x1), 0.0, (k + 0.5) * spec.block_height)};
      blocks.push_back(detail::box_block(spec.name + "/course" + detail::padded(k, spec.courses) +
                                             "_block" + detail::padded(j, count),
                                         Vec3(x1 - x0, spec.thickness, spec.block_height), pose,
                                         dimension));
    }
  }
  return blocks;
}

}  // namespace moreau::masonry
