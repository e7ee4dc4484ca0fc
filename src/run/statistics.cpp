#include "moreau/run/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::run {

void SolverCounts::add_step(const dynamics::StepReport& report) {
  if (!report.solve) return;
  const solvers::SolveReport& solve = *report.solve;
  ++solves;
  if (!solve.converged()) ++not_converged;
  // A NaN error is the worst and stays so (every comparison with it is false).
  if (std::isnan(solve.error) || solve.error > worst_error) worst_error = solve.error;
  total_iterations += solve.iterations;
  max_iterations = std::max(max_iterations, solve.iterations);
  ++answered_by[std::string(report.solver)];
}

}  // namespace moreau::run
