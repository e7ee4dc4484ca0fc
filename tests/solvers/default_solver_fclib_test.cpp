// The default solver (what `moreau solve` uses without --solver) on every problem of
// ../shared/fclib: it must converge to the default tolerance 1e-8, and its error is measured
// again here rather than taken from its report.
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/shared_data.hpp"

#include <gtest/gtest.h>

namespace moreau::solvers {
namespace {

class DefaultSolver : public ::testing::TestWithParam<std::string> {};

TEST_P(DefaultSolver, ConvergesToTheDefaultTolerance) {
  MOREAU_REQUIRE_SHARED("fclib/" + GetParam());
  const auto file = contact::read_contact_problem_file(testing::shared_path("fclib/" + GetParam()));
  const StopCriteria stop;
  const auto solver = make_solver(default_solver_name(), stop);
  math::VecX r = math::VecX::Zero(file.problem.size());
  const SolveReport report = solver->solve(file.problem, r);
  const double error = contact::natural_map_error(file.problem, r);
  EXPECT_TRUE(report.converged()) << to_string(report.status) << " after " << report.stages;
  EXPECT_LE(error, stop.tolerance) << "reported " << report.error;
  EXPECT_EQ(error, report.error);  // the report is the error of the returned r, exactly
  std::cout << GetParam() << ": " << report.stages << ", error " << error << ", " << report.seconds
            << " s\n";
}

INSTANTIATE_TEST_SUITE_P(SharedFclib, DefaultSolver,
                         ::testing::ValuesIn(testing::shared_fclib_problems()),
                         [](const auto& test) { return testing::test_name(test.param); });

}  // namespace
}  // namespace moreau::solvers
