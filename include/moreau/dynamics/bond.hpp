// A bonded contact point of a cohesive joint (cohesive_joints.hpp) and how a joint fails: the
// strengths one point carries, and the events a step reports when bonds break.
#pragma once

#include "moreau/collision/contact_cache.hpp"
#include "moreau/math/types.hpp"

#include <vector>

namespace moreau::dynamics {

/// The strength of one bonded contact point: the joint's stresses times the area A_i the
/// point stands for (its joint's contact area over its number of points), N.
struct Bond {
  double cohesion = 0.0;          ///< c A_i, > 0
  double tensile_strength = 0.0;  ///< f_t A_i, in [0, c A_i / mu]
  /// m, the bonded point in the frame of body_a (Body::q, Body::x), where it was bonded: the
  /// bond follows the contact point found there when the point's feature pair changes.
  math::Vec3 anchor = math::Vec3::Zero();
};

enum class FailureMode { Tension, Shear };

/// Bonds of one pair of bodies that broke together in a step, for good.
struct JointFailure {
  int body_a = 0;  ///< the pair as its contacts name it
  int body_b = 0;
  FailureMode mode = FailureMode::Tension;
  std::vector<collision::ContactKey> points;  ///< the broken bonds
};

}  // namespace moreau::dynamics
