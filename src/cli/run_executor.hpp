// Where the runs of a `moreau ida` study or a `moreau ensemble` execute: child processes of
// this one, several at once, or the workers of a Dask cluster (--scheduler;
// share/moreau/dask_runs.py, Dask distributed, submits each run as a task and reports its
// end); and a batch of runs kept going through one.
#pragma once

#include "interruption.hpp"
#include "moreau/core/child_process.hpp"

#include <boost/program_options.hpp>

#include <filesystem>
#include <functional>
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

/// Where a study's runs execute, as its --jobs and --scheduler options say.
struct StudyExecution {
  int jobs = 1;             ///< runs at once: --jobs, default the machine's cores
  int threads_per_run = 1;  ///< each run's threads: its share of the cores, 1 on a cluster
  std::optional<std::string> scheduler;  ///< --scheduler
  bool jobs_given = false;               ///< whether --jobs was given

  /// The executor of the scheduler (its messages in `out`/dask.log), else local runs.
  /// @throws core::Diagnostic as dask_executor does
  std::unique_ptr<RunExecutor> executor(const std::filesystem::path& out) const;
};

/// @throws core::Diagnostic naming --jobs outside 1 to 1024
StudyExecution study_execution(const boost::program_options::variables_map& values);

/// A run of a batch: the arguments of its `moreau run`, its log, and its name in messages
/// ("scale 0.5", "seed 7").
struct BatchRun {
  std::vector<std::string> arguments;
  std::filesystem::path log;
  std::string name;
};

/// What a batch's caller hears of its runs.
struct BatchEvents {
  std::function<void()> started;
  /// The run of index i ended after `seconds`; `finished`: it exited with kSuccess or
  /// kNotConverged, its outputs complete.
  std::function<void(std::size_t i, double seconds, bool finished)> ended;
};

/// Runs `runs` through `executor`, as many at a time as it takes. Returns kSuccess when every
/// run finished, else the code the batch ends with: kInterrupted when the `guard` caught a
/// signal (passed on to the runs under way, which stop at their next iteration) or a run was
/// interrupted; kBadInput or kInternalError when a run refused its input or crashed (`moreau
/// <command>` says which on stderr, with the end of its log), after which no run starts.
int run_batch(const std::string& command, const std::vector<BatchRun>& runs, RunExecutor& executor,
              const InterruptionGuard& guard, const BatchEvents& events);

}  // namespace moreau::cli
