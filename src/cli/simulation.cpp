#include "simulation.hpp"

#include "interruption.hpp"
#include "moreau/output/observers.hpp"
#include "progress.hpp"

namespace moreau::cli {

namespace fs = std::filesystem;

Simulation simulate(run::Problem problem, const fs::path& out, const RunFlags& flags) {
  const InterruptionGuard interruption;
  run::RunOptions options{flags.removal, [&interruption]() -> std::optional<std::string> {
                            if (!interruption.requested()) return std::nullopt;
                            return interruption.signal_name();
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

}  // namespace moreau::cli
