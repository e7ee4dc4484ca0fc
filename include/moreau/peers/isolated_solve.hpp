// A solve in a child process, for the peers of `moreau bench`: Siconos 4.4 aborts the whole
// process on some problems (assertions in its NSN-FB on the condensed problems of walls, in
// its IPM on packings) and has no wall-time limit (its PROX-WR runs on for as long as it is
// let on a 255-block wall, and its NSGS-WR outgrows the memory on a 1,000-block wall). In a child,
// an abort ends that run only, the time limit is enforced by ending the child, and the child's
// address space is limited to half of the machine's memory.
#pragma once

#include "moreau/math/types.hpp"
#include "moreau/solvers/solver.hpp"

#include <functional>
#include <optional>
#include <string>

namespace moreau::peers {

struct IsolatedSolve {
  /// The child's report, or a report with Status::TimeLimit (error infinite) when it was
  /// ended at the limit; empty when the child died otherwise.
  std::optional<solvers::SolveReport> report;
  math::VecX r;         ///< the child's impulses (empty unless it finished)
  std::string failure;  ///< how the child died, e.g. "aborted (SIGABRT)"; empty otherwise
};

/// Runs solve(r) in a forked child and returns its report and r. `time_limit` in s of wall
/// time for the whole child, 0 for none. Only the report's status, iterations, error and
/// seconds cross back.
/// @throws core::Diagnostic when no child can be started (fork or pipe failed)
IsolatedSolve solve_isolated(const std::function<solvers::SolveReport(math::VecX&)>& solve,
                             double time_limit);

}  // namespace moreau::peers
