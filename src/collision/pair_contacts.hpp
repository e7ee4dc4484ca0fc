// The narrow-phase routine of each shape pair (internal to the collision layer). Each takes
// A first and returns normals from B towards A; narrow_phase.cpp calls it with the shapes
// swapped when needed and flips the result. Polyhedra are in world coordinates.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"

#include <vector>

namespace moreau::collision {

using Contacts = std::vector<ContactPoint>;

Contacts sphere_sphere(const geometry::Sphere& a, const geometry::Pose& pose_a,
                       const geometry::Sphere& b, const geometry::Pose& pose_b, double distance);
Contacts sphere_plane(const geometry::Sphere& a, const geometry::Pose& pose_a,
                      const geometry::Pose& plane_b, double distance);
Contacts sphere_polyhedron(const geometry::Sphere& a, const geometry::Pose& pose_a,
                           const geometry::ConvexPolyhedron& b, double distance);
Contacts polyhedron_plane(const geometry::ConvexPolyhedron& a, const geometry::Pose& plane_b,
                          double distance);
Contacts polyhedron_polyhedron(const geometry::ConvexPolyhedron& a,
                               const geometry::ConvexPolyhedron& b, double distance);
Contacts polygon_polygon(const geometry::Polygon& a, const geometry::Pose& pose_a,
                         const geometry::Polygon& b, const geometry::Pose& pose_b, double distance);
Contacts polygon_plane(const geometry::Polygon& a, const geometry::Pose& pose_a,
                       const geometry::Pose& plane_b, double distance);

/// The point midway between the surface point x_a of A and x_a - gap n on B's surface.
inline ContactPoint midway(const math::Vec3& x_a, const math::Vec3& n, double gap,
                           FeatureId feature) {
  return {x_a - 0.5 * gap * n, n, gap, feature};
}

/// The same contacts seen with A and B exchanged: n -> -n, features swapped.
Contacts swapped(Contacts contacts);

}  // namespace moreau::collision
