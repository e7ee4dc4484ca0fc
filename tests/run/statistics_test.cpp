// run::SolverCounts over a sequence of steps: steps without a solve are not counted,
// the worst error (a NaN the worst of all), the iterations, and the solves each method
// answered.
#include "moreau/run/statistics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <string_view>

namespace moreau::run {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

dynamics::StepReport step(int active, solvers::Status status, int iterations, double error,
                          std::string_view solver = "hybrid") {
  dynamics::StepReport r;
  r.active = active;
  r.solver = solver;
  if (active == 0) return r;
  r.solve.emplace();
  r.solve->status = status;
  r.solve->iterations = iterations;
  r.solve->error = error;
  return r;
}

TEST(SolverCounts, StepsWithoutActiveContactsAreNotSolves) {
  SolverCounts counts;
  counts.add_step(step(0, solvers::Status::Converged, 0, 0.0));
  counts.add_step(step(3, solvers::Status::Converged, 4, 1e-9));
  counts.add_step(step(5, solvers::Status::MaxIterations, 10, 1e-5));
  counts.add_step(step(2, solvers::Status::Converged, 1, 1e-12));
  EXPECT_EQ(counts.solves, 3);
  EXPECT_EQ(counts.not_converged, 1);
  EXPECT_EQ(counts.worst_error, 1e-5);
  EXPECT_EQ(counts.total_iterations, 15);
  EXPECT_EQ(counts.max_iterations, 10);
  EXPECT_EQ(counts.mean_iterations(), 5.0);
}

TEST(SolverCounts, CountTheSolvesEachMethodAnswered) {
  SolverCounts counts;
  counts.add_step(step(0, solvers::Status::Converged, 0, 0.0, ""));
  counts.add_step(step(3, solvers::Status::Converged, 4, 1e-9, "velocity-nsgs"));
  counts.add_step(step(5, solvers::Status::Converged, 10, 1e-9, "velocity-newton"));
  counts.add_step(step(2, solvers::Status::Converged, 1, 1e-12, "velocity-nsgs"));
  EXPECT_EQ(counts.answered_by,
            (std::map<std::string, long long>{{"velocity-newton", 1}, {"velocity-nsgs", 2}}));
}

TEST(SolverCounts, NaNErrorIsTheWorst) {
  SolverCounts counts;
  counts.add_step(step(1, solvers::Status::NonFinite, 2, kNaN));
  counts.add_step(step(1, solvers::Status::Converged, 2, 1e-9));
  EXPECT_TRUE(std::isnan(counts.worst_error));
}

}  // namespace
}  // namespace moreau::run
