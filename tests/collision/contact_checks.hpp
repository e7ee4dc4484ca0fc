// Checks shared by the narrow-phase tests: a pose from a position and a rotation, and the
// contact points and normals compared with closed forms (points in any order).
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/geometry/pose.hpp"
#include "moreau/math/types.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace moreau::collision::checks {

// Where the configuration is given by exact numbers (axis-aligned boxes, rotations about one
// axis) the points and gaps are closed forms and only round-off of unit-size coordinates
// remains: 1e-12.
inline constexpr double kTol = 1e-12;

inline geometry::Pose at(const math::Vec3& x, const math::Quat& q = math::Quat::Identity()) {
  return {x, q};
}

// Every expected point is matched by one contact (order free).
inline void expect_points(const std::vector<ContactPoint>& contacts,
                          std::vector<math::Vec3> expected, double tol = kTol) {
  ASSERT_EQ(contacts.size(), expected.size());
  for (const ContactPoint& c : contacts) {
    const auto match = std::find_if(expected.begin(), expected.end(),
                                    [&](const math::Vec3& e) { return (e - c.p).norm() <= tol; });
    ASSERT_NE(match, expected.end()) << "unexpected point " << c.p.transpose();
    expected.erase(match);
  }
}

inline void expect_all(const std::vector<ContactPoint>& contacts, const math::Vec3& n, double gap) {
  for (const ContactPoint& c : contacts) {
    EXPECT_TRUE(c.n.isApprox(n, kTol)) << c.n.transpose();
    EXPECT_NEAR(c.gap, gap, kTol);
  }
}

}  // namespace moreau::collision::checks
