#include "moreau/solvers/solver.hpp"

namespace moreau::solvers {

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
