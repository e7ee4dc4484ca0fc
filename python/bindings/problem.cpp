// moreau.Problem: a run::Problem read from a problem file or from text, with the few settings
// a study changes between runs and its copies with imperfections (run/imperfections.hpp);
// moreau.GravityLoad: model::GravityLoad.
#include "moreau/run/problem.hpp"

#include "bindings.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/model/loads.hpp"
#include "moreau/run/imperfections.hpp"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <optional>
#include <string>
#include <vector>

namespace moreau::python {
namespace {

namespace fs = std::filesystem;

std::optional<run::Mode> mode_named(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  const std::optional<run::Mode> mode = run::mode_named(*name);
  if (!mode) throw core::Diagnostic({}, "mode", "nscd or penalty", *name);
  return mode;
}

std::optional<run::PenaltyIntegration> integration_named(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  const std::optional<run::PenaltyIntegration> integration = run::integration_named(*name);
  if (!integration) throw core::Diagnostic({}, "integration", "explicit or implicit", *name);
  return integration;
}

// The copy of `problem` with imperfections, and what was drawn, as `moreau run --imperfections`
// writes it to imperfections.json.
py::tuple with_imperfections(const run::Problem& problem, std::uint64_t seed, double block_size,
                             double placement, double friction, double rate, double support) {
  const run::Imperfections imperfections{seed, block_size, placement, friction, rate, support};
  run::validate(imperfections, problem, "imperfections");
  run::Problem copy = problem;
  const run::DrawnImperfections drawn = run::apply(imperfections, copy);
  py::list bodies;
  for (const run::BodyImperfection& body : drawn.bodies)
    bodies.append(py::dict(py::arg("name") = body.name, py::arg("shrink") = body.shrink,
                           py::arg("shift") = body.shift));
  py::list supports;
  for (const run::SupportImperfection& dropped : drawn.supports)
    supports.append(py::dict(py::arg("name") = dropped.name, py::arg("drop") = dropped.drop));
  return py::make_tuple(copy, py::dict(py::arg("rate_factor") = drawn.rate_factor,
                                       py::arg("friction_factors") = drawn.friction_factors,
                                       py::arg("bodies") = bodies, py::arg("supports") = supports));
}

void bind_gravity_load(py::module_& module) {
  using model::GravityLoad;
  py::class_<GravityLoad>(module, "GravityLoad", R"(Gravity as a function of time t (s):
    g(t) = s(t) R(tilt_axis, alpha(t)) gravity + lambda(t) |gravity| lateral_direction,
    s(t) = clamp(t / ramp_duration, 0, 1)   (1 when ramp_duration = 0),
    alpha(t) = tilt_initial + tilt_rate max(0, t - tilt_start)   (deg),
    lambda(t) = lateral_rate max(0, t - lateral_start).
Vectors are numpy arrays of 3 (m/s^2 for gravity, unit for the directions). A run's load is
a copy: change it and give it back (run.gravity = load) to change the run's.)")
      .def(py::init<>())
      .def_readwrite("gravity", &GravityLoad::gravity, "g0, m/s^2, world")
      .def_readwrite("ramp_duration", &GravityLoad::ramp_duration, "s, >= 0")
      .def_readwrite("tilt_axis", &GravityLoad::tilt_axis, "unit, world")
      .def_readwrite("tilt_initial", &GravityLoad::tilt_initial, "deg, in [0, 90]")
      .def_readwrite("tilt_rate", &GravityLoad::tilt_rate, "deg/s, >= 0")
      .def_readwrite("tilt_start", &GravityLoad::tilt_start, "s")
      .def_readwrite("lateral_direction", &GravityLoad::lateral_direction,
                     "unit, world, orthogonal to gravity")
      .def_readwrite("lateral_rate", &GravityLoad::lateral_rate, "1/s, >= 0")
      .def_readwrite("lateral_start", &GravityLoad::lateral_start, "s")
      .def("at", &GravityLoad::at, py::arg("t"), "g(t), m/s^2")
      .def("load_factor", &GravityLoad::load_factor, py::arg("t"),
           "The load factor a collapse is reported at (load_factor_name says which).")
      .def_property_readonly("load_factor_name", &GravityLoad::load_factor_name,
                             "'tilt_angle_deg', 'lambda' or 'gravity_factor'");
}

}  // namespace

std::vector<std::string> body_names(const model::Scene& scene) {
  std::vector<std::string> names;
  names.reserve(scene.bodies.size());
  for (const model::Body& body : scene.bodies) names.push_back(body.name);
  return names;
}

void bind_problem(py::module_& module) {
  bind_gravity_load(module);
  using run::Problem;
  py::class_<Problem>(module, "Problem", R"(A problem: the scene, its loads, the time stepping,
the stop criteria and the outputs, as `moreau run` reads them. Made by load_problem(path) or
problem_from_text(text); moreau.Run(problem) runs a copy, so one problem may start many runs.)")
      .def_property_readonly(
          "path",
          [](const Problem& problem) -> std::optional<fs::path> {
            if (problem.path.empty()) return std::nullopt;
            return problem.path;
          },
          "The problem file, or None for a problem read from text.")
      .def_readonly("title", &Problem::title)
      .def_property_readonly(
          "mode", [](const Problem& problem) { return run::mode_name(problem.mode); },
          "'nscd' or 'penalty'")
      .def_property_readonly(
          "integration",
          [](const Problem& problem) -> std::optional<std::string> {
            if (problem.mode == run::Mode::Nscd) return std::nullopt;
            return run::integration_name(problem.integration);
          },
          "How the penalty mode integrates its laws (time.integration): 'explicit' or\n"
          "'implicit'; None in NSCD.")
      .def_property_readonly(
          "dimension", [](const Problem& problem) { return problem.scene.dimension; },
          "3, or 2 for the planar mode")
      .def_property_readonly(
          "time_step", [](const Problem& problem) { return problem.time_step; }, "h, s")
      .def_property(
          "duration", [](const Problem& problem) { return problem.duration; },
          [](Problem& problem, double duration) {
            run::set_duration(problem, duration, "duration");
          },
          "s; at least one time step")
      .def_property_readonly("step_count", &run::step_count, "steps of h that reach the duration")
      .def_property(
          "solver", [](const Problem& problem) { return problem.solver.name; },
          [](Problem& problem, std::string name) { problem.solver.name = std::move(name); },
          "The NSCD solver ('auto' or a name of moreau.step_solver_names()); checked when a\n"
          "Run starts.")
      .def_property(
          "gravity", [](const Problem& problem) { return problem.gravity; },
          [](Problem& problem, const model::GravityLoad& gravity) {
            model::validate(gravity);
            problem.gravity = gravity;
            problem.scene.gravity = gravity.at(0.0);
          },
          "The gravity load (a copy; assign a GravityLoad to change it).")
      .def_property_readonly(
          "body_names", [](const Problem& problem) { return body_names(problem.scene); },
          "The bodies, listed and generated, in file order (the rows of a run's arrays).")
      .def_property_readonly(
          "warnings",
          [](const Problem& problem) {
            std::vector<std::string> texts;
            for (const run::InputWarning& warning : problem.warnings)
              texts.push_back(warning.text());
            return texts;
          },
          "The problem file's values outside their physical range, as `moreau check` prints "
          "them (file:line:col: warning: key: message).")
      .def("with_imperfections", &with_imperfections, py::arg("seed"), py::kw_only(),
           py::arg("block_size") = 0.0, py::arg("placement") = 0.0, py::arg("friction") = 0.0,
           py::arg("rate") = 0.0, py::arg("support") = 0.0,
           R"(A copy of the problem with imperfections drawn from `seed`, as one copy of
`moreau ensemble` (docs/user-guide.md): block_size (m) shrinks each free body's least width by
U[0, block_size], placement (m) moves it within the room that leaves, friction and rate
(fractions in [0, 1)) scatter each contact law's friction and the tilt and lateral rates by
1 + U[-x, x], support (m) drops each support (a fixed or driven body not a plane) along
gravity by U[0, support]. Returns (problem, drawn): drawn says what was drawn (rate_factor,
friction_factors, per free body its name, shrink in m and shift in m, and per support its
name and drop in m). Raises
moreau.InputError for a setting out of range.)")
      .def("__repr__", [](const Problem& problem) {
        return core::concat("<moreau.Problem '", problem.title, "': ", problem.scene.bodies.size(),
                            " bodies, ", run::mode_name(problem.mode), ", ",
                            run::step_count(problem), " steps of ", problem.time_step, " s>");
      });

  module.def(
      "load_problem",
      [](const fs::path& path, const std::optional<std::string>& mode,
         const std::optional<std::string>& integration) {
        return io::read_problem_file(
            path, {.mode = mode_named(mode), .integration = integration_named(integration)});
      },
      py::arg("path"), py::arg("mode") = py::none(), py::arg("integration") = py::none(),
      R"(Reads and checks a problem file (YAML, docs/problem-files.md), as `moreau run` does.
mode: 'nscd' or 'penalty' to replace the file's mode (moreau run --mode); integration:
'explicit' or 'implicit' to replace the file's time.integration (moreau run --integration).
Raises moreau.InputError at the offending key.)");
  module.def(
      "problem_from_text",
      [](const std::string& text, const std::string& name, const fs::path& folder,
         const std::optional<std::string>& mode, const std::optional<std::string>& integration) {
        return io::read_problem_text(
            text, name, folder,
            {.mode = mode_named(mode), .integration = integration_named(integration)});
      },
      py::arg("text"), py::arg("name") = "<problem>", py::arg("folder") = fs::path("."),
      py::arg("mode") = py::none(), py::arg("integration") = py::none(),
      R"(Reads and checks a problem given as YAML (or JSON) text, as load_problem does a
file: `name` stands for the file in messages, relative paths (records, user laws) start at
`folder`. moreau.problem_from_dict builds the text from a dict.)");
}

}  // namespace moreau::python
