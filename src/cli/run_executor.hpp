// Where the runs of a `moreau ida` study execute: child processes of this one, several at
// once, or the workers of a Dask cluster (--scheduler; share/moreau/dask_runs.py, Dask
// distributed, submits each run as a task and reports its end).
#pragma once

#include "moreau/core/child_process.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {

/// A run that ended: the handle start() gave it, its exit code (-1 when it did not exit on its
/// own) and how it ended, in words ("exited with code 2", "killed (SIGSEGV)").
struct EndedRun {
  long handle = 0;
  int code = -1;
  std::string how;
};

class RunExecutor {
 public:
  virtual ~RunExecutor() = default;
  /// Starts `moreau run` with `arguments`, its output to `log`; returns the run's handle.
  /// @throws core::Diagnostic when it cannot be started
  virtual long start(const std::vector<std::string>& arguments,
                     const std::filesystem::path& log) = 0;
  /// A run that has ended since the last call, if any; returns at once.
  /// @throws core::Diagnostic when the executor itself failed (a lost scheduler)
  virtual std::optional<EndedRun> next_ended() = 0;
  /// Asks every run under way to stop (SIGTERM: a run stops as `moreau run` does).
  virtual void stop_all() = 0;
  /// How many runs it starts at once: `jobs` for child processes; for a cluster `jobs`, or its
  /// workers' threads when the study started.
  virtual int capacity() const = 0;
};

/// Runs as child processes of this one (core::start_process), `jobs` at a time.
std::unique_ptr<RunExecutor> local_executor(int jobs);

/// Runs as tasks on the Dask cluster whose scheduler is at `address` (tcp://HOST:PORT), through
/// share/moreau/dask_runs.py, its messages in `log`, `jobs` at a time (default: the cluster's
/// worker threads once a first worker has registered, Dask queueing the rest).
/// @throws core::Diagnostic naming --scheduler when the script is missing, cannot reach the
///   scheduler, or finds no worker and `jobs` is not given
std::unique_ptr<RunExecutor> dask_executor(const std::string& address,
                                           const std::filesystem::path& log,
                                           std::optional<int> jobs);

}  // namespace moreau::cli
