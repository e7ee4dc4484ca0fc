// Sphere pairs. The point is midway between the two surfaces along n (pair_contacts.hpp).
#include "pair_contacts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::collision {
namespace {

using geometry::ConvexPolyhedron;
using math::Vec3;

constexpr Feature kSphere{FeatureKind::Body, 0};

// The closest point of a face polygon (CCW about its normal) to x, and the feature it lies
// on: the projection if it falls inside, else the closest point of the nearest side, which
// is a vertex when clamped to an end.
struct Closest {
  Vec3 point;
  Feature feature;
};

Closest closest_on_segment(const Vec3& x, const Vec3& a, const Vec3& b, int a_index, int b_index,
                           int edge) {
  const double t = std::clamp((x - a).dot(b - a) / (b - a).squaredNorm(), 0.0, 1.0);
  if (t == 0.0) return {a, {FeatureKind::Vertex, a_index}};
  if (t == 1.0) return {b, {FeatureKind::Vertex, b_index}};
  return {a + t * (b - a), {FeatureKind::Edge, edge}};
}

Closest closest_on_face(const ConvexPolyhedron& poly, int f, const Vec3& x) {
  const auto& face = poly.faces()[f];
  const Vec3 projected = x - (face.normal.dot(x) - face.offset) * face.normal;
  Closest best{projected, {FeatureKind::Face, f}};
  double best_distance = std::numeric_limits<double>::infinity();
  bool inside = true;
  for (std::size_t k = 0; k < face.vertices.size(); ++k) {
    const int ia = face.vertices[k], ib = face.vertices[(k + 1) % face.vertices.size()];
    const Vec3& a = poly.vertices()[ia];
    const Vec3& b = poly.vertices()[ib];
    if ((b - a).cross(face.normal).dot(projected - a) <= 0.0) continue;  // inside this side
    inside = false;
    const Closest c = closest_on_segment(x, a, b, ia, ib, face.edges[k]);
    if (const double d = (c.point - x).squaredNorm(); d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return inside ? Closest{projected, {FeatureKind::Face, f}} : best;
}

}  // namespace

Contacts sphere_sphere(const geometry::Sphere& a, const geometry::Pose& pose_a,
                       const geometry::Sphere& b, const geometry::Pose& pose_b, double distance) {
  const Vec3 d = pose_a.position - pose_b.position;
  const double gap = d.norm() - a.radius - b.radius;
  if (gap > distance) return {};
  // Concentric spheres have no normal; +z is as good as any and keeps the result finite.
  const Vec3 n = d.norm() > 0.0 ? Vec3(d.normalized()) : Vec3::UnitZ();
  return {midway(pose_a.position - a.radius * n, n, gap, {kSphere, kSphere})};
}

Contacts sphere_plane(const geometry::Sphere& a, const geometry::Pose& pose_a,
                      const geometry::Pose& plane_b, double distance) {
  const Vec3 n = plane_b.vector_to_world(Vec3::UnitZ());
  const double gap = n.dot(pose_a.position - plane_b.position) - a.radius;
  if (gap > distance) return {};
  return {midway(pose_a.position - a.radius * n, n, gap, {kSphere, {FeatureKind::Face, 0}})};
}

// Outside: the closest point q of the surface, n = (c - q)/|c - q|, gap = |c - q| - r.
// Inside (every face height h_f = n_f.c - d_f <= 0): the least deep face, gap = h_f - r.
Contacts sphere_polyhedron(const geometry::Sphere& a, const geometry::Pose& pose_a,
                           const ConvexPolyhedron& b, double distance) {
  const Vec3& c = pose_a.position;
  int deepest_face = 0;
  double height = -std::numeric_limits<double>::infinity();
  for (std::size_t f = 0; f < b.faces().size(); ++f)
    if (const double h = b.faces()[f].normal.dot(c) - b.faces()[f].offset; h > height) {
      height = h;
      deepest_face = static_cast<int>(f);
    }
  if (height - a.radius > distance) return {};
  if (height <= 0.0) {
    const Vec3 n = b.faces()[deepest_face].normal;
    return {midway(c - a.radius * n, n, height - a.radius,
                   {kSphere, {FeatureKind::Face, deepest_face}})};
  }
  Closest best{c, {}};
  double best_distance = std::numeric_limits<double>::infinity();
  for (std::size_t f = 0; f < b.faces().size(); ++f) {
    if (b.faces()[f].normal.dot(c) <= b.faces()[f].offset) continue;  // c behind this face
    const Closest q = closest_on_face(b, static_cast<int>(f), c);
    if (const double d = (q.point - c).norm(); d < best_distance) {
      best_distance = d;
      best = q;
    }
  }
  const double gap = best_distance - a.radius;
  if (gap > distance) return {};
  const Vec3 n = (c - best.point) / best_distance;
  return {midway(c - a.radius * n, n, gap, {kSphere, best.feature})};
}

}  // namespace moreau::collision
