// Narrow phase: the exact contact points of two shapes, with no margin (docs/mathematics.md section
// 1). Every point whose gap is at most the detection distance is reported, so that the time stepper
// can see contacts about to close (the caller passes e.g. a velocity-based bound).
//
// Pairs and methods (A, B in either order; the result is the same up to the sign of n):
//   sphere-sphere, sphere-plane     closed form
//   sphere-box/polyhedron           closest point of the polyhedron's surface to the centre,
//                                   or, with the centre inside, the least deep face
//   box/polyhedron-plane            every vertex within the distance (a face on the plane
//                                   gives its corners), reduced to 4 (face_contact.hpp)
//   box/polyhedron pairs            separating axes (face normals of both, cross products of
//                                   edge pairs that form a face of the Minkowski difference:
//                                   Gregorius 2013, "The separating axis test between convex
//                                   polyhedra", GDC); a face axis gives the clipped overlap
//                                   polygon of face_contact.hpp, an edge axis one point at the
//                                   closest points of the two edges
//   polygon-polygon, polygon-plane  planar mode, in the x-z plane: the same with edges as
//                                   faces, at most 2 points (the ends of the overlap segment)
// Between separated shapes the separation found by the axes is a lower bound of the
// distance (exact for face-vertex and edge-edge closest features), so no contact within
// the detection distance is missed by the test; near misses corner to corner produce no
// point until a face or edge pair overlaps.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"

#include <optional>
#include <vector>

namespace moreau::collision {

/// A shape at its pose in the world. Boxes and polyhedra are also transformed into world
/// coordinates, the form the polyhedron routines work on: placed once per body and step,
/// rather than once per pair (a block of a wall has about 12 neighbours, and the
/// transformation, with a box's conversion to a polyhedron, was a third of the collision time).
struct PlacedShape {
  const geometry::Shape* shape = nullptr;  ///< not owned; outlives the PlacedShape
  geometry::Pose pose;
  std::optional<geometry::ConvexPolyhedron> world;  ///< boxes and polyhedra only
};

/// `shape` (kept by reference) at `pose`.
PlacedShape place(const geometry::Shape& shape, const geometry::Pose& pose);

/// The contact points of placed shapes A and B whose gap is at most detection_distance
/// (m, >= 0); normals point from B towards A. Two planes give none (both are fixed bodies).
/// @throws core::Diagnostic for a pair no method exists for (a polygon of planar mode with
///         a 3D shape)
std::vector<ContactPoint> collide(const PlacedShape& a, const PlacedShape& b,
                                  double detection_distance);

/// The contact points of shape A at pose_a with shape B at pose_b whose gap is at most
/// detection_distance: collide(place(a, pose_a), place(b, pose_b), detection_distance).
std::vector<ContactPoint> collide(const geometry::Shape& a, const geometry::Pose& pose_a,
                                  const geometry::Shape& b, const geometry::Pose& pose_b,
                                  double detection_distance);

}  // namespace moreau::collision
