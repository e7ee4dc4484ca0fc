// The narrow phase's dispatch on the shape pair (collision::collide): swapping A and B flips
// the normal and keeps the points, the normal points from B towards A for every pair of
// types, and a planar polygon with a 3D shape is refused. The pairs' own contacts have their
// tests: face_contact_test, polyhedron_contact_test, sphere_contact_test.
#include "moreau/collision/narrow_phase.hpp"

#include "contact_checks.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>

#include <random>

namespace moreau::collision {
namespace {

using checks::at;
using checks::kTol;
using geometry::Box;
using geometry::Plane;
using geometry::Pose;
using geometry::Sphere;
using math::Vec3;

TEST(Symmetry, SwappingAAndBFlipsTheNormalAndKeepsThePoints) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const geometry::Shape a = Box{Vec3(0.6, 0.4, 0.3)};
    const geometry::Shape b =
        trial % 2 ? geometry::Shape(Box{Vec3(1.0, 0.7, 0.5)}) : geometry::Shape(Sphere{0.6});
    const Pose pa = at(Vec3(0.3 * unit(rng), 0.3 * unit(rng), 0.75 + 0.1 * unit(rng)),
                       math::from_axis_angle(Vec3(unit(rng), unit(rng), unit(rng)), unit(rng)));
    const Pose pb =
        at(Vec3::Zero(), math::from_axis_angle(Vec3(unit(rng), unit(rng), 1), 0.3 * unit(rng)));
    const auto ab = collide(a, pa, b, pb, 0.05);
    const auto ba = collide(b, pb, a, pa, 0.05);
    ASSERT_EQ(ab.size(), ba.size()) << "trial " << trial;
    for (std::size_t k = 0; k < ab.size(); ++k) {
      EXPECT_TRUE(ab[k].p.isApprox(ba[k].p, kTol)) << "trial " << trial;
      EXPECT_TRUE(ab[k].n.isApprox(-ba[k].n, kTol)) << "trial " << trial;
      EXPECT_NEAR(ab[k].gap, ba[k].gap, kTol);
      EXPECT_EQ(ab[k].feature.a, ba[k].feature.b);
      // n from B to A: moving A along n opens every gap.
      EXPECT_NEAR(ab[k].n.norm(), 1.0, kTol);
    }
    compared += static_cast<int>(ab.size());
  }
  EXPECT_GT(compared, 100);
}

TEST(Normal, PointsFromBTowardsA) {
  // A above B in every pair type: n has a positive z component.
  const Pose above = at(Vec3(0.1, 0.0, 1.9), math::from_axis_angle(Vec3(1, 1, 0), 0.1));
  const geometry::Shape shapes[] = {Sphere{1.0}, Box{Vec3::Ones()},
                                    geometry::ConvexPolyhedron::box(Vec3::Ones())};
  for (const auto& a : shapes)
    for (const auto& b : shapes)
      for (const ContactPoint& c : collide(a, above, b, at(Vec3::Zero()), 0.5))
        EXPECT_GT(c.n.z(), 0.9) << a.index() << " on " << b.index();
}

TEST(Dispatch, PolygonWithA3DShapeIsRefused) {
  const geometry::Polygon square(
      {math::Vec2(0, 0), math::Vec2(1, 0), math::Vec2(1, 1), math::Vec2(0, 1)});
  EXPECT_THROW(collide(square, at(Vec3::Zero()), Sphere{1.0}, at(Vec3::Zero()), 0.0),
               core::Diagnostic);
  EXPECT_TRUE(collide(Plane{}, at(Vec3::Zero()), Plane{}, at(Vec3::Zero()), 1.0).empty());
}

}  // namespace
}  // namespace moreau::collision
