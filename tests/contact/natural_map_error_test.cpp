// natural_map_error (and its frozen variant) on one-contact problems whose solutions and
// residuals are computed by hand (W = s I, so u = s r + q): zero at the solution in each regime,
// one nonzero value, the scaling by max(|q|, |r|, |u|) and the no-division case. All values are
// exact or a square root away from it: kNaturalMapTol is round-off.
#include "moreau/contact/natural_map_error.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace moreau::contact {
namespace {

using math::Vec3;

constexpr double kNaturalMapTol = 1e-15;

LocalProblem one_contact(double s, const VecX& q, double mu) {
  SparseMat W(q.size(), q.size());
  W.setIdentity();
  LocalProblem problem;
  problem.dimension = static_cast<int>(q.size());
  problem.W = BlockSparseMatrix::from_sparse(s * W, problem.dimension);
  problem.q = q;
  problem.mu = VecX::Constant(1, mu);
  return problem;
}

TEST(NaturalMapError, ZeroAtTheTakeOffSolution) {  // q_N > 0: r = 0, u = q
  EXPECT_EQ(natural_map_error(one_contact(1.0, Vec3(1.0, 0.2, 0.0), 0.5), Vec3::Zero()), 0.0);
}

TEST(NaturalMapError, ZeroAtTheStickSolution) {  // u = 0 with |r_T| = 0.2 <= 0.5 r_N
  EXPECT_EQ(natural_map_error(one_contact(1.0, Vec3(-1.0, 0.2, 0.0), 0.5), Vec3(1.0, -0.2, 0.0)),
            0.0);
}

TEST(NaturalMapError, ZeroAtTheSlideSolution) {
  // r = (1, -0.5, 0): u = (0, 1.5, 0), r_T = -mu r_N u_T/|u_T|; r - û = (0.25, -2, 0)
  // projects back onto r (a = (0.25 + 1) / 1.25 = 1).
  const LocalProblem problem = one_contact(1.0, Vec3(-1.0, 2.0, 0.0), 0.5);
  EXPECT_NEAR(natural_map_error(problem, Vec3(1.0, -0.5, 0.0)), 0.0, kNaturalMapTol);
}

TEST(FrozenNaturalMapError, IsTheTrueErrorWithTheTermAtTheCurrentSlip) {
  // The slide solution above, û = u + mu |u_T| e_N = (0.75, 1.5, 0) given as u + shift.
  const VecX mu = VecX::Constant(1, 0.5);
  const Vec3 r(1.0, -0.5, 0.0), u(0.0, 1.5, 0.0), q(-1.0, 2.0, 0.0);
  EXPECT_NEAR(frozen_natural_map_error(3, mu, r, u, Vec3(0.75, 0.0, 0.0), q.norm()), 0.0,
              kNaturalMapTol);
  EXPECT_EQ(frozen_natural_map_error(3, mu, r, u, Vec3(0.75, 0.0, 0.0), q.norm()),
            natural_map_error(3, mu, r, u, q.norm()));
}

TEST(FrozenNaturalMapError, MeasuresTheConvexProblemOfAFrozenTerm) {
  // The same r and u with the term frozen at rest (shift 0): P_K(r - u) = P_K(1, -2, 0) =
  // (1.6, -0.8, 0) (a = (1 + 0.5 * 2) / 1.25), residual sqrt(0.45), scale |q| = sqrt(5).
  const VecX mu = VecX::Constant(1, 0.5);
  const Vec3 r(1.0, -0.5, 0.0), u(0.0, 1.5, 0.0), q(-1.0, 2.0, 0.0);
  EXPECT_NEAR(frozen_natural_map_error(3, mu, r, u, Vec3::Zero(), q.norm()), 0.3, kNaturalMapTol);
}

TEST(NaturalMapError, ZeroAtAStickSolutionIn2D) {
  const LocalProblem problem = one_contact(1.0, math::Vec2(-1.0, 0.2), 0.5);
  EXPECT_EQ(natural_map_error(problem, math::Vec2(1.0, -0.2)), 0.0);
}

TEST(NaturalMapError, HandComputedValueAwayFromTheSolution) {
  // r = 0, q = (-3, 4, 0): û = (-1, 4, 0), P_K(r - û) = P_K(1, -4, 0) = (2.4, -1.2, 0)
  // (a = (1 + 2) / 1.25), so the residual is sqrt(7.2) and the scale |q| = |u| = 5.
  const LocalProblem problem = one_contact(1.0, Vec3(-3.0, 4.0, 0.0), 0.5);
  EXPECT_NEAR(natural_map_error(problem, Vec3::Zero()), std::sqrt(7.2) / 5.0, kNaturalMapTol);
}

TEST(NaturalMapError, DividesByTheLargestOfQRAndU) {
  // q = 0, W = 2 I, r = (1, 0, 0): u = (2, 0, 0), P_K(r - û) = P_K(-1, 0, 0) = 0, residual 1,
  // scale max(0, 1, 2) = 2 (u dominates).
  EXPECT_NEAR(natural_map_error(one_contact(2.0, Vec3::Zero(), 0.5), Vec3(1.0, 0.0, 0.0)), 0.5,
              kNaturalMapTol);
  // q = (0, 0, 8), W = I, r = (1, 0, 0): u = (1, 0, 8), û = (5, 0, 8), P_K(-4, 0, -8) = 0
  // (mu 8 = 4 <= 4), residual 1, scale max(8, 1, sqrt(65)) = sqrt(65).
  EXPECT_NEAR(natural_map_error(one_contact(1.0, Vec3(0.0, 0.0, 8.0), 0.5), Vec3(1.0, 0.0, 0.0)),
              1.0 / std::sqrt(65.0), kNaturalMapTol);
}

TEST(NaturalMapError, DoesNotDivideBelowMachineEpsilon) {
  const LocalProblem problem = one_contact(1.0, Vec3::Zero(), 0.5);
  EXPECT_EQ(natural_map_error(problem, Vec3::Zero()), 0.0);  // 0/0 would be NaN
  // r = (1e-20, 0, 0): u = r, P_K(r - û) = 0, residual 1e-20 returned as is (not 1e-20/1e-20).
  EXPECT_NEAR(natural_map_error(problem, Vec3(1e-20, 0.0, 0.0)), 1e-20, 1e-35);
}

// Past 1e154 the squares of the norms overflow. The hand-computed problem scaled by 1e155
// has the same relative error, sqrt(7.2) / 5 at r = 0; residual / inf would say 0, which
// every solver took for convergence at r = 0. The measure says NaN instead.
TEST(NaturalMapError, IsNaNWhenANormOverflows) {
  const LocalProblem scaled = one_contact(1.0, Vec3(-3e155, 4e155, 0.0), 0.5);
  EXPECT_TRUE(std::isnan(natural_map_error(scaled, Vec3::Zero())));
  // DividesByTheLargestOfQRAndU's first case times 1e154 (error 0.5): |u|^2 = 4e308
  // overflows, the residual's square (1e308) does not, and 1e154 / inf was 0.
  EXPECT_TRUE(
      std::isnan(natural_map_error(one_contact(2.0, Vec3::Zero(), 0.5), Vec3(1e154, 0.0, 0.0))));
  // Just below, the error is the unscaled one.
  const LocalProblem below = one_contact(1.0, Vec3(-3e150, 4e150, 0.0), 0.5);
  EXPECT_NEAR(natural_map_error(below, Vec3::Zero()), std::sqrt(7.2) / 5.0, kNaturalMapTol);
}

}  // namespace
}  // namespace moreau::contact
