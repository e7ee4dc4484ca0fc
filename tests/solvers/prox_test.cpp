// The proximal point method (solvers::Prox): it converges where W is singular (two contacts
// that are one, whose reactions are not unique, only their sum), counts its outer iterations
// against max_iterations, and refuses options outside their ranges.
#include "moreau/solvers/prox.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "small_problems.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace moreau::solvers {
namespace {

using checks::kTolerance;
using checks::make_problem;
using checks::random_problem;
using checks::stop_criteria;
using math::MatX;

// Two planar contacts at the same point with the same frame: W = [[I, I], [I, I]] (rank 2 of 4),
// pressed by q_N = -1 each, mu = 0.5. Any split of the normal impulse 1 between them solves it.
TEST(Prox, ConvergesOnTwoRedundantContactsToTheirUniqueSum) {
  MatX W(4, 4);
  W << MatX::Identity(2, 2), MatX::Identity(2, 2), MatX::Identity(2, 2), MatX::Identity(2, 2);
  const LocalProblem p =
      make_problem(2, W, (VecX(4) << -1.0, 0.0, -1.0, 0.0).finished(), VecX::Constant(2, 0.5));
  ProxOptions options;
  options.stop = stop_criteria();
  VecX r = VecX::Zero(4);
  const SolveReport report = Prox(options).solve(p, r);
  ASSERT_TRUE(report.converged());
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
  EXPECT_NEAR(r[0] + r[2], 1.0, 1e-9);
  EXPECT_NEAR(r[1] + r[3], 0.0, 1e-9);
}

TEST(Prox, MaxIterationsCountsOuterIterations) {
  const LocalProblem p = random_problem(3, 12, 31, false);
  ProxOptions options;
  options.stop = stop_criteria();
  VecX r = VecX::Zero(p.size());
  const SolveReport converged = Prox(options).solve(p, r);
  ASSERT_TRUE(converged.converged());
  ASSERT_GT(converged.iterations, 1);
  options.stop.max_iterations = converged.iterations - 1;
  r.setZero();
  const SolveReport cut = Prox(options).solve(p, r);
  EXPECT_EQ(cut.status, Status::MaxIterations);
  EXPECT_EQ(cut.iterations, converged.iterations - 1);
  EXPECT_DOUBLE_EQ(cut.error, contact::natural_map_error(p, r));
}

TEST(Prox, OptionsOutsideTheirRangesAreRefused) {
  const auto with = [](auto set) {
    ProxOptions options;
    set(options);
    return options;
  };
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.sigma = 0.0; })), core::Diagnostic);
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.sigma = std::nan(""); })), core::Diagnostic);
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.nu = 0.0; })), core::Diagnostic);
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.nu = 2.5; })), core::Diagnostic);
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.inner_iterations = 0; })), core::Diagnostic);
  EXPECT_THROW(Prox(with([](ProxOptions& o) { o.inner_ratio = 1.0; })), core::Diagnostic);
  EXPECT_NO_THROW(Prox(with([](ProxOptions& o) { o.nu = 2.0; })));
}

}  // namespace
}  // namespace moreau::solvers
