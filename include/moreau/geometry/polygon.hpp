// Convex polygons of planar mode (docs/mathematics.md section 1): bodies move in the x-z plane, a
// shape is given by its vertices (x, z) in the local frame, counter-clockwise in the (x, z)
// axes (x to the right, z up, i.e. seen from -y). Edge k joins vertices k and k + 1; its
// outward normal is (dz, -dx)/|d| for d = v_k+1 - v_k. The 3D solid it stands for is the
// prism of unit depth, -1/2 <= y <= 1/2 (mass properties per metre of depth).
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/math/types.hpp"

#include <string>
#include <vector>

namespace moreau::geometry {

class Polygon {
 public:
  /// @throws core::Diagnostic naming `key` if there are fewer than 3 vertices, a coordinate
  ///         is not finite, or the loop is not strictly convex and counter-clockwise
  ///         (collinear or repeated vertices are refused: every vertex must be a corner)
  explicit Polygon(std::vector<math::Vec2> vertices, const core::SourceLocation& where = {},
                   const std::string& key = "vertices");

  /// (x, z) of each vertex, m.
  const std::vector<math::Vec2>& vertices() const { return vertices_; }
  int size() const { return static_cast<int>(vertices_.size()); }
  /// Outward unit normal (x, z) of edge k.
  math::Vec2 edge_normal(int k) const;

 private:
  std::vector<math::Vec2> vertices_;
};

}  // namespace moreau::geometry
