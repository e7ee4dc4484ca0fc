// Limit analysis of a problem as moreau runs it (`moreau limit`, `moreau run --limit`, `moreau
// ensemble --limit`, Python's moreau.limit): both ends of its collapse loads along each
// direction of its load pattern, with each drawing of the cones (limit_analysis.hpp).
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/limit/limit_analysis.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::limit {

/// Past this many contact points Cbc runs only when its seconds are asked for: it has proven
/// no assembly that large, and its big-M bounds alone cost a linear program a contact
/// (docs/limit-analysis.md, "The lower end").
inline constexpr std::size_t kLargestProofContacts = 50;
/// Past this many contact points the lower end is searched for only when the iterations are
/// asked for: each program of its iteration then takes minutes (docs/limit-analysis.md, "The
/// lower end").
inline constexpr std::size_t kLargestLowerEndContacts = 1000;

/// How the cones are drawn and the lower end searched for (the defaults are moreau limit's).
struct LimitSettings {
  /// Faces of the pyramids standing for 3D friction cones (>= 3): the inscribed and the
  /// circumscribed one bracket the cone's multiplier within about mu (1 - cos(pi / 16)), 2 %.
  int facets = 16;
  /// Programs of the fictitious-friction iteration from each of its starts (>= 1): those that
  /// settle take a few tens (docs/limit-analysis.md, "The lower end").
  int iterations = 100;
  double seconds = 10.0;  ///< Cbc's, per direction and cone, finite, >= 0; 0: not run
  /// Cbc runs on more than kLargestProofContacts contact points only when the seconds were
  /// asked for.
  bool seconds_given = false;
  /// The lower end is searched for on more than kLargestLowerEndContacts contact points only
  /// when the iterations were asked for.
  bool iterations_given = false;
};

/// The answers along one direction with one drawing of the cones: the associative collapse
/// (the upper end) and the non-associative minimum (the lower end).
struct LimitAnalysis {
  std::string cone;  ///< "exact" (planar), "inscribed", "circumscribed"
  Collapse collapse;
  MinimumCollapse minimum;  ///< with the bonds perfectly plastic (MovingBonds::Hold)
  /// Where the structure has bonds: the lower end with brittle bonds (MovingBonds::Break),
  /// which bounds a run's collapse from below, as a run's bonds break for good.
  std::optional<MinimumCollapse> brittle_minimum;
};

/// Every analysis of a problem's structure where it stands at t = 0.
struct LimitAnalyses {
  LoadPattern pattern;
  std::vector<dynamics::Contact> contacts;
  std::size_t bonded = 0;          ///< contacts with a bond's strengths (joint_strengths)
  LimitSettings settings;          ///< as run: seconds 0 where Cbc was not run
  bool proof_skipped = false;      ///< Cbc not run for the problem's size
  bool lower_end_skipped = false;  ///< the lower end not searched for, for its size
  std::vector<LimitAnalysis> analyses;
};

/// Told what each program is about to solve ("the upper end (1 of 2, exact cones)"), for a
/// progress line.
using ProgramStart = std::function<void(std::string_view)>;

/// @throws core::Diagnostic without a location, keyed "facets", "iterations" or "time_limit",
///         for a setting out of its range (LimitSettings)
void check(const LimitSettings& settings);

/// Every analysis of `problem` with `settings`, each program announced to `on_program`.
/// @throws core::Diagnostic as check, load_pattern and associative_collapse
LimitAnalyses analyse_limits(const run::Problem& problem, const LimitSettings& settings,
                             const ProgramStart& on_program = {});

/// The range of collapse loads over a problem's analyses, as load factors: the least lower end
/// (with brittle bonds where it has bonds: a run's) and the largest upper end over the load's
/// directions and the cones' drawings.
struct CollapseRange {
  double lower = 0.0;
  double upper = 0.0;
  bool proven = false;         ///< every lower end proven the least
  bool brittle_bonds = false;  ///< the lower ends are those with brittle bonds
};

/// Where a run's collapse load stands against the range.
enum class RangePosition { Below, Within, Above };

/// Where `load` stands: within the range up to 1e-6 of its magnitude (at least 1e-6) past
/// either end, so that a load that the analyses and a run's report round differently still
/// counts as the end it is.
RangePosition position_in(const CollapseRange& range, double load);

/// The range; none where an analysis found no collapse or no lower end.
std::optional<CollapseRange> collapse_range(const LimitAnalyses& limits);

/// "below", "within" or "above".
const char* position_name(RangePosition position);

/// The range of `limits` and where a run's collapse and first motion lie in it
/// (RunSummary::limit_range); none without a range. Neither is placed without a collapse, nor
/// under a ground motion, whose ends are static equivalents of a dynamic load.
std::optional<run::LimitRangeSummary> range_summary(const LimitAnalyses& limits,
                                                    const run::RunSummary& summary);

}  // namespace moreau::limit
