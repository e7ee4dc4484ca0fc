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
      load_pattern(problem), standing_contacts(problem.scene), settings, false, false, {}};
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
    for (const auto& [name, cone] : cones) {
      const std::string which =
          core::concat(limits.analyses.size() + 1, " of ", programs, ", ", name, " cones");
      announce(core::concat("the upper end (", which, ")"));
      LimitAnalysis a{
          name,
          associative_collapse(problem.scene, limits.contacts, direction, cone, settings.facets),
          {}};
      announce(core::concat("the lower end (", which, ")"));
      if (limits.lower_end_skipped)
        a.minimum.unsolved =
            core::concat("not searched for on more than ", kLargestLowerEndContacts,
                         " contact points unless its iterations are given (moreau limit "
                         "--iterations, moreau.limit(iterations=...))");
      else if (a.collapse.outcome == Collapse::Outcome::Collapse)
        a.minimum =
            nonassociative_collapse(problem.scene, limits.contacts, a.collapse, cone,
                                    settings.facets, settings.iterations, limits.settings.seconds);
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

}  // namespace moreau::limit
