#include "moreau/dynamics/joint_compliance.hpp"

#include "moreau/dynamics/interfaces.hpp"

#include <map>
#include <utility>

namespace moreau::dynamics {

JointCompliance joint_compliance(const std::vector<Contact>& contacts,
                                 const ContactMemory& impulses, const model::Scene& scene,
                                 double h) {
  const int d = scene.dimension;
  const auto n = static_cast<math::Index>(contacts.size());
  JointCompliance joint{math::VecX::Zero(d * n), math::VecX::Zero(d * n)};
  if (!scene.interactions.has_joint_stiffness()) return joint;
  // The contacts of each compliant pair of bodies, with the pair's stiffness.
  struct Joint {
    model::JointStiffness stiffness;
    std::vector<math::Index> members;
  };
  std::map<std::pair<int, int>, Joint> pairs;
  for (math::Index a = 0; a < n; ++a) {
    const Contact& contact = contacts[a];
    const model::ContactLaw& law = scene.interactions.law(scene.bodies[contact.body_a].material,
                                                          scene.bodies[contact.body_b].material);
    if (!law.joint_stiffness.compliant()) continue;
    Joint& pair = pairs[{contact.body_a, contact.body_b}];
    pair.stiffness = law.joint_stiffness;
    pair.members.push_back(a);
  }
  for (const auto& [bodies, pair] : pairs) {
    const std::vector<math::Index>& members = pair.members;
    std::vector<math::Vec3> points;
    points.reserve(members.size());
    for (const math::Index a : members) points.push_back(contacts[a].point.p);
    const Contact& first = contacts[members.front()];
    const double area_per_point =
        contact_area(points, first.frame.col(0), d) / static_cast<double>(members.size());
    if (!(area_per_point > 0.0)) continue;
    const double c_N = 1.0 / (h * h * pair.stiffness.normal * area_per_point);
    const double c_T = 1.0 / (h * h * pair.stiffness.shear * area_per_point);
    for (const math::Index a : members) {
      auto c_a = joint.compliance.segment(d * a, d);
      auto s_a = joint.shift.segment(d * a, d);
      c_a.setConstant(c_T);
      c_a[0] = c_N;
      s_a[0] = contacts[a].point.gap / h;
      // delta / h = -r_T,k / (h^2 K_t) = -C_T r_T,k
      if (const math::Vec3* r_k = impulses.recall(contacts[a].key, contacts[a].point.p, scene))
        s_a.tail(d - 1) = -c_T * r_k->segment(1, d - 1);
    }
  }
  return joint;
}

}  // namespace moreau::dynamics
