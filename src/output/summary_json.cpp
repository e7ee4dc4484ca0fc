#include "moreau/output/summary_json.hpp"

#include "json_values.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace moreau::output {
namespace {

// ordered_json keeps the keys in the documented order, for the human reader.
using json = nlohmann::ordered_json;

// summary.json's control_from: where the control body comes from.
constexpr const char* kNamedControl = "output.control";
constexpr const char* kHighestControl = "highest free body";

json time_split(const std::optional<run::TimeSplit>& split) {
  if (!split) return nullptr;
  return {{"collision", json_number(split->collision)},
          {"assembly", json_number(split->assembly)},
          {"solve", json_number(split->solve)}};
}

json counts(const run::SolverCounts& c) {
  return {{"solves", c.solves},
          {"not_converged", c.not_converged},
          {"worst_error", json_number(c.worst_error)},
          {"total_iterations", c.total_iterations},
          {"mean_iterations", json_number(c.mean_iterations())},
          {"max_iterations", c.max_iterations},
          {"answered_by", c.answered_by}};
}

json joints(const std::vector<run::JointSummary>& listed) {
  json rows = json::array();
  for (const run::JointSummary& joint : listed)
    rows.push_back({{"body_a", joint.body_a},
                    {"body_b", joint.body_b},
                    {"position", json_vector(joint.position)},
                    {"direction", json_vector(joint.direction)}});
  return rows;
}

}  // namespace

json mechanism_json(const run::MechanismSummary& m) {
  json parts = json::array();
  for (const run::PartSummary& part : m.parts)
    parts.push_back({{"bodies", part.bodies},
                     {"motion", part.turns ? "turning" : "sliding"},
                     {"axis_point", json_vector(part.axis_point)},
                     {"direction", json_vector(part.direction)}});
  return {{"description", m.description},
          {"parts", parts},
          {"hinges", joints(m.hinges)},
          {"sliding", joints(m.sliding)}};
}

namespace {

json collapse(const std::optional<run::CollapseSummary>& c) {
  if (!c) return nullptr;
  return {{"criterion", c->criterion},
          {"body", c->body},
          {"value", json_number(c->value)},
          {"time", json_number(c->time)},
          {"load_factor_name", c->load_factor_name},
          {"load_factor", json_number(c->load_factor)},
          {"mechanism", mechanism_json(c->mechanism)}};
}

// A position not compared (an empty string) is null.
json limit_range(const std::optional<run::LimitRangeSummary>& r) {
  if (!r) return nullptr;
  const auto position = [](const std::string& p) { return p.empty() ? json(nullptr) : json(p); };
  return {{"lower", json_number(r->lower)},    {"upper", json_number(r->upper)},
          {"lower_proven", r->proven},         {"lower_with_brittle_bonds", r->brittle_bonds},
          {"collapse", position(r->collapse)}, {"first_motion", position(r->first_motion)},
          {"onset", position(r->onset)}};
}

json peak_motion(const std::optional<run::PeakMotion>& p) {
  if (!p) return nullptr;
  return {{"time", json_number(p->time)},
          {"kinetic_energy", json_number(p->kinetic_energy)},
          {"mechanism", mechanism_json(p->mechanism)}};
}

json standing(const std::optional<run::Standing>& s) {
  if (!s) return nullptr;
  return {{"time", json_number(s->time)}, {"load_factor", json_number(s->load_factor)}};
}

json body(const run::BodySummary& b) {
  const math::Quat& q = b.orientation;
  return {{"name", b.name},
          {"position", json_vector(b.position)},
          {"orientation", json::array({json_number(q.w()), json_number(q.x()), json_number(q.y()),
                                       json_number(q.z())})},
          {"velocity", json_vector(b.velocity)},
          {"angular_velocity", json_vector(b.angular_velocity)}};
}

json penalty_energy(const std::optional<std::array<double, 3>>& energy) {
  if (!energy) return nullptr;
  return {{"elastic", json_number((*energy)[0])},
          {"damping", json_number((*energy)[1])},
          {"slip", json_number((*energy)[2])}};
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
                       {"time", json_number(r.time)},
                       {"bound", r.bound},
                       {"value", json_number(r.value)}});
  return {{"title", s.title},
          {"problem", s.problem.string()},
          {"mode", s.mode},
          {"integration", s.integration.empty() ? json(nullptr) : json(s.integration)},
          {"dimension", s.dimension},
          {"steps", s.steps},
          {"restarted_from_step",
           s.restarted_from_step > 0 ? json(s.restarted_from_step) : json(nullptr)},
          {"simulated_time", json_number(s.simulated_time)},
          {"wall_seconds", json_number(s.wall_seconds)},
          {"substeps", s.substeps ? json(*s.substeps) : json(nullptr)},
          {"time_split", time_split(s.time_split)},
          {"solver", s.solver},
          {"criterion", s.criterion ? json{{"name", s.criterion->name},
                                           {"tolerance", json_number(s.criterion->tolerance)}}
                                    : json(nullptr)},
          {"counts", counts(s.counts)},
          {"collapse", collapse(s.collapse)},
          {"peak_motion", peak_motion(s.peak_motion)},
          {"first_motion", collapse(s.first_motion)},
          {"onset", standing(s.onset)},
          {"limit_range", limit_range(s.limit_range)},
          {"record", s.record ? json{{"source", s.record->source},
                                     {"scale", json_number(s.record->scale)},
                                     {"pga_g", json_number(s.record->pga)},
                                     {"ground", s.record->ground},
                                     {"base_z", json_number(s.record->base_z)}}
                              : json(nullptr)},
          {"load_factor_name", s.load_factor_name},
          {"control", s.control.empty() ? json(nullptr) : json(s.control)},
          {"control_from", s.control.empty() ? json(nullptr)
                           : s.control_named ? json(kNamedControl)
                                             : json(kHighestControl)},
          {"storeys", s.storeys},
          {"interrupted", s.interrupted_by.empty() ? json(nullptr) : json(s.interrupted_by)},
          {"removed", std::move(removed)},
          {"support_reaction", json_vector(s.support_reaction)},
          {"penalty_energy", penalty_energy(s.penalty_energy)},
          {"bonds", bonds(s.bonds)},
          {"warnings", s.warnings},
          {"bodies", std::move(bodies)}};
}

