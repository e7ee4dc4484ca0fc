#include "moreau/output/summary_json.hpp"

#include "moreau/core/output_file.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace moreau::output {
namespace {

// ordered_json keeps the keys in the documented order, for the human reader.
using json = nlohmann::ordered_json;

// JSON (RFC 8259) has no NaN or infinity. nlohmann_json would also dump them as null, but
// saying so here keeps the rule visible and independent of the library's choice.
json number(double value) { return std::isfinite(value) ? json(value) : json(nullptr); }

json vector(const math::Vec3& v) {
  return json::array({number(v.x()), number(v.y()), number(v.z())});
}

json time_split(const std::optional<run::TimeSplit>& split) {
  if (!split) return nullptr;
  return {{"collision", number(split->collision)},
          {"assembly", number(split->assembly)},
          {"solve", number(split->solve)}};
}

json counts(const run::SolverCounts& c) {
  return {{"solves", c.solves},
          {"not_converged", c.not_converged},
          {"worst_error", number(c.worst_error)},
          {"total_iterations", c.total_iterations},
          {"mean_iterations", number(c.mean_iterations())},
          {"max_iterations", c.max_iterations},
          {"answered_by", c.answered_by}};
}

json joints(const std::vector<run::JointSummary>& listed) {
  json rows = json::array();
  for (const run::JointSummary& joint : listed)
    rows.push_back({{"body_a", joint.body_a},
                    {"body_b", joint.body_b},
                    {"position", vector(joint.position)},
                    {"direction", vector(joint.direction)}});
  return rows;
}

json mechanism(const run::MechanismSummary& m) {
  json parts = json::array();
  for (const run::PartSummary& part : m.parts)
    parts.push_back({{"bodies", part.bodies},
                     {"motion", part.turns ? "turning" : "sliding"},
                     {"axis_point", vector(part.axis_point)},
                     {"direction", vector(part.direction)}});
  return {{"description", m.description},
          {"parts", parts},
          {"hinges", joints(m.hinges)},
          {"sliding", joints(m.sliding)}};
}

json collapse(const std::optional<run::CollapseSummary>& c) {
  if (!c) return nullptr;
  return {{"criterion", c->criterion},
          {"body", c->body},
          {"value", number(c->value)},
          {"time", number(c->time)},
          {"load_factor_name", c->load_factor_name},
          {"load_factor", number(c->load_factor)},
          {"mechanism", mechanism(c->mechanism)}};
}

json body(const run::BodySummary& b) {
  const math::Quat& q = b.orientation;
  return {
      {"name", b.name},
      {"position", vector(b.position)},
      {"orientation", json::array({number(q.w()), number(q.x()), number(q.y()), number(q.z())})},
      {"velocity", vector(b.velocity)},
      {"angular_velocity", vector(b.angular_velocity)}};
}

json penalty_energy(const std::optional<std::array<double, 3>>& energy) {
  if (!energy) return nullptr;
  return {{"elastic", number((*energy)[0])},
          {"damping", number((*energy)[1])},
          {"slip", number((*energy)[2])}};
}

json bonds(const std::optional<run::BondCounts>& counts) {
  if (!counts) return nullptr;
  return {{"intact", counts->intact}, {"broken", counts->broken}};
}

json to_json(const run::RunSummary& s) {
  json bodies = json::array();
  for (const run::BodySummary& b : s.bodies) bodies.push_back(body(b));
  json removed = json::array();
  for (const run::RemovedBody& r : s.removed)
    removed.push_back({{"body", r.name},
                       {"time", number(r.time)},
                       {"bound", r.bound},
                       {"value", number(r.value)}});
  return {{"title", s.title},
          {"problem", s.problem.string()},
          {"mode", s.mode},
          {"dimension", s.dimension},
          {"steps", s.steps},
          {"restarted_from_step",
           s.restarted_from_step > 0 ? json(s.restarted_from_step) : json(nullptr)},
          {"simulated_time", number(s.simulated_time)},
          {"wall_seconds", number(s.wall_seconds)},
          {"time_split", time_split(s.time_split)},
          {"solver", s.solver},
          {"counts", counts(s.counts)},
          {"collapse", collapse(s.collapse)},
          {"record", s.record ? json{{"scale", number(s.record->scale)},
                                     {"pga_g", number(s.record->pga)},
                                     {"ground", s.record->ground},
                                     {"base_z", number(s.record->base_z)}}
                              : json(nullptr)},
          {"load_factor_name", s.load_factor_name},
          {"control", s.control.empty() ? json(nullptr) : json(s.control)},
          {"interrupted", s.interrupted_by.empty() ? json(nullptr) : json(s.interrupted_by)},
          {"removed", std::move(removed)},
          {"support_reaction", vector(s.support_reaction)},
          {"penalty_energy", penalty_energy(s.penalty_energy)},
          {"bonds", bonds(s.bonds)},
          {"warnings", s.warnings},
          {"bodies", std::move(bodies)}};
}

}  // namespace

std::string summary_json_text(const run::RunSummary& summary) {
  // Invalid UTF-8 in a title or name is replaced (U+FFFD) rather than failing the run at its end.
  return to_json(summary).dump(2, ' ', false, json::error_handler_t::replace);
}

void write_summary_json(const std::filesystem::path& path, const run::RunSummary& summary) {
  const std::string text = summary_json_text(summary);
  core::write_output_file(path, [&](std::ostream& out) { out << text << '\n'; });
}

}  // namespace moreau::output
