#include "moreau/dynamics/cohesive_joints.hpp"

#include "moreau/contact/local_problem.hpp"
#include "moreau/core/assert.hpp"

#include <algorithm>
#include <map>

namespace moreau::dynamics {
namespace {

using contact::kNormal;
using math::Index;
using math::Vec3;
using math::VecX;
using PairKey = std::pair<int, int>;

// How close to its strength a bond counts as having reached it: the accuracy the solvers
// satisfy the cone to (cohesive_joints.hpp).
constexpr double kStrengthReached = 1.0 - 1e-6;

// The contacts (Contact or BodyContact) of each pair of bodies.
template <typename ContactType>
std::map<PairKey, std::vector<const ContactType*>> by_pair(
    const std::vector<ContactType>& contacts) {
  std::map<PairKey, std::vector<const ContactType*>> pairs;
  for (const ContactType& contact : contacts)
    pairs[{contact.body_a, contact.body_b}].push_back(&contact);
  return pairs;
}

// The contacts of one pair of bodies in a step.
using JointContacts = std::vector<const Contact*>;

// The normal forces of a joint spread linearly over its points: the least-squares forces
// N' = Phi Phi^+ N with rows phi_i = (1, x_i, y_i) (in-plane coordinates), which have the
// resultant and moments of N and differ from N by its self-equilibrated part. Rigid bodies
// leave that part undetermined for more than 3 points (the warping of a rectangle's corners);
// for 2 points, or 3 not in line, N' = N.
VecX linear_normal_forces(const JointContacts& joint) {
  const auto n = static_cast<Index>(joint.size());
  const math::Mat3& frame = joint.front()->frame;
  const Vec3 origin = joint.front()->point.p;
  math::MatX phi(n, 3);
  VecX normal(n);
  for (Index i = 0; i < n; ++i) {
    const Vec3 arm = joint[i]->point.p - origin;
    phi.row(i) << 1.0, arm.dot(frame.col(1)), arm.dot(frame.col(2));
    normal[i] = joint[i]->force[kNormal];
  }
  return phi * phi.completeOrthogonalDecomposition().solve(normal);
}

// Bonds of the joint whose linearly spread normal force reaches their tensile strength.
std::vector<collision::ContactKey> cracked_points(const JointContacts& joint,
                                                  const collision::ContactCache<Bond>& bonds) {
  const VecX normal = linear_normal_forces(joint);
  std::vector<collision::ContactKey> cracked;
  for (std::size_t i = 0; i < joint.size(); ++i) {
    const Bond* bond = bonds.find(joint[i]->key);
    if (bond && normal[static_cast<Index>(i)] <= -kStrengthReached * bond->tensile_strength)
      cracked.push_back(joint[i]->key);
  }
  return cracked;
}

// Whether the resultant shear of the joint's bonded points (it has some) reaches their
// strength sum (C_i + mu F_N,i): the joint slides as a whole.
bool slides(const JointContacts& joint, const collision::ContactCache<Bond>& bonds) {
  Vec3 shear = Vec3::Zero();
  double strength = 0.0;
  for (const Contact* contact : joint) {
    const Bond* bond = bonds.find(contact->key);
    if (!bond) continue;
    const Vec3& force = contact->force;
    shear += contact->frame.rightCols<2>() * force.tail<2>();
    strength += bond->cohesion + contact->friction * force[kNormal];
  }
  return shear.norm() >= kStrengthReached * strength;
}

}  // namespace

double cone_shift(const Bond& bond, double friction) {
  MOREAU_ASSERT(friction > 0.0);
  return bond.cohesion / friction;
}

void CohesiveJoints::bond(const std::vector<BodyContact>& contacts, const model::Scene& scene,
                          double allowance) {
  std::vector<std::pair<collision::ContactKey, Bond>> bonds;
  for (const BodyContact& contact : contacts) {
    const model::ContactLaw& law = scene.interactions.law(scene.bodies[contact.body_a].material,
                                                          scene.bodies[contact.body_b].material);
    MOREAU_ASSERT(law.cohesion == 0.0 ||
                  (law.friction > 0.0 && law.tensile_strength <= law.cohesion / law.friction));
    if (!(law.cohesion > 0.0 && contact.point.gap <= allowance && contact.point.area > 0.0))
      continue;
    const model::Body& body_a = scene.bodies[contact.body_a];
    bonds.emplace_back(
        collision::ContactKey{contact.body_a, contact.body_b, contact.point.feature.key()},
        Bond{law.cohesion * contact.point.area, law.tensile_strength * contact.point.area,
             body_a.q.conjugate() * (contact.point.p - body_a.x)});
  }
  bonds_.replace(bonds);
}

std::vector<JointFailure> CohesiveJoints::failures(const std::vector<Contact>& contacts) const {
  if (bonds_.size() == 0) return {};
  std::vector<JointFailure> tension = lost_bonds(contacts), shear;
  for (const auto& [pair, joint] : by_pair(contacts)) {
    const bool bonded = std::any_of(joint.begin(), joint.end(),
                                    [&](const Contact* contact) { return find(contact->key); });
    if (!bonded) continue;
    std::vector<collision::ContactKey> cracked = cracked_points(joint, bonds_);
    if (!cracked.empty()) {
      tension.push_back({pair.first, pair.second, FailureMode::Tension, std::move(cracked)});
      continue;
    }
    if (!slides(joint, bonds_)) continue;
    JointFailure slid{pair.first, pair.second, FailureMode::Shear, {}};
    for (const auto& [key, bond] : bonds_.entries())
      if (key.body_a == pair.first && key.body_b == pair.second) slid.points.push_back(key);
    shear.push_back(std::move(slid));
  }
  return tension.empty() ? shear : tension;
}

void CohesiveJoints::bond_touching(const model::Scene& scene) {
  if (!scene.interactions.has_cohesion()) return;
  const double allowance = contact_allowance(scene);
  bond(detect_body_contacts(scene, std::vector<double>(scene.bodies.size(), allowance)), scene,
       allowance);
}

void CohesiveJoints::follow(const std::vector<BodyContact>& contacts, const model::Scene& scene) {
  if (bonds_.size() == 0) return;
  const std::map<PairKey, std::vector<const BodyContact*>> pairs = by_pair(contacts);
  std::vector<std::pair<collision::ContactKey, Bond>> followed;
  bool changed = false;
  for (auto [key, bond] : bonds_.entries()) {
    const auto found = pairs.find({key.body_a, key.body_b});
    if (found != pairs.end() && std::none_of(found->second.begin(), found->second.end(),
                                             [feature = key.feature](const BodyContact* contact) {
                                               return contact->point.feature.key() == feature;
                                             })) {
      const model::Body& body_a = scene.bodies[key.body_a];
      const double tolerance = same_place_tolerance(body_a, scene.bodies[key.body_b]);
      const Vec3 anchor_W = body_a.x + body_a.q * bond.anchor;
      for (const BodyContact* contact : found->second)
        if ((contact->point.p - anchor_W).norm() <= tolerance) {
          key.feature = contact->point.feature.key();
          changed = true;
          break;
        }
    }
    followed.emplace_back(key, bond);
  }
  if (changed) bonds_.replace(followed);
}

// Bonds whose contact the step no longer detects have opened beyond the detection distance,
// which the steppers keep above the stretch of any bond at its strength: broken in tension.
std::vector<JointFailure> CohesiveJoints::lost_bonds(const std::vector<Contact>& contacts) const {
  collision::ContactCache<bool> seen;
  std::vector<std::pair<collision::ContactKey, bool>> keys;
  keys.reserve(contacts.size());
  for (const Contact& contact : contacts) keys.emplace_back(contact.key, true);
  seen.replace(keys);
  std::map<PairKey, std::vector<collision::ContactKey>> lost;
  for (const auto& [key, bond] : bonds_.entries())
    if (!seen.find(key)) lost[{key.body_a, key.body_b}].push_back(key);
  std::vector<JointFailure> failures;
  failures.reserve(lost.size());
  for (auto& [pair, keys_lost] : lost)
    failures.push_back({pair.first, pair.second, FailureMode::Tension, std::move(keys_lost)});
  return failures;
}

void CohesiveJoints::apply(const std::vector<JointFailure>& failures) {
  for (const JointFailure& failure : failures)
    for (const collision::ContactKey& key : failure.points) bonds_.erase(key);
}

}  // namespace moreau::dynamics
