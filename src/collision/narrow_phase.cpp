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

// The routine for (a, b) in this order, if there is one.
std::optional<Contacts> ordered(const PlacedShape& a, const PlacedShape& b, double d) {
  const bool b_is_plane = std::holds_alternative<Plane>(*b.shape);
  if (const auto* sphere = std::get_if<Sphere>(a.shape)) {
    if (const auto* other = std::get_if<Sphere>(b.shape))
      return sphere_sphere(*sphere, a.pose, *other, b.pose, d);
    if (b_is_plane) return sphere_plane(*sphere, a.pose, b.pose, d);
    if (b.world) return sphere_polyhedron(*sphere, a.pose, *b.world, d);
  }
  if (a.world) {
    if (b_is_plane) return polyhedron_plane(*a.world, b.pose, d);
    if (b.world) return polyhedron_polyhedron(*a.world, *b.world, d);
  }
  if (const auto* polygon = std::get_if<Polygon>(a.shape)) {
    if (const auto* other = std::get_if<Polygon>(b.shape))
      return polygon_polygon(*polygon, a.pose, *other, b.pose, d);
    if (b_is_plane) return polygon_plane(*polygon, a.pose, b.pose, d);
  }
  if (std::holds_alternative<Plane>(*a.shape) && b_is_plane) return Contacts{};
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

PlacedShape place(const Shape& shape, const Pose& pose) {
  PlacedShape placed{&shape, pose, std::nullopt};
  if (const auto* box = std::get_if<geometry::Box>(&shape))
    placed.world = ConvexPolyhedron::box(box->half_extents).transformed(pose);
  else if (const auto* polyhedron = std::get_if<ConvexPolyhedron>(&shape))
    placed.world = polyhedron->transformed(pose);
  return placed;
}

std::vector<ContactPoint> collide(const PlacedShape& a, const PlacedShape& b,
                                  double detection_distance) {
  MOREAU_ASSERT(detection_distance >= 0.0);
  if (auto contacts = ordered(a, b, detection_distance)) return std::move(*contacts);
  if (auto contacts = ordered(b, a, detection_distance)) return swapped(std::move(*contacts));
  throw core::Diagnostic({}, "shape",
                         core::concat("no contact between a ", kShapeNames[a.shape->index()],
                                      " and a ", kShapeNames[b.shape->index()],
                                      " (polygons belong to planar mode, with polygons and "
                                      "planes only)"));
}

std::vector<ContactPoint> collide(const Shape& a, const Pose& pose_a, const Shape& b,
                                  const Pose& pose_b, double detection_distance) {
  return collide(place(a, pose_a), place(b, pose_b), detection_distance);
}

}  // namespace moreau::collision
