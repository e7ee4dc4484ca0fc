#include "moreau/output/run_response.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/aabb.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::pair<ResponseMeasure, std::string_view>, 4> kNames = {{
    {ResponseMeasure::PeakDisplacement, "peak_displacement"},
    {ResponseMeasure::PeakDrift, "peak_drift"},
    {ResponseMeasure::ResidualDisplacement, "residual_displacement"},
    {ResponseMeasure::Fallen, "fallen"},
}};

geometry::Aabb world_box(const model::Body& body) {
  return geometry::bounding_box(body.shape, body.shape_pose());
}

nlohmann::json read_summary(const fs::path& path) {
  std::ifstream in(path);
  if (!in) throw core::Diagnostic({path.string()}, "", "cannot be read");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {
    throw core::Diagnostic({path.string()}, "", "valid JSON (summary.json)", error.what());
  }
}

// RFC 4180 fields of one line (history.csv quotes a body name with a comma or a quote).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// What a response needs of each row of history.csv: the positions of the control body and
// of the ground (the origin without ground motion), and the energies.
struct HistoryRows {
  std::vector<math::Vec3> body;
  std::vector<math::Vec3> ground;
  double dissipated_energy = 0.0;  ///< J, of the last row
  double elastic_energy = 0.0;     ///< J, of the last row
};

std::size_t column(const std::vector<std::string>& header, const std::string& name,
                   const fs::path& path) {
  const auto found = std::ranges::find(header, name);
  if (found == header.end())
    throw core::Diagnostic({path.string(), 1}, name,
                           "a column of history.csv (the run must follow the control body "
                           "and the ground: moreau run --track)",
                           "none");
  return static_cast<std::size_t>(found - header.begin());
}

HistoryRows read_rows(const fs::path& path, const ControlPoint& control) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) throw core::Diagnostic({path.string()}, "", "cannot be read");
  const std::vector<std::string> header = csv_fields(line);
  std::vector<std::size_t> columns;
  for (const std::string* body : {&control.body, &control.ground})
    if (!body->empty())
      for (const char* suffix : {".x", ".y", ".z"})
        columns.push_back(column(header, *body + suffix, path));
  const std::size_t energies = columns.size();
  for (const char* energy : {"dissipated_energy", "elastic_energy"})
    columns.push_back(column(header, energy, path));
  HistoryRows rows;
  std::vector<double> values(columns.size(), 0.0);
  for (int row = 2; std::getline(in, line); ++row) {
    const std::vector<std::string> fields = csv_fields(line);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string& field = columns[i] < fields.size() ? fields[columns[i]] : std::string();
      const auto [end, error] =
          std::from_chars(field.data(), field.data() + field.size(), values[i]);
      if (error != std::errc() || end != field.data() + field.size())
        throw core::Diagnostic({path.string(), row}, header[columns[i]], "a number",
                               core::concat("'", field, "'"));
    }
    rows.body.emplace_back(values[0], values[1], values[2]);
    rows.ground.push_back(control.ground.empty() ? math::Vec3::Zero()
                                                 : math::Vec3(values[3], values[4], values[5]));
  }
  rows.dissipated_energy = values[energies];
  rows.elastic_energy = values[energies + 1];
  return rows;
}

// The free body called `name`, refused at --control with the nearest free body's name.
const model::Body& free_body(const run::Problem& problem, const std::string& name) {
  std::vector<std::string> names;
  for (const model::Body& body : problem.scene.bodies) {
    if (body.motion != model::Motion::Free) continue;
    if (body.name == name) return body;
    names.push_back(body.name);
  }
  throw core::Diagnostic({}, "--control",
                         core::with_suggestion("a free body of the problem", name, names),
                         core::concat("'", name, "'"));
}

math::Vec3 json_vector(const nlohmann::json& value) {
  return {value.at(0).get<double>(), value.at(1).get<double>(), value.at(2).get<double>()};
}

