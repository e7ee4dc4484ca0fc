// Where a shape is: the rigid map from its local frame to the world frame,
//   x_W = position + R(orientation) x_L.
// In planar mode the orientation is a rotation about y only and the position has y = 0.
#pragma once

#include "moreau/math/types.hpp"

namespace moreau::geometry {

/// N.B. write Pose{p}, not Pose{p, {}}: an explicit {} initializes the orientation with
/// Eigen's quaternion default constructor, which leaves it uninitialized (the Identity()
/// default applies only to an omitted member).
struct Pose {
  math::Vec3 position = math::Vec3::Zero();         ///< m, world frame
  math::Quat orientation = math::Quat::Identity();  ///< unit, local -> world

  /// A point given in the local frame, in world coordinates.
  math::Vec3 point_to_world(const math::Vec3& x_local) const {
    return position + orientation * x_local;
  }
  /// A direction given in the local frame, in world coordinates.
  math::Vec3 vector_to_world(const math::Vec3& v_local) const { return orientation * v_local; }
};

}  // namespace moreau::geometry
