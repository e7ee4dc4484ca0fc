// The C++ side of tests/python/test_run.py's load change: runs a problem file for some
// steps, tilts its gravity from then on, runs to the end, and prints the bodies' final
// positions and orientations (17 digits) for the Python run doing the same to match bitwise.
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/process_settings.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/run/run.hpp"

#include <cstdio>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  using namespace moreau;
  if (argc != 4) {
    std::cerr << "usage: change_gravity PROBLEM_FILE STEPS TILT_RATE_DEG_PER_S\n";
    return 2;
  }
  core::use_one_library_thread();  // as moreau run and the Python module
  try {
    run::Run run(io::read_problem_file(argv[1]));
    const long steps = std::stol(argv[2]);
    while (!run.finished() && run.step() < steps) run.advance();
    model::GravityLoad gravity = run.problem().gravity;
    gravity.tilt_rate = std::stod(argv[3]);
    gravity.tilt_start = run.scene().time;
    run.set_gravity(gravity);
    while (!run.finished()) run.advance();
    for (const model::Body& body : run.scene().bodies)
      std::printf("%.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", body.x.x(), body.x.y(), body.x.z(),
                  body.q.w(), body.q.x(), body.q.y(), body.q.z());
  } catch (const core::Diagnostic& error) {
    std::cerr << error.what() << '\n';
    return 2;
  }
}
