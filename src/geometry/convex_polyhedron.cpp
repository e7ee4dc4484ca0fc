#include "moreau/geometry/convex_polyhedron.hpp"

#include "moreau/core/concat.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

namespace moreau::geometry {
namespace {

using math::Vec3;

// Newell's normal of a planar loop (Sutherland, Sproull & Schumacker 1974): twice the
// vector area, sum of v_k x v_k+1. Exact for planar polygons, robust to collinear vertices;
// it points to the side from which the loop is seen counter-clockwise.
// `loop` is a face's FaceLoop or a file's list of indices.
template <class Loop>
Vec3 newell_area_vector(const std::vector<Vec3>& vertices, const Loop& loop) {
  Vec3 sum = Vec3::Zero();
  for (std::size_t k = 0; k < loop.size(); ++k)
    sum += vertices[loop[k]].cross(vertices[loop[(k + 1) % loop.size()]]);
  return sum;
}

double extent(const std::vector<Vec3>& vertices) {
  Vec3 lower = vertices.front(), upper = vertices.front();
  for (const Vec3& v : vertices) {
    lower = lower.cwiseMin(v);
    upper = upper.cwiseMax(v);
  }
  return (upper - lower).norm();
}

std::string loop_defect(const std::vector<Vec3>& vertices, const std::vector<int>& loop,
                        double tolerance) {
  if (loop.size() < 3) return "fewer than 3 vertices";
  for (const int i : loop)
    if (i < 0 || i >= static_cast<int>(vertices.size()))
      return core::concat("vertex index ", i, " out of range");
  if (std::set<int>(loop.begin(), loop.end()).size() != loop.size()) return "a repeated vertex";
  const Vec3 area = newell_area_vector(vertices, loop);
  if (area.norm() <= tolerance * tolerance) return "zero area";
  const Vec3 n = area.normalized();
  const double offset = n.dot(vertices[loop[0]]);
  const std::size_t m = loop.size();
  for (std::size_t k = 0; k < m; ++k) {
    const Vec3& a = vertices[loop[k]];
    const Vec3& b = vertices[loop[(k + 1) % m]];
    const Vec3& c = vertices[loop[(k + 2) % m]];
    if (std::abs(n.dot(a) - offset) > tolerance) return "vertices not on one plane";
    // A left turn (seen from outside) at every vertex: the loop is convex.
    if (n.dot((b - a).cross(c - b)) < -tolerance * (b - a).norm()) return "a reflex corner";
  }
  return "";
}

// Every directed edge once, and its reverse once: a closed, consistently oriented surface.
std::string manifold_defect(const std::vector<std::vector<int>>& faces, const ElementNames& names) {
  std::map<std::pair<int, int>, int> uses;
  for (const auto& loop : faces)
    for (std::size_t k = 0; k < loop.size(); ++k) ++uses[{loop[k], loop[(k + 1) % loop.size()]}];
  for (const auto& [edge, count] : uses) {
    const auto reverse = uses.find({edge.second, edge.first});
    if (count != 1 || reverse == uses.end() || reverse->second != 1)
      return core::concat("the edge from ", names.vertex(edge.first), " to ",
                          names.vertex(edge.second),
                          " is not shared by exactly two faces in opposite directions");
  }
  return "";
}

}  // namespace

std::string convexity_defect(const std::vector<Vec3>& vertices,
                             const std::vector<std::vector<int>>& faces,
                             const ElementNames& names) {
  if (vertices.size() < 4 || faces.size() < 4) return "fewer than 4 vertices or faces";
  const double tolerance = 1e-9 * extent(vertices);
  std::vector<bool> used(vertices.size(), false);
  double deepest = 0.0;
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const std::string defect = loop_defect(vertices, faces[f], tolerance);
    if (!defect.empty()) return core::concat(names.face(static_cast<int>(f)), ": ", defect);
    const Vec3 n = newell_area_vector(vertices, faces[f]).normalized();
    const double offset = n.dot(vertices[faces[f][0]]);
    for (std::size_t i = 0; i < vertices.size(); ++i) {
      const double height = n.dot(vertices[i]) - offset;
      if (height > tolerance)
        return core::concat(names.vertex(static_cast<int>(i)), " is in front of ",
                            names.face(static_cast<int>(f)),
                            " (not convex, or the loop is not counter-clockwise from outside)");
      deepest = std::max(deepest, -height);
    }
    for (const int i : faces[f]) used[i] = true;
  }
  if (deepest <= tolerance) return "no volume (all vertices on one plane)";
  if (const auto unused = std::find(used.begin(), used.end(), false); unused != used.end())
    return core::concat(names.vertex(static_cast<int>(unused - used.begin())), " is on no face");
  return manifold_defect(faces, names);
}

