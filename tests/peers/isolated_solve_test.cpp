// Solves in a child process (moreau bench's peers): what a finished child returns crosses
// back whole, a child that aborts is reported with how it died, and one past the time limit
// is ended there.
#include "moreau/peers/isolated_solve.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>
#include <vector>

namespace moreau::peers {
namespace {

using math::VecX;

TEST(IsolatedSolve, ReturnsTheChildsReportAndImpulses) {
  const IsolatedSolve result = solve_isolated(
      [](VecX& r) {
        r = VecX::LinSpaced(1000, 0.0, 1.0 / 3.0);
        solvers::SolveReport report;
        report.status = solvers::Status::Converged;
        report.iterations = 17;
        report.error = 1e-9 / 7.0;
        report.seconds = 0.25;
        return report;
      },
      0.0);
  ASSERT_TRUE(result.report);
  EXPECT_TRUE(result.failure.empty());
  EXPECT_EQ(result.report->status, solvers::Status::Converged);
  EXPECT_EQ(result.report->iterations, 17);
  EXPECT_EQ(result.report->error, 1e-9 / 7.0);
  EXPECT_EQ(result.report->seconds, 0.25);
  EXPECT_EQ(result.r, VecX::LinSpaced(1000, 0.0, 1.0 / 3.0));
}

TEST(IsolatedSolve, AChildThatAbortsIsReportedAsSuch) {
  const IsolatedSolve result =
      solve_isolated([](VecX&) -> solvers::SolveReport { std::abort(); }, 0.0);
  EXPECT_FALSE(result.report);
  EXPECT_EQ(result.failure, "aborted (SIGABRT)");
  EXPECT_EQ(result.r.size(), 0);
}

// Left alone, the child would return after a minute with the default status.
TEST(IsolatedSolve, AChildPastTheTimeLimitIsEndedThere) {
  const IsolatedSolve result = solve_isolated(
      [](VecX&) {
        std::this_thread::sleep_for(std::chrono::seconds(60));
        return solvers::SolveReport{};
      },
      0.2);
  ASSERT_TRUE(result.report);
  EXPECT_EQ(result.report->status, solvers::Status::TimeLimit);
  EXPECT_TRUE(std::isinf(result.report->error));
}

// An allocation of three quarters of the machine's memory fails in the child (its address
// space is limited to half); the exception ends the child, not the caller.
TEST(IsolatedSolve, AChildThatAllocatesTooMuchFailsAlone) {
#ifdef MOREAU_ADDRESS_SANITIZER
  GTEST_SKIP() << "no memory limit under AddressSanitizer (isolated_solve.cpp)";
#endif
  const std::size_t memory =
      static_cast<std::size_t>(::sysconf(_SC_PHYS_PAGES)) * ::sysconf(_SC_PAGESIZE);
  const IsolatedSolve result = solve_isolated(
      [&](VecX& r) {
        std::vector<char> block(memory / 4 * 3, 1);
        r = VecX::Constant(1, block.back());
        return solvers::SolveReport{};
      },
      0.0);
  EXPECT_FALSE(result.report);
  EXPECT_EQ(result.failure, "threw (std::bad_alloc)");
}

}  // namespace
}  // namespace moreau::peers
