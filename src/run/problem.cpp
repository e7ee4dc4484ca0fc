#include "moreau/run/problem.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <cmath>

namespace moreau::run {

std::string InputWarning::text() const {
  const std::string location = core::format_location(where);
  return core::concat(location, location.empty() ? "" : ": ", "warning: ", key, ": ", message);
}

long step_count(const Problem& problem) {
  MOREAU_ASSERT(problem.stepping.h > 0.0 && problem.duration >= problem.stepping.h &&
                problem.duration / problem.stepping.h <= static_cast<double>(kMaxStepCount));
  return std::lround(std::ceil(problem.duration / problem.stepping.h - 1e-9));
}

void set_duration(Problem& problem, double duration, const std::string& key) {
  const double h = problem.stepping.h;
  const auto max_steps = static_cast<double>(kMaxStepCount);
  // N.B. the negated form refuses NaN too; the division is step_count's precondition.
  if (!(duration >= h && duration / h <= max_steps))
    throw core::Diagnostic({}, key,
                           core::concat("a duration of at least one time step (", h,
                                        " s) and at most ", max_steps, " steps"),
                           core::concat(duration));
  problem.duration = duration;
}

}  // namespace moreau::run
