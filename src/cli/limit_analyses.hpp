// Limit analysis as moreau's commands print it (`moreau limit`, `moreau run --limit`, `moreau
// ensemble --limit`): the analyses of limit/analyses.hpp with a progress line, and their text.
#pragma once

#include "moreau/limit/analyses.hpp"
#include "moreau/run/problem.hpp"
#include "progress.hpp"

#include <optional>
#include <string>

namespace moreau::cli {

/// limit::analyse_limits with each program on the progress line, cleared after.
/// @throws core::Diagnostic as limit::analyse_limits
limit::LimitAnalyses analyse_limits(const run::Problem& problem,
                                    const limit::LimitSettings& settings, Progress& progress);

/// "collapse loads from NAME lower (how the lower end stands) to upper (the upper end)".
std::string collapse_range_text(const limit::LoadPattern& pattern,
                                const limit::CollapseRange& range);

/// Where a collapse at the load factor `collapse` lies in `range`: "lies below the lower end",
/// "lies above the upper end: ..." or "lies within the range, x above its lower end: ...".
std::string collapse_position_text(const limit::CollapseRange& range, double collapse);

/// Where a run's first motion (run::RunSummary::first_motion) at the load factor `first_motion`
/// lies in `range`: below, above, or "lies within the range, x above its lower end: " and how
/// far the structure stood weakly stable.
std::string first_motion_position_text(const limit::CollapseRange& range, double first_motion);

/// Where a run's onset (run::RunSummary::onset) at the load factor `onset` lies in `range`:
/// below, above, or "lies within the range, x above its lower end: " and how far the structure
/// stood weakly stable.
std::string onset_position_text(const limit::CollapseRange& range, double onset);

/// Prints "  limit analysis at t = 0 (limit.json): " and the range (collapse_range_text), or
/// that there is none; returns the range.
std::optional<limit::CollapseRange> print_range(const limit::LimitAnalyses& limits);

/// The text `moreau limit` prints after its title line.
void print_limits(const run::Problem& problem, const limit::LimitAnalyses& limits);

}  // namespace moreau::cli
