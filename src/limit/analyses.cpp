#include "moreau/limit/analyses.hpp"

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

// A collapse whose program had the strengths of its own multiplier. On a tilting table the
// loads at the tilt phi = atan(lambda) past its start are |g| m (cos phi d + sin phi l), the
// programs' dead + lambda live load divided by cos phi, and the bonds' strengths enter
// divided by it too: times sqrt(1 + lambda^2), which depends on the answer. `solve(scale)`
// (a Collapse) is repeated from scale 1 at the scale of its last multiplier: the multiplier
// grows with the strengths, so the scales rise to the fixed point, or to NoCollapse where
// bonds hold the structure at any tilt. Other loads, and dry joints, take one program.
// @throws core::Diagnostic keyed "cohesion" where the scale has not settled in
//         kMostScalePrograms programs
template <typename Solve>
auto at_own_scale(bool tilts_bonds, Solve solve) {
  auto answer = solve(1.0);
  if (!tilts_bonds) return answer;
  for (int program = 1; program < kMostScalePrograms; ++program) {
    const Collapse& collapse = collapse_of(answer);
    if (collapse.outcome != Collapse::Outcome::Collapse) return answer;
    const double scale = std::hypot(1.0, collapse.multiplier);
    if (std::abs(scale - collapse.strength_scale) <= kScaleSettled * scale) return answer;
    answer = solve(scale);
  }
  throw core::Diagnostic(
      {}, "cohesion",
      core::concat("bonds whose tilt's collapse settles within ", kMostScalePrograms, " programs"),
      "strengths that keep raising it");
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
                      at_own_scale(tilts_bonds,
                                   [&](double scale) {
                                     return associative_collapse(problem.scene, limits.contacts,
                                                                 direction, cone, settings.facets,
                                                                 scale);
                                   }),
                      {}};
      announce(core::concat("the lower end (", which, ")"));
      if (limits.lower_end_skipped)
        a.minimum.unsolved =
            core::concat("not searched for on more than ", kLargestLowerEndContacts,
                         " contact points unless its iterations are given (moreau limit "
                         "--iterations, moreau.limit(iterations=...))");
      else if (a.collapse.outcome == Collapse::Outcome::Collapse)
        a.minimum = at_own_scale(tilts_bonds, [&](double scale) {
          // The upper end at its own scale bounds the multiplier at any lower one.
          Collapse upper = a.collapse;
          upper.strength_scale = scale;
          return nonassociative_collapse(problem.scene, limits.contacts, upper, cone,
                                         settings.facets, settings.iterations,
                                         limits.settings.seconds);
        });
      limits.analyses.push_back(std::move(a));
    }
  return limits;
}

std::optional<CollapseRange> collapse_range(const LimitAnalyses& limits) {
  CollapseRange range{std::numeric_limits<double>::infinity(),
                      -std::numeric_limits<double>::infinity(), true};
  for (const LimitAnalysis& a : limits.analyses) {
    if (a.collapse.outcome != Collapse::Outcome::Collapse) continue;
    range.upper = std::max(range.upper, limits.pattern.load_factor(a.collapse.multiplier));
    if (!a.minimum.unsolved.empty()) continue;
    range.lower = std::min(range.lower, limits.pattern.load_factor(a.minimum.collapse.multiplier));
    range.proven = range.proven && a.minimum.proven;
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

}  // namespace moreau::limit
