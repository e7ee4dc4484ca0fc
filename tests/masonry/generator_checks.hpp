// Checks shared by the masonry generator tests: volumes, world faces and extents, shared
// faces, exact tilings (zero gaps, no overlaps) through the narrow phase, and refusals.
#pragma once

#include "moreau/collision/narrow_phase.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/mass_properties.hpp"
#include "moreau/masonry/generators.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace moreau::masonry::checks {

using math::Vec2;
using math::Vec3;

// Coordinates of blocks a few metres across come from a few trigonometric evaluations and
// one translation: round-off of order 1e-15 m, so 1e-12 m tells a shared corner from a
// different one.
inline constexpr double kLengthTol = 1e-12;
// Gaps come out of the narrow phase's plane offsets and clipping: still round-off, but of a
// longer computation; 1e-9 m is six orders below any block dimension here.
inline constexpr double kGapTol = 1e-9;

inline double volume(const Block& block) {
  return geometry::mass_properties(block.shape, 1.0).mass;
}

inline double total_volume(const std::vector<Block>& blocks, const std::string& part = "") {
  double sum = 0.0;
  for (const Block& block : blocks)
    if (block.name.find(part) != std::string::npos) sum += volume(block);
  return sum;
}

// Boundary pieces of a block in world coordinates: the faces of a polyhedron (a box as
// ConvexPolyhedron::box), the edges of a polygon as (x, 0, z) pairs.
inline std::vector<std::vector<Vec3>> world_faces(const Block& block) {
  std::vector<std::vector<Vec3>> faces;
  if (const auto* polygon = std::get_if<geometry::Polygon>(&block.shape)) {
    const auto& v = polygon->vertices();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Vec2& next = v[(k + 1) % v.size()];
      faces.push_back({block.pose.point_to_world(Vec3(v[k].x(), 0.0, v[k].y())),
                       block.pose.point_to_world(Vec3(next.x(), 0.0, next.y()))});
    }
    return faces;
  }
  const auto* box = std::get_if<geometry::Box>(&block.shape);
  const geometry::ConvexPolyhedron polyhedron =
      box ? geometry::ConvexPolyhedron::box(box->half_extents)
          : std::get<geometry::ConvexPolyhedron>(block.shape);
  for (const geometry::PolyhedronFace& face : polyhedron.faces()) {
    std::vector<Vec3> corners;
    for (int i : face.vertices)
      corners.push_back(
          block.pose.point_to_world(polyhedron.vertices()[static_cast<std::size_t>(i)]));
    faces.push_back(std::move(corners));
  }
  return faces;
}

inline std::vector<Vec3> world_vertices(const Block& block) {
  std::vector<Vec3> vertices;
  for (const auto& face : world_faces(block))
    vertices.insert(vertices.end(), face.begin(), face.end());
  return vertices;
}

// Lowest and highest world coordinate of a block along axis 0 (x) or 2 (z).
inline std::pair<double, double> extent(const Block& block, int axis) {
  double low = INFINITY, high = -INFINITY;
  for (const Vec3& v : world_vertices(block)) {
    low = std::min(low, v[axis]);
    high = std::max(high, v[axis]);
  }
  return {low, high};
}

inline bool same_point_set(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  const auto covered = [](const std::vector<Vec3>& from, const std::vector<Vec3>& in) {
    return std::all_of(from.begin(), from.end(), [&](const Vec3& p) {
      return std::any_of(in.begin(), in.end(),
                         [&](const Vec3& q) { return (p - q).norm() < kLengthTol; });
    });
  };
  return a.size() == b.size() && covered(a, b) && covered(b, a);
}

inline bool share_a_face(const Block& a, const Block& b) {
  for (const auto& face_a : world_faces(a))
    for (const auto& face_b : world_faces(b))
      if (same_point_set(face_a, face_b)) return true;
  return false;
}

inline std::vector<collision::ContactPoint> contacts(const Block& a, const Block& b) {
  return collision::collide(a.shape, a.pose, b.shape, b.pose, kGapTol);
}

// No pair overlaps (no gap below -kGapTol), and each listed neighbour pair touches at zero
// gap (at least one contact point, all within kGapTol of 0).
inline void expect_exact_tiling(
    const std::vector<Block>& blocks,
    const std::vector<std::pair<std::size_t, std::size_t>>& neighbours) {
  for (std::size_t i = 0; i < blocks.size(); ++i)
    for (std::size_t j = i + 1; j < blocks.size(); ++j)
      for (const collision::ContactPoint& c : contacts(blocks[i], blocks[j]))
        EXPECT_GT(c.gap, -kGapTol) << blocks[i].name << " overlaps " << blocks[j].name;
  for (const auto& [i, j] : neighbours) {
    const auto points = contacts(blocks[i], blocks[j]);
    EXPECT_FALSE(points.empty()) << blocks[i].name << " does not touch " << blocks[j].name;
    for (const collision::ContactPoint& c : points)
      EXPECT_LT(std::abs(c.gap), kGapTol) << blocks[i].name << " / " << blocks[j].name;
  }
}