bool is_convex(const std::vector<Vec3>& vertices, const std::vector<std::vector<int>>& faces) {
  return convexity_defect(vertices, faces).empty();
}

ConvexPolyhedron::ConvexPolyhedron(std::vector<Vec3> vertices, std::vector<std::vector<int>> faces,
                                   const core::SourceLocation& where, const std::string& key,
                                   const ElementNames& names) {
  for (std::size_t i = 0; i < vertices.size(); ++i)
    if (!vertices[i].allFinite())
      throw core::Diagnostic(where, key, "finite vertex coordinates",
                             core::concat("a non-finite coordinate in vertex ", i));
  if (const std::string defect = convexity_defect(vertices, faces, names); !defect.empty())
    throw core::Diagnostic(where, key, "the faces of a convex polyhedron", defect);
  vertices_ = std::move(vertices);
  faces_.resize(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f)
    faces_[f].vertices.assign(faces[f].begin(), faces[f].end());
  derive_planes_and_edges();
}

void ConvexPolyhedron::derive_planes_and_edges() {
  std::map<std::pair<int, int>, int> edge_index;
  for (std::size_t f = 0; f < faces_.size(); ++f) {
    PolyhedronFace& face = faces_[f];
    face.normal = newell_area_vector(vertices_, face.vertices).normalized();
    face.offset = 0.0;
    for (const int i : face.vertices) face.offset += face.normal.dot(vertices_[i]);
    face.offset /= static_cast<double>(face.vertices.size());
    face.edges.clear();
    for (std::size_t k = 0; k < face.vertices.size(); ++k) {
      const int a = face.vertices[k], b = face.vertices[(k + 1) % face.vertices.size()];
      const auto [it, inserted] =
          edge_index.try_emplace({std::min(a, b), std::max(a, b)}, static_cast<int>(edges_.size()));
      if (inserted) edges_.push_back({std::min(a, b), std::max(a, b), 0, 0});
      (a < b ? edges_[it->second].left : edges_[it->second].right) = static_cast<int>(f);
      face.edges.push_back(it->second);
    }
  }
}

// Every box has the unit box's topology and normals, derived (and checked) once; a box of
// other half extents scales its vertices and offsets. Collision detection places every box
// anew each step (narrow_phase.cpp), where the checks meant for a user's polyhedron would be
// wasted work.
ConvexPolyhedron ConvexPolyhedron::box(const Vec3& half_extents) {
  static const ConvexPolyhedron unit = [] {
    std::vector<Vec3> corners(8);
    for (int i = 0; i < 8; ++i)
      corners[i] = Vec3((i & 1) ? 1.0 : -1.0, (i & 2) ? 1.0 : -1.0, (i & 4) ? 1.0 : -1.0);
    // -x, +x, -y, +y, -z, +z; each loop CCW seen from outside.
    return ConvexPolyhedron(
        std::move(corners),
        {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}});
  }();
  ConvexPolyhedron sized = unit;
  for (Vec3& v : sized.vertices_) v = v.cwiseProduct(half_extents);
  // The normals are exactly +-e_i: the offset is the half extent along it.
  for (PolyhedronFace& face : sized.faces_) face.offset = face.normal.cwiseAbs().dot(half_extents);
  return sized;
}

ConvexPolyhedron ConvexPolyhedron::transformed(const Pose& pose) const& {
  return ConvexPolyhedron(*this).transformed(pose);
}

ConvexPolyhedron ConvexPolyhedron::transformed(const Pose& pose) && {
  for (Vec3& v : vertices_) v = pose.point_to_world(v);
  for (PolyhedronFace& face : faces_) {
    face.normal = pose.vector_to_world(face.normal);
    face.offset += face.normal.dot(pose.position);
  }
  return std::move(*this);
}

ConvexPolyhedron ConvexPolyhedron::scaled(double factor) const {
  ConvexPolyhedron resized = *this;
  for (Vec3& v : resized.vertices_) v *= factor;
  for (PolyhedronFace& face : resized.faces_) face.offset *= factor;
  return resized;
}

double ConvexPolyhedron::bounding_radius() const {
  double radius = 0.0;
  for (const Vec3& v : vertices_) radius = std::max(radius, v.norm());
  return radius;
}

}  // namespace moreau::geometry
