#include "moreau/limit/analyses.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace moreau::limit {
namespace {

// The drawings of the cones: planar cones are exact, 3D ones bracketed by two pyramids.
std::vector<std::pair<std::string, ConeFacets>> cone_drawings(int dimension) {
  if (dimension == 2) return {{"exact", ConeFacets::Circumscribed}};
  return {{"inscribed", ConeFacets::Inscribed}, {"circumscribed", ConeFacets::Circumscribed}};
}

const Collapse& collapse_of(const Collapse& collapse) { return collapse; }
const Collapse& collapse_of(const MinimumCollapse& minimum) { return minimum.collapse; }

// The most programs of a tilt's fixed point on the bonds' strengths (at_own_scale), and the
// relative change of the scale at which it has settled.
constexpr int kMostScalePrograms = 100;
constexpr double kScaleSettled = 1e-10;
// A scale past which bonds hold the structure at any tilt: 1 / cos of 89.994 degrees.
constexpr double kLargestScale = 1e4;

// An answer whose scales rose past kLargestScale: no collapse at any tilt short of 90 degrees.
Collapse held_at_any_tilt(const Collapse& collapse) {
  Collapse held;
  held.outcome = Collapse::Outcome::NoCollapse;
  held.direction = collapse.direction;
  held.strength_scale = collapse.strength_scale;
  return held;
}
MinimumCollapse held_at_any_tilt(const MinimumCollapse& minimum) {
  MinimumCollapse held;
  held.collapse = held_at_any_tilt(minimum.collapse);
  held.unsolved = "the bonds hold the structure at any tilt";
  return held;
}

// A collapse whose program had the strengths of its own multiplier. On a tilting table the
// loads at the tilt phi = atan(lambda) past its start are |g| m (cos phi d + sin phi l), the
// programs' dead + lambda live load divided by cos phi, and the bonds' strengths enter
// divided by it too: times s(lambda) = sqrt(1 + lambda^2), which depends on the answer.
// `solve(scale)` (a Collapse, or a MinimumCollapse) is repeated from `first` until the scale
// of its multiplier is the one it was solved at. The multiplier grows with the strengths, so
// the plain iteration, scale <- s(lambda(scale)), moves monotonically towards the fixed
// point from the side it starts on (up from 1; down from a scale that a smaller multiplier
// came from), or up without end where bonds hold the structure at any tilt (past
// kLargestScale: held_at_any_tilt). It converges linearly, slowly where the bonds carry much
// of the load (docs/limit-analysis.md, "Bonded joints"), so each step tries the secant's scale
// through the last two answers (twice the scale where the secant's slope is 1 or more: no
// fixed point near), and keeps it where its answer is still on the starting side (else the
// plain step is solved too): lambda is piecewise linear in the strengths (a linear program's
// optimum in its bounds), and the secant lands on the fixed point once the answers share a
// piece. Other loads, and dry joints, take one program.
// @throws core::Diagnostic keyed "cohesion" where the scale has not settled in
//         kMostScalePrograms programs
template <typename Solve>
auto at_own_scale(bool tilts_bonds, double first, Solve solve) {
  auto answer = solve(first);
  if (!tilts_bonds) return answer;
  const auto scale_of = [](const Collapse& collapse) {
    return std::hypot(1.0, collapse.multiplier);
  };
  double last_scale = 0.0;  // the previous answer's: where it was solved, and of its multiplier
  double last_own = 0.0;
  for (int program = 1; program < kMostScalePrograms; ++program) {
    const Collapse& collapse = collapse_of(answer);
    if (collapse.outcome != Collapse::Outcome::Collapse) return answer;
    const double scale = collapse.strength_scale;
    const double own = scale_of(collapse);
    if (std::abs(own - scale) <= kScaleSettled * own) return answer;
    if (own > kLargestScale) return held_at_any_tilt(answer);
    const double side = own > scale ? 1.0 : -1.0;
    const double slope = last_scale > 0.0 ? (own - last_own) / (scale - last_scale) : 0.0;
    const double secant = slope < 1.0 ? (own - slope * scale) / (1.0 - slope) : 2.0 * own;
    last_scale = scale;
    last_own = own;
    if ((secant - own) * side > 0.0) {
      auto extrapolated = solve(secant);
      const Collapse& tried = collapse_of(extrapolated);
      if (tried.outcome == Collapse::Outcome::Collapse &&
          (scale_of(tried) - secant) * side > -kScaleSettled * secant) {
        answer = std::move(extrapolated);
        continue;
      }
    }
    answer = solve(own);
  }
  throw core::Diagnostic(
      {}, "cohesion",
      core::concat("bonds whose tilt's collapse settles within ", kMostScalePrograms, " programs"),
      "strengths that keep raising it");
}

// The lower end under the upper end `associative` with `bonds`, at its own scale where a tilt
// loads bonds: the scales settled first by the fictitious-friction iteration alone, then Cbc
// (where it runs) from there, each of its programs taking its seconds.
MinimumCollapse lower_end(const model::Scene& scene, const LimitAnalyses& limits,
                          const Collapse& associative, ConeFacets cone, bool tilts_bonds,
                          MovingBonds bonds) {
  const auto at_scale = [&](double seconds) {
    return [&, seconds](double scale) {
      // The upper end at its own scale bounds the multiplier at any lower one.
      Collapse upper = associative;
      upper.strength_scale = scale;
      return nonassociative_collapse(scene, limits.contacts, upper, cone, limits.settings.facets,
                                     limits.settings.iterations, seconds, bonds,
                                     limits.pattern.least_multiplier());
    };
  };
  const double seconds = limits.settings.seconds;
  if (!tilts_bonds || seconds == 0.0) return at_own_scale(tilts_bonds, 1.0, at_scale(seconds));
  const MinimumCollapse found = at_own_scale(true, 1.0, at_scale(0.0));
  const double start =
      found.collapse.outcome == Collapse::Outcome::Collapse ? found.collapse.strength_scale : 1.0;
  return at_own_scale(true, start, at_scale(seconds));
}

}  // namespace

