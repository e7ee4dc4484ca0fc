#include "moreau/run/problem.hpp"

#include <cmath>

namespace moreau::run {

long step_count(const Problem& problem) {
  return std::lround(std::ceil(problem.duration / problem.stepping.h - 1e-9));
}

}  // namespace moreau::run
