// SIGINT and SIGTERM stop a run cleanly: the solve under way ends at its next iteration and
// its step is taken back (core/stop_request.hpp, run::Run::advance), the outputs are
// completed up to the step before (summary.json says the run was interrupted) with a
// checkpoint of it, and moreau exits with kInterrupted. A second signal ends the process at
// once, as usual, unless it comes within a tenth of a second of the first: then it is the
// same request, delivered twice.
#pragma once

#include <csignal>
#include <string>

namespace moreau::cli {

/// While alive, the first SIGINT or SIGTERM sets a flag (and core::request_stop) instead of
/// ending the process, and so do copies of it within 0.1 s; a later one ends the process by
/// the default action. The commands that stop cleanly create it first, so that a signal
/// during their start-up or after their last output is a clean stop too.
/// Signals ignored when moreau started stay ignored. The previous handlers are restored on
/// destruction. One guard at a time.
class InterruptionGuard {
 public:
  InterruptionGuard();
  ~InterruptionGuard();
  InterruptionGuard(const InterruptionGuard&) = delete;
  InterruptionGuard& operator=(const InterruptionGuard&) = delete;

  /// Whether a signal has arrived since construction.
  bool requested() const;
  /// "SIGINT" or "SIGTERM", the first signal that arrived; empty if none did.
  std::string signal_name() const;

 private:
  struct sigaction previous_interrupt_ {};
  struct sigaction previous_terminate_ {};
};

}  // namespace moreau::cli
