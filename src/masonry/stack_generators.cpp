// Stacks of identical blocks on the ground (generators.hpp): columns of drums and towers of
// boxes. Block k occupies k h <= z <= (k + 1) h, so consecutive blocks share a face.
#include "generators_common.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/masonry/generators.hpp"
#include "moreau/math/quaternion.hpp"

#include <cmath>
#include <numbers>

namespace moreau::masonry {
namespace {

using math::Vec3;

// The regular prism of `sides` faces inscribed in the cylinder of `radius`, centred at the
// origin, axis z, a vertex on +x.
geometry::ConvexPolyhedron drum(double radius, double height, int sides) {
  std::vector<Vec3> base;
  for (int j = 0; j < sides; ++j) {
    const double angle = 2.0 * std::numbers::pi * j / sides;
    base.emplace_back(radius * std::cos(angle), radius * std::sin(angle), -0.5 * height);
  }
  return detail::extrude(base, Vec3(0.0, 0.0, height));
}

}  // namespace

std::vector<Block> generate_column(const ColumnSpec& spec, int dimension) {
  detail::require_dimension(dimension);
  detail::require_positive(spec.radius, "radius");
  detail::require_positive(spec.drum_height, "drum_height");
  detail::require_count(spec.drums, 1, "drums");
  if (dimension == 3) detail::require_count(spec.sides, 3, "sides", kMaxSides);
  std::vector<Block> blocks;
  for (int k = 0; k < spec.drums; ++k) {
    const geometry::Pose pose{Vec3(0.0, 0.0, (k + 0.5) * spec.drum_height)};
    std::string name = spec.name + "/drum" + detail::padded(k, spec.drums);
    if (dimension == 2) {
      const Vec3 size(2.0 * spec.radius, 0.0, spec.drum_height);
      blocks.push_back(detail::box_block(std::move(name), size, pose, dimension));
    } else {
      blocks.push_back(
          {std::move(name), drum(spec.radius, spec.drum_height, spec.sides), pose, false});
    }
  }
  return blocks;
}

std::vector<Block> generate_tower(const TowerSpec& spec, int dimension) {
  detail::require_dimension(dimension);
  const Vec3& size = spec.block_size;
  detail::require_positive(size.x(), "block_size[0]");
  if (dimension == 3) detail::require_positive(size.y(), "block_size[1]");
  detail::require_positive(size.z(), "block_size[2]");
  detail::require_count(spec.blocks, 1, "blocks");
  if (!std::isfinite(spec.twist))
    throw core::Diagnostic({}, "twist", "a finite angle (deg)", core::concat(spec.twist));
  // A rotation about z would take a planar block out of the x-z plane.
  if (dimension == 2 && spec.twist != 0.0)
    throw core::Diagnostic({}, "twist", "0 deg in planar mode", core::concat(spec.twist));
  const double twist = math::radians(spec.twist);
  std::vector<Block> blocks;
  for (int k = 0; k < spec.blocks; ++k) {
    const geometry::Pose pose{Vec3(0.0, 0.0, (k + 0.5) * size.z()),
                              math::Quat(Eigen::AngleAxisd(k * twist, Vec3::UnitZ()))};
    blocks.push_back(detail::box_block(spec.name + "/block" + detail::padded(k, spec.blocks), size,
                                       pose, dimension));
  }
  return blocks;
}

}  // namespace moreau::masonry
