#include "moreau/dynamics/contact_detection.hpp"

#include "moreau/collision/broad_phase.hpp"
#include "moreau/collision/narrow_phase.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/geometry/aabb.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::dynamics {

double bounding_radius(const model::Body& body) {
  const geometry::Aabb box = geometry::bounding_box(body.shape, body.shape_pose());
  const double diagonal = (box.upper - box.lower).norm();
  return std::isfinite(diagonal) ? 0.5 * diagonal : 0.0;
}

double same_place_tolerance(const model::Body& a, const model::Body& b) {
  return 1e-3 * std::max(bounding_radius(a), bounding_radius(b));
}

double contact_allowance(const model::Scene& scene) {
  double total_size = 0.0;
  int free_bodies = 0;
  for (const model::Body& body : scene.bodies) {
    if (body.motion != model::Motion::Free) continue;
    total_size += 2 * bounding_radius(body);
    ++free_bodies;
  }
  return 1e-6 * (free_bodies > 0 ? total_size / free_bodies : 1.0);
}

std::vector<BodyContact> detect_body_contacts(const model::Scene& scene,
                                              const std::vector<double>& margins) {
  MOREAU_ASSERT(margins.size() == scene.bodies.size());
  std::vector<geometry::Aabb> boxes;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const model::Body& body = scene.bodies[b];
    boxes.push_back(geometry::bounding_box(body.shape, body.shape_pose()).inflated(margins[b]));
  }
  std::vector<BodyContact> contacts;
  for (const auto& [i, j] : collision::overlapping_pairs(boxes)) {
    const model::Body& A = scene.bodies[i];
    const model::Body& B = scene.bodies[j];
    if (A.motion != model::Motion::Free && B.motion != model::Motion::Free) continue;
    if (A.motion == model::Motion::Removed || B.motion == model::Motion::Removed) continue;
    for (const collision::ContactPoint& point : collision::collide(
             A.shape, A.shape_pose(), B.shape, B.shape_pose(), margins[i] + margins[j]))
      contacts.push_back({i, j, point});
  }
  return contacts;
}

}  // namespace moreau::dynamics
