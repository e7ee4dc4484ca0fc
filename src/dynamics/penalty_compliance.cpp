#include "moreau/dynamics/penalty_compliance.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>

namespace moreau::dynamics {
namespace {

// h^2 K + h eta of the normal law at the contact's overlap at the start of the step. A
// contact that does not overlap yet has its spring alone: its dashpot would push across the
// gap before the bodies touch (eta |u_N| of a ball arriving at 1 m/s, for e = 0.5, reaches
// 1.4 mm beyond a spring of 1e5 N/m); it damps from the next step on.
double normal_rigidity(const penalty::NormalLaw& law, double overlap, double h) {
  const double positive = std::max(overlap, 0.0);
  const double damping = overlap > 0.0 ? penalty::linear_damping(law, positive) : 0.0;
  return h * h * penalty::tangent_stiffness(law, positive) + h * damping;
}

// The elastic force of the normal spring at the overlap (K delta on a contact not overlapping
// yet, as the linearization extends it).
double spring_force(const penalty::NormalLaw& law, double overlap) {
  if (overlap > 0.0) return penalty::normal_force(law, overlap, 0.0).elastic;
  return penalty::tangent_stiffness(law, 0.0) * overlap;
}

// f: the force of the slider's spring on A, the part of the tangential impulse r_T that the
// dashpot did not carry, r_T / h + eta_t u_T (u_T the slip velocity at the end of r's step),
// shortened to the cone's mu r_N / h.
math::VecX slider_force(const math::Vec3& impulse, const math::VecX& slip, double damping,
                        double friction, double h) {
  const auto d = slip.size() + 1;
  math::VecX spring = impulse.segment(1, d - 1) / h + damping * slip;
  const double cap = friction * std::max(impulse[0], 0.0) / h;
  if (spring.norm() > cap) spring *= cap / spring.norm();
  return spring;
}

// The slip velocity of A on B at the contact now, the frame's tangential components.
math::VecX slip_velocity(const Contact& contact, const model::Scene& scene) {
  const math::Vec3 slip_W = scene.bodies[contact.body_a].point_velocity(contact.point.p) -
                            scene.bodies[contact.body_b].point_velocity(contact.point.p);
  return (contact.frame.transpose() * slip_W).segment(1, scene.dimension - 1);
}

}  // namespace

bool penalty_resists(const Contact& contact, const ContactSides& sides, double h) {
  const double overlap = -contact.point.gap;
  return normal_rigidity(
             sides.laws(contact.body_a, contact.body_b, std::max(overlap, 0.0), contact.point.area)
                 .normal,
             overlap, h) > 0.0;
}

ContactCompliance penalty_compliance(const std::vector<Contact>& contacts,
                                     const ContactMemory& impulses, const ContactSides& sides,
                                     const model::Scene& scene, double h) {
  const int d = scene.dimension;
  const auto n = static_cast<math::Index>(contacts.size());
  ContactCompliance compliance{math::VecX::Zero(d * n), math::VecX::Zero(d * n)};
  for (math::Index a = 0; a < n; ++a) {
    const Contact& contact = contacts[a];
    const double overlap = -contact.point.gap;
    const double positive = std::max(overlap, 0.0);
    const penalty::ContactLaws laws =
        sides.laws(contact.body_a, contact.body_b, positive, contact.point.area);
    const double elastic_force = spring_force(laws.normal, overlap);
    const double c_N = 1.0 / normal_rigidity(laws.normal, overlap, h);
    auto c_a = compliance.compliance.segment(d * a, d);
    auto s_a = compliance.shift.segment(d * a, d);
    c_a[0] = c_N;
    s_a[0] = -c_N * h * elastic_force;

    const penalty::TangentialRigidity tangential =
        penalty::tangential_rigidity(laws.tangential, std::max(elastic_force, 0.0));
    MOREAU_ASSERT(tangential.stiffness > 0.0);
    const double c_T = 1.0 / (h * h * tangential.stiffness + h * tangential.damping);
    c_a.tail(d - 1).setConstant(c_T);
    const math::Vec3* r_k = impulses.recall(contact.key, contact.point.p, scene);
    if (!r_k) continue;
    s_a.tail(d - 1) =
        -c_T * h *
        slider_force(*r_k, slip_velocity(contact, scene), tangential.damping, contact.friction, h);
  }
  return compliance;
}

double penalty_spring_energy(const Contact& contact, double overlap, const math::Vec3& impulse,
                             const math::VecX& slip, const ContactSides& sides, double h) {
  if (!(overlap > 0.0)) return 0.0;
  const penalty::ContactLaws laws =
      sides.laws(contact.body_a, contact.body_b, overlap, contact.point.area);
  const penalty::TangentialRigidity tangential =
      penalty::tangential_rigidity(laws.tangential, spring_force(laws.normal, overlap));
  const math::VecX spring = slider_force(impulse, slip, tangential.damping, contact.friction, h);
  return penalty::elastic_energy(laws.normal, overlap) +
         spring.squaredNorm() / (2 * tangential.stiffness);
}

double penalty_spring_energy(const std::vector<Contact>& contacts, const ContactMemory& impulses,
                             const ContactSides& sides, const model::Scene& scene, double h) {
  double energy = 0.0;
  for (const Contact& contact : contacts) {
    const math::Vec3* r_k = impulses.recall(contact.key, contact.point.p, scene);
    energy += penalty_spring_energy(contact, -contact.point.gap, r_k ? *r_k : math::Vec3::Zero(),
                                    slip_velocity(contact, scene), sides, h);
  }
  return energy;
}

}  // namespace moreau::dynamics
