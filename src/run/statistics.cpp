#include "moreau/run/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::run {

void SolverCounts::add_step(const dynamics::StepReport& report) {
  if (report.active == 0) return;
  ++solves;
  if (!report.solve.converged()) ++not_converged;
  // A NaN error is the worst and stays so (every comparison with it is false).
  if (std::isnan(report.solve.error) || report.solve.error > worst_error)
    worst_error = report.solve.error;
  total_iterations += report.solve.iterations;
  max_iterations = std::max(max_iterations, report.solve.iterations);
  ++answered_by[std::string(report.solver)];
}

}  // namespace moreau::run
