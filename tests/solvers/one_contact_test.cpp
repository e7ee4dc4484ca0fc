// The exact one-contact solver, one test per region of the cone against answers worked out
// by hand (diagonal W_aa) or by an independent 1D bisection (anisotropic W_aa), as Drake tests
// its friction cone; then a sweep over random blocks for the quartic path.
#include "moreau/solvers/one_contact.hpp"

#include <gtest/gtest.h>

#include <random>

namespace moreau::solvers {
namespace {

using Vec3 = Eigen::Vector3d;
using Vec2 = Eigen::Vector2d;
using Mat3 = Eigen::Matrix3d;
using Mat2 = Eigen::Matrix2d;

// Closed forms and polished roots: only round-off of a few dozen flops remains (~10 eps).
constexpr double kTol = 1e-14;

template <int d>
OneContactSolution<d> solve_cold(const Eigen::Matrix<double, d, d>& W, double mu,
                                 const contact::Block<d>& q) {
  return OneContactSolver<d>(W, mu).solve(q, contact::Block<d>::Zero());
}

TEST(OneContact, TakeOffWhenNormalFreeVelocitySeparates3d) {
  const auto s = solve_cold<3>(Mat3::Identity(), 0.5, Vec3{1.0, 2.0, -3.0});
  EXPECT_EQ(s.region, ContactRegion::TakeOff);
  EXPECT_TRUE(s.r.isZero(0.0));
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, TakeOff2d) {
  const auto s = solve_cold<2>(Mat2::Identity(), 0.5, Vec2{0.5, -7.0});
  EXPECT_EQ(s.region, ContactRegion::TakeOff);
  EXPECT_TRUE(s.r.isZero(0.0));
}

TEST(OneContact, StickInsideCone3d) {
  // r = -W^-1 q = (2, -0.5, 0.25), |r_T| = 0.56 <= mu r_N = 2.
  const auto s = solve_cold<3>(Vec3{2.0, 1.0, 4.0}.asDiagonal(), 1.0, Vec3{-4.0, 0.5, -1.0});
  EXPECT_EQ(s.region, ContactRegion::Stick);
  EXPECT_TRUE(s.r.isApprox(Vec3{2.0, -0.5, 0.25}, kTol));
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, Stick2d) {
  const auto s = solve_cold<2>(Vec2{2.0, 1.0}.asDiagonal(), 0.3, Vec2{-2.0, 0.1});
  EXPECT_EQ(s.region, ContactRegion::Stick);
  EXPECT_TRUE(s.r.isApprox(Vec2{1.0, -0.1}, kTol));
}

TEST(OneContact, SlideIsotropic3d) {
  // u_N = 0: r_N = 4/2 = 2; the stick r_T = (-3, -4) has |r_T| = 5 > mu r_N = 1, so
  // r_T = -mu r_N q_T/|q_T| = (-0.6, -0.8), and u_T = r_T + q_T = (2.4, 3.2) opposes r_T.
  const auto s = solve_cold<3>(Vec3{2.0, 1.0, 1.0}.asDiagonal(), 0.5, Vec3{-4.0, 3.0, 4.0});
  EXPECT_EQ(s.region, ContactRegion::Slide);
  EXPECT_TRUE(s.r.isApprox(Vec3{2.0, -0.6, -0.8}, kTol)) << s.r.transpose();
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, Slide2dWithCoupling) {
  // W = [2 0.5; 0.5 1], q = (-2, 3), mu = 0.3. Sliding with r_T = -mu r_N (u_T > 0):
  // u_N = (2 - 0.15) r_N - 2 = 0 -> r_N = 2/1.85; u_T = (0.5 - 0.3) r_N + 3 > 0.
  Mat2 W;
  W << 2.0, 0.5, 0.5, 1.0;
  const auto s = solve_cold<2>(W, 0.3, Vec2{-2.0, 3.0});
  EXPECT_EQ(s.region, ContactRegion::Slide);
  EXPECT_TRUE(s.r.isApprox(Vec2{2.0 / 1.85, -0.3 * 2.0 / 1.85}, kTol)) << s.r.transpose();
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, FrictionlessIsNormalOnly) {
  const auto s = solve_cold<3>(Vec3{2.0, 1.0, 1.0}.asDiagonal(), 0.0, Vec3{-4.0, 3.0, 4.0});
  EXPECT_TRUE(s.r.isApprox(Vec3{2.0, 0.0, 0.0}, kTol)) << s.r.transpose();
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, LargeFrictionSticks) {
  const auto s = solve_cold<3>(Vec3{2.0, 1.0, 1.0}.asDiagonal(), 100.0, Vec3{-4.0, 3.0, 4.0});
  EXPECT_EQ(s.region, ContactRegion::Stick);
  EXPECT_TRUE(s.r.isApprox(Vec3{2.0, -3.0, -4.0}, kTol));
}

// Anisotropic tangential compliance W = diag(1, w1, w2): with c = mu r_N, r_T = c e and
// u_T = -s e give e_i = -q_Ti / (w_i c + s), and |e| = 1 is a monotone equation in s >= 0,
// solved here by bisection: an answer independent of the quartic.
TEST(OneContact, SlideAnisotropicAgainstBisection) {
  const double mu = 0.7, w1 = 1.0, w2 = 4.0;
  const Vec3 q{-2.0, 1.5, -2.5};
  const double c = mu * 2.0;  // r_N = -q_N / W_NN = 2
  const auto norm_e = [&](double s) {
    return std::hypot(q[1] / (w1 * c + s), q[2] / (w2 * c + s));
  };
  ASSERT_GT(norm_e(0.0), 1.0);  // the stick solution is outside the cone
  double low = 0.0, high = 10.0;
  for (int i = 0; i < 200; ++i)
    (norm_e(0.5 * (low + high)) > 1.0 ? low : high) = 0.5 * (low + high);
  const double s_root = 0.5 * (low + high);
  const Vec3 expected{2.0, -c * q[1] / (w1 * c + s_root), -c * q[2] / (w2 * c + s_root)};
  const auto s = solve_cold<3>(Vec3{1.0, w1, w2}.asDiagonal(), mu, q);
  EXPECT_EQ(s.region, ContactRegion::Slide);
  EXPECT_TRUE(s.r.isApprox(expected, kTol)) << s.r.transpose() << " vs " << expected.transpose();
  EXPECT_LE(s.error, kTol);
}

TEST(OneContact, SemiDefiniteBlockWithoutTangentialCompliance) {
  // W_TT = 0: u_T = q_T whatever r_T, so r_T = -mu r_N q_T/|q_T| = (-0.5, 0), r_N = 1.
  const auto s = solve_cold<3>(Vec3{1.0, 0.0, 0.0}.asDiagonal(), 0.5, Vec3{-1.0, 0.5, 0.0});
  EXPECT_EQ(s.region, ContactRegion::Slide);
  EXPECT_TRUE(s.r.isApprox(Vec3{1.0, -0.5, 0.0}, kTol)) << s.r.transpose();
}

TEST(OneContact, ZeroBlockHasNoSolutionAndStaysFinite) {
  const auto s = solve_cold<3>(Mat3::Zero(), 0.5, Vec3{-1.0, 0.5, 0.0});
  EXPECT_EQ(s.region, ContactRegion::Unsolved);
  EXPECT_TRUE(s.r.allFinite());
  EXPECT_EQ(solve_cold<3>(Mat3::Zero(), 0.5, Vec3{1.0, 0.5, 0.0}).region, ContactRegion::TakeOff);
}

// Random SPD blocks (condition up to ~1e4), q and mu: every case must be solved exactly, from
// a cold start (quartic path) and from a random warm start (Newton fast path). The bound
// allows for the condition number times epsilon in u = W r + q.
template <int d>
void expect_random_blocks_solved(int cases) {
  std::mt19937_64 rng(1234);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> friction(0.0, 2.0);
  double worst = 0.0;
  for (int i = 0; i < cases; ++i) {
    Eigen::Matrix<double, d, d> J;
    for (int k = 0; k < d * d; ++k) J.data()[k] = normal(rng);
    const Eigen::Matrix<double, d, d> W =
        J * J.transpose() + 1e-4 * Eigen::Matrix<double, d, d>::Identity();
    contact::Block<d> q, guess;
    for (int k = 0; k < d; ++k) q[k] = normal(rng), guess[k] = normal(rng);
    const OneContactSolver<d> solver(W, friction(rng));
    for (const auto& start : {contact::Block<d>::Zero().eval(), guess}) {
      const auto s = solver.solve(q, start);
      ASSERT_NE(s.region, ContactRegion::Unsolved) << "case " << i << " W=\n" << W;
      worst = std::max(worst, s.error);
      EXPECT_EQ(s.error, one_contact_error<d>(W, solver.mu(), q, s.r));
    }
  }
  EXPECT_LE(worst, 1e-11);
}

TEST(OneContact, RandomBlocks3d) { expect_random_blocks_solved<3>(20000); }
TEST(OneContact, RandomBlocks2d) { expect_random_blocks_solved<2>(20000); }

}  // namespace
}  // namespace moreau::solvers
