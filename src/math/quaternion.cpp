#include "moreau/math/quaternion.hpp"

#include "moreau/core/assert.hpp"

#include <cmath>

namespace moreau::math {

Quat exp_map(const Vec3& phi) {
  const double angle = phi.norm();
  const double half = 0.5 * angle;
  // sin(angle/2)/angle; its Taylor series is used where the quotient loses digits.
  const double sinc_half = angle < 1e-4 ? 0.5 - angle * angle / 48.0 + std::pow(angle, 4) / 3840.0
                                        : std::sin(half) / angle;
  const Vec3 vector_part = sinc_half * phi;
  return Quat(std::cos(half), vector_part.x(), vector_part.y(), vector_part.z());
}

Quat integrate_orientation(const Quat& q, const Vec3& w_B, double h) {
  // Right multiplication: w_B is expressed in the body frame.
  return (q * exp_map(h * w_B)).normalized();
}

Vec3 rotate(const Quat& q, const Vec3& x_B) { return q * x_B; }

Quat from_axis_angle(const Vec3& axis, double angle) {
  MOREAU_ASSERT(axis.norm() > 0.0);
  return exp_map(angle * axis.normalized());
}

AxisAngle to_axis_angle(const Quat& q) {
  // q and -q are the same rotation; the representative with w >= 0 gives angle in [0, pi].
  const Quat p = q.w() < 0.0 ? Quat(-q.w(), -q.x(), -q.y(), -q.z()) : q;
  const double sin_half = p.vec().norm();
  if (sin_half == 0.0) return AxisAngle{};
  // atan2 keeps full accuracy for small and near-pi angles, where acos(w) would not.
  return AxisAngle{p.vec() / sin_half, 2.0 * std::atan2(sin_half, p.w())};
}

double rotation_angle(const Quat& from, const Quat& to) {
  return to_axis_angle(to * from.conjugate()).angle;
}

}  // namespace moreau::math
