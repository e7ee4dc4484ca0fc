// Range checks, names and prisms shared by the masonry generators.
#include "generators_common.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/polygon.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace moreau::masonry::detail {

using math::Vec2;
using math::Vec3;

void require_positive(double value, const std::string& field, std::string_view unit) {
  if (!(std::isfinite(value) && value > 0.0))
    throw core::Diagnostic({}, field, core::concat("a finite value > 0 (", unit, ")"),
                           core::concat(value));
}

void require_non_negative(double value, const std::string& field, std::string_view unit) {
  if (!(std::isfinite(value) && value >= 0.0))
    throw core::Diagnostic({}, field, core::concat("a finite value >= 0 (", unit, ")"),
                           core::concat(value));
}

void require_count(int value, int minimum, const std::string& field, int maximum) {
  if (value < minimum || value > maximum)
    throw core::Diagnostic({}, field, core::concat("an integer in [", minimum, ", ", maximum, ']'),
                           core::concat(value));
}

void require_dimension(int dimension) {
  if (dimension != 2 && dimension != 3)
    throw core::Diagnostic({}, "dimension", "2 (planar, x-z) or 3", core::concat(dimension));
}

std::string padded(int index, int count) {
  const std::string digits = std::to_string(index);
  const std::size_t width = std::max<std::size_t>(2, std::to_string(std::max(count - 1, 0)).size());
  return std::string(width > digits.size() ? width - digits.size() : 0, '0') + digits;
}

geometry::ConvexPolyhedron extrude(const std::vector<Vec3>& base, const Vec3& extrusion) {
  const int n = static_cast<int>(base.size());
  std::vector<Vec3> vertices = base;
  for (const Vec3& v : base) vertices.push_back(v + extrusion);
  std::vector<std::vector<int>> faces;
  for (int k = 0; k < n; ++k) {
    const int next = (k + 1) % n;
    faces.push_back({k, next, n + next, n + k});
  }
  std::vector<int> top(static_cast<std::size_t>(n));
  std::vector<int> bottom(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) {
    top[static_cast<std::size_t>(k)] = n + k;
    bottom[static_cast<std::size_t>(k)] = n - 1 - k;
  }
  faces.push_back(std::move(top));
  faces.push_back(std::move(bottom));
  return geometry::ConvexPolyhedron(std::move(vertices), std::move(faces));
}

Block prism_block(std::string name, const std::vector<Vec2>& corners_xz, double depth,
                  int dimension) {
  Vec2 centre = Vec2::Zero();
  for (const Vec2& c : corners_xz) centre += c;
  centre /= static_cast<double>(corners_xz.size());
  const geometry::Pose pose{Vec3(centre.x(), 0.0, centre.y())};
  std::vector<Vec2> local;
  local.reserve(corners_xz.size());
  for (const Vec2& c : corners_xz) local.push_back(c - centre);
  if (dimension == 2) return {std::move(name), geometry::Polygon(std::move(local)), pose, false};
  // The polygon is CCW seen from -y: the base at y = +depth/2 swept towards -y.
  std::vector<Vec3> base;
  base.reserve(local.size());
  for (const Vec2& c : local) base.emplace_back(c.x(), 0.5 * depth, c.y());
  return {std::move(name), extrude(base, Vec3(0.0, -depth, 0.0)), pose, false};
}

Block box_block(std::string name, const Vec3& size, const geometry::Pose& pose, int dimension) {
  if (dimension == 3) return {std::move(name), geometry::Box{0.5 * size}, pose, false};
  const double a = 0.5 * size.x();
  const double c = 0.5 * size.z();
  return {std::move(name), geometry::Polygon({Vec2(-a, -c), Vec2(a, -c), Vec2(a, c), Vec2(-a, c)}),
          pose, false};
}

}  // namespace moreau::masonry::detail
