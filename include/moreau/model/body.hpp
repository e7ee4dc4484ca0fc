// A rigid body (docs/mathematics.md section 1): its shape, mass properties and state. The state is
// that of the body frame, whose origin is the centre of mass and whose axes are principal axes of
// inertia (in planar mode: the shape's axes, since only the y axis matters), so that the mass
// matrix is diag(m I3, J) with J diagonal.
#pragma once

#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"
#include "moreau/math/types.hpp"

#include <functional>
#include <string>

namespace moreau::model {

using math::Quat;
using math::Vec3;

/// How a body moves: with the dynamics, not at all, or as prescribed (supports, shaking
/// tables, settlements). A removed body has left the structure during the run (fallen
/// below or beyond given bounds): it no longer moves, touches or counts.
enum class Motion { Free, Fixed, Driven, Removed };

/// A prescribed motion: linear velocity (m/s, world) and angular velocity (rad/s, world) of
/// the body frame as functions of time (s). A displacement history (m, world, relative to
/// any fixed origin), when set, replaces `linear`: the body then moves by exactly
/// d(t_k+1) - d(t_k) in every step, with that mean velocity (a settlement ends where it is
/// told to, whatever the step).
struct PrescribedVelocity {
  std::function<Vec3(double)> linear = [](double) { return Vec3::Zero(); };
  std::function<Vec3(double)> angular = [](double) { return Vec3::Zero(); };
  std::function<Vec3(double)> displacement;
};

struct Body {
  std::string name;
  geometry::Shape shape;
  geometry::Pose shape_in_body;  ///< the shape's local frame in the body frame
  Motion motion = Motion::Free;
  PrescribedVelocity prescribed;  ///< used when motion == Driven
  int material = 0;               ///< index into the scene's materials

  double mass = 0.0;            ///< kg (0 for fixed bodies)
  Vec3 inertia = Vec3::Zero();  ///< principal moments, kg m^2
  Vec3 x = Vec3::Zero();        ///< centre of mass, m, world
  Quat q = Quat::Identity();    ///< body frame -> world
  Vec3 v = Vec3::Zero();        ///< m/s, world
  Vec3 w_B = Vec3::Zero();      ///< angular velocity, rad/s, body frame

  /// Where the shape is in the world now.
  geometry::Pose shape_pose() const;
  /// World velocity of the body-fixed point at p (m, world): v + R w_B x (p - x).
  Vec3 point_velocity(const Vec3& p) const;
};

/// A body of homogeneous shape whose shape frame is placed at shape_pose in the world:
/// computes mass, centre and principal axes (geometry::mass_properties) and sets the body
/// frame accordingly. In planar mode (dimension 2) the body frame keeps the shape's axes,
/// so that rotations stay about y.
/// @throws core::Diagnostic for a bad density or a shape without finite mass (a plane)
Body make_free_body(std::string name, geometry::Shape shape, double density,
                    const geometry::Pose& shape_pose, int dimension);

/// A fixed body (ground, abutment): no mass, no motion; the body frame is the shape frame.
Body make_fixed_body(std::string name, geometry::Shape shape, const geometry::Pose& shape_pose);

}  // namespace moreau::model
