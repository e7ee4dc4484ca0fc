// What a problem describes: bodies, the contact laws between their materials, gravity.
#pragma once

#include "moreau/model/body.hpp"
#include "moreau/penalty/law_pair.hpp"

#include <map>
#include <utility>
#include <vector>

namespace moreau::model {

/// The stiffness of a compliant joint per unit area of joint (3DEC's jkn and jks), for NSCD
/// (dynamics/joint_compliance.hpp); 0: a rigid contact (Signorini-Coulomb).
struct JointStiffness {
  double normal = 0.0;  ///< k_n, Pa/m, >= 0
  double shear = 0.0;   ///< k_s, Pa/m, > 0 when normal > 0 and 0 otherwise
  bool compliant() const { return normal > 0.0; }
};

/// The contact law of a pair of materials: Coulomb friction and Newton restitution (NSCD),
/// the spring-dashpot laws of the penalty mode, calibrated from the same mu and e, and the
/// strengths of a brittle Mohr-Coulomb joint between bodies bonded at the start of a run
/// (dynamics/cohesive_joints.hpp).
struct ContactLaw {
  double friction = 0.5;          ///< mu, >= 0 (> 0 with cohesion)
  double restitution = 0.0;       ///< e, in [0, 1]; docs/mathematics.md's default 0 (inelastic)
  double cohesion = 0.0;          ///< c, Pa, >= 0; 0: no bond
  double tensile_strength = 0.0;  ///< f_t, Pa, in [0, c / mu]
  penalty::LawPair penalty = {};
  JointStiffness joint_stiffness = {};
};

/// The law of each pair of materials, with a default for pairs not listed.
class InteractionTable {
 public:
  explicit InteractionTable(ContactLaw fallback = {}) : fallback_(std::move(fallback)) {}
  /// Sets the law of the unordered pair (a, b).
  void set(int a, int b, ContactLaw law) { laws_[ordered(a, b)] = std::move(law); }
  /// Calls visit(ContactLaw&) on the default law and on every pair's.
  template <typename Visit>
  void for_each_law(Visit visit) {
    visit(fallback_);
    for (auto& [pair, law] : laws_) visit(law);
  }
  /// Calls visit(const ContactLaw&) on the default law and on every pair's.
  template <typename Visit>
  void for_each_law(Visit visit) const {
    visit(fallback_);
    for (const auto& [pair, law] : laws_) visit(law);
  }
  /// Whether any law, the default's included, satisfies holds(const ContactLaw&).
  template <typename Predicate>
  bool any_law(Predicate holds) const {
    bool found = false;
    for_each_law([&](const ContactLaw& law) { found = found || holds(law); });
    return found;
  }
  /// Whether any law, the default's included, bonds its pair (cohesion > 0).
  bool has_cohesion() const {
    return any_law([](const ContactLaw& law) { return law.cohesion > 0.0; });
  }
  /// Whether any law, the default's included, makes its joints compliant.
  bool has_joint_stiffness() const {
    return any_law([](const ContactLaw& law) { return law.joint_stiffness.compliant(); });
  }
  const ContactLaw& law(int a, int b) const {
    const auto found = laws_.find(ordered(a, b));
    return found == laws_.end() ? fallback_ : found->second;
  }

 private:
  static std::pair<int, int> ordered(int a, int b) { return {std::min(a, b), std::max(a, b)}; }
  ContactLaw fallback_;
  std::map<std::pair<int, int>, ContactLaw> laws_;
};

struct Scene {
  int dimension = 3;                     ///< 3, or 2 for planar mode (x-z plane)
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  ///< m/s^2
  std::vector<Body> bodies;
  InteractionTable interactions;
  double time = 0.0;  ///< s
};

}  // namespace moreau::model
