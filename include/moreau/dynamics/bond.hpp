// A bonded contact point of a cohesive joint (cohesive_joints.hpp) and how a joint fails: the
// strengths one point carries, and the events a step reports when bonds break.
#pragma once

#include "moreau/collision/contact_cache.hpp"

#include <vector>

namespace moreau::dynamics {

/// The strength of one bonded contact point: the joint's stresses times the area A_i the
/// point stands for (its joint's contact area over its number of points), N.
struct Bond {
  double cohesion = 0.0;          ///< c A_i, > 0
  double tensile_strength = 0.0;  ///< f_t A_i, in [0, c A_i / mu]
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
