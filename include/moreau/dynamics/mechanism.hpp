// How a structure moves at an instant, read from its bodies' velocities and contacts: the
// kinematic half of a limit-analysis mechanism (Livesley 1978, Int. J. Numer. Meth. Eng.
// 12:1853; Heyman 1966 for the arch's hinges). Bodies whose relative motion is rigid form a
// part; the parts joined to a fixed or driven body stand still, the others move, each turning
// about an axis or sliding. A joint between two parts either stays closed at a point or an
// edge while the parts turn about it (a hinge) or stays closed while they slip along it
// (a sliding joint); joints that open everywhere separate and take no part.
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"

#include <string>
#include <vector>

namespace moreau::dynamics {

/// A group of bodies moving as one rigid body.
struct MovingPart {
  std::vector<int> bodies;  ///< ascending
  /// Turning (|omega| times the part's size above a tenth of its fastest speed), or sliding.
  bool turns = false;
  math::Vec3 angular_velocity = math::Vec3::Zero();  ///< rad/s, world
  /// Turning: the point of the instantaneous axis nearest the part's heaviest body's centre
  /// (in planar mode the instantaneous centre of rotation), m, world. Sliding: that centre.
  math::Vec3 axis_point = math::Vec3::Zero();
  /// Turning: the axis, unit, world (planar mode: +-y). Sliding: the direction of motion.
  math::Vec3 direction = math::Vec3::UnitX();
};

/// A joint between two parts that stays closed while they move (body_a on body_b's side).
struct JointMotion {
  int body_a = 0;
  int body_b = 0;
  /// m, world: a hinge's centre (the mean of its closed contact points); a sliding joint's
  /// mean contact point.
  math::Vec3 position = math::Vec3::Zero();
  /// Unit, world: a hinge's axis (the relative angular velocity's direction); a sliding
  /// joint's direction of slip of body_a relative to body_b.
  math::Vec3 direction = math::Vec3::UnitY();
};

struct Mechanism {
  std::vector<MovingPart> parts;     ///< the most bodies first
  std::vector<JointMotion> hinges;   ///< by (body_a, body_b)
  std::vector<JointMotion> sliding;  ///< by (body_a, body_b)
};

/// The mechanism of the scene's current velocities, measured relative to a frame moving at
/// `frame_velocity` (the shaken support under ground motion; zero otherwise). Speeds below
/// 1% of the fastest body's, or below 1e-6 m/s, count as rest: no moving part when nothing
/// moves faster.
/// @param contacts the step's contacts (Stepper::contacts), between the scene's bodies
Mechanism identify_mechanism(const model::Scene& scene, const std::vector<Contact>& contacts,
                             const math::Vec3& frame_velocity = math::Vec3::Zero());

/// One line for a person: "overturning of 14 blocks about the axis through (0.4, 0, 0) along
/// (0, 1, 0)", "sliding of 1 block along (-1, 0, 0)", "4-hinge mechanism of 3 parts: hinges
/// at voussoir02|voussoir03, ...", with the sliding joints when there are any.
std::string describe(const Mechanism& mechanism, const model::Scene& scene);

}  // namespace moreau::dynamics
