// Pieces shared by the masonry generators (generators.hpp): the range checks that raise their
// Diagnostics, block names, and prisms built from a convex cross-section.
#pragma once

#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/masonry/generators.hpp"
#include "moreau/math/types.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace moreau::masonry::detail {

/// @throws core::Diagnostic naming `field` unless `value` is finite and > 0.
void require_positive(double value, const std::string& field, std::string_view unit = "m");
/// @throws core::Diagnostic naming `field` unless `value` is finite and >= 0.
void require_non_negative(double value, const std::string& field, std::string_view unit = "m");
/// @throws core::Diagnostic naming `field` unless minimum <= `value` <= maximum.
void require_count(int value, int minimum, const std::string& field, int maximum = kMaxBlocks);
/// @throws core::Diagnostic naming "dimension" unless it is 2 or 3.
void require_dimension(int dimension);

/// `index` zero-padded to the width of `count - 1`, at least 2 digits, so that block names
/// sort in generation order: padded(7, 12) == "07".
std::string padded(int index, int count);

/// The prism swept by the convex polygon `base` (m, counter-clockwise seen from the side
/// `extrusion` points to) moved by `extrusion` (m): vertices base_k (0..n-1) and
/// base_k + extrusion (n..2n-1); faces built directly, CCW seen from outside:
///   side k      base_k, base_k+1, top_k+1, top_k  (outward normal (base_k+1 - base_k) x e)
///   top, bottom the moved loop in order, the base loop reversed.
geometry::ConvexPolyhedron extrude(const std::vector<math::Vec3>& base,
                                   const math::Vec3& extrusion);

/// A block with the convex cross-section `corners_xz` (m, world (x, z), counter-clockwise in
/// the (x, z) axes as geometry::Polygon wants): that polygon in planar mode, the prism
/// -depth/2 <= y <= depth/2 in 3D. The local frame is the world's translated to the mean of
/// the corners (x, 0, z), so that local coordinates are of the block's size and the
/// contact computations do not lose digits to the structure's extent.
Block prism_block(std::string name, const std::vector<math::Vec2>& corners_xz, double depth,
                  int dimension);

/// A block with the shape of the box of full lengths `size` (m) centred at `pose`: a Box in
/// 3D, the rectangle size.x by size.z in planar mode (pose is then a translation in x-z).
Block box_block(std::string name, const math::Vec3& size, const geometry::Pose& pose,
                int dimension);

}  // namespace moreau::masonry::detail
