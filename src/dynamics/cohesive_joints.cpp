#include "moreau/dynamics/cohesive_joints.hpp"

#include "moreau/contact/local_problem.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/dynamics/interfaces.hpp"

#include <algorithm>
#include <map>

namespace moreau::dynamics {
namespace {

using contact::kNormal;
using PairKey = std::pair<int, int>;

// How close to its strength a bond counts as having reached it: the accuracy the solvers
// satisfy the cone to (cohesive_joints.hpp).
constexpr double kStrengthReached = 1.0 - 1e-6;

struct BondedForce {
  collision::ContactKey key;
  double normal = 0.0;          ///< F_N, N, > 0 pressing
  double tangential = 0.0;      ///< |F_T|, N
  double shear_strength = 0.0;  ///< C + mu F_N, N
};

// The bonded contacts of the step with their forces, by pair of bodies.
std::map<PairKey, std::vector<BondedForce>> bonded_forces(
    const std::vector<Contact>& contacts, double h, const collision::ContactCache<Bond>& bonds) {
  std::map<PairKey, std::vector<BondedForce>> pairs;
  for (const Contact& contact : contacts) {
    const Bond* bond = bonds.find(contact.key);
    if (!bond) continue;
    const math::Vec3 force = contact.impulse / h;
    const double normal = force[kNormal];
    pairs[{contact.key.body_a, contact.key.body_b}].push_back(
        {contact.key, normal, force.tail<2>().norm(), bond->cohesion + contact.friction * normal});
  }
  return pairs;
}

}  // namespace

double cone_shift(const Bond& bond, double friction) {
  MOREAU_ASSERT(friction > 0.0);
  return bond.cohesion / friction;
}

void CohesiveJoints::bond(const std::vector<BodyContact>& contacts, const model::Scene& scene,
                          double allowance) {
  std::map<PairKey, std::vector<const BodyContact*>> pairs;
  for (const BodyContact& contact : contacts) {
    const model::ContactLaw& law = scene.interactions.law(scene.bodies[contact.body_a].material,
                                                          scene.bodies[contact.body_b].material);
    MOREAU_ASSERT(law.cohesion == 0.0 ||
                  (law.friction > 0.0 && law.tensile_strength <= law.cohesion / law.friction));
    if (law.cohesion > 0.0 && contact.point.gap <= allowance)
      pairs[{contact.body_a, contact.body_b}].push_back(&contact);
  }
  std::vector<std::pair<collision::ContactKey, Bond>> bonds;
  for (const auto& [pair, members] : pairs) {
    std::vector<math::Vec3> points;
    for (const BodyContact* contact : members) points.push_back(contact->point.p);
    const double area = contact_area(points, members.front()->point.n, scene.dimension);
    if (!(area > 0.0)) continue;
    const model::ContactLaw& law = scene.interactions.law(scene.bodies[pair.first].material,
                                                          scene.bodies[pair.second].material);
    const double share = area / static_cast<double>(members.size());
    for (const BodyContact* contact : members)
      bonds.emplace_back(
          collision::ContactKey{pair.first, pair.second, contact->point.feature.key()},
          Bond{law.cohesion * share, law.tensile_strength * share});
  }
  bonds_.replace(bonds);
}

std::vector<JointFailure> CohesiveJoints::failures(const std::vector<Contact>& contacts,
                                                   double h) const {
  MOREAU_ASSERT(h > 0.0);
  const std::map<PairKey, std::vector<BondedForce>> pairs = bonded_forces(contacts, h, bonds_);
  std::vector<JointFailure> tension, shear;
  for (const auto& [pair, points] : pairs) {
    JointFailure cracked{pair.first, pair.second, FailureMode::Tension, {}};
    for (const BondedForce& point : points)
      if (point.normal <= -kStrengthReached * bonds_.find(point.key)->tensile_strength)
        cracked.points.push_back(point.key);
    if (!cracked.points.empty()) tension.push_back(std::move(cracked));
    const bool slides = std::all_of(points.begin(), points.end(), [](const BondedForce& point) {
      return point.tangential >= kStrengthReached * point.shear_strength;
    });
    if (!slides) continue;
    JointFailure slid{pair.first, pair.second, FailureMode::Shear, {}};
    for (const auto& [key, bond] : bonds_.entries())
      if (key.body_a == pair.first && key.body_b == pair.second) slid.points.push_back(key);
    shear.push_back(std::move(slid));
  }
  return tension.empty() ? shear : tension;
}

void CohesiveJoints::apply(const std::vector<JointFailure>& failures) {
  for (const JointFailure& failure : failures)
    for (const collision::ContactKey& key : failure.points) bonds_.erase(key);
}

}  // namespace moreau::dynamics
