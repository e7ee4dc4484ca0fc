// SIGINT and SIGTERM stop a run cleanly: the solve under way ends at its next iteration and
// its step is taken back (core/stop_request.hpp, run::Run::advance), the outputs are
// completed up to the step before (summary.json says the run was interrupted) with a
// checkpoint of it, and moreau exits with kInterrupted. A second signal ends the process at
// once, as usual, unless it comes within a tenth of a second of the first: then it is the
// same request, delivered twice.
#pragma once

#include <string>

namespace moreau::cli {

/// From construction to the end of the process, the first SIGINT or SIGTERM sets a flag (and
/// core::request_stop) instead of ending the process, and so do copies of it within 0.1 s; a
/// later one ends the process by the default action. Signals ignored when moreau started stay
/// ignored. The handlers are not given back when the object goes: a signal while the process
/// ends, after the command's outputs are written, must not turn its exit code into a death
/// by signal. The commands that stop cleanly create it first, so that a signal during their
/// start-up is a clean stop too. One guard per process.
class InterruptionGuard {
 public:
  InterruptionGuard();
  InterruptionGuard(const InterruptionGuard&) = delete;
  InterruptionGuard& operator=(const InterruptionGuard&) = delete;

  /// Whether a signal has arrived since construction.
  bool requested() const;
  /// "SIGINT" or "SIGTERM", the first signal that arrived; empty if none did.
  std::string signal_name() const;
};

}  // namespace moreau::cli
