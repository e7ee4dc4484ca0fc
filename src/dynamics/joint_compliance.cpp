#include "moreau/dynamics/joint_compliance.hpp"

namespace moreau::dynamics {

ContactCompliance joint_compliance(const std::vector<Contact>& contacts,
                                   const ContactMemory& impulses, const model::Scene& scene,
                                   double h) {
  const int d = scene.dimension;
  const auto n = static_cast<math::Index>(contacts.size());
  ContactCompliance joint{math::VecX::Zero(d * n), math::VecX::Zero(d * n)};
  if (!scene.interactions.has_joint_stiffness()) return joint;
  for (math::Index a = 0; a < n; ++a) {
    const Contact& contact = contacts[a];
    const model::JointStiffness& stiffness =
        scene.interactions
            .law(scene.bodies[contact.body_a].material, scene.bodies[contact.body_b].material)
            .joint_stiffness;
    if (!stiffness.compliant() || !(contact.point.area > 0.0)) continue;
    const double c_N = 1.0 / (h * h * stiffness.normal * contact.point.area);
    const double c_T = 1.0 / (h * h * stiffness.shear * contact.point.area);
    auto c_a = joint.compliance.segment(d * a, d);
    auto s_a = joint.shift.segment(d * a, d);
    c_a.setConstant(c_T);
    c_a[0] = c_N;
    s_a[0] = contact.point.gap / h;
    // delta / h = -r_T,k / (h^2 K_t) = -C_T r_T,k
    if (const math::Vec3* r_k = impulses.recall(contact.key, contact.point.p, scene))
      s_a.tail(d - 1) = -c_T * r_k->segment(1, d - 1);
  }
  return joint;
}

}  // namespace moreau::dynamics
