// A stop request (core/stop_request.hpp: the command line's SIGINT and SIGTERM) ends every
// method at its first check, reported as `interrupted` with a finite iterate: before, a signal
// waited for the solve to end, minutes on a large structure.
#include "moreau/core/stop_request.hpp"

#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <string>

namespace moreau::solvers {
namespace {

// Requests a stop for the life of the object.
class StopRequested {
 public:
  StopRequested() { core::request_stop(); }
  ~StopRequested() { core::clear_stop_request(); }
  StopRequested(const StopRequested&) = delete;
  StopRequested& operator=(const StopRequested&) = delete;
};

TEST(StopRequest, EndsEveryLocalMethodAtItsFirstCheck) {
  const contact::LocalProblem problem = testing::random_problem(3, 20, 41);
  for (const std::string& name : registered_solver_names()) {
    SCOPED_TRACE(name);
    VecX cold = VecX::Zero(problem.size());
    ASSERT_FALSE(make_solver(name, testing::far_tolerance())->solve(problem, cold).iterations <= 1)
        << "the problem is solved at once: it tests nothing";
    const StopRequested stop;
    VecX r = VecX::Zero(problem.size());
    const SolveReport report = make_solver(name, testing::far_tolerance())->solve(problem, r);
    EXPECT_EQ(report.status, Status::Interrupted);
    EXPECT_LE(report.iterations, 1);
    EXPECT_TRUE(r.allFinite());
  }
}

TEST(StopRequest, EndsEveryGlobalMethodAtItsFirstCheck) {
  const contact::GlobalProblem problem = testing::random_global_problem(6, 12, 43);
  for (const std::string& name : registered_global_solver_names()) {
    SCOPED_TRACE(name);
    VecX cold = VecX::Zero(3 * problem.contacts());
    VecX v;
    ASSERT_FALSE(
        make_global_solver(name, testing::far_tolerance())->solve(problem, cold, v).iterations <= 1)
        << "the problem is solved at once: it tests nothing";
    const StopRequested stop;
    VecX r = VecX::Zero(3 * problem.contacts());
    const SolveReport report =
        make_global_solver(name, testing::far_tolerance())->solve(problem, r, v);
    EXPECT_EQ(report.status, Status::Interrupted);
    EXPECT_LE(report.iterations, 1);
    EXPECT_TRUE(r.allFinite());
  }
}

TEST(StopRequest, IsWithdrawnByClearing) {
  core::request_stop();
  EXPECT_TRUE(core::stop_requested());
  core::clear_stop_request();
  EXPECT_FALSE(core::stop_requested());
}

}  // namespace
}  // namespace moreau::solvers
