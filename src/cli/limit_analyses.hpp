// Limit analysis of a problem as moreau's commands run it (`moreau limit`, `moreau run
// --limit`): both ends of its collapse loads along each direction of its load pattern, with
// each drawing of the cones (limit/limit_analysis.hpp), as text and as JSON.
#pragma once

#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/limit/limit_analysis.hpp"
#include "moreau/run/problem.hpp"
#include "progress.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {

/// How the cones are drawn and the lower end searched for (the defaults are moreau limit's).
struct LimitSettings {
  /// Faces of the pyramids standing for 3D friction cones: the inscribed and the
  /// circumscribed one bracket the cone's multiplier within about mu (1 - cos(pi / 16)), 2 %.
  int facets = 16;
  /// Programs of the fictitious-friction iteration from each of its starts: those that settle
  /// take a few tens (docs/limit-analysis.md, "The lower end").
  int iterations = 100;
  double seconds = 10.0;  ///< Cbc's, per direction and cone; 0: not run
  /// Cbc runs on more than 50 contact points only when the seconds were asked for.
  bool seconds_given = false;
  /// The lower end is searched for on more than 1,000 contact points only when the
  /// iterations were asked for.
  bool iterations_given = false;
};

/// The answers along one direction with one drawing of the cones: the associative collapse
/// (the upper end) and the non-associative minimum (the lower end).
struct LimitAnalysis {
  std::string cone;  ///< "exact" (planar), "inscribed", "circumscribed"
  limit::Collapse collapse;
  limit::MinimumCollapse minimum;
};

/// Every analysis of a problem's structure where it stands at t = 0.
struct LimitAnalyses {
  limit::LoadPattern pattern;
  std::vector<dynamics::Contact> contacts;
  LimitSettings settings;          ///< as run: seconds 0 where Cbc was not run
  bool proof_skipped = false;      ///< Cbc not run for the problem's size
  bool lower_end_skipped = false;  ///< the lower end not searched for, for its size
  std::vector<LimitAnalysis> analyses;
};

/// @throws core::Diagnostic as limit::load_pattern and limit::associative_collapse
LimitAnalyses analyse_limits(const run::Problem& problem, LimitSettings settings,
                             Progress& progress);

/// The object `moreau limit --json` prints and `moreau run --limit` writes to limit.json.
nlohmann::ordered_json limit_json(const run::Problem& problem, const LimitAnalyses& limits);

/// Writes limit.json (limit_json) into `folder` and, for each end of each analysis that found a
/// collapse, the folder limit/<n>-<cone>-<upper|lower>/ of output::write_collapse_files (n
/// the analysis's place in limit.json's `analyses`, from 1), after removing the limit/
/// folder of earlier results.
/// @throws core::Diagnostic if a file or folder cannot be written or removed
void write_limit_files(const std::filesystem::path& folder, const run::Problem& problem,
                       const LimitAnalyses& limits);

/// The range of collapse loads over a problem's analyses, as load factors: the least lower end
/// and the largest upper end over the load's directions and the cones' drawings.
struct CollapseRange {
  double lower = 0.0;
  double upper = 0.0;
  bool proven = false;  ///< every lower end proven the least
};

/// The range; none where an analysis found no collapse or no lower end.
std::optional<CollapseRange> collapse_range(const LimitAnalyses& limits);

/// "collapse loads from NAME lower (how the lower end stands) to upper (the upper end)".
std::string collapse_range_text(const limit::LoadPattern& pattern, const CollapseRange& range);

/// The text `moreau limit` prints after its title line.
void print_limits(const run::Problem& problem, const LimitAnalyses& limits);

}  // namespace moreau::cli
