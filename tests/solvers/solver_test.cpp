// A time budget (solvers::TimeBudget of solvers/solver.hpp: a run's step time limit, shared by
// all the methods of the step) ends every method at its first check once spent, reported as
// `time-limit` with a finite iterate, and nested budgets end no later than the outer one. The
// stop criteria a user may ask for (solvers::refusal, the one check of every front end).
#include "moreau/solvers/solver.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <thread>

namespace moreau::solvers {
namespace {

void wait_past(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(2 * seconds));
}

TEST(TimeBudget, OnceSpentEndsEveryLocalMethodAtItsFirstCheck) {
  const contact::LocalProblem problem = testing::random_problem(3, 20, 41);
  for (const std::string& name : registered_solver_names()) {
    SCOPED_TRACE(name);
    const TimeBudget budget(1e-3);
    wait_past(1e-3);
    VecX r = VecX::Zero(problem.size());
    const SolveReport report = make_solver(name, testing::far_tolerance())->solve(problem, r);
    EXPECT_EQ(report.status, Status::TimeLimit);
    EXPECT_LE(report.iterations, 1);
    EXPECT_TRUE(r.allFinite());
  }
}

TEST(TimeBudget, OnceSpentEndsEveryGlobalMethodAtItsFirstCheck) {
  const contact::GlobalProblem problem = testing::random_global_problem(6, 12, 43);
  for (const std::string& name : registered_global_solver_names()) {
    SCOPED_TRACE(name);
    const TimeBudget budget(1e-3);
    wait_past(1e-3);
    VecX r = VecX::Zero(3 * problem.contacts());
    VecX v;
    const SolveReport report =
        make_global_solver(name, testing::far_tolerance())->solve(problem, r, v);
    EXPECT_EQ(report.status, Status::TimeLimit);
    EXPECT_LE(report.iterations, 1);
    EXPECT_TRUE(r.allFinite());
  }
}

TEST(TimeBudget, ANestedBudgetEndsNoLaterThanTheOuterOneAndGivesItBack) {
  EXPECT_FALSE(TimeBudget::spent());
  {
    const TimeBudget outer(1e-3);
    {
      const TimeBudget inner(1e6);
      wait_past(1e-3);
      EXPECT_TRUE(TimeBudget::spent());
    }
    EXPECT_TRUE(TimeBudget::spent());
  }
  EXPECT_FALSE(TimeBudget::spent());
  const TimeBudget outer(1e6);
  {
    const TimeBudget inner(1e-3);
    wait_past(1e-3);
    EXPECT_TRUE(TimeBudget::spent());
  }
  EXPECT_FALSE(TimeBudget::spent());
}

// Each criterion refused at its key past either end of its range (NaN too), and the defaults
// and the ends that are in range accepted.
TEST(StopCriteria, AUserMayAskForTheRangesThatTheFrontEndsShare) {
  EXPECT_FALSE(refusal(StopCriteria{}));
  EXPECT_FALSE(refusal({.tolerance = 0.5, .max_iterations = 1, .time_limit = 1e7}));
  const auto key_of = [](const StopCriteria& stop) {
    const std::optional<StopRefusal> refused = refusal(stop);
    return refused ? std::string(refused->key) : std::string("none");
  };
  for (const double tolerance : {0.0, 1.0, -1e-8, std::nan("")})
    EXPECT_EQ(key_of({.tolerance = tolerance}), "tolerance") << tolerance;
  EXPECT_EQ(key_of({.max_iterations = 0}), "max_iterations");
  for (const double seconds : {-1.0, 1.001e7, std::nan("")})
    EXPECT_EQ(key_of({.time_limit = seconds}), "time_limit") << seconds;
  try {
    check_requested({.max_iterations = -3});
    ADD_FAILURE() << "accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "max_iterations");
    EXPECT_EQ(error.message(), "expected a whole number >= 1, found -3");
  }
}

}  // namespace
}  // namespace moreau::solvers
