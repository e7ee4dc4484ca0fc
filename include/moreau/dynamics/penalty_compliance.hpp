// The penalty mode's implicit integration (time.integration: implicit): the spring-dashpot laws
// of penalty/ as compliant contacts of the Moreau-Jean step at theta = 1, which is then backward
// Euler, v_k+1 = v_k + h M^-1 (f + H^T r / h), x_k+1 = x_k + h v_k+1, with the contact forces of
// the end of the step. Each law is linearized at the start of the step (a linearly implicit,
// Rosenbrock-Euler step; exact for the linear spring-dashpot):
//   F_N,k+1 = F_k + K (delta_k+1 - delta_k) + eta delta_dot_k+1,   delta_k+1 = delta_k - h u_N,
// F_k the law's elastic force at the overlap delta_k = -g of the start, K its tangent
// stiffness and eta its linear damping there; a contact not overlapping yet has the spring
// K delta_k alone, which pushes from the moment the overlap at the end of the step is
// positive (it is active from a predicted gap g + h u_N,k of 0). The impulse
// r_N = h F_N,k+1 = h F_k - (h^2 K + h eta) u_N, where it is >= 0, is the rigid law on
//   u~_N = u_N + C_N r_N + s_N,   C_N = 1 / (h^2 K + h eta),   s_N = -C_N h F_k,
// and where it is not the no-tension cut (r_N = 0: the contact opens freely). Tangentially,
// f_k the force of the slider's spring (the stored force of the incremental law) on A:
//   r_T = h f_k - (h^2 K_t + h eta_t) u_T   while it sticks:  C_T = 1 / (h^2 K_t + h eta_t),
//   s_T = -C_T h f_k, and on the cone the exact Coulomb slider (De Saxce's law on u~, as
// joint_compliance.hpp: no dilation). f_k is the part of the last step's impulse that the
// dashpot did not carry, f_k = r_T,k / h + eta_t u_T,k (u_T,k the slip velocity at the start
// of the step, the last step's end), shortened to the cone's mu r_N,k / h where it is longer:
// the spring of a slipping slider, as the explicit law keeps it. Nothing but the impulses is
// remembered, so that a checkpoint holds the state.
// Backward Euler damps what the step does not resolve: an undamped contact of frequency
// omega rebounds with e = (1 + (omega h)^2)^(-pi / (2 atan(omega h))), about
// exp(-pi omega h / 2) (docs/user-guide.md, "Implicit penalty steps").
#pragma once

#include "moreau/dynamics/contact_memory.hpp"
#include "moreau/dynamics/contact_sides.hpp"
#include "moreau/dynamics/joint_compliance.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"

#include <vector>

namespace moreau::dynamics {

/// Whether the law of `contact` resists its approach at the start of the step: a spring
/// without stiffness or damping at its overlap (Hertz's at first touch) carries no force in
/// this step, and the contact is left out of it.
bool penalty_resists(const Contact& contact, const ContactSides& sides, double h);

/// C and s of each contact of `contacts` (each of which penalty_resists, with its gap and the
/// bodies' velocities at the start of the step), the springs' forces from `impulses`, the
/// last step's.
/// @param h the time step, s
/// @pre every tangential law has a spring (no velocity-dependent friction), and no law is a
///      user law or bonded: the problem-file reader refuses them with time.integration:
///      implicit
ContactCompliance penalty_compliance(const std::vector<Contact>& contacts,
                                     const ContactMemory& impulses, const ContactSides& sides,
                                     const model::Scene& scene, double h);

/// The energy stored in the springs of a penalty contact, J, at the overlap `overlap` (m) and
/// with the impulse `impulse` (contact frame) and the slip velocity `slip` (m/s, the frame's
/// tangential components) of the end of one step: the normal spring's
/// penalty::elastic_energy, and the slider's |f|^2 / (2 K_t), f its spring's force as above.
/// What the contact's springs give back; 0 where the bodies do not overlap.
/// @param h the time step, s
/// @pre as penalty_compliance
double penalty_spring_energy(const Contact& contact, double overlap, const math::Vec3& impulse,
                             const math::VecX& slip, const ContactSides& sides, double h);

/// The energy stored in the springs of `contacts` at the start of a step, J: each at its
/// overlap -g, with the last step's impulse (`impulses`) and the slip velocity now.
/// @pre as penalty_compliance
double penalty_spring_energy(const std::vector<Contact>& contacts, const ContactMemory& impulses,
                             const ContactSides& sides, const model::Scene& scene, double h);

}  // namespace moreau::dynamics