// Reading: the inverse of the functions above. A null number is one that was not finite.

double read_number(const json& value) {
  return value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
}

math::Vec3 read_vector(const json& v) {
  return {read_number(v.at(0)), read_number(v.at(1)), read_number(v.at(2))};
}

std::optional<run::TimeSplit> read_time_split(const json& j) {
  if (j.is_null()) return std::nullopt;
  return run::TimeSplit{read_number(j.at("collision")), read_number(j.at("assembly")),
                        read_number(j.at("solve"))};
}

run::SolverCounts read_counts(const json& j) {
  run::SolverCounts c;
  c.solves = j.at("solves").get<int>();
  c.not_converged = j.at("not_converged").get<int>();
  c.worst_error = read_number(j.at("worst_error"));
  c.total_iterations = j.at("total_iterations").get<long long>();
  c.max_iterations = j.at("max_iterations").get<int>();
  c.answered_by = j.at("answered_by").get<std::map<std::string, long long>>();
  return c;
}

std::vector<run::JointSummary> read_joints(const json& rows) {
  std::vector<run::JointSummary> listed;
  for (const json& row : rows)
    listed.push_back({row.at("body_a").get<std::string>(), row.at("body_b").get<std::string>(),
                      read_vector(row.at("position")), read_vector(row.at("direction"))});
  return listed;
}

run::MechanismSummary read_mechanism(const json& j) {
  run::MechanismSummary m;
  m.description = j.at("description").get<std::string>();
  for (const json& part : j.at("parts"))
    m.parts.push_back({part.at("bodies").get<std::vector<std::string>>(),
                       part.at("motion").get<std::string>() == "turning",
                       read_vector(part.at("axis_point")), read_vector(part.at("direction"))});
  m.hinges = read_joints(j.at("hinges"));
  m.sliding = read_joints(j.at("sliding"));
  return m;
}

std::optional<run::CollapseSummary> read_collapse(const json& j) {
  if (j.is_null()) return std::nullopt;
  return run::CollapseSummary{j.at("criterion").get<std::string>(),
                              j.at("body").get<std::string>(),
                              read_number(j.at("value")),
                              read_number(j.at("time")),
                              j.at("load_factor_name").get<std::string>(),
                              read_number(j.at("load_factor")),
                              read_mechanism(j.at("mechanism"))};
}

std::optional<run::LimitRangeSummary> read_limit_range(const json& j) {
  if (j.is_null()) return std::nullopt;
  const auto position = [](const json& p) { return p.is_null() ? "" : p.get<std::string>(); };
  // A range written before the onset was placed in it has no place for the onset.
  return run::LimitRangeSummary{read_number(j.at("lower")),
                                read_number(j.at("upper")),
                                j.at("lower_proven").get<bool>(),
                                j.value("lower_with_brittle_bonds", false),
                                position(j.at("collapse")),
                                position(j.at("first_motion")),
                                position(j.value("onset", json(nullptr)))};
}

std::optional<run::PeakMotion> read_peak_motion(const json& j) {
  if (j.is_null()) return std::nullopt;
  return run::PeakMotion{read_number(j.at("time")), read_number(j.at("kinetic_energy")),
                         read_mechanism(j.at("mechanism"))};
}

