#include "moreau/run/problem.hpp"

#include "moreau/core/assert.hpp"

#include <cmath>

namespace moreau::run {

long step_count(const Problem& problem) {
  MOREAU_ASSERT(problem.stepping.h > 0.0 && problem.duration >= problem.stepping.h &&
                problem.duration / problem.stepping.h <= static_cast<double>(kMaxStepCount));
  return std::lround(std::ceil(problem.duration / problem.stepping.h - 1e-9));
}

}  // namespace moreau::run
