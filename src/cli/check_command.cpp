// `moreau check FILE`: reads a problem file, refuses it with a located message if anything
// is wrong (exit code 2), and otherwise prints what it expands to, so that a generated
// structure can be checked before a long run.
#include "command.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/model/record_intensity.hpp"
#include "options.hpp"

#include <algorithm>
#include <array>
#include <iomanip>
#include <iostream>
#include <string>
#include <type_traits>
#include <variant>

namespace moreau::cli {
namespace {

// Each record's size, seen before a run: a record in cm/s^2 read as m/s^2 shows a PGA of
// tens of g, a time step in ms read as s a duration of hours; and its intensity as the run
// will shake the support with it (moreau records' measures; Sa at the periods of the ASCE 7
// maps' S_s and S_1).
void print_ground_motions(const run::Problem& problem) {
  for (const model::GroundMotion& ground : problem.ground_motions) {
    std::cout << "  record     " << ground.body << ": " << ground.source;
    if (ground.scale != 1.0) std::cout << " scaled by " << ground.scale;
    std::cout << ", PGA " << ground.peak_horizontal() / model::kStandardGravity << " g";
    if (ground.peak_vertical() > 0.0)
      std::cout << " (vertical " << ground.peak_vertical() / model::kStandardGravity << " g)";
    std::cout << ", " << ground.duration() << " s in " << ground.record.time.size()
              << " samples, step " << ground.shortest_step() << " s\n";
    const model::PrescribedVelocity& support =
        std::ranges::find(problem.scene.bodies, ground.body, &model::Body::name)->prescribed;
    std::cout << "             PGV "
              << model::intensity(ground, support, {model::IntensityKind::Pgv}) << " m/s";
    for (const double period : {0.2, 1.0}) {
      const model::IntensityMeasure sa{model::IntensityKind::SpectralAcceleration,
                                       {.period = period, .damping = 0.05}};
      std::cout << ", " << sa.symbol() << ' ' << model::intensity(ground, support, sa) << " g";
    }
    std::cout << " (5 % damped)\n";
  }
}

// "; criterion lmgc90-qm16, relaxation 1.2": the solver's own options as the file gives
// them (solver.parameters), in key order; nothing without any.
std::string solver_options(const solvers::SolverParameters& parameters) {
  std::vector<std::string> options;
  for (const auto& [key, value] : parameters) options.push_back(core::concat(key, ' ', value));
  return options.empty() ? std::string() : "; " + core::join(options);
}

void print_expansion(const run::Problem& problem) {
  std::array<int, 3> counts{};  // indexed by model::Motion: free, fixed, driven
  double mass = 0.0;
  for (const model::Body& body : problem.scene.bodies) {
    ++counts[static_cast<std::size_t>(body.motion)];
    mass += body.mass;
  }
  const double h = problem.time_step;
  const long steps = run::step_count(problem);
  std::cout << problem.path.string() << ": " << problem.title << '\n'
            << "  dimension  " << problem.scene.dimension
            << (problem.scene.dimension == 2 ? " (planar, x-z)" : "") << '\n'
            << "  mode       " << (problem.mode == run::Mode::Nscd ? "nscd" : "penalty") << '\n'
            << "  bodies     " << problem.scene.bodies.size() << " (" << counts[0] << " free, "
            << counts[1] << " fixed, " << counts[2] << " driven)\n"
            << "  materials  " << problem.materials.size() << '\n'
            << "  mass       " << mass << " kg (free bodies"
            << (problem.scene.dimension == 2 ? ", per metre of depth)" : ")") << '\n'
            << "  contacts   " << dynamics::touching_contacts(problem.scene).size() << " at t = 0\n"
            << "  time       " << steps << " steps of " << h << " s to " << problem.duration
            << " s, theta " << problem.theta << '\n'
            << "  solver     " << problem.solver.name << " (tolerance "
            << problem.solver.stop.tolerance << ", at most " << problem.solver.stop.max_iterations
            << " iterations" << solver_options(problem.solver.parameters) << ")\n";
  if (problem.threads)
    std::cout << "  threads    " << *problem.threads << " (collision detection, velocity-newton)\n";
  print_ground_motions(problem);
}

// A shape's kind, as problem files name it (io/problem_bodies.cpp).
const char* shape_kind(const geometry::Shape& shape) {
  return std::visit(
      [](const auto& alternative) -> const char* {
        using Kind = std::decay_t<decltype(alternative)>;
        if constexpr (std::is_same_v<Kind, geometry::Sphere>) return "sphere";
        if constexpr (std::is_same_v<Kind, geometry::Plane>) return "plane";
        if constexpr (std::is_same_v<Kind, geometry::Box>) return "box";
        if constexpr (std::is_same_v<Kind, geometry::ConvexPolyhedron>) return "polyhedron";
        if constexpr (std::is_same_v<Kind, geometry::Polygon>) return "polygon";
      },
      shape);
}

// Every body as the file expands it, generated ones included, with the names that output
// options (output.bodies, output.control) and other commands (moreau plot --control) take.
void print_bodies(const run::Problem& problem) {
  static constexpr std::array<const char*, 4> kMotions{"free", "fixed", "driven", "removed"};
  std::size_t width = 4;
  for (const model::Body& body : problem.scene.bodies) width = std::max(width, body.name.size());
  std::cout << "  bodies (index, name, motion, shape, mass in kg, centre of mass in m):\n";
  for (std::size_t b = 0; b < problem.scene.bodies.size(); ++b) {
    const model::Body& body = problem.scene.bodies[b];
    std::cout << "    " << std::setw(5) << std::left << b << std::setw(static_cast<int>(width) + 2)
              << body.name << std::setw(8) << kMotions[static_cast<std::size_t>(body.motion)]
              << std::setw(12) << shape_kind(body.shape) << std::setw(12)
              << (body.motion == model::Motion::Free ? core::concat(body.mass) : "-") << std::right
              << '(' << body.x.x() << ", " << body.x.y() << ", " << body.x.z() << ")\n";
  }
}

int run_check(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)")(
      "bodies",
      "also list every body, generated ones included: index, name, motion, shape, "
      "mass and position");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values =
      parse_command(arguments,
                    "Usage: moreau check FILE [--bodies]\nReads a problem file and prints what "
                    "it describes; errors name the file, line, column and key.",
                    options, positional);
  if (!values) return kSuccess;
  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  print_expansion(problem);
  if (values->count("bodies")) print_bodies(problem);
  print_warnings(problem);
  return kSuccess;
}

}  // namespace

extern const Command kCheckCommand{"check", "validate a problem file and print what it describes",
                                   run_check};

}  // namespace moreau::cli
