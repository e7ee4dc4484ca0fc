#include "moreau/geometry/central_kernel.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>

namespace moreau::geometry {

using math::Mat2;
using math::Vec2;

SectionProperties section_properties(std::span<const Vec2> polygon) {
  MOREAU_ASSERT(polygon.size() >= 3);
  const Vec2& origin = polygon.front();
  double twice_area = 0.0;
  Vec2 first_moment_6 = Vec2::Zero();    // 6 ∫ x dA
  Mat2 second_moment_12 = Mat2::Zero();  // 12 ∫ x x^T dA, with ∫ xz dA counted as in Steger
  for (std::size_t k = 0; k < polygon.size(); ++k) {
    const Vec2 p = polygon[k] - origin;
    const Vec2 q = polygon[(k + 1) % polygon.size()] - origin;
    const double cross = p.x() * q.y() - q.x() * p.y();
    twice_area += cross;
    first_moment_6 += cross * (p + q);
    second_moment_12(0, 0) += cross * (p.x() * p.x() + p.x() * q.x() + q.x() * q.x());
    second_moment_12(1, 1) += cross * (p.y() * p.y() + p.y() * q.y() + q.y() * q.y());
    second_moment_12(0, 1) +=
        0.5 * cross * (2.0 * p.x() * p.y() + p.x() * q.y() + q.x() * p.y() + 2.0 * q.x() * q.y());
  }
  MOREAU_ASSERT(twice_area > 0.0);
  SectionProperties section;
  section.area = 0.5 * twice_area;
  const Vec2 centroid = first_moment_6 / (3.0 * twice_area);
  second_moment_12(1, 0) = second_moment_12(0, 1);
  // Parallel-axis theorem: ∫ (x - c)(x - c)^T dA = ∫ x x^T dA - A c c^T.
  section.second_moment = second_moment_12 / 12.0 - section.area * centroid * centroid.transpose();
  section.centroid = origin + centroid;
  return section;
}

double eccentricity_ratio(std::span<const Vec2> polygon, const Vec2& point) {
  const SectionProperties section = section_properties(polygon);
  // The stress gradient per unit resultant and unit 1/A: A I^-1 e.
  const Vec2 gradient = section.area * section.second_moment.inverse() * (point - section.centroid);
  double ratio = 0.0;  // the centroid: uniform stress
  for (const Vec2& v : polygon) ratio = std::max(ratio, -gradient.dot(v - section.centroid));
  return ratio;
}

}  // namespace moreau::geometry
