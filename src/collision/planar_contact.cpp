// Planar mode (x-z plane): polygon pairs by separating axes (the edge normals of both),
// then the incident edge clipped to the reference edge's slab, as in Box2D's
// b2CollidePolygons (Catto 2007-2024): at most 2 points, the ends of the overlap segment.
#include "moreau/collision/face_contact.hpp"
#include "pair_contacts.hpp"

#include <cmath>
#include <limits>

namespace moreau::collision {
namespace {

using math::Vec2;
using math::Vec3;

Vec3 embed(const Vec2& xz) { return Vec3(xz.x(), 0.0, xz.y()); }

// The polygon in world (x, z): vertices and outward edge normals.
struct WorldPolygon {
  std::vector<Vec2> vertices;
  std::vector<Vec2> normals;
  int size() const { return static_cast<int>(vertices.size()); }
  const Vec2& vertex(int k) const { return vertices[k % size()]; }
};

WorldPolygon placed(const geometry::Polygon& polygon, const geometry::Pose& pose) {
  WorldPolygon w;
  for (int k = 0; k < polygon.size(); ++k) {
    const Vec3 v = pose.point_to_world(embed(polygon.vertices()[k]));
    const Vec3 n = pose.vector_to_world(embed(polygon.edge_normal(k)));
    w.vertices.emplace_back(v.x(), v.z());
    w.normals.emplace_back(n.x(), n.z());
  }
  return w;
}

struct EdgeSeparation {
  double separation = -std::numeric_limits<double>::infinity();
  int edge = -1;
};

// max over the edges of ref of min over the vertices of other of n_k.(v - v_k).
EdgeSeparation query_edges(const WorldPolygon& ref, const WorldPolygon& other) {
  EdgeSeparation best;
  for (int k = 0; k < ref.size(); ++k) {
    double separation = std::numeric_limits<double>::infinity();
    for (const Vec2& v : other.vertices)
      separation = std::min(separation, ref.normals[k].dot(v - ref.vertices[k]));
    if (separation > best.separation) best = {separation, k};
  }
  return best;
}

// One end of the incident edge, clipped to the slab 0 <= t.(x - r0) <= length of the
// reference edge. Inside (to 1e-12 of the length) it is the incident vertex on the
// reference edge; outside it moves to the reference corner's line along the incident edge.
ClippedPoint clip_end(const Vec2& x, const Vec2& other_end, int x_vertex, int incident_edge,
                      const WorldPolygon& ref, int ref_edge) {
  const Vec2& r0 = ref.vertex(ref_edge);
  const Vec2& r1 = ref.vertex(ref_edge + 1);
  const double length = (r1 - r0).norm();
  const Vec2 t = (r1 - r0) / length;
  const double along = t.dot(x - r0), other = t.dot(other_end - r0);
  const double tolerance = 1e-12 * length;
  const double bound = along < -tolerance ? 0.0 : along > length + tolerance ? length : along;
  if (bound == along)
    return {embed(x), {{FeatureKind::Vertex, x_vertex}, {FeatureKind::Edge, ref_edge}}};
  const Vec2 clipped = x + (bound - along) / (other - along) * (other_end - x);
  const int corner = bound == 0.0 ? ref_edge : (ref_edge + 1) % ref.size();
  return {embed(clipped), {{FeatureKind::Edge, incident_edge}, {FeatureKind::Vertex, corner}}};
}

// The edge of `polygon` most anti-parallel to the unit normal n.
int incident_edge(const WorldPolygon& polygon, const Vec2& n) {
  int e = 0;
  for (int k = 1; k < polygon.size(); ++k)
    if (polygon.normals[k].dot(n) < polygon.normals[e].dot(n)) e = k;
  return e;
}

// An overlap shorter than this fraction of the polygons' size is a point: the polygons meet
// at a corner of both.
constexpr double kRelativeDegenerateLength = 1e-6;

// Reference edge on ref (returned as B: normal = its outward normal), incident edge the
// edge of inc most anti-parallel to it. Polygons whose overlap along the reference edge is
// a point give no contact: at a corner of both every line between their edges separates
// them, and the choice between the edges flips with rounding from step to step (the 3D
// case, polyhedron_contact.cpp, says why the point can go).
Contacts edge_contact(const WorldPolygon& ref, int ref_edge, const WorldPolygon& inc,
                      double distance, double size) {
  const Vec2 n = ref.normals[ref_edge];
  const int e = incident_edge(inc, n);
  const int v0 = e, v1 = (e + 1) % inc.size();
  const ClippedPoint ends[] = {clip_end(inc.vertex(v0), inc.vertex(v1), v0, e, ref, ref_edge),
                               clip_end(inc.vertex(v1), inc.vertex(v0), v1, e, ref, ref_edge)};
  const Vec3 along = embed(Vec2(-n.y(), n.x()));
  const double length = std::abs(along.dot(ends[1].x - ends[0].x));
  if (length <= kRelativeDegenerateLength * size) return {};
  Contacts contacts;
  for (const auto& c : ends) {
    const double gap = embed(n).dot(c.x - embed(ref.vertex(ref_edge)));
    if (gap <= distance) {
      contacts.push_back(midway(c.x, embed(n), gap, c.feature));
      contacts.back().area = 0.5 * length;  // ContactPoint::area: the overlap's half
    }
  }
  return contacts;
}

}  // namespace

Contacts polygon_polygon(const geometry::Polygon& a, const geometry::Pose& pose_a,
                         const geometry::Polygon& b, const geometry::Pose& pose_b,
                         double distance) {
  const WorldPolygon wa = placed(a, pose_a), wb = placed(b, pose_b);
  const EdgeSeparation query_a = query_edges(wa, wb);
  const EdgeSeparation query_b = query_edges(wb, wa);
  if (std::max(query_a.separation, query_b.separation) > distance) return {};
  // B's edge is the reference unless A's separates more (by 1e-9 of the sizes): ties, as
  // between the faces of a stack, are decided the same way every step.
  double size = 0.0;
  for (const Vec2& v : wa.vertices) size = std::max(size, (v - wa.vertices[0]).norm());
  for (const Vec2& v : wb.vertices) size = std::max(size, (v - wb.vertices[0]).norm());
  if (query_a.separation > query_b.separation + 1e-9 * size)
    return swapped(edge_contact(wa, query_a.edge, wb, distance, size));
  return edge_contact(wb, query_b.edge, wa, distance, size);
}

Contacts polygon_plane(const geometry::Polygon& a, const geometry::Pose& pose_a,
                       const geometry::Pose& plane_b, double distance) {
  const Vec3 n = plane_b.vector_to_world(Vec3::UnitZ());
  Contacts contacts;
  for (int k = 0; k < a.size(); ++k) {
    const Vec3 v = pose_a.point_to_world(embed(a.vertices()[k]));
    const double gap = n.dot(v - plane_b.position);
    if (gap <= distance)
      contacts.push_back(midway(v, n, gap, {{FeatureKind::Vertex, k}, {FeatureKind::Face, 0}}));
  }
  if (contacts.empty()) return contacts;
  // The plane overlaps the whole edge of A that faces it; each point stands for its half.
  const WorldPolygon world = placed(a, pose_a);
  const int e = incident_edge(world, Vec2(n.x(), n.z()));
  const Vec3 edge = embed(world.vertex(e + 1) - world.vertex(e));
  for (ContactPoint& c : contacts) c.area = 0.5 * (edge - n.dot(edge) * n).norm();
  reduce_to_two(contacts);
  return contacts;
}

}  // namespace moreau::collision
