#include "moreau/solvers/solver.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/input_limits.hpp"

#include <algorithm>

namespace moreau::solvers {
namespace {

using Clock = std::chrono::steady_clock;

// The end of this thread's innermost TimeBudget; none outside every budget.
thread_local std::optional<Clock::time_point> deadline;

}  // namespace

std::optional<StopRefusal> refusal(const StopCriteria& stop) {
  // Written so that NaN is refused too.
  if (!(stop.tolerance > 0.0 && stop.tolerance < 1.0))
    return StopRefusal{"tolerance", "a number in (0, 1)", core::concat(stop.tolerance)};
  if (stop.max_iterations < 1)
    return StopRefusal{"max_iterations", "a whole number >= 1", core::concat(stop.max_iterations)};
  if (!(stop.time_limit >= 0.0 && stop.time_limit <= core::kMaxTime))
    return StopRefusal{"time_limit",
                       core::concat("a number in [0, ", core::kMaxTime, "] (s per solve, 0: none)"),
                       core::concat(stop.time_limit)};
  return std::nullopt;
}

void check_requested(const StopCriteria& stop) {
  if (const std::optional<StopRefusal> refused = refusal(stop))
    throw core::Diagnostic({}, refused->key, refused->expected, refused->found);
}

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