// Free bodies that fell (RunResponse::fallen): summary.json's final positions against the
// problem's initial ones, and the bodies removed.
int fallen_bodies(const nlohmann::json& summary, const run::Problem& initial) {
  std::map<std::string, double> final_z;
  for (const nlohmann::json& body : summary.at("bodies"))
    final_z[body.at("name").get<std::string>()] = json_vector(body.at("position")).z();
  for (const nlohmann::json& removed : summary.at("removed"))
    final_z[removed.at("body").get<std::string>()] = -std::numeric_limits<double>::infinity();
  int fallen = 0;
  for (const model::Body& body : initial.scene.bodies) {
    if (body.motion != model::Motion::Free) continue;
    const geometry::Aabb box = world_box(body);
    const auto found = final_z.find(body.name);
    if (found != final_z.end() &&
        body.x.z() - found->second > 0.5 * (box.upper.z() - box.lower.z()))
      ++fallen;
  }
  return fallen;
}

}  // namespace

std::string_view response_name(ResponseMeasure measure) {
  for (const auto& [value, name] : kNames)
    if (value == measure) return name;
  return {};
}

std::optional<ResponseMeasure> response_measure(std::string_view name) {
  for (const auto& [value, known] : kNames)
    if (known == name) return value;
  return std::nullopt;
}

double RunResponse::value(ResponseMeasure measure) const {
  switch (measure) {
    case ResponseMeasure::PeakDisplacement:
      return peak_displacement;
    case ResponseMeasure::PeakDrift:
      return peak_drift;
    case ResponseMeasure::ResidualDisplacement:
      return residual_displacement;
    case ResponseMeasure::Fallen:
      return fallen;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

ControlPoint control_point(const run::Problem& problem, const std::string& body) {
  const model::GroundMotion* ground = run::strongest_ground_motion(problem);
  const std::string& name = body.empty() ? problem.output.control : body;
  if (name.empty()) throw core::Diagnostic({}, "--control", "a problem with a free body", "none");
  const model::Body& control = free_body(problem, name);
  return {control.name, ground ? ground->body : std::string(),
          control.x.z() - run::free_bodies_base(problem)};
}

bool run_finished(const fs::path& folder) {
  const fs::path path = folder / "summary.json";
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  try {
    return read_summary(path).at("interrupted").is_null();
  } catch (const core::Diagnostic&) {
    return false;  // a summary cut short by a crash: the run is repeated
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

RunResponse read_run_response(const fs::path& folder, const run::Problem& initial,
                              const ControlPoint& control) {
  const fs::path summary_path = folder / "summary.json";
  const nlohmann::json summary = read_summary(summary_path);
  const HistoryRows rows = read_rows(folder / "history.csv", control);
  if (rows.body.empty())
    throw core::Diagnostic({(folder / "history.csv").string()}, "", "a row after the header",
                           "none");
  RunResponse response;
  try {
    if (const nlohmann::json& record = summary.at("record"); !record.is_null())
      response.pga = record.at("pga_g").get<double>();
    const nlohmann::json& collapse = summary.at("collapse");
    if (!collapse.is_null()) response.collapse_time = collapse.at("time").get<double>();
    response.not_converged = summary.at("counts").at("not_converged").get<int>();
    response.fallen = fallen_bodies(summary, initial);
  } catch (const nlohmann::json::exception& error) {
    throw core::Diagnostic({summary_path.string()}, "", "a summary.json of moreau run",
                           error.what());
  }
  // Displacements from the problem's initial positions: history.csv has no row at t = 0.
  const model::Body& body = free_body(initial, control.body);
  math::Vec3 ground_start = math::Vec3::Zero();
  for (const model::Body& candidate : initial.scene.bodies)
    if (candidate.name == control.ground) ground_start = candidate.x;
  for (std::size_t row = 0; row < rows.body.size(); ++row) {
    const math::Vec3 relative = (rows.body[row] - body.x) - (rows.ground[row] - ground_start);
    response.residual_displacement = std::hypot(relative.x(), relative.y());
    response.final_vertical_displacement = relative.z();
    response.peak_displacement =
        std::max(response.peak_displacement, response.residual_displacement);
  }
  response.peak_drift = response.peak_displacement / control.height;
  response.dissipated_energy = rows.dissipated_energy;
  response.elastic_energy = rows.elastic_energy;
  return response;
}

}  // namespace moreau::output
