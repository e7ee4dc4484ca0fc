// Projected Gauss-Seidel (solvers::Pgs): its fixed points are the Coulomb problem's solutions,
// checked against one contact's answers in closed form, sticking and sliding; its step factor
// changes the iterates, not the answer; a step outside (0, 2) is refused.
#include "moreau/solvers/pgs.hpp"

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

// One planar contact with W = diag(2, 3), pressed by q_N = -1, mu = 0.5: closed, so u_N = 0
// and r_N = 1 / 2. With q_T = 0.3 the sticking impulse r_T = -q_T / 3 = -0.1 lies within
// mu r_N = 0.25. With q_T = 3 it would be -1: the contact slides, r_T = -mu r_N, against the
// sliding velocity u_T = 3 r_T + 3 = 2.25 > 0.
VecX solve_one_contact(double q_t) {
  MatX W = MatX::Zero(2, 2);
  W.diagonal() << 2.0, 3.0;
  const LocalProblem p =
      make_problem(2, W, (VecX(2) << -1.0, q_t).finished(), VecX::Constant(1, 0.5));
  VecX r = VecX::Zero(2);
  const SolveReport report = Pgs({.stop = stop_criteria(), .step = 1.0}).solve(p, r);
  EXPECT_TRUE(report.converged());
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
  return r;
}

TEST(Pgs, OneStickingContactTakesItsClosedFormImpulse) {
  const VecX r = solve_one_contact(0.3);
  EXPECT_NEAR(r[0], 0.5, 1e-9);
  EXPECT_NEAR(r[1], -0.1, 1e-9);
}

TEST(Pgs, OneSlidingContactTakesItsClosedFormImpulse) {
  const VecX r = solve_one_contact(3.0);
  EXPECT_NEAR(r[0], 0.5, 1e-9);
  EXPECT_NEAR(r[1], -0.25, 1e-9);
}

// Frictionless with W positive definite: one solution, which every step factor reaches.
TEST(Pgs, TheStepFactorChangesTheIteratesNotTheAnswer) {
  const LocalProblem p = random_problem(3, 10, 21, true);
  const auto solve = [&](double step) {
    VecX r = VecX::Zero(p.size());
    const SolveReport report = Pgs({.stop = stop_criteria(), .step = step}).solve(p, r);
    EXPECT_TRUE(report.converged());
    return std::pair{r, report.iterations};
  };
  const auto [r_unit, sweeps_unit] = solve(1.0);
  const auto [r_over, sweeps_over] = solve(1.5);
  EXPECT_NE(sweeps_unit, sweeps_over);
  EXPECT_LE((r_unit - r_over).norm(), 1e-7 * r_unit.norm());
}

TEST(Pgs, AStepOutsideZeroToTwoIsRefused) {
  for (const double step : {0.0, 2.0, -1.0, std::nan("")})
    EXPECT_THROW(Pgs({.stop = {}, .step = step}), core::Diagnostic) << step;
  EXPECT_NO_THROW(Pgs({.stop = {}, .step = 1.9}));
}

}  // namespace
}  // namespace moreau::solvers
