#include "interruption.hpp"

#include "moreau/core/assert.hpp"

namespace moreau::cli {
namespace {

// Written by the handler, read by the simulation loop between steps: the only kind of
// object a signal handler may touch (C++20 [support.signal]).
volatile std::sig_atomic_t received_signal = 0;

extern "C" void remember_signal(int number) {
  if (received_signal == 0) received_signal = number;
}

struct sigaction handler_once() {
  struct sigaction action {};
  action.sa_handler = remember_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // a second signal takes the default action: ends moreau
  return action;
}

// A signal that was ignored when moreau started stays ignored: a shell ignores SIGINT for
// the jobs it starts in the background, so that Ctrl-C at the terminal leaves them running.
void catch_unless_ignored(int number, struct sigaction& previous) {
  sigaction(number, nullptr, &previous);
  if (previous.sa_handler == SIG_IGN) return;
  const struct sigaction action = handler_once();
  sigaction(number, &action, nullptr);
}

}  // namespace

InterruptionGuard::InterruptionGuard() {
  received_signal = 0;
  catch_unless_ignored(SIGINT, previous_interrupt_);
  catch_unless_ignored(SIGTERM, previous_terminate_);
}

InterruptionGuard::~InterruptionGuard() {
  sigaction(SIGINT, &previous_interrupt_, nullptr);
  sigaction(SIGTERM, &previous_terminate_, nullptr);
}

bool InterruptionGuard::requested() const { return received_signal != 0; }

std::string InterruptionGuard::signal_name() const {
  // Only SIGINT and SIGTERM are handled.
  MOREAU_ASSERT(received_signal == 0 || received_signal == SIGINT || received_signal == SIGTERM);
  if (received_signal == 0) return {};
  return received_signal == SIGINT ? "SIGINT" : "SIGTERM";
}

}  // namespace moreau::cli
