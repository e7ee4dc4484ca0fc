// moreau's natural-map error against Siconos' own fc3d/fc2d_compute_error, an independent
// implementation of the same measure |r - P_K(r - û)| / max(|q|, |r|, |u|) (docs/mathematics.md
// section 1; Siconos 4.4 takes the maximum itself, given |q|).
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/peers/siconos_solver.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <random>

namespace moreau::peers {
namespace {

class ErrorAgreement : public ::testing::TestWithParam<int> {};

TEST_P(ErrorAgreement, SameResidualAtRandomPointsInEveryConeRegion) {
  const int d = GetParam();
  const contact::LocalProblem problem = testing::random_problem(d, 20, 5);
  std::mt19937_64 rng(9);
  std::normal_distribution<double> normal(0.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    // Random r, scaled so that contacts fall inside, outside and in the polar cone.
    const math::VecX r = math::VecX::NullaryExpr(problem.size(), [&] { return normal(rng); });
    const double ours = contact::natural_map_error(problem, r);
    const double theirs = siconos_error(problem, r);
    // Both sum the same O(n) terms in different orders: relative round-off ~1e-14.
    EXPECT_NEAR(ours, theirs, 1e-12 * theirs) << "trial " << trial;
  }
}

INSTANTIATE_TEST_SUITE_P(Dimension, ErrorAgreement, ::testing::Values(2, 3),
                         [](const auto& test) { return test.param == 2 ? "FC2D" : "FC3D"; });

}  // namespace
}  // namespace moreau::peers
