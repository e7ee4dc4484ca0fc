#include "moreau/mesh/block_snapping.hpp"

#include "moreau/collision/face_contact.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/disjoint_sets.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/geometry/convex_hull.hpp"

#include <Eigen/QR>

#include <algorithm>
#include <numeric>

namespace moreau::mesh {
namespace {

using core::concat;
using geometry::ConvexPolyhedron;
using math::Vec3;

// A plane n.x = d, n unit, in the world.
struct Plane {
  Vec3 normal;
  double offset = 0.0;  ///< m
};

// The faces of all the blocks numbered in one sequence: block b's face f is face first[b] + f.
struct FaceNumbers {
  std::vector<int> first;
  int count = 0;
};

FaceNumbers number_faces(const std::vector<ConvexPolyhedron>& world) {
  FaceNumbers numbers;
  for (const ConvexPolyhedron& block : world) {
    numbers.first.push_back(numbers.count);
    numbers.count += static_cast<int>(block.faces().size());
  }
  return numbers;
}

double face_area(const ConvexPolyhedron& block, int f) {
  const geometry::PolyhedronFace& face = block.faces()[static_cast<std::size_t>(f)];
  Vec3 twice_area = Vec3::Zero();
  for (std::size_t k = 0; k < face.vertices.size(); ++k)
    twice_area += block.vertices()[face.vertices[k]].cross(
        block.vertices()[face.vertices[(k + 1) % face.vertices.size()]]);
  return 0.5 * twice_area.dot(face.normal);
}

double face_diameter(const ConvexPolyhedron& block, int f) {
  const geometry::FaceLoop& loop = block.faces()[static_cast<std::size_t>(f)].vertices;
  double diameter = 0.0;
  for (const int a : loop)
    for (const int b : loop)
      diameter = std::max(diameter, (block.vertices()[a] - block.vertices()[b]).norm());
  return diameter;
}

// Whether face fa of block a and face fb of block b face each other within `tolerance`
// (snap_coincident_faces' three conditions). Both blocks are in world coordinates.
bool face_each_other(const ConvexPolyhedron& a, int fa, const ConvexPolyhedron& b, int fb,
                     double tolerance) {
  const geometry::PolyhedronFace& face_a = a.faces()[static_cast<std::size_t>(fa)];
  const Vec3& n_b = b.faces()[static_cast<std::size_t>(fb)].normal;
  const double widest = std::max(face_diameter(a, fa), face_diameter(b, fb));
  if (!(face_a.normal.dot(n_b) < 0.0) || face_a.normal.cross(n_b).norm() > 2.0 * tolerance / widest)
    return false;
  const collision::ClippedPolygon overlap = collision::clip_incident_face(a, fa, b, fb);
  if (overlap.size() < 3) return false;
  double perimeter = 0.0;
  Vec3 twice_area = Vec3::Zero();
  for (std::size_t k = 0; k < overlap.size(); ++k) {
    const Vec3& p = overlap[k].x;
    const Vec3& next = overlap[(k + 1) % overlap.size()].x;
    if (std::abs(face_a.normal.dot(p) - face_a.offset) > tolerance) return false;
    perimeter += (next - p).norm();
    twice_area += p.cross(next);
  }
  return 0.5 * std::abs(twice_area.dot(face_a.normal)) > tolerance * perimeter;
}

// Joins, in `joints_of_faces`, the faces of different blocks that face each other. A sweep along x
// over the blocks' bounding boxes, inflated by the tolerance, finds the pairs of blocks that may.
void join_facing_faces(const std::vector<ConvexPolyhedron>& world, const FaceNumbers& numbers,
                       double tolerance, core::DisjointSets<int>& joints_of_faces) {
  std::vector<geometry::Aabb> boxes;
  boxes.reserve(world.size());
  for (const ConvexPolyhedron& block : world)
    boxes.push_back(geometry::bounding_box(block, geometry::Pose{}).inflated(tolerance));
  std::vector<std::size_t> order(world.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::ranges::sort(
      order, [&](std::size_t i, std::size_t j) { return boxes[i].lower.x() < boxes[j].lower.x(); });
  for (std::size_t k = 0; k < order.size(); ++k)
    for (std::size_t l = k + 1; l < order.size(); ++l) {
      const std::size_t a = order[k], b = order[l];
      if (boxes[b].lower.x() > boxes[a].upper.x()) break;
      if (!boxes[a].overlaps(boxes[b])) continue;
      for (int fa = 0; fa < static_cast<int>(world[a].faces().size()); ++fa)
        for (int fb = 0; fb < static_cast<int>(world[b].faces().size()); ++fb)
          if (face_each_other(world[a], fa, world[b], fb, tolerance))
            joints_of_faces.join(numbers.first[a] + fa, numbers.first[b] + fb);
    }
}

// Refuses a block two of whose faces joined one joint: a block thinner than the tolerance
// between two joints, which one common plane would flatten.
void check_no_block_flattened(const std::vector<AssemblyBlock>& blocks, const FaceNumbers& numbers,
                              core::DisjointSets<int>& joints_of_faces, double tolerance,
                              const core::SourceLocation& where, const std::string& key) {
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const int end = b + 1 < blocks.size() ? numbers.first[b + 1] : numbers.count;
    std::vector<int> roots;
    for (int i = numbers.first[b]; i < end; ++i) roots.push_back(joints_of_faces.root(i));
    std::ranges::sort(roots);
    if (std::ranges::adjacent_find(roots) != roots.end())
      throw core::Diagnostic(
          where, concat(key, ", block '", blocks[b].name, "'"),
          concat("a block thicker than the snap tolerance (", tolerance, " m)"),
          "two of its faces in one joint: snapping would flatten it (give a smaller snap)");
  }
}

// Every face's plane after snapping: a cluster's area-weighted mean plane, oriented by its
// root face (sign s = +-1 per face), sum A s (n, d) / |sum A s n|; the face's own plane if
// it is alone. Counts the clusters of two faces or more in `joints`.
std::vector<Plane> snapped_planes(const std::vector<ConvexPolyhedron>& world,
                                  const FaceNumbers& numbers,
                                  core::DisjointSets<int>& joints_of_faces, int& joints) {
  std::vector<Plane> planes(static_cast<std::size_t>(numbers.count));
  std::vector<Plane> sums(planes.size(), Plane{Vec3::Zero(), 0.0});
  std::vector<int> sizes(planes.size(), 0);
  for (std::size_t b = 0; b < world.size(); ++b)
    for (int f = 0; f < static_cast<int>(world[b].faces().size()); ++f) {
      const geometry::PolyhedronFace& face = world[b].faces()[static_cast<std::size_t>(f)];
      const int i = numbers.first[b] + f;
      planes[i] = {face.normal, face.offset};
      const int r = joints_of_faces.root(i);
      // N.B. r <= i: the root's own plane is already in `planes`.
      const double sign = face.normal.dot(planes[r].normal) < 0.0 ? -1.0 : 1.0;
      const double weight = sign * face_area(world[b], f);
      sums[r].normal += weight * face.normal;
      sums[r].offset += weight * face.offset;
      ++sizes[r];
    }
  joints = 0;
  const std::vector<Plane> own = planes;
  for (int i = 0; i < numbers.count; ++i) {
    const int r = joints_of_faces.root(i);
    if (sizes[r] < 2) continue;
    if (r == i) ++joints;
    const double norm = sums[r].normal.norm();
    const double sign = own[i].normal.dot(own[r].normal) < 0.0 ? -1.0 : 1.0;
    planes[i] = {sign * sums[r].normal / norm, sign * sums[r].offset / norm};
  }
  return planes;
}

// Block b's vertices moved onto the snapped planes of their faces. A vertex x0 on k faces
// moves by the least-squares solution delta of N delta = d - N x0 (N: the k normals as rows,
// d: the offsets) of smallest norm (complete orthogonal decomposition): the planes' exact
// intersection when three of them are independent, and no move along a direction the planes
// do not fix. A vertex on no snapped face stays.
std::vector<Vec3> snapped_vertices(const ConvexPolyhedron& block, int first_face,
                                   const std::vector<Plane>& planes, double& largest_move) {
  std::vector<std::vector<int>> faces_at(block.vertices().size());
  for (int f = 0; f < static_cast<int>(block.faces().size()); ++f)
    for (const int v : block.faces()[static_cast<std::size_t>(f)].vertices)
      faces_at[static_cast<std::size_t>(v)].push_back(f);
  std::vector<Vec3> vertices = block.vertices();
  largest_move = 0.0;
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const std::vector<int>& faces = faces_at[v];
    const auto k = static_cast<Eigen::Index>(faces.size());
    Eigen::MatrixX3d N(k, 3);
    Eigen::VectorXd residual(k);
    bool snapped = false;
    for (Eigen::Index i = 0; i < k; ++i) {
      const int f = faces[static_cast<std::size_t>(i)];
      const Plane& plane = planes[first_face + f];
      const geometry::PolyhedronFace& face = block.faces()[static_cast<std::size_t>(f)];
      snapped = snapped || plane.normal != face.normal || plane.offset != face.offset;
      N.row(i) = plane.normal.transpose();
      residual(i) = plane.offset - plane.normal.dot(vertices[v]);
    }
    if (!snapped) continue;
    const Vec3 move = N.completeOrthogonalDecomposition().solve(residual);
    vertices[v] += move;
    largest_move = std::max(largest_move, move.norm());
  }
  return vertices;
}

}  // namespace

