// read_problem_file(): the sections in the order they depend on each other (dimension and
// time before bodies, materials before bodies, bodies before output), then the checks
// over the whole scene (unique names, no overlap at t = 0).
#include "moreau/io/problem_file.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/input_limits.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/geometry/aabb.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>

namespace moreau::io {
namespace {

using core::concat;

// Bodies may start in contact (generated structures start at zero gap everywhere), but
// not interpenetrating: an overlap deeper than this fraction of the smaller body is a
// mistake in the file, which the first step would turn into a violent ejection. The
// fraction leaves room for the round-off of coordinates written with 7-8 digits.
constexpr double kOverlapTolerance = 1e-6;

int read_dimension(const Field& field) {
  const std::string text = field.text();
  if (text != "2" && text != "3") field.fail("3, or 2 for planar mode (x-z plane)");
  return text == "2" ? 2 : 3;
}

// The body's own size, the diagonal of its bounding box; infinite for planes.
double body_size(const model::Body& body) {
  const geometry::Aabb box = geometry::bounding_box(body.shape, body.shape_pose());
  const double size = (box.upper - box.lower).norm();
  return std::isfinite(size) ? size : std::numeric_limits<double>::infinity();
}

void check_unique_names(const SceneBuilder& builder) {
  std::map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < builder.scene.bodies.size(); ++i) {
    const std::string& name = builder.scene.bodies[i].name;
    const auto [where, inserted] = first.emplace(name, i);
    if (inserted) continue;
    const Field& origin = builder.origins[i];
    const std::optional<Field> name_field = origin.find("name");
    (name_field ? *name_field : origin)
        .fail_with(concat("body name '", name, "' is already used by ",
                          builder.origins[where->second].path(),
                          " (give each body, and each generator, its own name)"));
  }
}

// For two blocks of one `blocks` generator without `snap`: the key that makes the facing
// faces of a file's blocks coplanar, the likely cure of an overlap left by rounding; empty
// for other bodies.
std::string snap_advice(const Field& origin, const Field& other_origin) {
  const std::optional<Field> type = origin.find("type");
  if (origin.path() != other_origin.path() || !type || type->text() != "blocks" ||
      origin.find("snap"))
    return "";
  return "; if the file's coordinates are rounded, give the generator `snap: <tolerance in m>` "
         "to make facing faces coplanar";
}

void check_overlaps(const SceneBuilder& builder) {
  const std::vector<model::Body>& bodies = builder.scene.bodies;
  for (const auto& [i, j, point] :
       dynamics::detect_body_contacts(builder.scene, std::vector<double>(bodies.size(), 0.0))) {
    const model::Body& a = bodies[i];
    const model::Body& b = bodies[j];
    if (point.gap >= -kOverlapTolerance * std::min(body_size(a), body_size(b))) continue;
    const Field& origin = builder.origins[j];
    origin.fail_with(concat("bodies '", a.name, "' and '", b.name, "' overlap by ", -point.gap,
                            " m at t = 0 (bodies may touch, not interpenetrate)",
                            snap_advice(origin, builder.origins[i])));
  }
}

SceneBuilder read_scene(const Field& root, const SceneContext& context) {
  SceneBuilder builder;
  builder.scene.dimension = context.dimension;
  if (const auto bodies = root.find("bodies")) read_bodies(*bodies, context, builder);
  if (const auto generators = root.find("generators"))
    read_generators(*generators, context, builder);
  const bool any_free =
      std::any_of(builder.scene.bodies.begin(), builder.scene.bodies.end(),
                  [](const model::Body& body) { return body.motion == model::Motion::Free; });
  if (!any_free)
    root.fail_with("the problem has no free body: list one under 'bodies' or use 'generators'");
  check_unique_names(builder);
  check_overlaps(builder);
  return builder;
}

// The storeys of a problem whose file names none: the floor slabs of its one generated
// building with floors, then the control body where it is higher (it tops the last storey).
std::vector<std::string> default_storeys(const std::vector<std::vector<std::string>>& floors,
                                         const run::Problem& problem) {
  if (floors.size() != 1) return {};
  std::vector<std::string> storeys = floors.front();
  const auto height = [&](const std::string& name) {
    return std::find_if(problem.scene.bodies.begin(), problem.scene.bodies.end(),
                        [&](const model::Body& body) { return body.name == name; })
        ->x.z();
  };
  const std::string& control = problem.output.control;
  if (!control.empty() && height(control) > height(storeys.back())) storeys.push_back(control);
  return storeys;
}

// The problem of a parsed document whose relative paths start at `folder`.
run::Problem read_problem(const Field& root, const std::string& stem,
                          const std::filesystem::path& folder, const ReadOverrides& overrides) {
  root.check_keys({"version", "title", "dimension", "gravity", "time", "mode", "solver",
                   "materials", "interactions", "bodies", "generators", "loads", "stop", "output",
                   "threads"});
  run::Problem problem;
  const Field version = root.get("version");
  if (version.text() != "1") version.fail("1 (the only version of the format)");
  problem.title = root.find("title") ? root.get("title").text() : stem;

  SceneContext context;
  context.folder = folder;
  context.record_scale = overrides.record_scale;
  context.record = overrides.record;
  if (const auto dimension = root.find("dimension")) context.dimension = read_dimension(*dimension);
  if (const auto gravity = root.find("gravity"))
    problem.gravity.gravity =
        read_planar_vector(*gravity, context.dimension, core::kMaxAcceleration, "m/s^2");
  read_time(root.get("time"), problem);
  context.h = problem.time_step;
  context.duration = problem.duration;
  if (const auto file_mode = root.find("mode"))
    problem.mode = run::mode_named(file_mode->choice({"nscd", "penalty"})).value();
  if (overrides.mode) problem.mode = *overrides.mode;
  context.mode = problem.mode;
  if (overrides.integration) {
    if (problem.mode != run::Mode::Penalty)
      throw core::Diagnostic({}, "integration",
                             "the penalty mode with an integration override (mode: penalty, or "
                             "moreau run --mode penalty): NSCD has no spring-dashpot laws to "
                             "integrate",
                             "mode nscd");
    problem.integration = *overrides.integration;
  }
  context.integration = problem.integration;
  if (const auto solver = root.find("solver")) read_solver(*solver, problem.solver);
  if (const auto materials = root.find("materials")) {
    read_materials(*materials, context);
  } else {
    context.materials = {model::Material{"default"}};
    context.friction_angles = {std::nullopt};
  }
  problem.materials = context.materials;

  SceneBuilder builder = read_scene(root, context);
  problem.scene = std::move(builder.scene);
  problem.warnings = std::move(builder.warnings);
  problem.ground_motions = std::move(builder.ground_motions);
  if (overrides.record && problem.ground_motions.empty())
    throw core::Diagnostic({overrides.record->files.front().string()}, "--record",
                           "a problem with a ground motion given by a record file, whose record "
                           "it replaces",
                           "none in this problem");
  problem.scene.interactions = read_interactions(root, context);
  if (const auto loads = root.find("loads")) read_loads(*loads, context.dimension, problem.gravity);
  problem.scene.gravity = problem.gravity.at(0.0);
  if (const auto stop = root.find("stop")) problem.collapse = read_stop(*stop);
  if (const auto output = root.find("output")) problem.output = read_output(*output, problem.scene);
  if (problem.output.control.empty()) problem.output.control = run::highest_free_body(problem);
  if (!root.find("output") || !root.get("output").find("storeys"))
    problem.output.storeys = default_storeys(builder.floors, problem);
  if (const auto threads = root.find("threads"))
    problem.threads = threads->integer(1, run::kMaxThreads);
  for (run::InputWarning& warning : physical_range_warnings(root, problem, builder.origins))
    problem.warnings.push_back(std::move(warning));
  return problem;
}

}  // namespace

run::Problem read_problem_file(const std::filesystem::path& path, const ReadOverrides& overrides) {
  run::Problem problem =
      read_problem(Field::load(path), path.stem().string(), path.parent_path(), overrides);
  problem.path = path;
  return problem;
}

run::Problem read_problem_text(const std::string& text, const std::string& name,
                               const std::filesystem::path& folder,
                               const ReadOverrides& overrides) {
  return read_problem(Field::parse(text, name), name, folder, overrides);
}

}  // namespace moreau::io
