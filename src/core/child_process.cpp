#include "moreau/core/child_process.hpp"

#include "moreau/core/concat.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>

namespace moreau::core {
namespace {

// Signals the user or the system sends to stop the process group: the child ends for the
// same reason as its parent, not because of the task.
bool is_stop_request(int signal) {
  return signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGKILL;
}

// In the child: the task's output (a sanitizer's report, a library's error stack) would mix
// with the parent's.
void discard_output() {
  const int null = open("/dev/null", O_WRONLY);
  if (null < 0) return;
  dup2(null, STDOUT_FILENO);
  dup2(null, STDERR_FILENO);
  close(null);
}

}  // namespace

std::string describe_child_end(int wait_status) {
  if (WIFSIGNALED(wait_status)) {
    const int signal = WTERMSIG(wait_status);
    const char* name = sigabbrev_np(signal);
    return concat(signal == SIGABRT ? "aborted" : "killed", " (SIG",
                  name ? name : std::to_string(signal).c_str(), ')');
  }
  return concat("exited with code ", WEXITSTATUS(wait_status));
}

std::optional<std::string> crash_in_child_process(const std::function<void()>& task) {
  const pid_t child = fork();
  // Without a child the task cannot be tried apart: the caller runs it unguarded, as it would
  // on a system without fork.
  if (child < 0) return std::nullopt;
  if (child == 0) {
    discard_output();
    try {
      task();
    } catch (...) {  // the parent repeats the task for its result or its error
    }
    // _exit, not exit: no atexit handler, static destructor or stdio buffer of the parent's
    // runs twice (nor LeakSanitizer's check of memory the parent owns).
    _exit(0);
  }
  int wait_status = 0;
  while (waitpid(child, &wait_status, 0) < 0)
    if (errno != EINTR) return std::nullopt;
  const bool returned = WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
  const bool stopped = WIFSIGNALED(wait_status) && is_stop_request(WTERMSIG(wait_status));
  if (returned || stopped) return std::nullopt;
  return describe_child_end(wait_status);
}

}  // namespace moreau::core