std::optional<run::Standing> read_standing(const json& j) {
  if (j.is_null()) return std::nullopt;
  return run::Standing{read_number(j.at("time")), read_number(j.at("load_factor"))};
}

std::optional<run::RecordIntensity> read_record(const json& j) {
  if (j.is_null()) return std::nullopt;
  // A summary written before the record's source was kept has none.
  return run::RecordIntensity{j.value("source", std::string()), read_number(j.at("scale")),
                              read_number(j.at("pga_g")), j.at("ground").get<std::string>(),
                              read_number(j.at("base_z"))};
}

run::BodySummary read_body(const json& j) {
  const json& q = j.at("orientation");
  return {j.at("name").get<std::string>(), read_vector(j.at("position")),
          math::Quat(read_number(q.at(0)), read_number(q.at(1)), read_number(q.at(2)),
                     read_number(q.at(3))),
          read_vector(j.at("velocity")), read_vector(j.at("angular_velocity"))};
}

run::RunSummary read_summary(const json& j) {
  run::RunSummary s;
  s.title = j.at("title").get<std::string>();
  s.problem = j.at("problem").get<std::string>();
  s.mode = j.at("mode").get<std::string>();
  if (const json& integration = j.at("integration"); !integration.is_null())
    s.integration = integration.get<std::string>();
  s.dimension = j.at("dimension").get<int>();
  s.steps = j.at("steps").get<long long>();
  const json& restarted = j.at("restarted_from_step");
  s.restarted_from_step = restarted.is_null() ? 0 : restarted.get<long long>();
  s.simulated_time = read_number(j.at("simulated_time"));
  s.wall_seconds = read_number(j.at("wall_seconds"));
  if (const json& substeps = j.at("substeps"); !substeps.is_null())
    s.substeps = substeps.get<long long>();
  s.time_split = read_time_split(j.at("time_split"));
  s.solver = j.at("solver").get<std::string>();
  if (const json& criterion = j.at("criterion"); !criterion.is_null())
    s.criterion = run::ConvergenceCriterion{criterion.at("name").get<std::string>(),
                                            read_number(criterion.at("tolerance"))};
  s.counts = read_counts(j.at("counts"));
  s.collapse = read_collapse(j.at("collapse"));
  s.peak_motion = read_peak_motion(j.at("peak_motion"));
  // A summary written before the first motion or the onset was kept has none.
  s.first_motion = read_collapse(j.value("first_motion", json(nullptr)));
  s.onset = read_standing(j.value("onset", json(nullptr)));
  // Nor one written before the range was kept.
  s.limit_range = read_limit_range(j.value("limit_range", json(nullptr)));
  s.record = read_record(j.at("record"));
  s.load_factor_name = j.at("load_factor_name").get<std::string>();
  const json& control = j.at("control");
  s.control = control.is_null() ? std::string() : control.get<std::string>();
  s.control_named = j.at("control_from") == kNamedControl;
  s.storeys = j.at("storeys").get<std::vector<std::string>>();
  const json& interrupted = j.at("interrupted");
  s.interrupted_by = interrupted.is_null() ? std::string() : interrupted.get<std::string>();
  for (const json& r : j.at("removed"))
    s.removed.push_back({r.at("body").get<std::string>(), read_number(r.at("time")),
                         r.at("bound").get<std::string>(), read_number(r.at("value"))});
  s.support_reaction = read_vector(j.at("support_reaction"));
  if (const json& energy = j.at("penalty_energy"); !energy.is_null())
    s.penalty_energy =
        std::array<double, 3>{read_number(energy.at("elastic")), read_number(energy.at("damping")),
                              read_number(energy.at("slip"))};
  if (const json& bonds = j.at("bonds"); !bonds.is_null())
    s.bonds =
        run::BondCounts{bonds.at("intact").get<long long>(), bonds.at("broken").get<long long>()};
  s.warnings = j.at("warnings").get<std::vector<std::string>>();
  for (const json& b : j.at("bodies")) s.bodies.push_back(read_body(b));
  return s;
}

}  // namespace

run::RunSummary read_summary_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw core::Diagnostic({path.string()}, "", "cannot be read");
  try {
    return read_summary(json::parse(in));
  } catch (const json::exception& error) {
    throw core::Diagnostic({path.string()}, "", "a summary.json of moreau run", error.what());
  }
}

std::string summary_json_text(const run::RunSummary& summary) {
  // Invalid UTF-8 in a title or name is replaced (U+FFFD) rather than failing the run at its end.
  return to_json(summary).dump(2, ' ', false, json::error_handler_t::replace);
}

void write_summary_json(const std::filesystem::path& path, const run::RunSummary& summary) {
  const std::string text = summary_json_text(summary);
  core::write_output_file(path, [&](std::ostream& out) { out << text << '\n'; });
}

}  // namespace moreau::output