// Written so that NaN is refused too.
void check(const LimitSettings& settings) {
  if (settings.facets < 3)
    throw core::Diagnostic({}, "facets", "an integer >= 3", core::concat(settings.facets));
  if (settings.iterations < 1)
    throw core::Diagnostic({}, "iterations", "an integer >= 1", core::concat(settings.iterations));
  if (!(settings.seconds >= 0.0) || std::isinf(settings.seconds))
    throw core::Diagnostic({}, "time_limit", "a finite number of seconds >= 0",
                           core::concat(settings.seconds));
}

LimitAnalyses analyse_limits(const run::Problem& problem, const LimitSettings& settings,
                             const ProgramStart& on_program) {
  check(settings);
  LimitAnalyses limits{
      load_pattern(problem), standing_contacts(problem.scene), 0, settings, false, false, {}};
  limits.bonded = static_cast<std::size_t>(
      std::ranges::count_if(limits.contacts, [&](const dynamics::Contact& contact) {
        return joint_strengths(problem.scene, contact).cohesion > 0.0;
      }));
  const bool tilts_bonds = limits.pattern.kind == "tilt" && limits.bonded > 0;
  limits.proof_skipped = !settings.seconds_given && limits.contacts.size() > kLargestProofContacts;
  if (limits.proof_skipped) limits.settings.seconds = 0.0;
  limits.lower_end_skipped =
      !settings.iterations_given && limits.contacts.size() > kLargestLowerEndContacts;
  const auto announce = [&](std::string_view text) {
    if (on_program) on_program(text);
  };
  const std::vector<std::pair<std::string, ConeFacets>> cones =
      cone_drawings(problem.scene.dimension);
  const std::size_t programs = limits.pattern.directions.size() * cones.size();
  for (const math::Vec3& direction : limits.pattern.directions)
    for (const auto& drawing : cones) {
      const std::string& name = drawing.first;
      const ConeFacets cone = drawing.second;
      const std::string which =
          core::concat(limits.analyses.size() + 1, " of ", programs, ", ", name, " cones");
      announce(core::concat("the upper end (", which, ")"));
      LimitAnalysis a{name,
                      at_own_scale(tilts_bonds, 1.0,
                                   [&](double scale) {
                                     return associative_collapse(problem.scene, limits.contacts,
                                                                 direction, cone, settings.facets,
                                                                 scale);
                                   }),
                      {},
                      {}};
      announce(core::concat("the lower end (", which, ")"));
      if (limits.lower_end_skipped)
        a.minimum.unsolved =
            core::concat("not searched for on more than ", kLargestLowerEndContacts,
                         " contact points unless its iterations are given (moreau limit "
                         "--iterations, moreau.limit(iterations=...))");
      else if (a.collapse.outcome == Collapse::Outcome::Collapse)
        a.minimum =
            lower_end(problem.scene, limits, a.collapse, cone, tilts_bonds, MovingBonds::Hold);
      if (limits.bonded > 0) {
        announce(core::concat("the lower end with brittle bonds (", which, ")"));
        a.brittle_minimum = a.minimum;  // "not searched for", or no collapse: the same reason
        if (!limits.lower_end_skipped && a.collapse.outcome == Collapse::Outcome::Collapse)
          a.brittle_minimum =
              lower_end(problem.scene, limits, a.collapse, cone, tilts_bonds, MovingBonds::Break);
      }
      limits.analyses.push_back(std::move(a));
    }
  return limits;
}