SnappedAssembly snap_coincident_faces(const std::vector<AssemblyBlock>& blocks, double tolerance,
                                      const core::SourceLocation& where, const std::string& key) {
  std::vector<ConvexPolyhedron> world;
  world.reserve(blocks.size());
  for (const AssemblyBlock& block : blocks)
    world.push_back(block.shape.transformed(geometry::Pose{block.origin, math::Quat::Identity()}));
  const FaceNumbers numbers = number_faces(world);
  core::DisjointSets<int> joints_of_faces(numbers.count);
  join_facing_faces(world, numbers, tolerance, joints_of_faces);
  check_no_block_flattened(blocks, numbers, joints_of_faces, tolerance, where, key);
  SnappedAssembly snapped{blocks, 0, std::vector<double>(blocks.size(), 0.0)};
  const std::vector<Plane> planes = snapped_planes(world, numbers, joints_of_faces, snapped.joints);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    std::vector<Vec3> vertices =
        snapped_vertices(world[b], numbers.first[b], planes, snapped.largest_moves[b]);
    if (vertices == world[b].vertices()) continue;
    Vec3 origin = Vec3::Zero();
    for (const Vec3& x : vertices) origin += x;
    origin /= static_cast<double>(vertices.size());
    for (Vec3& x : vertices) x -= origin;
    AssemblyBlock& block = snapped.blocks[b];
    block.shape = geometry::convex_hull(vertices, where, concat(key, ", block '", block.name, "'"));
    block.origin = origin;
  }
  return snapped;
}

}  // namespace moreau::mesh
