// `moreau limit FILE`: limit analysis of a problem's own scene under its lateral load
// (limit/limit_analysis.hpp): the associative collapse multiplier, the load factor it is (a
// tilt, lambda, a PGA), and its mechanism, as text or as one JSON object.
#include "command.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/limit/limit_analysis.hpp"
#include "moreau/output/summary_json.hpp"
#include "options.hpp"

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace moreau::cli {
namespace {

namespace po = boost::program_options;
using json = nlohmann::ordered_json;

// The facets of the pyramids that stand for 3D friction cones: the inscribed and the
// circumscribed one bracket the cone's multiplier within about mu (1 - cos(pi / 16)), 2 %.
constexpr int kDefaultFacets = 16;

// One program's answer, with how its cone was drawn.
struct Analysis {
  std::string cone;  // "exact" (planar), "inscribed", "circumscribed"
  limit::Collapse collapse;
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

json analysis_json(const Analysis& a, const limit::LoadPattern& pattern,
                   const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  const limit::Collapse& c = a.collapse;
  json result = {
      {"direction", vector(c.direction)}, {"cone", a.cone}, {"outcome", outcome_name(c.outcome)}};
  if (c.outcome != limit::Collapse::Outcome::Collapse) return result;
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
  result["multiplier"] = c.multiplier;
  result["load_factor"] = pattern.load_factor(c.multiplier);
  result["mechanism"] = output::mechanism_json(c.mechanism);
  result["forces"] = std::move(forces);
  return result;
}

void print_analysis(const Analysis& a, const limit::LoadPattern& pattern) {
  const limit::Collapse& c = a.collapse;
  const math::Vec3 d = c.direction + math::Vec3::Zero();  // -0 + 0 = +0: no "-0" printed
  std::cout << "  load along (" << d.x() << ", " << d.y() << ", " << d.z() << "), " << a.cone
            << " cones: ";
  switch (c.outcome) {
    case limit::Collapse::Outcome::NoCollapse:
      std::cout << "no collapse (the supports balance any multiple of this load)\n";
      return;
    case limit::Collapse::Outcome::NoEquilibrium:
      std::cout << "no equilibrium (no contact forces balance the weights at any load)\n";
      return;
    case limit::Collapse::Outcome::Collapse:
      break;
  }
  std::cout << pattern.load_factor_name() << ' ' << pattern.load_factor(c.multiplier);
  if (pattern.kind == "tilt") std::cout << " (lambda = tan(tilt) " << c.multiplier << ')';
  std::cout << "\n    mechanism: " << c.mechanism.description << '\n';
}

int run_limit(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file")(
      "facets", po::value<int>()->default_value(kDefaultFacets),
      "faces of the pyramids standing for 3D friction cones (>= 3): one inscribed in the "
      "cone, one circumscribed, which bracket its answer")("json",
                                                           "print the result as one JSON object");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments,
      "Usage: moreau limit FILE [options]\nLimit analysis of the problem's structure under its "
      "lateral load (tilt, loads.lateral or a ground motion's equivalent static load): the "
      "associative collapse load, the upper end of those at which friction allows a mechanism.",
      options, positional);
  if (!values) return kSuccess;
  const int facets = (*values)["facets"].as<int>();
  if (facets < 3)
    throw core::Diagnostic({"--facets"}, "facets", "an integer >= 3", core::concat(facets));

  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  const limit::LoadPattern pattern = limit::load_pattern(problem);
  const std::vector<dynamics::Contact> contacts = limit::standing_contacts(problem.scene);
  std::vector<Analysis> analyses;
  for (const math::Vec3& direction : pattern.directions) {
    if (problem.scene.dimension == 2) {
      analyses.push_back(
          {"exact", limit::associative_collapse(problem.scene, contacts, direction,
                                                limit::ConeFacets::Circumscribed, facets)});
      continue;
    }
    for (const limit::ConeFacets cone :
         {limit::ConeFacets::Inscribed, limit::ConeFacets::Circumscribed})
      analyses.push_back(
          {cone == limit::ConeFacets::Inscribed ? "inscribed" : "circumscribed",
           limit::associative_collapse(problem.scene, contacts, direction, cone, facets)});
  }

  if (values->count("json")) {
    json results = json::array();
    for (const Analysis& a : analyses)
      results.push_back(analysis_json(a, pattern, contacts, problem.scene));
    std::cout << json{{"title", problem.title},
                      {"problem", problem.path.string()},
                      {"load", pattern.kind},
                      {"load_factor_name", pattern.load_factor_name()},
                      {"friction", "associative"},
                      {"facets", problem.scene.dimension == 2 ? json(nullptr) : json(facets)},
                      {"contacts", contacts.size()},
                      {"analyses", std::move(results)}}
                     .dump(2)
              << '\n';
    return kSuccess;
  }
  std::cout << "moreau limit: " << problem.title << '\n'
            << "  " << contacts.size() << " contact points, " << pattern.kind
            << " load; associative friction (the upper end of the collapse loads with real "
               "friction)";
  if (problem.scene.dimension == 3) std::cout << ", cones as pyramids of " << facets << " faces";
  std::cout << '\n';
  for (const Analysis& a : analyses) print_analysis(a, pattern);
  return kSuccess;
}

}  // namespace

extern const Command kLimitCommand{
    "limit", "limit analysis: the collapse load of a problem's structure under its lateral load",
    run_limit};

}  // namespace moreau::cli
