#include "moreau/dynamics/contact_detection.hpp"

#include "moreau/collision/broad_phase.hpp"
#include "moreau/collision/narrow_phase.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/math/contact_frame.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

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

namespace {

// Every body of a pair, placed once (in parallel; a body in no pair is left unplaced).
std::vector<collision::PlacedShape> place_paired_bodies(
    const model::Scene& scene, const std::vector<std::pair<int, int>>& pairs) {
  std::vector<char> paired(scene.bodies.size(), 0);
  for (const auto& [i, j] : pairs)
    paired[static_cast<std::size_t>(i)] = paired[static_cast<std::size_t>(j)] = 1;
  std::vector<collision::PlacedShape> placed(scene.bodies.size());
  tbb::parallel_for(std::size_t{0}, scene.bodies.size(), [&](std::size_t b) {
    if (paired[b])
      placed[b] = collision::place(scene.bodies[b].shape, scene.bodies[b].shape_pose());
  });
  return placed;
}

}  // namespace

std::vector<BodyContact> detect_body_contacts(const model::Scene& scene,
                                              const std::vector<double>& margins) {
  MOREAU_ASSERT(margins.size() == scene.bodies.size());
  std::vector<geometry::Aabb> boxes;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const model::Body& body = scene.bodies[b];
    boxes.push_back(geometry::bounding_box(body.shape, body.shape_pose()).inflated(margins[b]));
  }
  // The pairs' narrow phases are independent: run in parallel, each into its own slot, and
  // gathered in the broad phase's order, so that the contacts, and every result after them,
  // are the same whatever the number of threads.
  std::vector<std::pair<int, int>> pairs = collision::overlapping_pairs(boxes);
  std::erase_if(pairs, [&](const std::pair<int, int>& pair) {
    const model::Motion a = scene.bodies[pair.first].motion;
    const model::Motion b = scene.bodies[pair.second].motion;
    return (a != model::Motion::Free && b != model::Motion::Free) || a == model::Motion::Removed ||
           b == model::Motion::Removed;
  });
  const std::vector<collision::PlacedShape> placed = place_paired_bodies(scene, pairs);
  std::vector<std::vector<collision::ContactPoint>> points(pairs.size());
  tbb::parallel_for(std::size_t{0}, pairs.size(), [&](std::size_t k) {
    const auto [i, j] = pairs[k];
    points[k] = collision::collide(placed[static_cast<std::size_t>(i)],
                                   placed[static_cast<std::size_t>(j)], margins[i] + margins[j]);
  });
  std::vector<BodyContact> contacts;
  for (std::size_t k = 0; k < pairs.size(); ++k)
    for (const collision::ContactPoint& point : points[k])
      contacts.push_back({pairs[k].first, pairs[k].second, point});
  return contacts;
}

std::vector<BodyContact> touching_contacts(const model::Scene& scene) {
  return detect_body_contacts(
      scene, std::vector<double>(scene.bodies.size(), 0.5 * contact_allowance(scene)));
}

Contact contact_of(const BodyContact& detected, const model::Scene& scene) {
  const auto& [i, j, point] = detected;
  const model::ContactLaw& law =
      scene.interactions.law(scene.bodies[static_cast<std::size_t>(i)].material,
                             scene.bodies[static_cast<std::size_t>(j)].material);
  return {.body_a = i,
          .body_b = j,
          .point = point,
          .frame = math::contact_frame(point.n, scene.dimension),
          .friction = law.friction,
          .restitution = law.restitution,
          .key = {i, j, point.feature.key()}};
}

}  // namespace moreau::dynamics
