#include "moreau/core/child_process.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <vector>

namespace moreau::core {
namespace {

// The exit code of a child that did not become the program (a shell's for a command it could
// not run).
constexpr int kNotStarted = 127;

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

std::optional<int> wait_for_child(pid_t child) {
  int wait_status = 0;
  while (waitpid(child, &wait_status, 0) < 0)
    if (errno != EINTR) return std::nullopt;
  return wait_status;
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
  const std::optional<int> wait_status = wait_for_child(child);
  if (!wait_status) return std::nullopt;
  const bool returned = WIFEXITED(*wait_status) && WEXITSTATUS(*wait_status) == 0;
  const bool stopped = WIFSIGNALED(*wait_status) && is_stop_request(WTERMSIG(*wait_status));
  if (returned || stopped) return std::nullopt;
  return describe_child_end(*wait_status);
}

// fork and exec rather than posix_spawn, which cannot ask for the parent-death signal. Between
// them the child calls only async-signal-safe functions (the parent may have other threads).
// An exec that fails sends its errno back through a close-on-exec pipe, which an exec that
// succeeds closes empty.
namespace {

// start_process() with, where given (>= 0), `input` as the child's standard input and
// `output` as its standard output instead of the log.
pid_t spawn(const std::filesystem::path& program, const std::vector<std::string>& arguments,
            const std::filesystem::path& log, int input, int output) {
  std::vector<std::string> words{program.string()};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  argv.reserve(words.size() + 1);
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  int report[2] = {-1, -1};
  if (pipe2(report, O_CLOEXEC) != 0)
    throw Diagnostic({program.string()}, "", concat("cannot be started: ", std::strerror(errno)));
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child == 0) {
    close(report[0]);
    int error = 0;
    // Its own process group: the terminal's Ctrl-C reaches the parent alone, which passes
    // the request on once (moreau ida's run_scales); the child ends with SIGTERM if the
    // parent dies.
    if (setpgid(0, 0) != 0 || prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) error = errno;
    if (error == 0 && getppid() != parent) _exit(kNotStarted);  // it died before prctl
    const int out = error == 0 ? open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
    if (error == 0 && out < 0) error = errno;
    if (error == 0 &&
        (dup2(output >= 0 ? output : out, STDOUT_FILENO) < 0 || dup2(out, STDERR_FILENO) < 0 ||
         (input >= 0 && dup2(input, STDIN_FILENO) < 0)))
      error = errno;
    if (out >= 0) close(out);
    if (error == 0) {
      execv(program.c_str(), argv.data());
      error = errno;
    }
    [[maybe_unused]] const ssize_t sent = write(report[1], &error, sizeof error);
    _exit(kNotStarted);
  }
  close(report[1]);
  if (child < 0) {
    const int error = errno;
    close(report[0]);
    throw Diagnostic({program.string()}, "", concat("cannot be started: ", std::strerror(error)));
  }
  int error = 0;
  ssize_t got = 0;
  while ((got = read(report[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  close(report[0]);
  if (got == static_cast<ssize_t>(sizeof error)) {
    wait_for_child(child);
    throw Diagnostic({program.string()}, "", concat("cannot be started: ", std::strerror(error)));
  }
  return child;
}

}  // namespace

pid_t start_process(const std::filesystem::path& program, const std::vector<std::string>& arguments,
                    const std::filesystem::path& log) {
  return spawn(program, arguments, log, -1, -1);
}

PipedProcess start_piped_process(const std::filesystem::path& program,
                                 const std::vector<std::string>& arguments,
                                 const std::filesystem::path& log) {
  int to_child[2] = {-1, -1};
  int from_child[2] = {-1, -1};
  if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0) {
    const int error = errno;
    for (const int descriptor : {to_child[0], to_child[1], from_child[0], from_child[1]})
      if (descriptor >= 0) close(descriptor);
    throw Diagnostic({program.string()}, "", concat("cannot be started: ", std::strerror(error)));
  }
  pid_t child = -1;
  try {
    child = spawn(program, arguments, log, to_child[0], from_child[1]);
  } catch (...) {
    for (const int descriptor : {to_child[0], to_child[1], from_child[0], from_child[1]})
      close(descriptor);
    throw;
  }
  close(to_child[0]);
  close(from_child[1]);
  return {child, to_child[1], from_child[0]};
}

}  // namespace moreau::core
