// The shapes of moreau, each in its own local frame (placed in the world by a Pose).
// Conventions: lengths in m; normals are outward.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/geometry/polygon.hpp"
#include "moreau/math/types.hpp"

#include <string>
#include <variant>

namespace moreau::geometry {

/// Ball of the given radius centred at the local origin.
struct Sphere {
  double radius = 0.0;  ///< m, > 0
};

/// The half-space z_local <= 0, outward normal +z_local: the ground. It has no finite mass,
/// so it may belong to fixed bodies only. In planar mode it is the half-plane below a line.
struct Plane {};

/// The box |x_i| <= half_extents_i.
struct Box {
  math::Vec3 half_extents = math::Vec3::Zero();  ///< m, each > 0
};

using Shape = std::variant<Sphere, Plane, Box, ConvexPolyhedron, Polygon>;

/// Checks the dimensions of a sphere or box (> 0 and finite); the other shapes are checked
/// when they are built.
/// @throws core::Diagnostic naming `key` (e.g. "bodies[2].shape.radius")
void validate(const Shape& shape, const core::SourceLocation& where = {},
              const std::string& key = "shape");

/// The least width of a shape, m: the smallest distance between two parallel planes that
/// hold it between them (for a polygon or polyhedron, across one of its faces or edges);
/// infinite for a plane.
double least_width(const Shape& shape);

/// The shape scaled about its local origin: every point x of it moved to factor x.
/// @pre factor > 0
Shape scaled(const Shape& shape, double factor);

/// The distance from `point` (local frame, inside the shape) to the nearest plane of the
/// shape's faces (for a sphere, to its surface), m: how far the shape's boundary is from it
/// in every direction. For a polygon, `point`'s x and z. Infinite for a plane.
double inner_distance(const Shape& shape, const math::Vec3& point);

}  // namespace moreau::geometry
