#include "simulation.hpp"

#include "command.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/output/summary_json.hpp"
#include "progress.hpp"

#include <iostream>
#include <system_error>

namespace moreau::cli {

namespace fs = std::filesystem;

namespace {

// A write failed after step `last` + 1 was taken, in some of its files: every CSV log is cut
// back to `last` (in place, which needs no free space), so that they end at one step.
void keep_whole_steps(const fs::path& out, long last) {
  std::error_code unlisted;  // a folder that cannot be listed holds no log to cut
  for (const fs::directory_entry& entry : fs::directory_iterator(out, unlisted))
    if (entry.path().extension() == ".csv") core::keep_rows_up_to_step(entry.path(), last);
}

}  // namespace

run::Checkpoint read_restart(const fs::path& file, const run::Problem& problem) {
  try {
    return run::read_restart_checkpoint(file, problem);
  } catch (const core::Diagnostic& error) {
    if (error.key() != "duration") throw;
    throw core::Diagnostic(error.where(), "--duration", error.message());
  }
}

Simulation simulate(run::Problem problem, const fs::path& out, const RunFlags& flags,
                    const InterruptionGuard& guard) {
  MOREAU_ASSERT(!guard.requested());
  // A full disk ends the run like a signal, once the reserve has let its step be written whole.
  std::optional<core::SpaceReserve> reserve;
  run::RunOptions options{flags.removal, [&guard, &reserve]() -> std::optional<std::string> {
                            if (guard.requested()) return guard.signal_name();
                            if (const auto write = reserve ? reserve->freed_by() : std::nullopt)
                              return "a full disk (" + *write + ")";
                            return std::nullopt;
                          }};
  run::Run run(std::move(problem), std::move(options));
  const run::Checkpoint* resumed = flags.restart ? &*flags.restart : nullptr;
  // N.B. the outputs are attached before the restore: they measure rotations and
  // displacements from the scene at t = 0.
  const output::VtkOutput* vtk = output::attach_outputs(run, out, {flags.dump_problems, resumed});
  reserve.emplace(out / ".space-reserve", output::last_step_bytes(run.problem()));
  if (resumed) run.restore(*resumed);
  Progress progress(flags.quiet);
  while (!run.finished()) {
    try {
      run.advance();
    } catch (const core::WriteFailure& failure) {
      progress.clear();
      keep_whole_steps(out, run.step() - 1);
      return {run.summary(), vtk ? vtk->frames_written() : 0,
              WriteFailure{failure.what(), run.step() - 1}};
    }
    progress.show_steps(run.step(), run.step_count(), run.scene().time, run.counts().not_converged);
  }
  progress.clear();
  return {run.summary(), vtk ? vtk->frames_written() : 0, std::nullopt};
}

std::optional<int> write_summary(std::string_view command, const fs::path& out,
                                 const Simulation& simulation) {
  std::optional<WriteFailure> failure = simulation.write_failure;
  if (!failure) {
    try {
      output::write_summary_json(out / "summary.json", simulation.summary);
      return std::nullopt;
    } catch (const core::WriteFailure& summary_failure) {
      failure = WriteFailure{summary_failure.what(), simulation.summary.steps};
    }
  }
  std::cerr << failure->message << '\n'
            << "moreau " << command << ": STOPPED after step " << failure->last_step
            << ": an output could not be written. The CSV files in " << out.string()
            << " hold steps 1 to " << failure->last_step
            << " (no summary.json); once there is room, continue the run from its last "
               "checkpoint with --restart-from and --overwrite\n";
  return kInterrupted;
}

int interrupted_before_start(std::string_view command, const InterruptionGuard& guard) {
  std::cout << "moreau " << command << ": INTERRUPTED by " << guard.signal_name()
            << " before its run started: nothing of it was written\n";
  return kInterrupted;
}

}  // namespace moreau::cli
