// Convex hull of a point cloud with Qhull's reentrant C library (Barber, Dobkin & Huhdanpaa
// 1996, "The Quickhull algorithm for convex hulls", ACM TOMS 22(4)). Qhull runs with its
// default premerging (C-0) and without triangulation ('Qt' off), so coplanar triangles come
// back merged into one polygonal face: the faces face-to-face contact needs.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/math/types.hpp"

#include <span>
#include <string>
#include <vector>

namespace moreau::geometry {

/// The convex polyhedron spanned by points (m). Interior points and points on faces or
/// edges are dropped: the result's vertices are the extreme points only, its faces maximal.
/// @throws core::Diagnostic naming `key` if a coordinate is not finite, or if the points
///         do not span a volume (fewer than 4 non-coplanar points, relative to their extent)
ConvexPolyhedron convex_hull(std::span<const math::Vec3> points,
                             const core::SourceLocation& where = {},
                             const std::string& key = "vertices");

/// The convex hull of plane points (m), counter-clockwise from the lowest-leftmost extreme
/// point, by Andrew's monotone chain (Andrew 1979, Inf. Process. Lett. 9(5):216-219).
/// Points within `tolerance` (m) of an edge of the hull count as on it and are dropped, so
/// the result has corners only: fewer than 3 of them when the points are collinear within
/// tolerance (the two ends of their segment, or the one point when they coincide).
/// @pre tolerance >= 0
std::vector<math::Vec2> convex_hull(std::span<const math::Vec2> points, double tolerance);

}  // namespace moreau::geometry