inline std::size_t index_of(const std::vector<Block>& blocks, const std::string& name) {
  const auto it =
      std::find_if(blocks.begin(), blocks.end(), [&](const Block& b) { return b.name == name; });
  EXPECT_NE(it, blocks.end()) << "no block " << name;
  return static_cast<std::size_t>(it - blocks.begin());
}

/// The world bounding box of a block (for a planar block, y is 0).
struct Bounds {
  Vec3 low;
  Vec3 high;
};

inline Bounds bounds(const Block& block) {
  Bounds b{Vec3::Constant(INFINITY), Vec3::Constant(-INFINITY)};
  for (const Vec3& v : world_vertices(block)) {
    b.low = b.low.cwiseMin(v);
    b.high = b.high.cwiseMax(v);
  }
  return b;
}

/// How far the intervals of two boxes overlap along `axis`: > 0 overlapping, 0 touching,
/// < 0 apart (m).
inline double overlap_along(const Bounds& a, const Bounds& b, int axis) {
  return std::min(a.high[axis], b.high[axis]) - std::max(a.low[axis], b.low[axis]);
}

/// For blocks that are axis-aligned boxes (or rectangles in x-z), whose bounding boxes are
/// the blocks themselves, so that the test is exact: no two overlap (intervals overlapping
/// by more than kLengthTol along every axis), and every pair that shares a face (touching
/// within kLengthTol along one axis, overlapping along the others) touches at zero gap
/// through the narrow phase. Returns the number of pairs sharing a face.
inline std::size_t expect_boxes_tile(const std::vector<Block>& blocks, int dimension) {
  std::vector<Bounds> box;
  for (const Block& block : blocks) box.push_back(bounds(block));
  const std::vector<int> axes = dimension == 3 ? std::vector<int>{0, 1, 2} : std::vector<int>{0, 2};
  std::size_t shared_faces = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i)
    for (std::size_t j = i + 1; j < blocks.size(); ++j) {
      int overlapping = 0, touching = 0;
      for (const int axis : axes) {
        const double overlap = overlap_along(box[i], box[j], axis);
        overlapping += overlap > kLengthTol;
        touching += std::abs(overlap) <= kLengthTol;
      }
      const int n = static_cast<int>(axes.size());
      EXPECT_LT(overlapping, n) << blocks[i].name << " overlaps " << blocks[j].name;
      if (overlapping != n - 1 || touching != 1) continue;
      ++shared_faces;
      const auto points = contacts(blocks[i], blocks[j]);
      EXPECT_FALSE(points.empty()) << blocks[i].name << " does not touch " << blocks[j].name;
      for (const collision::ContactPoint& c : points)
        EXPECT_LT(std::abs(c.gap), kGapTol) << blocks[i].name << " / " << blocks[j].name;
    }
  return shared_faces;
}

/// Block names sort in the order the generator made them.
inline bool names_sorted(const std::vector<Block>& blocks) {
  return std::is_sorted(blocks.begin(), blocks.end(),
                        [](const Block& a, const Block& b) { return a.name < b.name; });
}

/// `generate` throws a core::Diagnostic naming `field`.
inline void expect_refusal(const std::function<void()>& generate, const std::string& field) {
  try {
    generate();
    ADD_FAILURE() << "no Diagnostic for " << field;
  } catch (const core::Diagnostic& d) {
    EXPECT_EQ(d.key(), field) << d.what();
  }
}

/// A spec that `edit` spoils, refused naming `field`.
template <class Spec>
struct Refusal {
  std::string field;
  std::function<void(Spec&)> edit;
};

/// Each case's edit of `good` makes generate(spec, 3) throw a Diagnostic naming its field.
template <class Spec, class Generate>
void expect_refusals(const Spec& good, const std::vector<Refusal<Spec>>& cases, Generate generate) {
  for (const Refusal<Spec>& c : cases) {
    Spec spec = good;
    c.edit(spec);
    expect_refusal([&] { generate(spec, 3); }, c.field);
  }
}

}  // namespace moreau::masonry::checks
