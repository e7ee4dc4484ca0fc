// What both time steppers do to bodies outside the contact laws: the velocities of driven
// bodies within a step, and the mechanical energy of the free bodies.
#pragma once

#include "moreau/model/scene.hpp"

namespace moreau::dynamics {

/// The world velocity of a driven body at time t of the step [t_k, t_k + h]: its prescribed
/// linear velocity, or, when it follows a displacement history d, the mean velocity
/// (d(t_k + h) - d(t_k)) / h, so that its position follows the history exactly at every
/// step end whatever the step.
math::Vec3 driven_velocity(const model::Body& body, double t, double t_k, double h);

/// Sets v and w_B of every driven body to their values at time t of the step [t_k, t_k + h].
void set_driven_velocities(model::Scene& scene, double t, double t_k, double h);

/// Sum over the free bodies of 1/2 m |v - frame_velocity|^2 + 1/2 w_B . J w_B, J: in a frame
/// translating at frame_velocity (m/s; a shaking table's, for the energy of the structure's
/// motion on it), at rest by default.
double kinetic_energy(const model::Scene& scene,
                      const math::Vec3& frame_velocity = math::Vec3::Zero());

/// Sum over the free bodies of -m g . x, J (zero at x = 0), in the scene's gravity.
double potential_energy(const model::Scene& scene);
/// The same in another gravity field, m/s^2 (the change of a gravity load, whose work it is).
double potential_energy(const model::Scene& scene, const math::Vec3& gravity);

}  // namespace moreau::dynamics
