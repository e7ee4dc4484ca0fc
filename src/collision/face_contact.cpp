#include "moreau/collision/face_contact.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace moreau::collision {
namespace {

using geometry::ConvexPolyhedron;
using geometry::PolyhedronEdge;
using math::Vec3;

// A vertex of the polygon being clipped and the edge that leaves it towards the next one:
// a piece of an incident edge, or (after a clip) a piece of a reference side.
struct Corner {
  ClippedPoint point;
  bool leaves_on_reference = false;
  int leaving_edge = 0;
};

// The polygon being clipped.
using CornerPolygon = boost::container::small_vector<Corner, kCornersInPlace>;

int shared_vertex(const PolyhedronEdge& e, const PolyhedronEdge& f) {
  return (e.a == f.a || e.a == f.b) ? e.a : e.b;
}

// Where the edge p -> q crosses the side plane of reference edge `side`: an incident edge
// crossing a reference side is (Edge, Edge); two reference sides meet at a reference corner,
// which lies inside the incident face: (Face, Vertex).
Corner crossing(const Corner& p, const Corner& q, double dp, double dq, int side,
                const ConvexPolyhedron& reference, int incident_face) {
  Corner c;
  c.point.x = p.point.x + dp / (dp - dq) * (q.point.x - p.point.x);
  if (p.leaves_on_reference) {
    const int v = shared_vertex(reference.edges()[p.leaving_edge], reference.edges()[side]);
    c.point.feature = {{FeatureKind::Face, incident_face}, {FeatureKind::Vertex, v}};
  } else {
    c.point.feature = {{FeatureKind::Edge, p.leaving_edge}, {FeatureKind::Edge, side}};
  }
  return c;
}

// One Sutherland-Hodgman pass against the plane s.x <= offset (+ tolerance), from `polygon`
// into `out`. A crossing is made only where the polygon passes from strictly inside to
// strictly outside or back, so a corner lying on the plane is kept once, not duplicated.
void clip(const CornerPolygon& polygon, const Vec3& s, double offset, double tolerance, int side,
          const ConvexPolyhedron& reference, int incident_face, CornerPolygon& out) {
  out.clear();
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Corner& p = polygon[k];
    const Corner& q = polygon[(k + 1) % polygon.size()];
    const double dp = s.dot(p.point.x) - offset, dq = s.dot(q.point.x) - offset;
    const bool crosses = (dp < -tolerance && dq > tolerance) || (dp > tolerance && dq < -tolerance);
    if (dp <= tolerance) {
      out.push_back(p);
      if (!crosses && dq > tolerance) {  // on the plane, leaving the prism: follow the side
        out.back().leaves_on_reference = true;
        out.back().leaving_edge = side;
      }
    }
    if (crosses) {
      Corner c = crossing(p, q, dp, dq, side, reference, incident_face);
      // Leaving the prism the polygon follows the side; entering it, the incident edge.
      c.leaves_on_reference = dp < 0.0 || p.leaves_on_reference;
      c.leaving_edge = dp < 0.0 ? side : p.leaving_edge;
      out.push_back(c);
    }
  }
}

CornerPolygon incident_corners(const ConvexPolyhedron& incident, int face) {
  CornerPolygon corners;
  const auto& f = incident.faces()[face];
  for (std::size_t k = 0; k < f.vertices.size(); ++k)
    corners.push_back({{incident.vertices()[f.vertices[k]],
                        {{FeatureKind::Vertex, f.vertices[k]}, {FeatureKind::Face, 0}}},
                       false,
                       f.edges[k]});
  return corners;
}

// Twice the area of the convex hull of 4 coplanar points: the largest |shoelace| over the
// three cyclic orders (a non-convex order crosses itself and loses area), or the triangle
// abc when d lies inside it.
double hull_area4(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, const Vec3& n) {
  auto shoelace = [&](const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s) {
    return std::abs(n.dot(p.cross(q) + q.cross(r) + r.cross(s) + s.cross(p)));
  };
  return std::max({shoelace(a, b, c, d), shoelace(a, b, d, c), shoelace(a, d, b, c),
                   std::abs(n.dot((b - a).cross(c - a)))});
}

template <class Score>
std::size_t best(std::size_t count, Score score) {
  std::size_t arg = 0;
  for (std::size_t k = 1; k < count; ++k)
    if (score(k) > score(arg)) arg = k;
  return arg;
}

std::pair<std::size_t, std::size_t> farthest_pair(const std::vector<ContactPoint>& points) {
  std::pair<std::size_t, std::size_t> pair{0, 1};
  double largest = -1.0;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j)
      if (const double d = (points[i].p - points[j].p).squaredNorm(); d > largest) {
        largest = d;
        pair = {i, j};
      }
  return pair;
}

}  // namespace

ClippedPolygon clip_incident_face(const ConvexPolyhedron& reference, int reference_face,
                                  const ConvexPolyhedron& incident, int incident_face) {
  const auto& face = reference.faces()[reference_face];
  CornerPolygon polygon = incident_corners(incident, incident_face), clipped;
  for (Corner& c : polygon) c.point.feature.b = {FeatureKind::Face, reference_face};
  const std::size_t m = face.vertices.size();
  double size = 0.0;
  for (std::size_t k = 0; k < m; ++k)
    size = std::max(
        size,
        (reference.vertices()[face.vertices[k]] - reference.vertices()[face.vertices[0]]).norm());
  for (std::size_t k = 0; k < m && !polygon.empty(); ++k) {
    const Vec3& r0 = reference.vertices()[face.vertices[k]];
    const Vec3& r1 = reference.vertices()[face.vertices[(k + 1) % m]];
    // Loop CCW about the outward normal: (r1 - r0) x n points out of the face.
    const Vec3 s = (r1 - r0).cross(face.normal).normalized();
    clip(polygon, s, s.dot(r0), 1e-12 * size, face.edges[k], reference, incident_face, clipped);
    polygon.swap(clipped);
  }
  ClippedPolygon points;
  for (const Corner& c : polygon) points.push_back(c.point);
  return points;
}

void reduce_to_four(std::vector<ContactPoint>& points, const Vec3& n) {
  if (points.size() <= 4) return;
  const auto [i, j] = farthest_pair(points);
  const Vec3 a = points[i].p, b = points[j].p;
  const std::size_t k = best(points.size(), [&](std::size_t l) {
    return std::abs(n.dot((b - a).cross(points[l].p - a)));
  });
  const Vec3 c = points[k].p;
  const std::size_t l =
      best(points.size(), [&](std::size_t q) { return hull_area4(a, b, c, points[q].p, n); });
  std::array<std::size_t, 4> kept{i, j, k, l};
  std::sort(kept.begin(), kept.end());  // in the polygon's own order
  const auto kept_end = std::unique(kept.begin(), kept.end());
  // Each kept point moves to a place at or before its own: kept is increasing.
  std::size_t count = 0;
  for (auto q = kept.begin(); q != kept_end; ++q) points[count++] = points[*q];
  points.resize(count);
}

void reduce_to_two(std::vector<ContactPoint>& points) {
  if (points.size() <= 2) return;
  const auto [i, j] = farthest_pair(points);  // i < j
  points[0] = points[i];
  points[1] = points[j];
  points.resize(2);
}

}  // namespace moreau::collision
