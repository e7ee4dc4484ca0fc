#include "moreau/geometry/aabb.hpp"

#include "overloaded.hpp"

#include <limits>

namespace moreau::geometry {
namespace {

using math::Vec3;

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Aabb around_points(const std::vector<Vec3>& local, const Pose& pose) {
  Aabb box{Vec3::Constant(kInfinity), Vec3::Constant(-kInfinity)};
  for (const Vec3& v : local) {
    const Vec3 w = pose.point_to_world(v);
    box.lower = box.lower.cwiseMin(w);
    box.upper = box.upper.cwiseMax(w);
  }
  return box;
}

// The half-space below the plane is bounded in coordinate k only if its normal is +-e_k.
Aabb around_plane(const Pose& pose) {
  Aabb box{Vec3::Constant(-kInfinity), Vec3::Constant(kInfinity)};
  const Vec3 n = pose.vector_to_world(Vec3::UnitZ());
  for (int k = 0; k < 3; ++k) {
    if (n[k] == 1.0) box.upper[k] = pose.position[k];
    if (n[k] == -1.0) box.lower[k] = pose.position[k];
  }
  return box;
}

}  // namespace

Aabb bounding_box(const Shape& shape, const Pose& pose) {
  return std::visit(
      Overloaded{
          [&](const Sphere& s) {
            return Aabb{pose.position.array() - s.radius, pose.position.array() + s.radius};
          },
          [&](const Box& b) {  // world half-widths |R| h
            const Vec3 half = pose.orientation.toRotationMatrix().cwiseAbs() * b.half_extents;
            return Aabb{pose.position - half, pose.position + half};
          },
          [&](const ConvexPolyhedron& p) { return around_points(p.vertices(), pose); },
          [&](const Polygon& p) {  // the unit-depth prism
            std::vector<Vec3> corners;
            for (const math::Vec2& v : p.vertices())
              corners.insert(corners.end(), {Vec3(v.x(), -0.5, v.y()), Vec3(v.x(), 0.5, v.y())});
            return around_points(corners, pose);
          },
          [&](const Plane&) { return around_plane(pose); }},
      shape);
}

}  // namespace moreau::geometry
