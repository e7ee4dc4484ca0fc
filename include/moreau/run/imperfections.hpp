// Imperfections of a problem drawn from a seed: the spread of a structure's collapse load over
// copies of it that differ as built structures do (block sizes and placement within a
// tolerance, scattered friction, a scattered loading rate). Dry masonry specimens built alike
// collapse at loads and with mechanisms that differ from one to the next (issue 43; Gilbert,
// Casapulla and Ahmed 2006); a run of the perfect model gives one of them.
#pragma once

#include "moreau/math/types.hpp"
#include "moreau/run/problem.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace moreau::run {

/// What is drawn, each from a uniform distribution, with the seed that makes a draw repeatable
/// on any machine (std::mt19937_64, whose sequence the C++ standard fixes).
struct Imperfections {
  std::uint64_t seed = 0;
  /// m, >= 0, below half the least width of the smallest free body: each free body shrinks
  /// about its centre of mass, its least width (geometry::least_width) smaller by U[0,
  /// block_size]. Shrinking, never growing, keeps blocks from overlapping: gaps open in the
  /// joints, and the blocks settle into them in the run's first steps.
  double block_size = 0.0;
  /// m, >= 0: each free body moves by a vector drawn uniformly from the ball (in planar mode
  /// the disc in the x-z plane) of radius min(placement, its room): the least distance by
  /// which its shrinking drew its faces in, so that it stays within the space it filled.
  double placement = 0.0;
  /// in [0, 1): each contact law's friction (the default's and each pair's) times 1 +
  /// U[-friction, friction].
  double friction = 0.0;
  /// in [0, 1): the gravity load's tilt rate and lateral rate times 1 + U[-rate, rate].
  double rate = 0.0;
  /// m, >= 0: each support (a fixed or driven body that is not a plane) drops along g0 by
  /// U[0, support], so that a base of several supports (a footing course, abutments) is
  /// uneven. Dropping, never rising, keeps them from overlapping what stands on them.
  double support = 0.0;
};

/// What a draw did to a free body.
struct BodyImperfection {
  std::string name;
  double shrink = 0.0;                    ///< m: how much smaller its least width is
  math::Vec3 shift = math::Vec3::Zero();  ///< m, world: how far its centre moved
};

/// What a draw did to a support.
struct SupportImperfection {
  std::string name;
  double drop = 0.0;  ///< m, along gravity
};

/// What a draw did to a problem, in the order it was drawn.
struct DrawnImperfections {
  double rate_factor = 1.0;  ///< the factor of the tilt and lateral rates
  /// the factors of the contact laws' friction: the default law's first, then each pair's in
  /// InteractionTable::for_each_law's order
  std::vector<double> friction_factors;
  std::vector<BodyImperfection> bodies;       ///< the free bodies, in the scene's order
  std::vector<SupportImperfection> supports;  ///< then the supports, in the scene's order
};

/// Checks the ranges documented on Imperfections against `problem`; `key` names the setting
/// in errors (e.g. "--imperfections").
/// @throws core::Diagnostic naming the setting out of range
void validate(const Imperfections& imperfections, const Problem& problem, const std::string& key);

/// Draws `imperfections` and applies them to `problem` at t = 0 (its free bodies at rest where
/// they were built): the same seed and settings give the same problem. The free bodies' mass
/// and moments of inertia follow their sizes (s^3 and s^5 for a factor s).
/// @pre validate(imperfections, problem, ...) passed
DrawnImperfections apply(const Imperfections& imperfections, Problem& problem);

}  // namespace moreau::run
