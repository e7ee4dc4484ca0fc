// Running-bond walls (generators.hpp). The wall is measured in half blocks: with
// u = length / n_half, course k has joints at x = -length/2 + u i for i of the parity of k
// (full blocks of 2u), plus the two ends, so that every head joint sits at the middle of a
// block of the courses above and below and both ends are flush (half blocks close them
// where the parity demands). Openings cut the courses around them (course_layout.hpp).
#include "course_layout.hpp"
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
  detail::check_leaves(spec.leaves, spec.header_every);
  if (dimension == 2 && spec.leaves != 1)
    throw core::Diagnostic({}, "leaves", "1 in planar mode (a section has no thickness to split)",
                           core::concat(spec.leaves));
}

}  // namespace

std::vector<Block> generate_wall(const WallSpec& spec, int dimension) {
  check_wall(spec, dimension);
  const int n_half = half_blocks_in_length(spec);
  const detail::Span ends{-0.5 * spec.length, 0.5 * spec.length};
  const detail::WallFrame frame{ends, spec.block_length, spec.block_height, spec.courses, {}};
  const std::vector<detail::PlacedOpening> openings = detail::place_openings(
      spec.openings, frame, detail::lintel_bearing(spec.lintel_bearing, spec.block_length),
      "openings");
  // A leaf of a course has at most n_half / 2 + 1 blocks on the wall's joints, one more on
  // the shifted joints of a back leaf.
  const long long per_course = spec.leaves == 1 ? n_half / 2 + 1 : 2LL * (n_half / 2 + 2);
  const long long most_blocks = static_cast<long long>(spec.courses) * per_course +
                                spec.leaves * detail::most_blocks_added(openings);
  if (most_blocks > kMaxBlocks)
    throw core::Diagnostic(
        {}, "courses",
        core::concat("at most ", kMaxBlocks,
                     " blocks in all (the most blocks a generator makes), at "
                     "most ",
                     kMaxBlocks / per_course, " courses of ", per_course, " blocks"),
        core::concat(spec.courses));
  const detail::BondGrid grid{spec.length, n_half};
  const detail::Band through = detail::through_band(spec.leaves, spec.thickness);
  std::vector<Block> blocks;
  // The band's pieces of course k as blocks, across y from the front face -thickness / 2.
  const auto place = [&](const std::vector<detail::CoursePiece>& pieces, const detail::Band& band,
                         int k) {
    const std::string course = spec.name + "/course" + detail::padded(k, spec.courses) + "_";
    const double y = -0.5 * spec.thickness + band.inset + 0.5 * band.depth;
    for (const detail::CoursePiece& piece : pieces) {
      const auto [x0, x1] = piece.span;
      const geometry::Pose pose{Vec3(0.5 * (x0 + x1), y, (k + 0.5) * spec.block_height)};
      blocks.push_back(detail::box_block(course + band.part + piece.part,
                                         Vec3(x1 - x0, band.depth, spec.block_height), pose,
                                         dimension));
    }
  };
  for (int k = 0; k < spec.courses; ++k) {
    for (const auto& [band, band_grid] : detail::course_bands(
             k, spec.leaves, spec.header_every, spec.thickness, grid, {"front_", "back_"}))
      place(detail::lay_course(k, ends, 0.0, band_grid, openings, spec.block_length), band, k);
    place(detail::course_lintels(k, openings), through, k);
  }
  return blocks;
}

}  // namespace moreau::masonry
