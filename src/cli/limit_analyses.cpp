#include "limit_analyses.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/output/collapse_files.hpp"
#include "moreau/output/summary_json.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace moreau::cli {
namespace {

using json = nlohmann::ordered_json;

// Past this many contact points Cbc runs only when --time-limit asks: it has proven no
// assembly that large, and its big-M bounds alone cost a linear program a contact
// (docs/limit-analysis.md, "The lower end").
constexpr std::size_t kLargestProofContacts = 50;
// Past this many contact points the lower end is searched for only when --iterations asks:
// each program of its iteration then takes minutes (docs/limit-analysis.md, "The lower end").
constexpr std::size_t kLargestLowerEndContacts = 1000;

std::string outcome_name(limit::Collapse::Outcome outcome) {
  switch (outcome) {
    case limit::Collapse::Outcome::Collapse:
      return "collapse";
    case limit::Collapse::Outcome::NoCollapse:
      return "no collapse";
    case limit::Collapse::Outcome::NoEquilibrium:
      return "no equilibrium";
  }
  return "";
}

json vector(const math::Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

json forces_json(const limit::Collapse& c, const std::vector<dynamics::Contact>& contacts,
                 const model::Scene& scene) {
  json forces = json::array();
  for (const limit::ContactForce& f : c.forces) {
    const dynamics::Contact& contact = contacts[static_cast<std::size_t>(f.contact)];
    forces.push_back({{"body_a", scene.bodies[static_cast<std::size_t>(contact.body_a)].name},
                      {"body_b", scene.bodies[static_cast<std::size_t>(contact.body_b)].name},
                      {"point", vector(contact.point.p)},
                      {"normal", vector(contact.frame.col(0))},
                      {"normal_force", f.normal},
                      {"tangential_force", vector(f.tangential)}});
  }
  return forces;
}

// The collapse's multiplier, load factor, mechanism and forces into `result`.
void add_collapse(json& result, const limit::Collapse& c, const limit::LoadPattern& pattern,
                  const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  result["multiplier"] = c.multiplier;
  result["load_factor"] = pattern.load_factor(c.multiplier);
  result["mechanism"] = output::mechanism_json(c.mechanism);
  result["forces"] = forces_json(c, contacts, scene);
}

json minimum_json(const limit::MinimumCollapse& m, const limit::LoadPattern& pattern,
                  const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  if (!m.unsolved.empty()) return {{"outcome", "not found"}, {"reason", m.unsolved}};
  json result = {{"outcome", "collapse"},
                 {"proven", m.proven},
                 {"bound_multiplier", m.lower_bound},
                 {"bound_load_factor", pattern.load_factor(m.lower_bound)}};
  add_collapse(result, m.collapse, pattern, contacts, scene);
  return result;
}

json analysis_json(const LimitAnalysis& a, const limit::LoadPattern& pattern,
                   const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  const limit::Collapse& c = a.collapse;
  json result = {
      {"direction", vector(c.direction)}, {"cone", a.cone}, {"outcome", outcome_name(c.outcome)}};
  if (c.outcome != limit::Collapse::Outcome::Collapse) return result;
  add_collapse(result, c, pattern, contacts, scene);
  result["nonassociative"] = minimum_json(a.minimum, pattern, contacts, scene);
  return result;
}

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

void print_analysis(const LimitAnalysis& a, const limit::LoadPattern& pattern, double seconds) {
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
  const limit::MinimumCollapse& m = a.minimum;
  std::cout << "    lower end (non-associative friction): ";
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

}  // namespace

LimitAnalyses analyse_limits(const run::Problem& problem, LimitSettings settings,
                             Progress& progress) {
  LimitAnalyses limits{limit::load_pattern(problem),
                       limit::standing_contacts(problem.scene),
                       settings,
                       false,
                       false,
                       {}};
  limits.proof_skipped = !settings.seconds_given && limits.contacts.size() > kLargestProofContacts;
  if (limits.proof_skipped) limits.settings.seconds = 0.0;
  limits.lower_end_skipped =
      !settings.iterations_given && limits.contacts.size() > kLargestLowerEndContacts;
  const std::vector<std::pair<std::string, limit::ConeFacets>> cones =
      problem.scene.dimension == 2
          ? std::vector<
                std::pair<std::string, limit::ConeFacets>>{{"exact",
                                                            limit::ConeFacets::Circumscribed}}
          : std::vector<std::pair<std::string, limit::ConeFacets>>{
                {"inscribed", limit::ConeFacets::Inscribed},
                {"circumscribed", limit::ConeFacets::Circumscribed}};
  const std::size_t programs = limits.pattern.directions.size() * cones.size();
  for (const math::Vec3& direction : limits.pattern.directions)
    for (const auto& [name, cone] : cones) {
      const std::string which =
          core::concat(limits.analyses.size() + 1, " of ", programs, ", ", name, " cones");
      progress.show(core::concat("limit analysis: the upper end (", which, ")"));
      LimitAnalysis a{name,
                      limit::associative_collapse(problem.scene, limits.contacts, direction, cone,
                                                  settings.facets),
                      {}};
      progress.show(core::concat("limit analysis: the lower end (", which, ")"));
      if (limits.lower_end_skipped)
        a.minimum.unsolved =
            core::concat("not searched for on more than ", kLargestLowerEndContacts,
                         " contact points unless --iterations asks");
      else if (a.collapse.outcome == limit::Collapse::Outcome::Collapse)
        a.minimum = limit::nonassociative_collapse(problem.scene, limits.contacts, a.collapse, cone,
                                                   settings.facets, settings.iterations,
                                                   limits.settings.seconds);
      limits.analyses.push_back(std::move(a));
    }
  progress.clear();
  return limits;
}

json limit_json(const run::Problem& problem, const LimitAnalyses& limits) {
  json results = json::array();
  for (const LimitAnalysis& a : limits.analyses)
    results.push_back(analysis_json(a, limits.pattern, limits.contacts, problem.scene));
  return {{"title", problem.title},
          {"problem", problem.path.string()},
          {"load", limits.pattern.kind},
          {"load_factor_name", limits.pattern.load_factor_name()},
          {"facets", problem.scene.dimension == 2 ? json(nullptr) : json(limits.settings.facets)},
          {"iterations", limits.settings.iterations},
          {"time_limit", limits.settings.seconds},
          {"contacts", limits.contacts.size()},
          {"analyses", std::move(results)}};
}

void write_limit_files(const std::filesystem::path& folder, const run::Problem& problem,
                       const LimitAnalyses& limits) {
  const json object = limit_json(problem, limits);
  core::write_output_file(folder / "limit.json",
                          [&](std::ostream& stream) { stream << object.dump(2) << '\n'; });
  // Folders of an earlier analysis that this one has not (fewer directions, an end not
  // found) would pass for its own.
  const std::filesystem::path answers = folder / "limit";
  std::error_code error;
  std::filesystem::remove_all(answers, error);
  if (error)
    throw core::Diagnostic({answers.string()}, "",
                           "cannot remove the earlier limit analysis: " + error.message());
  for (std::size_t i = 0; i < limits.analyses.size(); ++i) {
    const LimitAnalysis& a = limits.analyses[i];
    const std::string name = core::concat(i + 1, '-', a.cone, '-');
    if (a.collapse.outcome == limit::Collapse::Outcome::Collapse)
      output::write_collapse_files(answers / (name + "upper"), problem.scene, limits.contacts,
                                   a.collapse);
    if (a.minimum.collapse.outcome == limit::Collapse::Outcome::Collapse)
      output::write_collapse_files(answers / (name + "lower"), problem.scene, limits.contacts,
                                   a.minimum.collapse);
  }
}

void print_limits(const run::Problem& problem, const LimitAnalyses& limits) {
  std::cout << "  " << limits.contacts.size() << " contact points, " << limits.pattern.kind
            << " load";
  if (problem.scene.dimension == 3)
    std::cout << ", cones as pyramids of " << limits.settings.facets << " faces";
  std::cout << '\n';
  if (limits.proof_skipped)
    std::cout << "  non-associative friction: Cbc not run on more than " << kLargestProofContacts
              << " contact points unless --time-limit asks\n";
  for (const LimitAnalysis& a : limits.analyses)
    print_analysis(a, limits.pattern, limits.settings.seconds);
}

std::optional<CollapseRange> collapse_range(const LimitAnalyses& limits) {
  CollapseRange range{std::numeric_limits<double>::infinity(),
                      -std::numeric_limits<double>::infinity(), true};
  for (const LimitAnalysis& a : limits.analyses) {
    if (a.collapse.outcome != limit::Collapse::Outcome::Collapse) continue;
    range.upper = std::max(range.upper, limits.pattern.load_factor(a.collapse.multiplier));
    if (!a.minimum.unsolved.empty()) continue;
    range.lower = std::min(range.lower, limits.pattern.load_factor(a.minimum.collapse.multiplier));
    range.proven = range.proven && a.minimum.proven;
  }
  if (!std::isfinite(range.upper) || !std::isfinite(range.lower)) return std::nullopt;
  return range;
}

std::string collapse_range_text(const limit::LoadPattern& pattern, const CollapseRange& range) {
  return core::concat("collapse loads from ", pattern.load_factor_name(), ' ', range.lower, " (",
                      range.proven ? "the least at which a mechanism is possible, proven"
                                   : "a mechanism is possible from here, not proven the least",
                      ") to ", range.upper, " (the upper end)");
}

}  // namespace moreau::cli
