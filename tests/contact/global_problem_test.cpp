// Condensation of a hand-made global problem against a dense computation of
// W = H^T M^-1 H and q = H^T M^-1 f + w, and the recovery of v = M^-1 (f + H r).
// Both sides are O(10) numbers from a 4x4 SPD solve (condition ~10): kGlobalTol is round-off.
#include "moreau/contact/global_problem.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace moreau::contact {
namespace {

using math::MatX;
using ::testing::HasSubstr;

constexpr double kGlobalTol = 1e-13;

// 4 dofs, 2 contacts in 2D; M symmetric positive definite, H dense.
GlobalProblem small_global() {
  MatX M(4, 4), H(4, 4);
  M << 4, 1, 0, 0,  //
      1, 3, 1, 0,   //
      0, 1, 5, 2,   //
      0, 0, 2, 6;
  H << 1, 0, 0.5, 0,  //
      0, 1, 0, -1,    //
      -1, 0, 1, 0,    //
      0, 2, 0, 1;
  GlobalProblem problem;
  problem.dimension = 2;
  problem.M = M.sparseView();
  problem.H = H.sparseView();
  problem.f = (VecX(4) << 0.0, -9.81, 1.0, 0.5).finished();
  problem.w = (VecX(4) << 0.1, 0.0, -0.2, 0.3).finished();
  problem.mu = (VecX(2) << 0.5, 0.8).finished();
  return problem;
}

TEST(Condensation, MatchesADenseComputation) {
  const GlobalProblem global = small_global();
  validate(global, {"small"});
  const Condensation condensation(global, {"small"});
  const MatX M = MatX(global.M), H = MatX(global.H);
  const MatX W_dense = H.transpose() * M.ldlt().solve(H);
  const VecX q_dense = H.transpose() * M.ldlt().solve(global.f) + global.w;
  const LocalProblem& local = condensation.local();
  EXPECT_EQ(local.dimension, 2);
  EXPECT_EQ(local.contacts(), 2);
  EXPECT_TRUE(MatX(local.W.to_sparse()).isApprox(W_dense, kGlobalTol));
  EXPECT_TRUE(local.q.isApprox(q_dense, kGlobalTol));
  EXPECT_EQ(local.mu, global.mu);
}

TEST(Condensation, RecoversTheGlobalVelocity) {
  const GlobalProblem global = small_global();
  const Condensation condensation(global, {"small"});
  const VecX r = (VecX(4) << 1.0, 0.2, 0.5, -0.1).finished();
  const VecX v = condensation.global_velocity(r);
  EXPECT_TRUE((global.M * v).isApprox(global.f + global.H * r, kGlobalTol));  // M v = f + H r
  // and the local velocity of the condensed problem is H^T v + w.
  EXPECT_TRUE(
      condensation.local().velocity(r).isApprox(global.H.transpose() * v + global.w, kGlobalTol));
}

// A positive diagonal, yet indefinite: the trailing 2x2 block [[5, 2], [2, 0.5]] has
// determinant -1.5, so the Cholesky factorization itself must fail.
TEST(Condensation, RefusesAMassMatrixThatIsNotPositiveDefinite) {
  GlobalProblem global = small_global();
  global.M.coeffRef(3, 3) = 0.5;
  try {
    const Condensation condensation(global, {"indefinite.dat"});
    FAIL() << "an indefinite M was factored";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("indefinite.dat: error: M: expected a symmetric positive"));
  }
}

// A zero diagonal entry is refused before CHOLMOD, whose analysis of an M without entries
// returned no factor for Eigen to dereference (a segmentation fault of moreau solve).
TEST(Condensation, RefusesAMassMatrixWithoutAPositiveDiagonal) {
  for (const double diagonal : {0.0, -6.0}) {
    GlobalProblem global = small_global();
    global.M.coeffRef(3, 3) = diagonal;
    try {
      const Condensation condensation(global, {"zero.dat"});
      FAIL() << "an M with M(3, 3) = " << diagonal << " was factored";
    } catch (const core::Diagnostic& error) {
      EXPECT_THAT(error.what(),
                  HasSubstr("zero.dat: error: M(3, 3): expected a positive diagonal"));
    }
  }
  GlobalProblem empty = small_global();
  empty.M = SparseMat(4, 4);
  EXPECT_THROW(Condensation(empty, {"empty.dat"}), core::Diagnostic);
}

TEST(Condensation, RefusesAnUnsymmetricMassMatrix) {
  GlobalProblem global = small_global();
  global.M.coeffRef(0, 1) = 2.0;
  EXPECT_THROW(Condensation(global, {"unsymmetric.dat"}), core::Diagnostic);
}

// One contact compliant, one rigid: the condensation is W + C with the same q, and the
// standard form (auxiliary dofs) condenses to the same problem, its bodies' velocities those
// of the rigid problem and its auxiliary velocities C r.
TEST(CompliantProblem, CondensesToTheDelassusOperatorPlusTheCompliance) {
  const GlobalProblem rigid = small_global();
  GlobalProblem compliant = rigid;
  compliant.compliance = (VecX(4) << 0.0, 0.0, 0.25, 0.5).finished();
  validate(compliant, {"compliant"});
  const Condensation stiff(rigid, {"rigid"}), soft(compliant, {"compliant"});
  const MatX W = MatX(stiff.local().W.to_sparse());
  const MatX W_C = W + MatX(compliant.compliance.asDiagonal());
  EXPECT_TRUE(MatX(soft.local().W.to_sparse()).isApprox(W_C, kGlobalTol));
  EXPECT_TRUE(soft.local().q.isApprox(stiff.local().q, kGlobalTol));

  const GlobalProblem standard = standard_form(compliant);
  validate(standard, {"standard"});
  EXPECT_EQ(standard.dofs(), 6);
  EXPECT_FALSE(standard.compliant());
  const Condensation augmented(standard, {"standard"});
  EXPECT_TRUE(MatX(augmented.local().W.to_sparse()).isApprox(W_C, kGlobalTol));
  EXPECT_TRUE(augmented.local().q.isApprox(stiff.local().q, kGlobalTol));
  const VecX r = (VecX(4) << 1.0, 0.2, 0.5, -0.1).finished();
  const VecX v = augmented.global_velocity(r);
  EXPECT_TRUE(v.head(4).isApprox(stiff.global_velocity(r), kGlobalTol));
  EXPECT_TRUE(v.tail(2).isApprox(compliant.compliance.tail(2).cwiseProduct(r.tail(2)), kGlobalTol));
}

TEST(CompliantProblem, RefusesAContactCompliantInSomeDirectionsOnly) {
  GlobalProblem problem = small_global();
  problem.compliance = (VecX(4) << 0.0, 0.0, 0.25, 0.0).finished();
  EXPECT_THROW(validate(problem, {"half"}), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::contact
