// Bodies that leave the structure during a run (a voussoir falling through where the ground
// is not modelled, a block sliding away) are removed instead of being followed forever:
// LMGC90 users clean their samples the same way. A removed body neither moves nor touches
// anything, and its energy leaves the balance.
#pragma once

#include "moreau/model/scene.hpp"

#include <optional>
#include <string>
#include <vector>

namespace moreau::dynamics {

/// Where the structure ends; a bound left unset is off.
struct RemovalBounds {
  std::optional<double> below;   ///< m: remove a free body whose centre of mass is below z
  std::optional<double> beyond;  ///< m: remove a free body whose centre of mass is farther
                                 ///< than this from the vertical axis through the origin
};

/// One removed body.
struct Removal {
  int body = 0;        ///< index in Scene::bodies
  std::string bound;   ///< "below" or "beyond"
  double value = 0.0;  ///< m: its centre's z, or its distance from the axis, when removed
};

/// Removes the free bodies that crossed a bound (their motion becomes Removed, their
/// velocities zero) and says which.
std::vector<Removal> remove_escaped_bodies(model::Scene& scene, const RemovalBounds& bounds);

}  // namespace moreau::dynamics
