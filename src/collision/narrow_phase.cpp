#include "moreau/collision/narrow_phase.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "pair_contacts.hpp"

#include <optional>
#include <utility>

namespace moreau::collision {
namespace {

using geometry::ConvexPolyhedron;
using geometry::Plane;
using geometry::Polygon;
using geometry::Pose;
using geometry::Shape;
using geometry::Sphere;

constexpr const char* kShapeNames[] = {"sphere", "plane", "box", "convex polyhedron", "polygon"};

// Boxes and polyhedra in world coordinates, the form the polyhedron routines work on.
std::optional<ConvexPolyhedron> world_polyhedron(const Shape& shape, const Pose& pose) {
  if (const auto* box = std::get_if<geometry::Box>(&shape))
    return ConvexPolyhedron::box(box->half_extents).transformed(pose);
  if (const auto* polyhedron = std::get_if<ConvexPolyhedron>(&shape))
    return polyhedron->transformed(pose);
  return std::nullopt;
}

// The routine for (a, b) in this order, if there is one.
std::optional<Contacts> ordered(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb,
                                double d) {
  const bool b_is_plane = std::holds_alternative<Plane>(b);
  if (const auto* sphere = std::get_if<Sphere>(&a)) {
    if (const auto* other = std::get_if<Sphere>(&b))
      return sphere_sphere(*sphere, pa, *other, pb, d);
    if (b_is_plane) return sphere_plane(*sphere, pa, pb, d);
    if (const auto poly = world_polyhedron(b, pb)) return sphere_polyhedron(*sphere, pa, *poly, d);
  }
  if (const auto poly = world_polyhedron(a, pa)) {
    if (b_is_plane) return polyhedron_plane(*poly, pb, d);
    if (const auto other = world_polyhedron(b, pb)) return polyhedron_polyhedron(*poly, *other, d);
  }
  if (const auto* polygon = std::get_if<Polygon>(&a)) {
    if (const auto* other = std::get_if<Polygon>(&b))
      return polygon_polygon(*polygon, pa, *other, pb, d);
    if (b_is_plane) return polygon_plane(*polygon, pa, pb, d);
  }
  if (std::holds_alternative<Plane>(a) && b_is_plane) return Contacts{};
  return std::nullopt;
}

}  // namespace

Contacts swapped(Contacts contacts) {
  for (ContactPoint& c : contacts) {
    c.n = -c.n;
    std::swap(c.feature.a, c.feature.b);
  }
  return contacts;
}

std::vector<ContactPoint> collide(const Shape& a, const Pose& pose_a, const Shape& b,
                                  const Pose& pose_b, double detection_distance) {
  MOREAU_ASSERT(detection_distance >= 0.0);
  if (auto contacts = ordered(a, pose_a, b, pose_b, detection_distance)) return *contacts;
  if (auto contacts = ordered(b, pose_b, a, pose_a, detection_distance))
    return swapped(std::move(*contacts));
  throw core::Diagnostic({}, "shape",
                         core::concat("no contact between a ", kShapeNames[a.index()], " and a ",
                                      kShapeNames[b.index()],
                                      " (polygons belong to planar mode, with polygons and "
                                      "planes only)"));
}

}  // namespace moreau::collision
