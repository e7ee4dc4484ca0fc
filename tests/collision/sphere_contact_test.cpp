// Contact of spheres with spheres, planes and boxes (collision/sphere_contact.cpp): gaps,
// points and normals against the closest point found by hand, in the face, edge and vertex
// regions of a box and inside it.
#include "contact_checks.hpp"
#include "moreau/collision/narrow_phase.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace moreau::collision {
namespace {

using checks::at;
using checks::kTol;
using geometry::Box;
using geometry::Plane;
using geometry::Sphere;
using math::Vec3;

TEST(Spheres, SphereSphereAndSpherePlaneHaveAnalyticGaps) {
  const auto touching =
      collide(Sphere{0.5}, at(Vec3(3, 4, 0)), Sphere{1.0}, at(Vec3::Zero()), 10.0);
  ASSERT_EQ(touching.size(), 1u);
  EXPECT_NEAR(touching[0].gap, 5.0 - 1.5, kTol);
  EXPECT_TRUE(touching[0].n.isApprox(Vec3(0.6, 0.8, 0), kTol));
  EXPECT_TRUE(touching[0].p.isApprox(Vec3(0.6, 0.8, 0) * (1.0 + 3.5 / 2), kTol));
  EXPECT_TRUE(collide(Sphere{0.5}, at(Vec3(3, 4, 0)), Sphere{1.0}, at(Vec3::Zero()), 3.4).empty());
  const auto ground = collide(Plane{}, at(Vec3(0, 0, 1)), Sphere{0.25}, at(Vec3(2, 2, 1.2)), 0.0);
  ASSERT_EQ(ground.size(), 1u);
  EXPECT_NEAR(ground[0].gap, -0.05, kTol);
  EXPECT_TRUE(ground[0].n.isApprox(-Vec3::UnitZ(), kTol));  // from the sphere (B) to the plane
  EXPECT_TRUE(ground[0].p.isApprox(Vec3(2, 2, 0.975), kTol));
}

TEST(Spheres, SphereBoxInFaceEdgeVertexRegionsAndInside) {
  const Box box{Vec3(1.0, 2.0, 3.0)};
  struct Case {
    Vec3 centre;
    Vec3 closest;  // on the box
    FeatureKind kind;
  };
  const Case cases[] = {{Vec3(0.5, 0.5, 4.0), Vec3(0.5, 0.5, 3.0), FeatureKind::Face},
                        {Vec3(2.0, 0.5, 4.0), Vec3(1.0, 0.5, 3.0), FeatureKind::Edge},
                        {Vec3(2.0, 3.0, 4.0), Vec3(1.0, 2.0, 3.0), FeatureKind::Vertex}};
  for (const Case& c : cases) {
    const auto contacts = collide(Sphere{0.5}, at(c.centre), box, at(Vec3::Zero()), 10.0);
    ASSERT_EQ(contacts.size(), 1u);
    const double distance = (c.centre - c.closest).norm();
    EXPECT_NEAR(contacts[0].gap, distance - 0.5, kTol);
    EXPECT_TRUE(contacts[0].n.isApprox((c.centre - c.closest) / distance, kTol));
    EXPECT_EQ(contacts[0].feature.b.kind, c.kind);
  }
  // Centre inside, 0.2 below the top face (the least deep): gap -(0.2 + r).
  const auto inside = collide(Sphere{0.5}, at(Vec3(0.1, 0.1, 2.8)), box, at(Vec3::Zero()), 0.0);
  ASSERT_EQ(inside.size(), 1u);
  EXPECT_NEAR(inside[0].gap, -0.7, kTol);
  EXPECT_TRUE(inside[0].n.isApprox(Vec3::UnitZ(), kTol));
}

}  // namespace
}  // namespace moreau::collision
