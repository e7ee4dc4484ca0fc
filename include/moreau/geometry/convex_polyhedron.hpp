// Convex polyhedra: the blocks of masonry and the general shape of the collision layer
// (boxes are converted to this form for contact). Boundary representation:
//   vertices   in the shape's local frame, m
//   faces      loops of vertex indices, counter-clockwise seen from outside, with the
//              outward unit normal n and the offset d of the plane n.x = d (so n.x <= d
//              inside); loop position k is the start of edge faces[f].edges[k], which joins
//              loop positions k and k+1
//   edges      unique undirected edges (a < b) with the faces on either side
// Faces are maximal: coplanar neighbours are one polygonal face (so a box has 6 quads),
// because face-to-face contact is computed on whole faces (docs/mathematics.md section 1).
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/pose.hpp"
#include "moreau/math/types.hpp"

#include <boost/container/small_vector.hpp>

#include <functional>
#include <string>
#include <vector>

namespace moreau::geometry {

/// A face's loop of indices, up to 8 of them in place: copying a block, as the collision does
/// with each body it places every step, allocates 3 times rather than 15 (docs/architecture.md,
/// "Build time").
using FaceLoop = boost::container::small_vector<int, 8>;

// bugprone-exception-escape: FaceLoop's move is not declared noexcept, though it allocates
// nothing (a loop on the heap is taken over, one in place fits the destination's place).
// NOLINTNEXTLINE(bugprone-exception-escape)
struct PolyhedronFace {
  FaceLoop vertices;    ///< CCW seen from outside, >= 3
  FaceLoop edges;       ///< edges[k] joins vertices[k] and vertices[k + 1 mod size]
  math::Vec3 normal;    ///< outward, unit
  double offset = 0.0;  ///< m; the face's plane is normal.x = offset
};

struct PolyhedronEdge {
  int a = 0, b = 0;  ///< vertex indices, a < b
  int left = 0;      ///< the face whose loop runs a -> b
  int right = 0;     ///< the face whose loop runs b -> a
};

/// How convexity_defect names a vertex or a face (by its index) in what it returns: by
/// default "vertex 3" and "face 0", counted from 0; a file reader names them as its file
/// does ("vertex 12", 1-based and global in an OBJ file; "the face at line 40").
struct ElementNames {
  std::function<std::string(int)> vertex = [](int i) { return "vertex " + std::to_string(i); };
  std::function<std::string(int)> face = [](int f) { return "face " + std::to_string(f); };
};

class ConvexPolyhedron {
 public:
  /// From vertices and faces given by the user (loops CCW seen from outside).
  /// Normals, offsets and edges are derived; vertices used by no face are refused.
  /// @throws core::Diagnostic naming `key` if the faces do not bound a convex solid
  ///         (see is_convex; the defect's vertices and faces named by `names`) or a vertex
  ///         is not finite
  ConvexPolyhedron(std::vector<math::Vec3> vertices, std::vector<std::vector<int>> faces,
                   const core::SourceLocation& where = {}, const std::string& key = "faces",
                   const ElementNames& names = {});

  /// The box [-h, h] as 8 vertices (index bit 0, 1, 2 set: +x, +y, +z half) and 6 quads.
  static ConvexPolyhedron box(const math::Vec3& half_extents);

  const std::vector<math::Vec3>& vertices() const { return vertices_; }
  const std::vector<PolyhedronFace>& faces() const { return faces_; }
  const std::vector<PolyhedronEdge>& edges() const { return edges_; }

  /// The same solid moved rigidly: x -> pose.point_to_world(x). Topology is unchanged.
  /// A temporary is moved in place, without a copy.
  ConvexPolyhedron transformed(const Pose& pose) const&;
  ConvexPolyhedron transformed(const Pose& pose) &&;
  /// The same solid scaled about the local origin: x -> factor x, factor > 0.
  ConvexPolyhedron scaled(double factor) const;

  /// Largest distance of a vertex from the origin of the local frame, m.
  double bounding_radius() const;

 private:
  ConvexPolyhedron() = default;
  void derive_planes_and_edges();

  std::vector<math::Vec3> vertices_;
  std::vector<PolyhedronFace> faces_;
  std::vector<PolyhedronEdge> edges_;
};

/// Checks that the loops bound a convex solid: every face has >= 3 distinct vertices and a
/// convex CCW loop (seen from outside) in its plane; every vertex lies on or behind every
/// face plane; every edge is used once in each direction (a closed 2-manifold). Tolerance
/// 1e-9 times the vertex extent. Returns an empty string if so, else what is wrong, with
/// vertices and faces named by `names`.
std::string convexity_defect(const std::vector<math::Vec3>& vertices,
                             const std::vector<std::vector<int>>& faces,
                             const ElementNames& names = {});

/// convexity_defect(...).empty().
bool is_convex(const std::vector<math::Vec3>& vertices, const std::vector<std::vector<int>>& faces);

}  // namespace moreau::geometry
