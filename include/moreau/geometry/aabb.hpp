// Axis-aligned bounding boxes in the world frame, the broad phase's view of a shape.
#pragma once

#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"
#include "moreau/math/types.hpp"

namespace moreau::geometry {

struct Aabb {
  math::Vec3 lower;  ///< m; may be -infinity (planes)
  math::Vec3 upper;  ///< m; may be +infinity

  /// Closed boxes: touching boxes overlap (contacts at gap 0 must be found).
  bool overlaps(const Aabb& other) const {
    return (lower.array() <= other.upper.array()).all() &&
           (other.lower.array() <= upper.array()).all();
  }
  /// Grown by margin (m, >= 0) on every side, e.g. the detection distance.
  Aabb inflated(double margin) const { return {lower.array() - margin, upper.array() + margin}; }
};

/// The smallest world box containing the shape at pose. A Plane is unbounded except below
/// its surface when its normal is a coordinate axis (e.g. the ground z <= z0).
Aabb bounding_box(const Shape& shape, const Pose& pose);

}  // namespace moreau::geometry
