#include "limit_analyses.hpp"

#include "moreau/core/concat.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace moreau::cli {
namespace {

// "tilt_angle_deg 21.8014 (lambda = tan(tilt) 0.4)", from a table set at 20 degrees "... (lambda
// = tan(tilt - 20) ...)", "lambda 0.4".
std::string load(const limit::LoadPattern& pattern, double multiplier) {
  if (pattern.kind != "tilt")
    return core::concat(pattern.load_factor_name(), ' ', pattern.load_factor(multiplier));
  return core::concat(pattern.load_factor_name(), ' ', pattern.load_factor(multiplier),
                      " (lambda = tan(tilt",
                      pattern.initial_tilt > 0.0 ? core::concat(" - ", pattern.initial_tilt) : "",
                      ") ", multiplier, ')');
}

// "    <label>: tilt_angle_deg ..., proven the least by Cbc" and its mechanism.
void print_lower_end(std::string_view label, const limit::MinimumCollapse& m,
                     const limit::LoadPattern& pattern, double seconds) {
  std::cout << "    " << label << ": ";
  if (!m.unsolved.empty()) {
    std::cout << m.unsolved << '\n';
    return;
  }
  std::cout << load(pattern, m.collapse.multiplier) << ", ";
  if (m.proven)
    std::cout << "proven the least by Cbc";
  else if (seconds > 0.0)
    std::cout << "a mechanism is possible from here, not proven the least (Cbc's bound after "
              << seconds << " s: " << pattern.load_factor_name() << ' '
              << pattern.load_factor(m.lower_bound) << ')';
  else
    std::cout << "a mechanism is possible from here, not proven the least (Cbc not run)";
  std::cout << "\n      mechanism: " << m.collapse.mechanism.description << '\n';
}

void print_analysis(const limit::LimitAnalysis& a, const limit::LoadPattern& pattern,
                    double seconds) {
  const limit::Collapse& c = a.collapse;
  const math::Vec3 d = c.direction + math::Vec3::Zero();  // -0 + 0 = +0: no "-0" printed
  std::cout << "  load along (" << d.x() << ", " << d.y() << ", " << d.z() << "), " << a.cone
            << " cones:";
  switch (c.outcome) {
    case limit::Collapse::Outcome::NoCollapse:
      std::cout << " no collapse (the supports balance any multiple of this load)\n";
      return;
    case limit::Collapse::Outcome::NoEquilibrium:
      std::cout << " no equilibrium (no contact forces balance the weights at any load)\n";
      return;
    case limit::Collapse::Outcome::Collapse:
      break;
  }
  std::cout << "\n    upper end (associative friction): " << load(pattern, c.multiplier) << '\n'
            << "      mechanism: " << c.mechanism.description << '\n';
  print_lower_end("lower end (non-associative friction)", a.minimum, pattern, seconds);
  if (a.brittle_minimum)
    print_lower_end("lower end with brittle bonds (a joint that moves is dry, as in a run)",
                    *a.brittle_minimum, pattern, seconds);
}

}  // namespace

limit::LimitAnalyses analyse_limits(const run::Problem& problem,
                                    const limit::LimitSettings& settings, Progress& progress) {
  limit::LimitAnalyses limits =
      limit::analyse_limits(problem, settings, [&progress](std::string_view program) {
        progress.show(core::concat("limit analysis: ", program));
      });
  progress.clear();
  return limits;
}

namespace {

// "lies below the lower end", "lies above the upper end<above>" or "lies within the range, x
// above its lower end<within>".
std::string position_text(const limit::CollapseRange& range, double load, std::string_view above,
                          std::string_view within) {
  switch (limit::position_in(range, load)) {
    case limit::RangePosition::Below:
      return "lies below the lower end";
    case limit::RangePosition::Above:
      return core::concat("lies above the upper end", above);
    case limit::RangePosition::Within:
      break;
  }
  return core::concat("lies within the range, ", load - range.lower, " above its lower end",
                      within);
}

}  // namespace

std::string collapse_position_text(const limit::CollapseRange& range, double collapse) {
  return position_text(range, collapse, ": the criterion fires after the motion starts",
                       ": the criterion's lag after the motion starts, and any load the "
                       "structure stood past the least at which a mechanism is possible (weak "
                       "stability)");
}

std::string first_motion_position_text(const limit::CollapseRange& range, double first_motion) {
  return position_text(range, first_motion,
                       ": by the time its motion took to reach the first motion's share of the "
                       "criterion",
                       ": the structure stood at most that far past the least load at which a "
                       "mechanism is possible (weakly stable there), less the time its motion "
                       "took to reach the first motion's share of the criterion");
}

std::string onset_position_text(const limit::CollapseRange& range, double onset) {
  return position_text(range, onset,
                       ": by the time its motion took to pass 1e-6 m/s, below which a structure "
                       "stands",
                       ": the structure stood that far past the least load at which a mechanism "
                       "is possible (weakly stable there)");
}

std::optional<limit::CollapseRange> print_range(const limit::LimitAnalyses& limits) {
  std::cout << "  limit analysis at t = 0 (limit.json): ";
  std::optional<limit::CollapseRange> range = limit::collapse_range(limits);
  std::cout << (range ? collapse_range_text(limits.pattern, *range)
                      : std::string("no range of collapse loads (see limit.json)"))
            << '\n';
  return range;
}

void print_limits(const run::Problem& problem, const limit::LimitAnalyses& limits) {
  std::cout << "  " << limits.contacts.size() << " contact points";
  if (limits.bonded > 0)
    std::cout << " (" << limits.bonded
              << " bonded: cohesion and tensile strength, kept where a joint moves, and at the "
                 "lower end with brittle bonds lost)";
  std::cout << ", " << limits.pattern.kind << " load";
  if (problem.scene.dimension == 3)
    std::cout << ", cones as pyramids of " << limits.settings.facets << " faces";
  std::cout << '\n';
  if (limits.proof_skipped)
    std::cout << "  non-associative friction: Cbc not run on more than "
              << limit::kLargestProofContacts << " contact points unless --time-limit asks\n";
  for (const limit::LimitAnalysis& a : limits.analyses)
    print_analysis(a, limits.pattern, limits.settings.seconds);
}

std::string collapse_range_text(const limit::LoadPattern& pattern,
                                const limit::CollapseRange& range) {
  return core::concat("collapse loads from ", pattern.load_factor_name(), ' ', range.lower, " (",
                      range.proven ? "the least at which a mechanism is possible, proven"
                                   : "a mechanism is possible from here, not proven the least",
                      range.brittle_bonds ? ", with brittle bonds" : "", ") to ", range.upper,
                      " (the upper end)");
}

}  // namespace moreau::cli
