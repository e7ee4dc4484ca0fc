// What the local and global Siconos peers share (src/peers/siconos_support.hpp), through the
// peers: an unknown name is refused at "solver" with the nearest name suggested; W, q and mu
// reach Siconos intact (its answer solves moreau's problem); and a report's status is
// moreau's verdict on that answer: its error is moreau's natural-map error of the returned r,
// Converged exactly when that error is within the tolerance.
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/peers/siconos_global_solver.hpp"
#include "moreau/peers/siconos_solver.hpp"
#include "support/random_problem.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace moreau::peers {
namespace {

using math::VecX;
using ::testing::HasSubstr;

TEST(SiconosSupport, UnknownNamesAreRefusedWithTheNearestSuggested) {
  try {
    make_siconos_solver("siconos-nsg", {});
    FAIL() << "an unknown local peer was made";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "solver");
    EXPECT_THAT(error.what(), HasSubstr("did you mean 'siconos-nsgs'?"));
  }
  const std::string global = siconos_global_solver_names().front();
  const std::string typo = global.substr(0, global.size() - 1);
  try {
    make_siconos_global_solver(typo, {});
    FAIL() << "an unknown global peer was made";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "solver");
    EXPECT_THAT(error.what(), HasSubstr("did you mean '" + global + "'?"));
  }
}

// Siconos' Gauss-Seidel on a small coupled problem of either dimension: it converges by
// moreau's error, which a W, q or mu copied wrong into Siconos' structures would prevent.
TEST(SiconosSupport, SiconosAnswerSolvesMoreausProblemByMoreausError) {
  const solvers::StopCriteria stop;  // 1e-8, 1000 sweeps: far more than 4 contacts need
  for (const int d : {2, 3}) {
    SCOPED_TRACE(d);
    const contact::LocalProblem problem = testing::random_problem(d, 4, 17);
    VecX r = VecX::Zero(problem.size());
    const solvers::SolveReport report =
        make_siconos_solver("siconos-nsgs", stop)->solve(problem, r);
    EXPECT_EQ(report.error, contact::natural_map_error(problem, r));
    EXPECT_EQ(report.status, solvers::Status::Converged) << report.error;
    EXPECT_LE(report.error, stop.tolerance);
  }
}

// One sweep cannot reach 1e-14: Siconos stops at its iteration limit, and the report says
// MaxIterations with moreau's error of what it returned, whatever Siconos' own estimate.
TEST(SiconosSupport, AnAnswerOutsideTheToleranceIsNotConverged) {
  const solvers::StopCriteria stop{.tolerance = 1e-14, .max_iterations = 1};
  const contact::LocalProblem problem = testing::random_problem(3, 4, 17);
  VecX r = VecX::Zero(problem.size());
  const solvers::SolveReport report = make_siconos_solver("siconos-nsgs", stop)->solve(problem, r);
  EXPECT_EQ(report.status, solvers::Status::MaxIterations);
  EXPECT_EQ(report.error, contact::natural_map_error(problem, r));
  EXPECT_GT(report.error, stop.tolerance);
}

}  // namespace
}  // namespace moreau::peers
