#include "simulation.hpp"

#include "command.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/output/observers.hpp"
#include "progress.hpp"

#include <iostream>

namespace moreau::cli {

namespace fs = std::filesystem;

Simulation simulate(run::Problem problem, const fs::path& out, const RunFlags& flags,
                    const InterruptionGuard& guard) {
  MOREAU_ASSERT(!guard.requested());
  run::RunOptions options{flags.removal, [&guard]() -> std::optional<std::string> {
                            if (!guard.requested()) return std::nullopt;
                            return guard.signal_name();
                          }};
  run::Run run(std::move(problem), std::move(options));
  const run::Checkpoint* resumed = flags.restart ? &*flags.restart : nullptr;
  // N.B. the outputs are attached before the restore: they measure rotations and
  // displacements from the scene at t = 0.
  const output::VtkOutput* vtk = output::attach_outputs(run, out, {flags.dump_problems, resumed});
  if (resumed) run.restore(*resumed);
  Progress progress(flags.quiet);
  while (!run.finished()) {
    run.advance();
    progress.show_steps(run.step(), run.step_count(), run.scene().time);
  }
  progress.clear();
  return {run.summary(), vtk ? vtk->frames_written() : 0};
}

int interrupted_before_start(std::string_view command, const InterruptionGuard& guard) {
  std::cout << "moreau " << command << ": INTERRUPTED by " << guard.signal_name()
            << " before its run started: nothing of it was written\n";
  return kInterrupted;
}

}  // namespace moreau::cli
