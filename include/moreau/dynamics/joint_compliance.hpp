// Compliant joints in NSCD: a contact whose law has a joint stiffness (model::JointStiffness:
// k_n and k_s per unit area, as 3DEC's joints) is a spring in each direction, integrated
// implicitly in the Moreau-Jean step instead of the rigid Signorini condition. Contact point i
// stands for the area A_i of the joint that the narrow phase gives it (ContactPoint::area: its
// share of the faces' overlap, which it keeps when the joint opens down to an edge or a
// corner), with springs K_n = k_n A_i and K_t = k_s A_i. The impulse of a step is
// the springs' force at its end, stretched from the gap g at its start by the local velocity u
// at its end (backward Euler, L-stable: a joint's own vibration, at omega h >> 1 for stone,
// is damped out instead of resolved):
//   r_N = -h K_n (g + h u_N)       while the joint is closed (r_N >= 0; it opens freely),
//   r_T = -h K_t (delta + h u_T)   while it sticks (|r_T| < mu r_N),
// delta the tangential spring's stretch at the start of the step, which is -r_T,k / (h K_t)
// from the last step's impulse (remembered per contact: nothing else is kept); on the cone
// the spring slides at mu r_N. Both are the rigid law on
//   u~ = u + C r + s,   C = diag(1 / (h^2 K_n), 1 / (h^2 K_t)),   s = (g / h, delta / h):
// K* ∋ u~ + mu |u~_T| e_N ⊥ r ∈ K. Sticking, u~_T = 0 is the spring above, sliding the exact
// Coulomb law with its De Saxcé term (no dilation), open r = 0. The step's problem is the
// rigid one with W + C and q + s (GlobalProblem::compliance in the global form), which every
// solver solves; it is positive definite however hyperstatic the structure, which selects
// the one distribution of forces that the springs give where rigid blocks leave it open.
// A point without an area (a sphere, an edge across an edge) stays rigid.
#pragma once

#include "moreau/dynamics/contact_memory.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"

#include <vector>

namespace moreau::dynamics {

/// C and s of the active contacts of a step, d values per contact in the contact frame
/// (normal first); both 0 for a rigid contact.
struct ContactCompliance {
  math::VecX compliance;  ///< C, m/(N s)
  math::VecX shift;       ///< s, m/s
};

/// The compliance of each contact of `contacts` (their gaps at the start of the step), with
/// the tangential springs' stretch from the impulses of the last step.
/// @param h the time step, s
ContactCompliance joint_compliance(const std::vector<Contact>& contacts,
                                   const ContactMemory& impulses, const model::Scene& scene,
                                   double h);

/// The energy stored in the springs of compliant joints that carry the impulses `r` of a step,
/// J: each spring holds the force r / h, whose energy |r / h|^2 / (2 K) is C r^2 / 2, summed
/// over `compliance`'s C (ContactCompliance::compliance of the same contacts; 0 for a rigid
/// one).
double joint_spring_energy(const math::VecX& compliance, const math::VecX& r);

/// The energy stored in the springs of the compliant joints of `contacts` at the start of a
/// step, J: each with its impulse of the last step (`impulses`), as above.
/// @param h the time step, s
double joint_spring_energy(const std::vector<Contact>& contacts, const ContactMemory& impulses,
                           const model::Scene& scene, double h);

}  // namespace moreau::dynamics
