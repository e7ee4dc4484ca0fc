// A request to stop the computation under way, made by a signal handler (the command line's
// SIGINT and SIGTERM) and read by the solvers at each iteration, so that a step that would run
// for minutes ends at its next iteration instead (docs/user-guide.md, "moreau run").
#pragma once

namespace moreau::core {

/// Asks the computation under way to stop. Async-signal-safe: one lock-free atomic store.
void request_stop() noexcept;

/// Withdraws the request (a new run starts).
void clear_stop_request() noexcept;

/// Whether a stop has been asked for since the last clear_stop_request().
bool stop_requested() noexcept;

}  // namespace moreau::core
