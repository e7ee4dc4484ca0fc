#include "moreau/output/limit_files.hpp"

#include "json_values.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/output/collapse_files.hpp"
#include "moreau/output/summary_json.hpp"

#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace moreau::output {
namespace {

using json = nlohmann::ordered_json;

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

json forces_json(const limit::Collapse& c, const std::vector<dynamics::Contact>& contacts,
                 const model::Scene& scene) {
  json forces = json::array();
  for (const limit::ContactForce& f : c.forces) {
    const dynamics::Contact& contact = contacts[static_cast<std::size_t>(f.contact)];
    forces.push_back({{"body_a", scene.bodies[static_cast<std::size_t>(contact.body_a)].name},
                      {"body_b", scene.bodies[static_cast<std::size_t>(contact.body_b)].name},
                      {"point", json_vector(contact.point.p)},
                      {"normal", json_vector(contact.frame.col(0))},
                      {"normal_force", f.normal},
                      {"tangential_force", json_vector(f.tangential)}});
  }
  return forces;
}

// The collapse's multiplier, load factor, mechanism and forces into `result`.
void add_collapse(json& result, const limit::Collapse& c, const limit::LoadPattern& pattern,
                  const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  result["multiplier"] = c.multiplier;
  result["load_factor"] = pattern.load_factor(c.multiplier);
  result["mechanism"] = mechanism_json(c.mechanism);
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

json analysis_json(const limit::LimitAnalysis& a, const limit::LoadPattern& pattern,
                   const std::vector<dynamics::Contact>& contacts, const model::Scene& scene) {
  const limit::Collapse& c = a.collapse;
  json result = {{"direction", json_vector(c.direction)},
                 {"cone", a.cone},
                 {"outcome", outcome_name(c.outcome)}};
  if (c.outcome != limit::Collapse::Outcome::Collapse) return result;
  add_collapse(result, c, pattern, contacts, scene);
  result["nonassociative"] = minimum_json(a.minimum, pattern, contacts, scene);
  if (a.brittle_minimum)
    result["brittle"] = minimum_json(*a.brittle_minimum, pattern, contacts, scene);
  return result;
}

}  // namespace

json limit_json(const run::Problem& problem, const limit::LimitAnalyses& limits) {
  json results = json::array();
  for (const limit::LimitAnalysis& a : limits.analyses)
    results.push_back(analysis_json(a, limits.pattern, limits.contacts, problem.scene));
  return {{"title", problem.title},
          {"problem", problem.path.string()},
          {"load", limits.pattern.kind},
          {"load_factor_name", limits.pattern.load_factor_name()},
          {"facets", problem.scene.dimension == 2 ? json(nullptr) : json(limits.settings.facets)},
          {"iterations", limits.settings.iterations},
          {"time_limit", limits.settings.seconds},
          {"contacts", limits.contacts.size()},
          {"bonded_contacts", limits.bonded},
          {"analyses", std::move(results)}};
}

FolderClaim claim_limit_folder(const std::filesystem::path& folder, bool overwrite,
                               const FolderOptions& options) {
  const auto holds_a_limit_analysis = [](const std::filesystem::path& earlier) {
    std::error_code ignored;
    return std::filesystem::exists(earlier / "limit.json", ignored);
  };
  return claim_folder_for_new_results(
      folder, overwrite, options,
      {holds_a_limit_analysis, "a folder without a limit analysis", "one"});
}

void write_limit_files(const std::filesystem::path& folder, const run::Problem& problem,
                       const limit::LimitAnalyses& limits) {
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
    const limit::LimitAnalysis& a = limits.analyses[i];
    const std::string name = core::concat(i + 1, '-', a.cone, '-');
    if (a.collapse.outcome == limit::Collapse::Outcome::Collapse)
      write_collapse_files(answers / (name + "upper"), problem.scene, limits.contacts, a.collapse);
    if (a.minimum.collapse.outcome == limit::Collapse::Outcome::Collapse)
      write_collapse_files(answers / (name + "lower"), problem.scene, limits.contacts,
                           a.minimum.collapse);
    if (a.brittle_minimum &&
        a.brittle_minimum->collapse.outcome == limit::Collapse::Outcome::Collapse)
      write_collapse_files(answers / (name + "brittle-lower"), problem.scene, limits.contacts,
                           a.brittle_minimum->collapse);
  }
}

}  // namespace moreau::output
