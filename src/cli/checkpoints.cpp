#include "checkpoints.hpp"

namespace moreau::cli {

io::Checkpoint capture(const RunParts& run, std::uint64_t problem_hash, io::Mode mode, long step) {
  io::Checkpoint checkpoint;
  checkpoint.problem_hash = problem_hash;
  checkpoint.mode = mode;
  checkpoint.step = step;
  checkpoint.time = run.scene.time;
  checkpoint.bodies = io::body_states(run.scene);
  checkpoint.stepper = run.stepper.state();
  checkpoint.came_to_rest = run.monitor.came_to_rest();
  checkpoint.history = run.history.state();
  checkpoint.counts = run.counts;
  checkpoint.removed = run.removed;
  checkpoint.broken_bonds = static_cast<std::uint64_t>(run.broken_bonds);
  if (run.vtk) checkpoint.vtk = run.vtk->state();
  return checkpoint;
}

void resume(const io::Checkpoint& checkpoint, const RunParts& run) {
  run.scene.time = checkpoint.time;
  io::restore_bodies(run.scene, checkpoint.bodies);
  run.stepper.restore(checkpoint.stepper);
  run.monitor.restore(checkpoint.came_to_rest);
  run.counts = checkpoint.counts;
  run.removed = checkpoint.removed;
  run.broken_bonds = static_cast<long long>(checkpoint.broken_bonds);
  if (run.vtk) run.vtk->restore(checkpoint.vtk);
}

}  // namespace moreau::cli
