// Checkpoints of the simulation loop (simulation.cpp): what a run's parts hold between two
// steps, gathered into an io::Checkpoint, and put back to continue a run from one.
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/io/checkpoint.hpp"
#include "moreau/io/history_writer.hpp"
#include "moreau/io/summary_json.hpp"
#include "moreau/io/vtk_writer.hpp"
#include "moreau/model/scene.hpp"

#include <cstdint>
#include <optional>

namespace moreau::cli {

/// The parts of a running simulation whose state the steps after a checkpoint depend on.
struct RunParts {
  model::Scene& scene;
  dynamics::Stepper& stepper;
  dynamics::CollapseMonitor& monitor;
  io::HistoryWriter& history;
  io::SolverCounts& counts;
  std::vector<io::RemovedBody>& removed;
  long long& broken_bonds;  ///< summary.json's bonds broken so far
  std::optional<io::VtkWriter>& vtk;
};

/// The checkpoint of the run after `step`.
io::Checkpoint capture(const RunParts& run, std::uint64_t problem_hash, io::Mode mode, long step);

/// Puts the state of `checkpoint` into the parts of a run started afresh from the same
/// problem file (the history writer is continued by its own constructor).
void resume(const io::Checkpoint& checkpoint, const RunParts& run);

}  // namespace moreau::cli
