// Polyhedron pairs: against a plane by vertex heights, against each other by separating
// axes, then a clipped face polygon or one edge-edge point (narrow_phase.hpp).
#include "moreau/collision/face_contact.hpp"
#include "pair_contacts.hpp"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::collision {
namespace {

using geometry::ConvexPolyhedron;
using math::Vec3;

constexpr double kMinusInfinity = -std::numeric_limits<double>::infinity();

// Ties between axes are decided by a tolerance of 1e-9 times the bodies' size: a face axis
// is kept unless an edge axis separates more by that much (edge pairs of parallel faces give
// the face normal again), and B's face is the reference unless A's separates more.
constexpr double kRelativeTieTolerance = 1e-9;

// Axes within 1e-3 rad of each other count as one, where round-off would otherwise choose
// between them:
// - An edge axis within 1e-3 rad of a face normal of either body, facing the other, is that
//   face's contact. Two edges that cross in the faces of a joint, as at the corners of a
//   building's courses, separate along an axis between the two faces' normals by up to the
//   faces' mutual turn times the joint's width more than along either normal: 4e-8 m for
//   blocks turned by 1e-7 rad, far above the tie tolerance. The edge axis then won, and the
//   joint was one point on the crossing, without an area (ContactPoint::area), where its
//   faces overlap on a square. The face need not be the best separating one: two blocks of
//   successive courses that meet at a corner (a building's inner corner) separate best
//   along the axis of one's horizontal edge and the other's vertical one, next to their end
//   faces' normal, and those faces meet at a point: no contact (face_contact). Where an
//   edge does cross an edge alone, just above a face, the face's clipped overlap holds the
//   crossing point too.
// - Edges within 1e-3 rad of parallel give no axis. Their cross product turns with round-off
//   to any direction normal to them: the vertical edges of two blocks side by side, turned by
//   1e-8 rad, were one point at a horizontal normal, without an area. The faces' axes decide,
//   and edges that meet along a segment are no contact, like exactly parallel ones.
constexpr double kAlignedAngle = 1e-3;
const double kFaceAxisCosine = std::cos(kAlignedAngle);
const double kParallelEdgesSine = std::sin(kAlignedAngle);

double size(const ConvexPolyhedron& a, const ConvexPolyhedron& b) {
  auto diameter = [](const ConvexPolyhedron& p) {
    Vec3 lower = p.vertices()[0], upper = p.vertices()[0];
    for (const Vec3& v : p.vertices()) lower = lower.cwiseMin(v), upper = upper.cwiseMax(v);
    return (upper - lower).norm();
  };
  return diameter(a) + diameter(b);
}

std::pair<double, double> projection(const ConvexPolyhedron& p, const Vec3& axis) {
  double lower = std::numeric_limits<double>::infinity(), upper = -lower;
  for (const Vec3& v : p.vertices()) {
    lower = std::min(lower, axis.dot(v));
    upper = std::max(upper, axis.dot(v));
  }
  return {lower, upper};
}

struct FaceQuery {
  double separation = kMinusInfinity;
  int face = -1;
};

// Largest separation of `other` from a face plane of `ref`: max_f min_v (n_f.v - d_f).
FaceQuery query_faces(const ConvexPolyhedron& ref, const ConvexPolyhedron& other) {
  FaceQuery best;
  for (std::size_t f = 0; f < ref.faces().size(); ++f) {
    const auto& face = ref.faces()[f];
    const double separation = projection(other, face.normal).first - face.offset;
    if (separation > best.separation) best = {separation, static_cast<int>(f)};
  }
  return best;
}

struct EdgeQuery {
  double separation = kMinusInfinity;
  int edge_a = -1, edge_b = -1;
  Vec3 axis = Vec3::Zero();  ///< from A towards B
};

// Edge pairs whose cross product L is a face normal of the Minkowski difference A - B: the
// edge of A lies on A's support plane in direction L and the edge of B on B's support plane
// in direction -L (Gregorius 2013 tests this on the Gauss map; the projections say the
// same). Separation min_B L.v - max_A L.v.
EdgeQuery query_edges(const ConvexPolyhedron& a, const ConvexPolyhedron& b, double tolerance) {
  EdgeQuery best;
  // B's edge vectors and their lengths are the same for every edge of A: computed once (a
  // block's 12 on the stack, as ClippedPolygon's points).
  boost::container::small_vector<Vec3, 12> b_edges;
  boost::container::small_vector<double, 12> b_lengths;
  for (const auto& edge : b.edges()) {
    b_edges.push_back(b.vertices()[edge.b] - b.vertices()[edge.a]);
    b_lengths.push_back(b_edges.back().norm());
  }
  for (std::size_t i = 0; i < a.edges().size(); ++i) {
    const Vec3& a0 = a.vertices()[a.edges()[i].a];
    const Vec3 da = a.vertices()[a.edges()[i].b] - a0;
    const double a_length = da.norm();
    for (std::size_t j = 0; j < b.edges().size(); ++j) {
      const Vec3& b0 = b.vertices()[b.edges()[j].a];
      Vec3 axis = da.cross(b_edges[j]);
      // Eigen's normalize() divides by this same norm.
      const double sine_lengths = axis.norm();
      if (sine_lengths <= kParallelEdgesSine * a_length * b_lengths[j]) continue;
      axis /= sine_lengths;
      auto [a_lower, a_upper] = projection(a, axis);
      if (std::abs(axis.dot(a0) - a_upper) > tolerance) {
        if (std::abs(axis.dot(a0) - a_lower) > tolerance) continue;  // edge of A not extreme
        axis = -axis;
        std::tie(a_lower, a_upper) = std::pair(-a_upper, -a_lower);
      }
      const double b_lower = projection(b, axis).first;
      if (std::abs(axis.dot(b0) - b_lower) > tolerance) continue;  // edge of B not extreme
      if (b_lower - a_upper > best.separation)
        best = {b_lower - a_upper, static_cast<int>(i), static_cast<int>(j), axis};
    }
  }
  return best;
}

// The face of `incident` most anti-parallel to the reference normal.
int incident_face(const ConvexPolyhedron& incident, const Vec3& reference_normal) {
  int best = 0;
  for (std::size_t f = 1; f < incident.faces().size(); ++f)
    if (incident.faces()[f].normal.dot(reference_normal) <
        incident.faces()[best].normal.dot(reference_normal))
      best = static_cast<int>(f);
  return best;
}

// A polygon's corners.
using PolygonCorners = boost::container::small_vector<Vec3, kCornersInPlace>;

// An overlap narrower than this fraction of the bodies' size has no area: the bodies meet
// along an edge or at a corner of both.
constexpr double kRelativeDegenerateWidth = 1e-6;

// The area of a convex polygon (points in order) projected on the plane of normal n: the fan
// of triangles from the first point. The shoelace formula on world coordinates would lose a
// sliver's area to round-off.
double projected_area(const PolygonCorners& polygon, const Vec3& n) {
  Vec3 doubled_area = Vec3::Zero();
  for (std::size_t i = 0; i + 2 < polygon.size(); ++i)
    doubled_area += (polygon[i + 1] - polygon[0]).cross(polygon[i + 2] - polygon[0]);
  return 0.5 * std::abs(n.dot(doubled_area));
}

// Whether a convex polygon of area `area` is narrower than `width`: its area below width
// times its diameter. The diameter, at most `size`, is only measured when the area is that
// small.
bool narrower_than(const PolygonCorners& polygon, double area, double width, double size) {
  if (area > width * size) return false;
  double diameter = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i)
    for (std::size_t j = i + 1; j < polygon.size(); ++j)
      diameter = std::max(diameter, (polygon[i] - polygon[j]).norm());
  return area <= width * diameter;
}

