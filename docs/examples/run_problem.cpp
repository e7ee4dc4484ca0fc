// Runs a problem file as `moreau run` does (its loads, its stop criteria, the same steps),
// with no output but its summary: moreau as a library.
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/process_settings.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/summary_json.hpp"
#include "moreau/run/run.hpp"

#include <iostream>

int main(int argc, char** argv) {
  using namespace moreau;
  if (argc != 3) {
    std::cerr << "usage: run_problem PROBLEM_FILE SUMMARY_JSON\n";
    return 2;
  }
  core::use_one_library_thread();  // as moreau run: the same results on any machine
  try {
    run::Run run(io::read_problem_file(argv[1]));
    int unconverged = 0;
    while (!run.finished()) {
      const run::StepOutcome& step = run.advance();  // its report, removals, load factor
      if (step.report.solve && !step.report.solve->converged()) ++unconverged;
      // run.scene().bodies[i]: x, q, v, w_B; run.stepper().contacts(): frames, forces
    }
    output::write_summary_json(argv[2], run.summary());  // as summary.json of `moreau run`
    std::cout << run.step() << " steps, " << unconverged << " not converged\n";
  } catch (const core::Diagnostic& error) {
    std::cerr << error.what() << '\n';
    return 2;
  }
}
