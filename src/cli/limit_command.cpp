// `moreau limit FILE`: limit analysis of a problem's own scene under its lateral load
// (limit/limit_analysis.hpp): the range of its collapse loads, the associative multiplier (the
// upper end) and the non-associative minimum (the lower end), the load factors they are (a
// tilt, lambda, a PGA), and their mechanisms, as text or as one JSON object.
#include "command.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/limit/limit_analysis.hpp"
#include "moreau/output/summary_json.hpp"
#include "options.hpp"
#include "progress.hpp"

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace moreau::cli {
namespace {

namespace po = boost::program_options;
using json = nlohmann::ordered_json;

// The facets of the pyramids that stand for 3D friction cones: the inscribed and the
// circumscribed one bracket the cone's multiplier within about mu (1 - cos(pi / 16)), 2 %.
constexpr int kDefaultFacets = 16;
// The fictitious-friction iteration's programs from each of its starts: those that settle
// take a few tens (docs/limit-analysis.md, "The lower end").
constexpr int kDefaultFictitiousIterations = 100;
// Cbc's time to prove the non-associative minimum, s, per direction and cone.
constexpr double kDefaultProofSeconds = 10.0;
// Past this many contact points Cbc runs only when --time-limit asks: it has proven no
// assembly that large, and its big-M bounds alone cost a linear program a contact
// (docs/limit-analysis.md, "The lower end").
constexpr std::size_t kLargestProofContacts = 50;

// The answers along one direction with one drawing of the cones: the associative collapse
// (the upper end) and the non-associative minimum (the lower end).
struct Analysis {
  std::string cone;  // "exact" (planar), "inscribed", "circumscribed"
  limit::Collapse collapse;
  limit::MinimumCollapse minimum;
};

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

json analysis_json(const Analysis& a, const limit::LoadPattern& pattern,
                   const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  const limit::Collapse& c = a.collapse;
  json result = {
      {"direction", vector(c.direction)}, {"cone", a.cone}, {"outcome", outcome_name(c.outcome)}};
  if (c.outcome != limit::Collapse::Outcome::Collapse) return result;
  add_collapse(result, c, pattern, contacts, scene);
  result["nonassociative"] = minimum_json(a.minimum, pattern, contacts, scene);
  return result;
}

// "tilt_angle_deg 21.8014 (lambda = tan(tilt) 0.4)", "lambda 0.4".
std::string load(const limit::LoadPattern& pattern, double multiplier) {
  return core::concat(
      pattern.load_factor_name(), ' ', pattern.load_factor(multiplier),
      pattern.kind == "tilt" ? core::concat(" (lambda = tan(tilt) ", multiplier, ')') : "");
}

void print_analysis(const Analysis& a, const limit::LoadPattern& pattern, double seconds) {
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
    std::cout << "not found: " << m.unsolved << '\n';
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

int run_limit(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file")(
      "facets", po::value<int>()->default_value(kDefaultFacets),
      "faces of the pyramids standing for 3D friction cones (>= 3): one inscribed in the "
      "cone, one circumscribed, which bracket its answer")(
      "iterations", po::value<int>()->default_value(kDefaultFictitiousIterations),
      "non-associative friction: linear programs of the fictitious-friction iteration from each "
      "of its two starts (>= 1)")(
      "time-limit", po::value<double>()->default_value(kDefaultProofSeconds),
      "non-associative friction: seconds Cbc may spend proving the least collapse load, per "
      "direction and cone (0: the iteration alone)")("json", "print the result as one JSON object")(
      "quiet", "no progress on the terminal");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau limit FILE [options]\nLimit analysis of the problem's structure under its "
      "lateral load (tilt, loads.lateral or a ground motion's equivalent static load): the range "
      "of its collapse loads, from the least at which friction allows a mechanism "
      "(non-associative) to the associative collapse load.",
      options, positional);
  if (!values) return kSuccess;
  const int facets = (*values)["facets"].as<int>();
  if (facets < 3)
    throw core::Diagnostic({"--facets"}, "facets", "an integer >= 3", core::concat(facets));
  const int iterations = (*values)["iterations"].as<int>();
  if (iterations < 1)
    throw core::Diagnostic({"--iterations"}, "iterations", "an integer >= 1",
                           core::concat(iterations));
  double seconds = (*values)["time-limit"].as<double>();
  if (!(seconds >= 0.0) || std::isinf(seconds))  // NaN refused too
    throw core::Diagnostic({"--time-limit"}, "time-limit", "a finite number of seconds >= 0",
                           core::concat(seconds));

  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  const limit::LoadPattern pattern = limit::load_pattern(problem);
  const std::vector<dynamics::Contact> contacts = limit::standing_contacts(problem.scene);
  const bool proof_skipped =
      (*values)["time-limit"].defaulted() && contacts.size() > kLargestProofContacts;
  if (proof_skipped) seconds = 0.0;
  std::vector<Analysis> analyses;
  const std::vector<std::pair<std::string, limit::ConeFacets>> cones =
      problem.scene.dimension == 2
          ? std::vector<
                std::pair<std::string, limit::ConeFacets>>{{"exact",
                                                            limit::ConeFacets::Circumscribed}}
          : std::vector<std::pair<std::string, limit::ConeFacets>>{
                {"inscribed", limit::ConeFacets::Inscribed},
                {"circumscribed", limit::ConeFacets::Circumscribed}};
  Progress progress(values->count("quiet") > 0);
  const std::size_t programs = pattern.directions.size() * cones.size();
  for (const math::Vec3& direction : pattern.directions)
    for (const auto& [name, cone] : cones) {
      const std::string which =
          core::concat(analyses.size() + 1, " of ", programs, ", ", name, " cones");
      progress.show(core::concat("moreau limit: the upper end (", which, ")"));
      Analysis a{
          name, limit::associative_collapse(problem.scene, contacts, direction, cone, facets), {}};
      progress.show(core::concat("moreau limit: the lower end (", which, ")"));
      if (a.collapse.outcome == limit::Collapse::Outcome::Collapse)
        a.minimum = limit::nonassociative_collapse(problem.scene, contacts, direction, cone, facets,
                                                   a.collapse.multiplier, iterations, seconds);
      analyses.push_back(std::move(a));
    }
  progress.clear();

  if (values->count("json")) {
    json results = json::array();
    for (const Analysis& a : analyses)
      results.push_back(analysis_json(a, pattern, contacts, problem.scene));
    std::cout << json{{"title", problem.title},
                      {"problem", problem.path.string()},
                      {"load", pattern.kind},
                      {"load_factor_name", pattern.load_factor_name()},
                      {"facets", problem.scene.dimension == 2 ? json(nullptr) : json(facets)},
                      {"iterations", iterations},
                      {"time_limit", seconds},
                      {"contacts", contacts.size()},
                      {"analyses", std::move(results)}}
                     .dump(2)
              << '\n';
    return kSuccess;
  }
  std::cout << "moreau limit: " << problem.title << '\n'
            << "  " << contacts.size() << " contact points, " << pattern.kind << " load";
  if (problem.scene.dimension == 3) std::cout << ", cones as pyramids of " << facets << " faces";
  std::cout << '\n';
  if (proof_skipped)
    std::cout << "  non-associative friction: Cbc not run on more than " << kLargestProofContacts
              << " contact points unless --time-limit asks\n";
  for (const Analysis& a : analyses) print_analysis(a, pattern, seconds);
  return kSuccess;
}

}  // namespace

extern const Command kLimitCommand{
    "limit", "limit analysis: the collapse load of a problem's structure under its lateral load",
    run_limit};

}  // namespace moreau::cli
