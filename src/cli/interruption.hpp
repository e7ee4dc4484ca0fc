// SIGINT and SIGTERM stop a run cleanly: the step under way finishes, the outputs are
// completed (summary.json says the run was interrupted), and moreau exits with
// kInterrupted. A second signal of the same kind ends the process at once, as usual.
#pragma once

#include <csignal>
#include <string>

namespace moreau::cli {

/// While alive, SIGINT and SIGTERM set a flag instead of ending the process (one each: the
/// handler is reset to the default on its first call, SA_RESETHAND), unless they were
/// ignored. The previous handlers are restored on destruction. One at a time.
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
