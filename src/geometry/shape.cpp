#include "moreau/geometry/shape.hpp"

#include "moreau/core/concat.hpp"
#include "overloaded.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::geometry {
namespace {

void check_length(double value, const core::SourceLocation& where, const std::string& key) {
  if (!(value > 0.0) || !std::isfinite(value))  // written this way to refuse NaN too
    throw core::Diagnostic(where, key, "a positive length (m)", core::concat(value));
}

// The least extent of the vertices along the directions: for a convex shape and its face
// normals, the least width (the supporting planes of the narrowest strip touch a face).
template <class Vector>
double least_extent(const std::vector<Vector>& directions, const std::vector<Vector>& vertices) {
  double least = std::numeric_limits<double>::infinity();
  for (const Vector& direction : directions) {
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const Vector& v : vertices) {
      low = std::min(low, direction.dot(v));
      high = std::max(high, direction.dot(v));
    }
    least = std::min(least, high - low);
  }
  return least;
}

}  // namespace

void validate(const Shape& shape, const core::SourceLocation& where, const std::string& key) {
  std::visit(Overloaded{[&](const Sphere& s) { check_length(s.radius, where, key + ".radius"); },
                        [&](const Box& b) {
                          for (int i = 0; i < 3; ++i)
                            check_length(b.half_extents[i], where,
                                         core::concat(key, ".half_extents[", i, "]"));
                        },
                        [](const auto&) {}},
             shape);
}

double least_width(const Shape& shape) {
  return std::visit(Overloaded{[](const Sphere& sphere) { return 2 * sphere.radius; },
                               [](const Plane&) { return std::numeric_limits<double>::infinity(); },
                               [](const Box& box) { return 2 * box.half_extents.minCoeff(); },
                               [](const ConvexPolyhedron& polyhedron) {
                                 std::vector<math::Vec3> normals;
                                 for (const PolyhedronFace& face : polyhedron.faces())
                                   normals.push_back(face.normal);
                                 return least_extent(normals, polyhedron.vertices());
                               },
                               [](const Polygon& polygon) {
                                 std::vector<math::Vec2> normals;
                                 normals.reserve(static_cast<std::size_t>(polygon.size()));
                                 for (int k = 0; k < polygon.size(); ++k)
                                   normals.push_back(polygon.edge_normal(k));
                                 return least_extent(normals, polygon.vertices());
                               }},
                    shape);
}

Shape scaled(const Shape& shape, double factor) {
  return std::visit(
      Overloaded{
          [&](const Sphere& sphere) -> Shape { return Sphere{factor * sphere.radius}; },
          [](const Plane& plane) -> Shape { return plane; },
          [&](const Box& box) -> Shape { return Box{factor * box.half_extents}; },
          [&](const ConvexPolyhedron& polyhedron) -> Shape { return polyhedron.scaled(factor); },
          [&](const Polygon& polygon) -> Shape {
            std::vector<math::Vec2> vertices = polygon.vertices();
            for (math::Vec2& v : vertices) v *= factor;
            return Polygon(std::move(vertices));
          }},
      shape);
}

double inner_distance(const Shape& shape, const math::Vec3& point) {
  return std::visit(
      Overloaded{[&](const Sphere& sphere) { return sphere.radius - point.norm(); },
                 [](const Plane&) { return std::numeric_limits<double>::infinity(); },
                 [&](const Box& box) { return (box.half_extents - point.cwiseAbs()).minCoeff(); },
                 [&](const ConvexPolyhedron& polyhedron) {
                   double least = std::numeric_limits<double>::infinity();
                   for (const PolyhedronFace& face : polyhedron.faces())
                     least = std::min(least, face.offset - face.normal.dot(point));
                   return least;
                 },
                 [&](const Polygon& polygon) {
                   const math::Vec2 in_plane(point.x(), point.z());
                   double least = std::numeric_limits<double>::infinity();
                   for (int k = 0; k < polygon.size(); ++k)
                     least = std::min(
                         least, polygon.edge_normal(k).dot(
                                    polygon.vertices()[static_cast<std::size_t>(k)] - in_plane));
                   return least;
                 }},
      shape);
}

}  // namespace moreau::geometry