// The area each point of a contact polygon stands for (ContactPoint::area): the polygon's
// area shared equally by the at most 4 points reduce_to_four keeps of it.
double area_per_point(double area, std::size_t corners) {
  return area / static_cast<double>(std::min<std::size_t>(corners, 4));
}

// Face contact with the reference face on `ref`. The clipped points lie on the incident
// face; the gap of each is its height above the reference plane. Returned with the
// reference body as B (normal = reference normal, features (incident, reference)).
// Bodies whose overlap has no area give no contact. Two convex bodies that touch over an
// area have one common plane, but along a segment or at a point every plane between their
// faces separates them, and the separating-axis test picks one by rounding: where four
// blocks meet at the inner corner of a building, the corner pair's point carried the weight
// above it along z in one step and nothing along y the next, and each flip redistributed the
// load (tens of Newton iterations a step instead of a few). Such a point has no measure: the
// neighbouring faces carry the load, and if the bodies move into each other the overlap
// gains area and the contact returns with its proper plane.
Contacts face_contact(const ConvexPolyhedron& ref, int face, const ConvexPolyhedron& inc,
                      double distance, double size) {
  const auto& reference = ref.faces()[face];
  const ClippedPolygon overlap =
      clip_incident_face(ref, face, inc, incident_face(inc, reference.normal));
  PolygonCorners corners;
  for (const ClippedPoint& c : overlap) corners.push_back(c.x);
  const double area = projected_area(corners, reference.normal);
  if (narrower_than(corners, area, kRelativeDegenerateWidth * size, size)) return {};
  Contacts contacts;
  contacts.reserve(overlap.size());
  for (const ClippedPoint& c : overlap) {
    const double gap = reference.normal.dot(c.x) - reference.offset;
    if (gap <= distance) {
      contacts.push_back(midway(c.x, reference.normal, gap, c.feature));
      contacts.back().area = area_per_point(area, overlap.size());
    }
  }
  reduce_to_four(contacts, reference.normal);
  return contacts;
}

