#include "moreau/dynamics/body_motion.hpp"

namespace moreau::dynamics {

using model::Body;
using model::Motion;

math::Vec3 driven_velocity(const Body& body, double t, double t_k, double h) {
  const auto& d = body.prescribed.displacement;
  if (!d) return body.prescribed.linear(t);
  return (d(t_k + h) - d(t_k)) / h;
}

void set_driven_velocities(model::Scene& scene, double t, double t_k, double h) {
  for (Body& body : scene.bodies) {
    if (body.motion != Motion::Driven) continue;
    body.v = driven_velocity(body, t, t_k, h);
    body.w_B = body.q.conjugate() * body.prescribed.angular(t);
  }
}

double kinetic_energy(const model::Scene& scene, const math::Vec3& frame_velocity) {
  double energy = 0.0;
  for (const Body& body : scene.bodies)
    if (body.motion == Motion::Free)
      energy += 0.5 * body.mass * (body.v - frame_velocity).squaredNorm() +
                0.5 * body.w_B.dot(body.inertia.cwiseProduct(body.w_B));
  return energy;
}

double potential_energy(const model::Scene& scene) {
  return potential_energy(scene, scene.gravity);
}

double potential_energy(const model::Scene& scene, const math::Vec3& gravity) {
  double energy = 0.0;
  for (const Body& body : scene.bodies)
    if (body.motion == Motion::Free) energy -= body.mass * gravity.dot(body.x);
  return energy;
}

}  // namespace moreau::dynamics
