// The damage map of a block assembly: for every pair of bodies that has touched, the largest
// opening and the largest slip its joint has reached since they first touched, what
// LMGC90's and 3DEC's users colour joints by after a test to see where a structure cracked.
// Each joint keeps its contact points of first touch as material points of both bodies; at
// a step, the gap that has grown between the two copies of a point, split along the joint's
// normal (opening, > 0 apart) and across it (slip), is the joint's deformation there.
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"

#include <map>
#include <utility>
#include <vector>

namespace moreau::dynamics {

struct JointDamage {
  int body_a = 0;  ///< the normal points from body_b towards body_a
  int body_b = 0;
  std::vector<math::Vec3> points_a;           ///< the contact points of first touch, body_a's frame
  std::vector<math::Vec3> points_b;           ///< the same points, body_b's frame
  math::Vec3 normal_b = math::Vec3::UnitZ();  ///< unit, body_b's frame
  double max_opening = 0.0;                   ///< m, >= 0
  double max_sliding = 0.0;                   ///< m, >= 0
};

/// Follows the joints step by step: call follow() after every step.
class JointDamageMap {
 public:
  /// Adds the pairs of `contacts` seen for the first time (their points and mean normal, as
  /// the step's contacts have them), then raises every joint's maxima to its opening and
  /// slip at the scene's current poses.
  void follow(const model::Scene& scene, const std::vector<Contact>& contacts);
  const std::vector<JointDamage>& joints() const { return joints_; }  ///< in order of first touch
  /// Continues from the joints of a checkpoint.
  void restore(std::vector<JointDamage> joints);

 private:
  std::vector<JointDamage> joints_;
  std::map<std::pair<int, int>, std::size_t> index_;  ///< (lower, higher) body -> joint
};

/// The joint's points on body_b at the scene's current poses, m, world: where it is drawn.
std::vector<math::Vec3> joint_points(const JointDamage& joint, const model::Scene& scene);

}  // namespace moreau::dynamics
