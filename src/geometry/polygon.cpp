#include "moreau/geometry/polygon.hpp"

#include "moreau/core/concat.hpp"

#include <cmath>
#include <numbers>
#include <utility>

namespace moreau::geometry {
namespace {

using math::Vec2;

double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// Strictly convex and counter-clockwise: every corner turns left by more than the tolerance
// and the turns add up to one full turn (a pentagram turns left everywhere but twice round).
std::string convexity_defect(const std::vector<Vec2>& v) {
  Vec2 lower = v.front(), upper = v.front();
  for (const Vec2& p : v) {
    lower = lower.cwiseMin(p);
    upper = upper.cwiseMax(p);
  }
  const double size = (upper - lower).norm();
  if (size == 0.0) return "one point repeated";
  double turning = 0.0;
  const std::size_t n = v.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Vec2 d0 = v[(k + 1) % n] - v[k];
    const Vec2 d1 = v[(k + 2) % n] - v[(k + 1) % n];
    if (cross(d0, d1) <= 1e-9 * size * d0.norm() || d1.norm() == 0.0)
      return core::concat("vertex ", (k + 1) % n,
                          " is not a left turn (reflex, collinear, repeated or clockwise)");
    turning += std::atan2(cross(d0, d1), d0.dot(d1));
  }
  if (std::abs(turning - 2.0 * std::numbers::pi) > 1e-6) return "the loop winds more than once";
  return "";
}

}  // namespace

Polygon::Polygon(std::vector<Vec2> vertices, const core::SourceLocation& where,
                 const std::string& key) {
  constexpr const char* kExpected = "a convex counter-clockwise polygon in (x, z)";
  if (vertices.size() < 3)
    throw core::Diagnostic(where, key, kExpected, core::concat(vertices.size(), " vertices"));
  for (std::size_t i = 0; i < vertices.size(); ++i)
    if (!vertices[i].allFinite())
      throw core::Diagnostic(where, key, kExpected,
                             core::concat("a non-finite coordinate in vertex ", i));
  if (const std::string defect = convexity_defect(vertices); !defect.empty())
    throw core::Diagnostic(where, key, kExpected, defect);
  vertices_ = std::move(vertices);
}

Vec2 Polygon::edge_normal(int k) const {
  const Vec2 d = vertices_[(k + 1) % size()] - vertices_[k];
  return Vec2(d.y(), -d.x()).normalized();
}

}  // namespace moreau::geometry
