// A problem file's run on the command line, shared by `moreau run` and `moreau compare`: the
// library's run (run/run.hpp) with its outputs in a folder, a progress bar, and SIGINT or
// SIGTERM ending it cleanly.
#pragma once

#include "interruption.hpp"
#include "moreau/dynamics/body_removal.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace moreau::cli {

struct RunFlags {
  bool quiet = false;  ///< no progress bar
  /// each step's problem as FCLib HDF5, global or local as it was solved (NSCD only)
  bool dump_problems = false;
  dynamics::RemovalBounds removal;  ///< bodies leaving these bounds are removed (removed.csv)
  /// Continue from this checkpoint (of the same problem file and mode, checked by the
  /// caller) in the folder that holds its run: its CSV rows past the checkpoint's step are
  /// dropped, the VTK collections continue, output numbering goes on from its step.
  std::optional<run::Checkpoint> restart;
};

/// run::read_restart_checkpoint, its refusal of the duration keyed --duration (RunFlags::restart).
/// @throws core::Diagnostic naming the checkpoint, or --duration for one at or past the end
run::Checkpoint read_restart(const std::filesystem::path& file, const run::Problem& problem);

/// An output of a run that could not be written (a full disk): the run stopped there.
struct WriteFailure {
  std::string message;  ///< core::WriteFailure's, naming the file and the system's reason
  long last_step = 0;   ///< the CSV files hold the steps up to this one
};

struct Simulation {
  run::RunSummary summary;
  int frames = 0;  ///< VTK frames written
  std::optional<WriteFailure> write_failure;
};

/// Runs `problem` and writes history.csv, solver.csv, the VTK frames and the checkpoints
/// (output.checkpoint_every) to the folder `out` (created if needed). A signal `guard` caught
/// ends the run at the next iteration of its solve, with its outputs complete up to the step
/// before (summary.interrupted_by) and a checkpoint of it. An output that cannot be written
/// once the run is under way (a full disk) ends it too: with the space a core::SpaceReserve
/// held back in `out`, after the step under way has been written whole, and with a checkpoint
/// of it, as a signal does (summary.interrupted_by "a full disk (...)"); else the CSV files are
/// cut back to the step before (write_failure).
/// @pre !guard.requested() (interrupted_before_start)
/// @throws core::Diagnostic for input refused on the way (a step above the penalty mode's
///         critical step, a failing user law, --dump-problems in the penalty mode)
Simulation simulate(run::Problem problem, const std::filesystem::path& out, const RunFlags& flags,
                    const InterruptionGuard& guard);

/// Writes summary.json of `simulation` in `out`, unless an output of its run could not be
/// written. Then, or if summary.json cannot be written either, says what the failed write did
/// to `command`'s run and how to continue it, and returns kInterrupted: the run stopped before
/// its end, its CSV files whole up to a step. nullopt when summary.json was written.
std::optional<int> write_summary(std::string_view command, const std::filesystem::path& out,
                                 const Simulation& simulation);

/// For a signal `guard` caught before `command` started its run: says so, and that nothing
/// of the run was written. Returns kInterrupted.
int interrupted_before_start(std::string_view command, const InterruptionGuard& guard);

}  // namespace moreau::cli
