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

}  // namespace

bool penalty_resists(const Contact& contact, const ContactSides& sides, double h) {
  const double overlap = -contact.point.gap;
  return normal_rigidity(sides.laws(contact.body_a, contact.body_b, std::max(overlap, 0.0)).normal,
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
    const penalty::ContactLaws laws = sides.laws(contact.body_a, contact.body_b, positive);
    const double stiffness = penalty::tangent_stiffness(laws.normal, positive);
    const double elastic_force = overlap > 0.0
                                     ? penalty::normal_force(laws.normal, overlap, 0.0).elastic
                                     : stiffness * overlap;
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
    const math::Vec3 slip_W = scene.bodies[contact.body_a].point_velocity(contact.point.p) -
                              scene.bodies[contact.body_b].point_velocity(contact.point.p);
    const math::VecX slip = (contact.frame.transpose() * slip_W).segment(1, d - 1);
    math::VecX spring = r_k->segment(1, d - 1) / h + tangential.damping * slip;
    const double cap = contact.friction * std::max((*r_k)[0], 0.0) / h;
    if (spring.norm() > cap) spring *= cap / spring.norm();
    s_a.tail(d - 1) = -c_T * h * spring;
  }
  return compliance;
}

}  // namespace moreau::dynamics
