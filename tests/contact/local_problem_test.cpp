// The local problem (W, q, mu): u = W r + q, and validate(), which every problem read from a
// file goes through: a sound problem passes, and each broken rule (dimension, block size,
// sizes, a value that is not finite, a negative friction coefficient) is refused at its key.
#include "moreau/contact/local_problem.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace moreau::contact {
namespace {

// Two contacts in 3D, W = diag(2, 1, 1, 4, 1, 1) with one coupling W_03 = W_30 = -1.
LocalProblem two_coupled_contacts() {
  SparseMat W(6, 6);
  const std::vector<math::Triplet> entries = {{0, 0, 2.0}, {1, 1, 1.0}, {2, 2, 1.0},  {3, 3, 4.0},
                                              {4, 4, 1.0}, {5, 5, 1.0}, {0, 3, -1.0}, {3, 0, -1.0}};
  W.setFromTriplets(entries.begin(), entries.end());
  LocalProblem problem;
  problem.W = BlockSparseMatrix::from_sparse(W, 3);
  problem.q = (VecX(6) << -1.0, 0.5, 0.0, -2.0, 0.0, 0.25).finished();
  problem.mu = (VecX(2) << 0.5, 0.8).finished();
  return problem;
}

TEST(LocalProblem, VelocityIsWTimesRPlusQ) {
  const LocalProblem problem = two_coupled_contacts();
  const VecX r = (VecX(6) << 1.0, 0.0, 0.5, 2.0, -1.0, 0.0).finished();
  // u_0 = 2 - 2 - 1, u_3 = -1 + 8 - 2, the others W_ii r_i + q_i: small integers, exact.
  const VecX expected = (VecX(6) << -1.0, 0.5, 0.5, 5.0, -1.0, 0.25).finished();
  EXPECT_EQ(problem.velocity(r), expected);
}

TEST(LocalProblem, ValidateAcceptsASoundProblem) {
  EXPECT_NO_THROW(validate(two_coupled_contacts(), {"sound.dat"}));
}

struct BrokenRule {
  std::string name;
  std::function<void(LocalProblem&)> apply;
  std::string key;  ///< where validate() must place the error
  bool key_is_prefix = false;
};

TEST(LocalProblem, ValidateRefusesEachBrokenRuleAtItsKey) {
  constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::vector<BrokenRule> rules = {
      {"dimension 4", [](LocalProblem& p) { p.dimension = 4; }, "dimension"},
      {"2x2 blocks in 3D",
       [](LocalProblem& p) { p.W = BlockSparseMatrix::from_sparse(p.W.to_sparse(), 2); }, "W"},
      {"q one value short", [](LocalProblem& p) { p.q.conservativeResize(5); }, "q"},
      {"W for one contact",
       [](LocalProblem& p) {
         p.W = BlockSparseMatrix::from_sparse(SparseMat(p.W.to_sparse().topLeftCorner(3, 3)), 3);
       },
       "W"},
      {"NaN in q", [](LocalProblem& p) { p.q[4] = kNan; }, "q[4]"},
      {"infinite mu", [](LocalProblem& p) { p.mu[1] = kInf; }, "mu[1]"},
      {"NaN in W",
       [](LocalProblem& p) {
         SparseMat W = p.W.to_sparse();
         W.coeffRef(3, 0) = kNan;
         p.W = BlockSparseMatrix::from_sparse(W, 3);
       },
       // where W's stored values put (3, 0) depends on its storage: the index is not checked
       "W (stored value)[", true},
      {"negative mu", [](LocalProblem& p) { p.mu[1] = -0.1; }, "mu[1]"},
  };
  for (const BrokenRule& rule : rules) {
    SCOPED_TRACE(rule.name);
    LocalProblem problem = two_coupled_contacts();
    rule.apply(problem);
    try {
      validate(problem, {"broken.dat"});
      ADD_FAILURE() << "accepted";
    } catch (const core::Diagnostic& error) {
      const std::string key =
          rule.key_is_prefix ? error.key().substr(0, rule.key.size()) : error.key();
      EXPECT_EQ(key, rule.key) << error.what();
      EXPECT_EQ(error.where().file, "broken.dat");
    }
  }
}

}  // namespace
}  // namespace moreau::contact
