// Projection onto K = {x : |x_T| <= mu x_N} (normal first), one test per region of the cone,
// in 3D and 2D, with Moreau's decomposition x = P_K x + P_K° x checked: P_K° x = x - P_K x
// must lie in the polar cone K° = {y : mu |y_T| <= -y_N} and be orthogonal to P_K x.
// The projection is closed-form: only round-off remains, hence kConeTol (a few ulps of |x| ~ 5).
#include "moreau/contact/cone.hpp"

#include "moreau/contact/local_problem.hpp"

#include <gtest/gtest.h>

namespace moreau::contact {
namespace {

using math::Vec3;

constexpr double kConeTol = 1e-14;

template <int d>
void expect_moreau_decomposition(const Block<d>& x, double mu) {
  const Block<d> p = project_onto_cone<d>(x, mu);
  const Block<d> polar = x - p;
  EXPECT_LE(p.template tail<d - 1>().norm(), mu * p[kNormal] + kConeTol);           // p in K
  EXPECT_LE(mu * polar.template tail<d - 1>().norm(), -polar[kNormal] + kConeTol);  // in K°
  EXPECT_NEAR(p.dot(polar), 0.0, kConeTol * x.squaredNorm());                       // orthogonal
}

TEST(ConeProjection, StickPointIsUnchanged3D) {
  const Vec3 x{2.0, 0.3, -0.4};  // |x_T| = 0.5 < 0.5 * 2
  EXPECT_TRUE(project_onto_cone<3>(x, 0.5).isApprox(x, kConeTol));
  expect_moreau_decomposition<3>(x, 0.5);
}

TEST(ConeProjection, TakeOffPointGoesToTheApex3D) {
  const Vec3 x{-1.0, 0.1, 0.0};  // mu |x_T| = 0.05 <= 1 = -x_N
  EXPECT_TRUE(project_onto_cone<3>(x, 0.5).isZero(kConeTol));
  expect_moreau_decomposition<3>(x, 0.5);
}

TEST(ConeProjection, SlidePointLandsOnTheSurface3D) {
  const double mu = 0.5;
  const Vec3 x{1.0, 3.0, 4.0};  // |x_T| = 5: a = (1 + 2.5) / 1.25 = 2.8, p_T = 1.4 (0.6, 0.8)
  const Vec3 p = project_onto_cone<3>(x, mu);
  EXPECT_TRUE(p.isApprox(Vec3(2.8, 0.84, 1.12), kConeTol));
  expect_moreau_decomposition<3>(x, mu);
}

TEST(ConeProjection, AllThreeRegionsIn2D) {
  using Vec2 = Block<2>;
  EXPECT_TRUE(project_onto_cone<2>(Vec2(2.0, -0.5), 0.5).isApprox(Vec2(2.0, -0.5), kConeTol));
  EXPECT_TRUE(project_onto_cone<2>(Vec2(-1.0, 0.5), 0.5).isZero(kConeTol));
  // |x_T| = 4: a = (1 + 2) / 1.25 = 2.4, p_T = -1.2.
  EXPECT_TRUE(project_onto_cone<2>(Vec2(1.0, -4.0), 0.5).isApprox(Vec2(2.4, -1.2), kConeTol));
  for (const Vec2& x : {Vec2(2.0, -0.5), Vec2(-1.0, 0.5), Vec2(1.0, -4.0)})
    expect_moreau_decomposition<2>(x, 0.5);
}

TEST(ConeProjection, FrictionlessConeIsTheNormalHalfLine) {
  EXPECT_TRUE(
      project_onto_cone<3>(Vec3(2.0, 1.0, -1.0), 0.0).isApprox(Vec3(2.0, 0.0, 0.0), kConeTol));
  EXPECT_TRUE(project_onto_cone<3>(Vec3(-2.0, 1.0, -1.0), 0.0).isZero(kConeTol));
  expect_moreau_decomposition<3>(Vec3(2.0, 1.0, -1.0), 0.0);
  expect_moreau_decomposition<3>(Vec3(-2.0, 1.0, -1.0), 0.0);
}

TEST(ConeProjection, FrictionlessNegativeNormalAxisGoesToTheApex) {
  // With mu = 0 the inside test |x_T| <= mu x_N reads 0 <= -0 on the negative normal axis:
  // a point of the polar cone must not be taken for a point of K (found by a bouncing ball).
  EXPECT_TRUE(project_onto_cone<3>(Vec3(-1.5, 0.0, 0.0), 0.0).isZero(kConeTol));
  EXPECT_TRUE(project_onto_cone<2>(Block<2>(-1.5, 0.0), 0.0).isZero(kConeTol));
}

TEST(DeSaxceVelocity, AddsMuTimesTheTangentialNormToTheNormal) {
  EXPECT_TRUE(
      de_saxce_velocity<3>(Vec3(1.0, 3.0, 4.0), 0.5).isApprox(Vec3(3.5, 3.0, 4.0), kConeTol));
}

TEST(DeSaxceVelocityJacobian, AddsMuTimesTheSlipDirectionToTheNormalRow) {
  // t = (3, 4) / 5: the first row is (1, 0.5 * 0.6, 0.5 * 0.8).
  Eigen::Matrix3d expected = Eigen::Matrix3d::Identity();
  expected.row(0) << 1.0, 0.3, 0.4;
  EXPECT_TRUE(de_saxce_velocity_jacobian<3>(Vec3(1.0, 3.0, 4.0), 0.5).isApprox(expected, kConeTol));
}

TEST(DeSaxceVelocityJacobian, MatchesCentralDifferencesOfTheVelocity) {
  const Vec3 u(-0.3, 0.7, -1.1);
  const double h = 1e-6;
  Eigen::Matrix3d differences;
  for (int j = 0; j < 3; ++j) {
    const Vec3 step = h * Vec3::Unit(j);
    differences.col(j) =
        (de_saxce_velocity<3>(u + step, 0.65) - de_saxce_velocity<3>(u - step, 0.65)) / (2 * h);
  }
  EXPECT_TRUE(de_saxce_velocity_jacobian<3>(u, 0.65).isApprox(differences, 1e-9));
}

TEST(DeSaxceVelocityJacobian, IsTheIdentityAtRest) {  // the subgradient 0 of |u_T| at u_T = 0
  EXPECT_EQ(de_saxce_velocity_jacobian<2>(math::Vec2(-1.0, 0.0), 0.5), Eigen::Matrix2d::Identity());
}

}  // namespace
}  // namespace moreau::contact
