#include "moreau/dynamics/joint_compliance.hpp"

#include <optional>

namespace moreau::dynamics {
namespace {

// C_N = 1 / (h^2 K_n) and C_T = 1 / (h^2 K_t) of a contact, K = k A_i; none for a rigid one.
struct JointCompliance {
  double normal = 0.0, tangential = 0.0;
};

std::optional<JointCompliance> compliance_of(const Contact& contact, const model::Scene& scene,
                                             double h) {
  const model::JointStiffness& stiffness =
      scene.interactions
          .law(scene.bodies[contact.body_a].material, scene.bodies[contact.body_b].material)
          .joint_stiffness;
  if (!stiffness.compliant() || !(contact.point.area > 0.0)) return std::nullopt;
  return JointCompliance{1.0 / (h * h * stiffness.normal * contact.point.area),
                         1.0 / (h * h * stiffness.shear * contact.point.area)};
}

}  // namespace

ContactCompliance joint_compliance(const std::vector<Contact>& contacts,
                                   const ContactMemory& impulses, const model::Scene& scene,
                                   double h) {
  const int d = scene.dimension;
  const auto n = static_cast<math::Index>(contacts.size());
  ContactCompliance joint{math::VecX::Zero(d * n), math::VecX::Zero(d * n)};
  if (!scene.interactions.has_joint_stiffness()) return joint;
  for (math::Index a = 0; a < n; ++a) {
    const Contact& contact = contacts[a];
    const std::optional<JointCompliance> c = compliance_of(contact, scene, h);
    if (!c) continue;
    auto c_a = joint.compliance.segment(d * a, d);
    auto s_a = joint.shift.segment(d * a, d);
    c_a.setConstant(c->tangential);
    c_a[0] = c->normal;
    s_a[0] = contact.point.gap / h;
    // delta / h = -r_T,k / (h^2 K_t) = -C_T r_T,k
    if (const math::Vec3* r_k = impulses.recall(contact.key, contact.point.p, scene))
      s_a.tail(d - 1) = -c->tangential * r_k->segment(1, d - 1);
  }
  return joint;
}

double joint_spring_energy(const math::VecX& compliance, const math::VecX& r) {
  return 0.5 * r.dot(compliance.cwiseProduct(r));
}

double joint_spring_energy(const std::vector<Contact>& contacts, const ContactMemory& impulses,
                           const model::Scene& scene, double h) {
  if (!scene.interactions.has_joint_stiffness()) return 0.0;
  double energy = 0.0;
  for (const Contact& contact : contacts) {
    const std::optional<JointCompliance> c = compliance_of(contact, scene, h);
    const math::Vec3* r_k = c ? impulses.recall(contact.key, contact.point.p, scene) : nullptr;
    if (!r_k) continue;
    const int d = scene.dimension;
    energy += 0.5 * (c->normal * (*r_k)[0] * (*r_k)[0] +
                     c->tangential * r_k->segment(1, d - 1).squaredNorm());
  }
  return energy;
}

}  // namespace moreau::dynamics
