// `moreau check FILE`: reads a problem file, refuses it with a located message if anything
// is wrong (exit code 2), and otherwise prints what it expands to, so that a generated
// structure can be checked before a long run.
#include "command.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/io/problem_file.hpp"
#include "options.hpp"

#include <array>
#include <iostream>

namespace moreau::cli {
namespace {

// Each record's size, seen before a run: a record in cm/s^2 read as m/s^2 shows a PGA of
// tens of g, a time step in ms read as s a duration of hours.
void print_ground_motions(const run::Problem& problem) {
  for (const model::GroundMotion& ground : problem.ground_motions) {
    std::cout << "  record     " << ground.body << ": " << ground.source;
    if (ground.scale != 1.0) std::cout << " scaled by " << ground.scale;
    std::cout << ", PGA " << ground.peak_horizontal() / model::kStandardGravity << " g";
    if (ground.peak_vertical() > 0.0)
      std::cout << " (vertical " << ground.peak_vertical() / model::kStandardGravity << " g)";
    std::cout << ", " << ground.duration() << " s in " << ground.record.time.size()
              << " samples, step " << ground.shortest_step() << " s\n";
  }
}

void print_expansion(const run::Problem& problem) {
  std::array<int, 3> counts{};  // indexed by model::Motion: free, fixed, driven
  double mass = 0.0;
  for (const model::Body& body : problem.scene.bodies) {
    ++counts[static_cast<std::size_t>(body.motion)];
    mass += body.mass;
  }
  const double h = problem.stepping.h;
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
            << " s, theta " << problem.stepping.theta << '\n'
            << "  solver     " << problem.stepping.solver << " (tolerance "
            << problem.stepping.stop.tolerance << ", at most "
            << problem.stepping.stop.max_iterations << " iterations)\n";
  if (problem.threads)
    std::cout << "  threads    " << *problem.threads << " (collision detection)\n";
  print_ground_motions(problem);
}

int run_check(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file (YAML)");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values =
      parse_command(arguments,
                    "Usage: moreau check FILE\nReads a problem file and prints what it describes; "
                    "errors name the file, line, column and key.",
                    options, positional);
  if (!values) return kSuccess;
  const run::Problem problem = io::read_problem_file((*values)["file"].as<std::string>());
  print_expansion(problem);
  print_warnings(problem);
  return kSuccess;
}

}  // namespace

extern const Command kCheckCommand{"check", "validate a problem file and print what it describes",
                                   run_check};

}  // namespace moreau::cli
