#include "moreau/solvers/solver.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>

namespace moreau::solvers {
namespace {

using Clock = std::chrono::steady_clock;

// The end of this thread's innermost TimeBudget; none outside every budget.
thread_local std::optional<Clock::time_point> deadline;

}  // namespace

TimeBudget::TimeBudget(double seconds) : outer_(deadline) {
  MOREAU_ASSERT(seconds > 0.0);
  // N.B. at most 1e9 s (three decades), so that the clock's nanoseconds do not overflow.
  const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(std::min(seconds, 1e9)));
  deadline = outer_ ? std::min(*outer_, end) : end;
}

TimeBudget::~TimeBudget() { deadline = outer_; }

bool TimeBudget::spent() { return deadline && Clock::now() >= *deadline; }

std::string_view to_string(Status status) {
  switch (status) {
    case Status::Converged:
      return "converged";
    case Status::MaxIterations:
      return "max-iterations";
    case Status::TimeLimit:
      return "time-limit";
    case Status::LineSearchFailure:
      return "line-search-failure";
    case Status::NonFinite:
      return "non-finite";
    case Status::Stagnated:
      return "stagnated";
    case Status::Interrupted:
      return "interrupted";
  }
  return "unknown";
}

}  // namespace moreau::solvers
