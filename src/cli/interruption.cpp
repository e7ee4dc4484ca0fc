#include "interruption.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/stop_request.hpp"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <ctime>

namespace moreau::cli {
namespace {

// Written by the handler, read by the simulation loop between steps: lock-free atomics are
// the only objects a signal handler may touch besides volatile sig_atomic_t (C++20
// [support.signal]).
std::atomic<int> received_signal{0};
// CLOCK_MONOTONIC time of the first signal, in nanoseconds.
std::atomic<std::int64_t> first_signal_time{0};
static_assert(std::atomic<int>::is_always_lock_free &&
              std::atomic<std::int64_t>::is_always_lock_free);

// `timeout -s TERM` (and `kill 0`, a supervisor stopping a process group) sends the signal
// to the process and again to its group, microseconds apart: both copies must count as one
// request, or the second would end moreau before its outputs are complete. A person pressing
// Ctrl-C twice to end moreau at once does so more than a tenth of a second apart.
constexpr std::int64_t kSameRequestWithinNanoseconds = 100'000'000;

std::int64_t monotonic_nanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe (POSIX.1-2017, 2.4.3)
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

extern "C" void remember_signal(int number) {
  const std::int64_t now = monotonic_nanoseconds();
  if (received_signal.load() == 0) {
    first_signal_time.store(now);
    received_signal.store(number);
    core::request_stop();  // the solve under way ends at its next iteration
    return;
  }
  if (now - first_signal_time.load() < kSameRequestWithinNanoseconds) return;
  // A second request: the default action, as if moreau had not caught the signal. The
  // signal is blocked while its handler runs, so the raised one ends the process on return.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(number, &default_action, nullptr);
  raise(number);
}

struct sigaction catching_action() {
  struct sigaction action {};
  action.sa_handler = remember_signal;
  // One handler at a time: a SIGTERM arriving during the SIGINT handler waits for it.
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT);
  sigaddset(&action.sa_mask, SIGTERM);
  return action;
}

// A signal that was ignored when moreau started stays ignored: a shell ignores SIGINT for
// the jobs it starts in the background, so that Ctrl-C at the terminal leaves them running.
void catch_unless_ignored(int number) {
  struct sigaction previous {};
  sigaction(number, nullptr, &previous);
  if (previous.sa_handler == SIG_IGN) return;
  const struct sigaction action = catching_action();
  sigaction(number, &action, nullptr);
}

}  // namespace

InterruptionGuard::InterruptionGuard() {
  received_signal.store(0);
  core::clear_stop_request();
  catch_unless_ignored(SIGINT);
  catch_unless_ignored(SIGTERM);
}

bool InterruptionGuard::requested() const { return received_signal.load() != 0; }

std::string InterruptionGuard::signal_name() const {
  // Only SIGINT and SIGTERM are handled.
  const int number = received_signal.load();
  MOREAU_ASSERT(number == 0 || number == SIGINT || number == SIGTERM);
  if (number == 0) return {};
  return number == SIGINT ? "SIGINT" : "SIGTERM";
}

}  // namespace moreau::cli
