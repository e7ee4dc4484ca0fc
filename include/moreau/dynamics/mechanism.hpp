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
  math::Vec3 centre_of_mass = math::Vec3::Zero();           ///< m, world
  math::Vec3 centre_of_mass_velocity = math::Vec3::Zero();  ///< m/s, relative to the frame
  /// m: the largest distance from the centre of mass to a point of a body's bounding sphere.
  double size = 0.0;
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
  /// Unit, world: the mean normal of the closed contacts, from body_b towards body_a.
  math::Vec3 normal = math::Vec3::UnitZ();
  /// Whether the closed contacts lie on one line along the bodies' relative angular velocity:
  /// the joint turns on that edge (a hinge's, or the edge a sliding joint rocks on while it
  /// slips). In planar mode the edge, along y, is one point: the corner of the drawing.
  bool on_edge = false;
  /// m, world: the ends of that edge, the first and the last closed contact along the relative
  /// angular velocity, projected on the line through their mean; `position` both when not
  /// on_edge.
  math::Vec3 edge_start = math::Vec3::Zero();
  math::Vec3 edge_end = math::Vec3::Zero();
  /// Unit, world: in the joint's plane, across the edge, from under the centre of the body
  /// whose face the edge bounds towards the edge (+x for a block overturning towards +x on its
  /// base). That body is the one whose centre the edge is farther from, in half least widths
  /// of the body. Zero when not on_edge, or when the edge runs under that centre.
  math::Vec3 side = math::Vec3::Zero();
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

/// One line for a person, in the structure's terms. One part: "overturning of 18 blocks
/// about the edge from (-0.8, 0.1, 0) to (0.8, 0.1, 0): hinges at the +y edge of
/// wall/course00_block00, wall/course00_block01, wall/course00_block02 and 1 more on ground";
/// "rotation of 1 block about the corner at (0.053, 0, 0) while sliding along (1, 0, 0): sliding at
/// the +x edge of block on ground" (rocking on an edge that slips); "sliding of 1 block along (1,
/// 0, 0): sliding at block on ground". A part that turns about an axis through none of its joints
/// is given by the point of the axis nearest its centre of mass, or when that axis passes
/// farther than the part's size, by the axis through its centre of mass and that centre's
/// motion. Several parts: "4-hinge mechanism of 3 parts (13 blocks): hinges at the -x edge of
/// arch/voussoir01 on arch/voussoir00, the lower +x edge of arch/voussoir04 on
/// arch/voussoir03, ...". The joints are grouped by the pair of parts
/// they join (one hinge line each), "on" when the upper bodies rest on the lower ones; at most
/// 4 hinge lines and 2 sliding ones are named, each by 3 bodies on one side and 2 on the
/// other, and the rest counted, which bounds the line's length.
std::string describe(const Mechanism& mechanism, const model::Scene& scene);

}  // namespace moreau::dynamics