// The closest points of two segments p0 + s d0, q0 + t d1 (Ericson 2005, section 5.1.9),
// for non-parallel segments.
std::pair<Vec3, Vec3> closest_points(const Vec3& p0, const Vec3& d0, const Vec3& q0,
                                     const Vec3& d1) {
  const Vec3 r = p0 - q0;
  const double a = d0.dot(d0), e = d1.dot(d1), b = d0.dot(d1), c = d0.dot(r), f = d1.dot(r);
  double s = std::clamp((b * f - c * e) / (a * e - b * b), 0.0, 1.0);
  const double t = std::clamp((b * s + f) / e, 0.0, 1.0);
  s = std::clamp((b * t - c) / a, 0.0, 1.0);
  return {p0 + s * d0, q0 + t * d1};
}

Contacts edge_contact(const ConvexPolyhedron& a, const ConvexPolyhedron& b, const EdgeQuery& query,
                      double distance) {
  const auto& ea = a.edges()[query.edge_a];
  const auto& eb = b.edges()[query.edge_b];
  const auto [xa, xb] = closest_points(a.vertices()[ea.a], a.vertices()[ea.b] - a.vertices()[ea.a],
                                       b.vertices()[eb.a], b.vertices()[eb.b] - b.vertices()[eb.a]);
  const Vec3 n = -query.axis;  // from B towards A
  const double gap = n.dot(xa - xb);
  if (gap > distance) return {};
  return {
      midway(xa, n, gap, {{FeatureKind::Edge, query.edge_a}, {FeatureKind::Edge, query.edge_b}})};
}

}  // namespace

Contacts polyhedron_plane(const ConvexPolyhedron& a, const geometry::Pose& plane_b,
                          double distance) {
  const Vec3 n = plane_b.vector_to_world(Vec3::UnitZ());
  Contacts contacts;
  contacts.reserve(a.vertices().size());
  for (std::size_t i = 0; i < a.vertices().size(); ++i) {
    const double gap = n.dot(a.vertices()[i] - plane_b.position);
    if (gap <= distance)
      contacts.push_back(
          midway(a.vertices()[i], n, gap,
                 {{FeatureKind::Vertex, static_cast<int>(i)}, {FeatureKind::Face, 0}}));
  }
  if (contacts.empty()) return contacts;
  // The plane overlaps the whole face of A that faces it.
  PolygonCorners face;
  for (const int v : a.faces()[incident_face(a, n)].vertices) face.push_back(a.vertices()[v]);
  const double area = area_per_point(projected_area(face, n), face.size());
  for (ContactPoint& c : contacts) c.area = area;
  reduce_to_four(contacts, n);
  return contacts;
}

Contacts polyhedron_polyhedron(const ConvexPolyhedron& a, const ConvexPolyhedron& b,
                               double distance) {
  const double scale = size(a, b);
  const double tolerance = kRelativeTieTolerance * scale;
  const FaceQuery face_a = query_faces(a, b);
  if (face_a.separation > distance) return {};
  const FaceQuery face_b = query_faces(b, a);
  if (face_b.separation > distance) return {};
  const EdgeQuery edge = query_edges(a, b, tolerance);
  if (edge.separation > distance) return {};
  if (edge.separation > std::max(face_a.separation, face_b.separation) + tolerance) {
    const int along_a = incident_face(a, -edge.axis), along_b = incident_face(b, edge.axis);
    const double cosine_a = a.faces()[along_a].normal.dot(edge.axis);
    const double cosine_b = -b.faces()[along_b].normal.dot(edge.axis);
    if (std::max(cosine_a, cosine_b) < kFaceAxisCosine) return edge_contact(a, b, edge, distance);
    if (cosine_a > cosine_b) return swapped(face_contact(a, along_a, b, distance, scale));
    return face_contact(b, along_b, a, distance, scale);
  }
  if (face_a.separation > face_b.separation + tolerance)
    return swapped(face_contact(a, face_a.face, b, distance, scale));
  return face_contact(b, face_b.face, a, distance, scale);
}

}  // namespace moreau::collision
