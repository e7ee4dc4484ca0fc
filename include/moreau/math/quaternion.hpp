// Unit quaternions for rigid-body orientation: the exponential-map update of the Moreau-Jean
// position step (docs/mathematics.md section 1), rotation of vectors, and axis-angle conversion.
// Convention: q maps body-frame vectors to world-frame vectors, x_W = q x_B q*.
#pragma once

#include "moreau/math/types.hpp"

#include <numbers>

namespace moreau::math {

/// Problem files, outputs and loads speak degrees; the mathematics, radians.
constexpr double radians(double degrees) { return degrees * (std::numbers::pi / 180.0); }
constexpr double degrees(double radians) { return radians * (180.0 / std::numbers::pi); }

/// Rotation by an angle about a unit axis.
struct AxisAngle {
  Vec3 axis = Vec3::UnitZ();  ///< unit vector
  double angle = 0.0;         ///< radians, in [0, pi]
};

/// exp(phi) for a rotation vector phi (radians): the unit quaternion
/// (cos(|phi|/2), sin(|phi|/2) phi/|phi|). For |phi| -> 0 the series
/// sin(x/2)/x = 1/2 - x^2/48 + x^4/3840 is used, exact to round-off below |phi| = 1e-4.
Quat exp_map(const Vec3& phi);

/// Orientation after a step h (s) with body-frame angular velocity w_B (rad/s):
///   q_k+1 = q_k exp(h w_B),
/// the exponential-map update (e.g. Simo & Wong 1991; Hairer, Lubich & Wanner, ch. VII).
/// Composition with w_B constant over the step is exact; the result is renormalized
/// so that round-off does not accumulate over millions of steps.
Quat integrate_orientation(const Quat& q, const Vec3& w_B, double h);

/// x_W = q x_B q*.
Vec3 rotate(const Quat& q, const Vec3& x_B);

/// The quaternion of a rotation by angle (radians) about axis (any non-zero length).
/// @pre axis.norm() > 0
Quat from_axis_angle(const Vec3& axis, double angle);

/// Axis and angle in [0, pi] of a unit quaternion. For the identity the axis is +z.
AxisAngle to_axis_angle(const Quat& q);

/// The angle (radians, in [0, pi]) of the rotation that takes orientation `from` to `to`:
/// that of to from^-1.
double rotation_angle(const Quat& from, const Quat& to);

}  // namespace moreau::math