std::optional<CollapseRange> collapse_range(const LimitAnalyses& limits) {
  CollapseRange range{std::numeric_limits<double>::infinity(),
                      -std::numeric_limits<double>::infinity(), true, limits.bonded > 0};
  for (const LimitAnalysis& a : limits.analyses) {
    if (a.collapse.outcome != Collapse::Outcome::Collapse) continue;
    range.upper = std::max(range.upper, limits.pattern.load_factor(a.collapse.multiplier));
    const MinimumCollapse& lower = a.brittle_minimum ? *a.brittle_minimum : a.minimum;
    if (!lower.unsolved.empty()) continue;
    range.lower = std::min(range.lower, limits.pattern.load_factor(lower.collapse.multiplier));
    range.proven = range.proven && lower.proven;
  }
  if (!std::isfinite(range.upper) || !std::isfinite(range.lower)) return std::nullopt;
  return range;
}

RangePosition position_in(const CollapseRange& range, double load) {
  const double margin = 1e-6 * std::max(1.0, std::abs(load));
  if (load < range.lower - margin) return RangePosition::Below;
  if (load > range.upper + margin) return RangePosition::Above;
  return RangePosition::Within;
}

const char* position_name(RangePosition position) {
  switch (position) {
    case RangePosition::Below:
      return "below";
    case RangePosition::Within:
      return "within";
    case RangePosition::Above:
      return "above";
  }
  core::assertion_failed("position is a RangePosition", __FILE__, __LINE__);
}

std::optional<run::LimitRangeSummary> range_summary(const LimitAnalyses& limits,
                                                    const run::RunSummary& summary) {
  const std::optional<CollapseRange> range = collapse_range(limits);
  if (!range) return std::nullopt;
  run::LimitRangeSummary placed{
      range->lower, range->upper, range->proven, range->brittle_bonds, {}, {}, {}};
  if (!summary.collapse || limits.pattern.equivalent_of_dynamic_load()) return placed;
  placed.collapse = position_name(position_in(*range, summary.collapse->load_factor));
  if (summary.first_motion)
    placed.first_motion = position_name(position_in(*range, summary.first_motion->load_factor));
  if (summary.onset) placed.onset = position_name(position_in(*range, summary.onset->load_factor));
  return placed;
}

}  // namespace moreau::limit
