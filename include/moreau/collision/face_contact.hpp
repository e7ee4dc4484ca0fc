// Face-to-face contact of polyhedra (docs/mathematics.md section 1): the overlap polygon of the
// reference face (on one body) and the incident face (on the other), computed exactly by
// clipping the incident face against the side planes of the reference face
// (Sutherland & Hodgman 1974), and its reduction to at most 4 points.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"

#include <boost/container/small_vector.hpp>

#include <cstddef>
#include <vector>

namespace moreau::collision {

/// A point of the clipped polygon with the features it lies on: (incident, reference) in
/// that order, e.g. (Vertex, Face) for an incident corner inside the reference face.
struct ClippedPoint {
  math::Vec3 x;       ///< m, world, on the incident face
  FeatureId feature;  ///< a = incident body's feature, b = reference body's feature
};

/// The corners a polygon of the collision keeps in place, beyond which it takes the heap: a
/// step clips the faces of every pair of touching blocks, and a heap allocation per pass was
/// the largest source of a run's allocations, which the sanitizers make dear
/// (docs/architecture.md, "Build time").
inline constexpr std::size_t kCornersInPlace = 16;

/// A clipped polygon's points.
using ClippedPolygon = boost::container::small_vector<ClippedPoint, kCornersInPlace>;

/// The incident face clipped to the prism standing on the reference face, in order around
/// the polygon. Both polyhedra are in world coordinates. Points within 1e-12 times the
/// reference face's size outside a side plane count as inside, so that coincident edges
/// give their corners once.
ClippedPolygon clip_incident_face(const geometry::ConvexPolyhedron& reference, int reference_face,
                                  const geometry::ConvexPolyhedron& incident, int incident_face);

/// Reduction of a contact polygon (points on a plane of normal n) to at most 4 points that
/// keep its extent, in the spirit of Bullet's manifold reduction (sortCachedPoints, which
/// keeps the largest area): (1) the two points farthest apart, (2) the point farthest from
/// the line through them (largest triangle), (3) the point that makes the convex hull of
/// the four largest. Ties go to the earlier point, so the choice is deterministic. A
/// rectangle keeps its 4 corners; for a regular polygon the kept quadrilateral has the
/// polygon's diameter as a diagonal. In place: the kept points stay in their order.
void reduce_to_four(std::vector<ContactPoint>& points, const math::Vec3& n);

/// Planar mode: the two points farthest apart (the ends of the contact segment), in place.
void reduce_to_two(std::vector<ContactPoint>& points);

}  // namespace moreau::collision
