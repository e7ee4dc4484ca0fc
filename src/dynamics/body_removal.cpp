#include "moreau/dynamics/body_removal.hpp"

namespace moreau::dynamics {

std::vector<Removal> remove_escaped_bodies(model::Scene& scene, const RemovalBounds& bounds) {
  std::vector<Removal> removals;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    model::Body& body = scene.bodies[b];
    if (body.motion != model::Motion::Free) continue;
    const double distance = body.x.head<2>().norm();
    if (bounds.below && body.x.z() < *bounds.below)
      removals.push_back({static_cast<int>(b), "below", body.x.z()});
    else if (bounds.beyond && distance > *bounds.beyond)
      removals.push_back({static_cast<int>(b), "beyond", distance});
    else
      continue;
    body.motion = model::Motion::Removed;
    body.v.setZero();
    body.w_B.setZero();
  }
  return removals;
}

}  // namespace moreau::dynamics
