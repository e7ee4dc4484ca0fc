// The automatic choice on the global problem (automatic.hpp): which methods run, in what
// order, with what limits, and which answer it returns when none converges, checked against
// the methods run one by one and against the error of the returned impulses measured on W
// (the condensation of global_problem.hpp, a path independent of the methods).
#include "moreau/solvers/automatic.hpp"

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/hybrid.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>

namespace moreau::solvers {
namespace {

using contact::GlobalProblem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

StopCriteria iterations(int count) {
  StopCriteria stop;
  stop.max_iterations = count;
  return stop;
}

// The natural-map error of r on W, and |v - M^-1 (f + H r)|.
struct Measured {
  double error;
  double velocity_mismatch;
};

Measured measure(const GlobalProblem& problem, const VecX& r, const VecX& v) {
  const contact::Condensation condensation(problem, {"random"});
  return {contact::natural_map_error(condensation.local(), r),
          (v - condensation.global_velocity(r)).norm() / condensation.global_velocity(r).norm()};
}

TEST(Automatic, SweepsComeFirstOnlyOnSmallProblems) {
  EXPECT_EQ(Automatic::plan(1), AutomaticPlan::SweepsNewtonW);
  EXPECT_EQ(Automatic::plan(Automatic::kNewtonAloneContacts - 1), AutomaticPlan::SweepsNewtonW);
  EXPECT_EQ(Automatic::plan(Automatic::kNewtonAloneContacts), AutomaticPlan::NewtonAlone);
  EXPECT_EQ(Automatic::plan(50'000), AutomaticPlan::NewtonAlone);
}

// velocity-newton gets kGlobalIterationFactor times the Newton steps the user allows: on a
// house under El Centro it converged in more than 1,000 Newton steps, in seconds, steps that
// hybrid on W took minutes for (docs/large-structures.md).
TEST(Automatic, VelocityNewtonHasMoreThanTheIterationLimit) {
  EXPECT_EQ(Automatic(iterations(1500)).newton().options().stop.max_iterations,
            kGlobalIterationFactor * 1500);
  EXPECT_EQ(Automatic(iterations(INT_MAX)).newton().options().stop.max_iterations, INT_MAX);
}

// Registered among the global methods, without options of its own.
TEST(Automatic, IsRegisteredAndTakesNoParameters) {
  EXPECT_TRUE(is_global_solver(kAutomaticSolver));
  EXPECT_EQ(make_global_solver(kAutomaticSolver, {})->name(), kAutomaticSolver);
  EXPECT_THROW(make_global_solver(kAutomaticSolver, {}, {{"carry_penalty", "on"}}),
               core::Diagnostic);
}

// A hyperstatic problem (4 bodies, 14 contacts: W singular) solved to the tolerance, by the
// method the report names, with the velocities of its impulses.
TEST(Automatic, SolvesAHyperstaticProblem) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const GlobalProblem problem = testing::random_global_problem(4, 14, seed);
    VecX r = VecX::Zero(3 * problem.contacts()), v;
    const SolveReport report = Automatic(StopCriteria{}).solve(problem, r, v);
    ASSERT_TRUE(report.converged()) << "seed " << seed << ": " << report.stages;
    EXPECT_THAT(std::string(report.method), ::testing::AnyOf("velocity-nsgs", "velocity-newton"));
    const Measured measured = measure(problem, r, v);
    EXPECT_LE(measured.error, 1e-8) << "seed " << seed;
    EXPECT_LT(measured.velocity_mismatch, 1e-10) << "seed " << seed;
  }
}

// With one sweep and four Newton steps neither method of the global form converges, and
// hybrid on W (one iteration a stage) from the warm start does not either: the answer is the
// better of velocity-newton's and hybrid's, as those methods give them run one by one.
TEST(Automatic, WhereNoMethodConvergesTheBetterAnswerIsReturned) {
  int hybrid_answered = 0, newton_answered = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const GlobalProblem problem = testing::random_global_problem(4, 14, seed);
    const VecX warm = VecX::Zero(3 * problem.contacts());
    VecX r = warm, v;
    const SolveReport report = Automatic(iterations(1)).solve(problem, r, v);
    ASSERT_FALSE(report.converged()) << "seed " << seed;

    VecX r_newton = warm, v_newton;
    const SolveReport sweeps = VelocityNsgs({.stop = iterations(1), .stop_on_stagnation = true})
                                   .solve(problem, r_newton, v_newton);
    const SolveReport newton = VelocityNewton({.stop = iterations(kGlobalIterationFactor)})
                                   .solve(problem, r_newton, v_newton);
    VecX r_hybrid = warm;
    const contact::Condensation condensation(problem, {"random"});
    const SolveReport hybrid =
        Hybrid({.stop = iterations(1)}).solve(condensation.local(), r_hybrid);

    EXPECT_THAT(report.stages, StartsWith("velocity-nsgs 1 ("));
    EXPECT_THAT(report.stages, HasSubstr(core::concat("), velocity-newton ", newton.iterations)));
    EXPECT_EQ(report.iterations, sweeps.iterations + newton.iterations + hybrid.iterations);
    EXPECT_EQ(report.error, std::min(newton.error, hybrid.error)) << "seed " << seed;
    if (newton.error < hybrid.error) {
      ++newton_answered;
      EXPECT_EQ(report.method, "velocity-newton");
      EXPECT_THAT(report.stages, HasSubstr("back to velocity-newton"));
      EXPECT_EQ(r, r_newton);
    } else {
      ++hybrid_answered;
      EXPECT_EQ(report.method, "hybrid");
      EXPECT_EQ(r, r_hybrid);
    }
    const Measured measured = measure(problem, r, v);
    EXPECT_NEAR(measured.error, report.error, 1e-9 * std::max(1.0, report.error));
    EXPECT_LT(measured.velocity_mismatch, 1e-10) << "seed " << seed;
  }
  // Both cases occur among these seeds (7 and 1).
  EXPECT_GT(newton_answered, 0);
  EXPECT_GT(hybrid_answered, 0);
}

// From kNewtonAloneContacts on velocity-newton answers alone, converged or not.
TEST(Automatic, OnLargeProblemsVelocityNewtonAnswersAlone) {
  const GlobalProblem problem =
      testing::random_global_problem(40, static_cast<int>(Automatic::kNewtonAloneContacts), 3);
  VecX r = VecX::Zero(3 * problem.contacts()), v;
  const SolveReport report = Automatic(iterations(1)).solve(problem, r, v);
  EXPECT_FALSE(report.converged());
  EXPECT_EQ(report.method, "velocity-newton");
  EXPECT_EQ(report.stages, "");
  EXPECT_LE(report.iterations, kGlobalIterationFactor);
}

// The time limit is the whole chain's: once the first method has spent it, nothing follows.
TEST(Automatic, NoMethodFollowsOnceTheTimeLimitIsSpent) {
  const GlobalProblem problem = testing::random_global_problem(4, 14, 1);
  StopCriteria stop = testing::far_tolerance();
  stop.time_limit = 1e-9;
  VecX r = VecX::Zero(3 * problem.contacts()), v;
  const SolveReport report = Automatic(stop).solve(problem, r, v);
  EXPECT_EQ(report.status, Status::TimeLimit);
  EXPECT_EQ(report.method, "velocity-nsgs");
  EXPECT_EQ(report.stages, "");
  EXPECT_TRUE(r.allFinite());
}

}  // namespace
}  // namespace moreau::solvers
