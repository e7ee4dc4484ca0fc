// Child processes: a task that a library may crash the process with, tried first in a child;
// how a child ended, in words.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace moreau::core {

/// How a child process ended, from waitpid's status: "killed (SIGSEGV)", "aborted (SIGABRT)",
/// "exited with code 3".
std::string describe_child_end(int wait_status);

/// Waits for the child process `child` to end, through the signals that interrupt the wait
/// (moreau's handlers do not restart system calls: EINTR). Its waitpid status; nullopt when
/// it cannot be waited for (errno says why: ECHILD for a process that is not a child).
std::optional<int> wait_for_child(pid_t child);

/// Runs `task` in a forked child process whose standard output and error are discarded, and
/// tells how the child crashed: empty if the task returned or threw (the caller repeats it in
/// this process to get its result or its exception), or if no child could be started;
/// otherwise describe_child_end ("killed (SIGSEGV)"; "exited with code 1" for a sanitizer's
/// report).
/// A child stopped by SIGINT, SIGTERM, SIGHUP or SIGKILL (the user's request, which reaches
/// the whole process group) has not crashed.
/// @pre the task writes nothing this process reads later (files, pipes): only its crash
///      reaches the caller
std::optional<std::string> crash_in_child_process(const std::function<void()>& task);

/// Starts `program` with `arguments` (argv[1..]) in a child process, its standard output and
/// error written to `log` (created or truncated). The child has a process group of its own, so
/// that the terminal's Ctrl-C reaches the caller alone, which passes a stop on to it (kill);
/// it gets SIGTERM when the caller's thread ends (Linux's parent-death signal), so that it
/// does not outlive a caller that was killed. The caller waits for it (wait_for_child).
/// @throws core::Diagnostic naming the log or the program when the child cannot be started
pid_t start_process(const std::filesystem::path& program, const std::vector<std::string>& arguments,
                    const std::filesystem::path& log);

/// A child process with pipes to its standard input and from its standard output.
struct PipedProcess {
  pid_t pid = -1;
  int input = -1;   ///< written here, read by the child on its standard input
  int output = -1;  ///< what the child writes on its standard output, read here
};

/// start_process() with the child's standard input and output connected to this process by
/// pipes (its standard error still goes to `log`). The caller closes both descriptors (the
/// child sees the end of its input when `input` is closed) and waits for the child.
/// @throws core::Diagnostic as start_process()
PipedProcess start_piped_process(const std::filesystem::path& program,
                                 const std::vector<std::string>& arguments,
                                 const std::filesystem::path& log);

}  // namespace moreau::core
