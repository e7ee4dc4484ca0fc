#include "moreau/peers/isolated_solve.hpp"

#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>

namespace moreau::peers {
namespace {

// The child's message: status, iterations, error, seconds, then n and the n impulses.
struct Header {
  std::int32_t status;
  std::int32_t iterations;
  double error;
  double seconds;
  std::int64_t size;
};

bool write_all(int fd, const void* data, std::size_t bytes) {
  const char* next = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t written = ::write(fd, next, bytes);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    next += written;
    bytes -= static_cast<std::size_t>(written);
  }
  return true;
}

// Half of the machine's memory for the child's address space: a peer that allocates without
// bound (Siconos' GFC3D NSGS-WR on a 1,000-block wall, whose condensation inverts M as a
// dense matrix) then fails in its child instead of drawing the whole machine into the kernel's
// out-of-memory killer. Not under AddressSanitizer, whose shadow memory alone exceeds any such
// limit.
void limit_memory() {
#ifndef MOREAU_ADDRESS_SANITIZER
  const long pages = ::sysconf(_SC_PHYS_PAGES), page_size = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return;
  const rlim_t half = static_cast<rlim_t>(pages) * static_cast<rlim_t>(page_size) / 2;
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) != 0) return;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < half) return;
  limit.rlim_cur = half;
  ::setrlimit(RLIMIT_AS, &limit);
#endif
}

// The child's exit codes besides 0: its message could not be sent, or the solve threw (the
// pipe then carries the exception's text).
constexpr int kNotSent = 1;
constexpr int kThrew = 2;

[[noreturn]] void run_child(int fd, const std::function<solvers::SolveReport(math::VecX&)>& solve) {
  limit_memory();
  math::VecX r;
  solvers::SolveReport report;
  // N.B. nothing may leave this function but _exit: an exception would unwind into the
  // parent's code, running in the child.
  try {
    report = solve(r);
  } catch (const std::exception& error) {
    write_all(fd, error.what(), std::strlen(error.what()));
    ::_exit(kThrew);
  } catch (...) {
    ::_exit(kThrew);
  }
  const Header header{static_cast<std::int32_t>(report.status), report.iterations, report.error,
                      report.seconds, static_cast<std::int64_t>(r.size())};
  const bool sent = write_all(fd, &header, sizeof header) &&
                    write_all(fd, r.data(), sizeof(double) * static_cast<std::size_t>(r.size()));
  // N.B. _exit: the child must not flush the parent's buffered output nor run its destructors.
  ::_exit(sent ? 0 : kNotSent);
}

// Reads what the child writes until it closes its end or the deadline passes; false at the
// deadline.
bool read_until_closed(int fd, std::optional<std::chrono::steady_clock::time_point> deadline,
                       std::string& received) {
  char buffer[1 << 16];
  for (;;) {
    int timeout_ms = -1;
    if (deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          *deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      timeout_ms = static_cast<int>(std::min<long long>(left.count(), 1 << 30));
    }
    pollfd watched{fd, POLLIN, 0};
    const int ready = ::poll(&watched, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return false;
    const ssize_t count = ::read(fd, buffer, sizeof buffer);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return true;
    received.append(buffer, static_cast<std::size_t>(count));
  }
}

std::string describe(int wait_status, const std::string& received) {
  if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == kThrew)
    return core::concat("threw (", received.empty() ? "an unknown exception" : received, ")");
  return core::describe_child_end(wait_status);
}

}  // namespace

IsolatedSolve solve_isolated(const std::function<solvers::SolveReport(math::VecX&)>& solve,
                             double time_limit) {
  int ends[2];
  if (::pipe(ends) != 0)
    throw core::Diagnostic({"moreau bench"}, "peer process", "a pipe", std::strerror(errno));
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(ends[0]);
    ::close(ends[1]);
    throw core::Diagnostic({"moreau bench"}, "peer process", "a child process",
                           std::strerror(errno));
  }
  if (child == 0) {
    ::close(ends[0]);
    run_child(ends[1], solve);
  }
  ::close(ends[1]);
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (time_limit > 0.0)
    deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(time_limit));
  std::string received;
  const bool finished = read_until_closed(ends[0], deadline, received);
  ::close(ends[0]);
  if (!finished) ::kill(child, SIGKILL);
  // N.B. a child that cannot be waited for reads as one that ended with code 0: its report
  // decides.
  const int wait_status = core::wait_for_child(child).value_or(0);
  IsolatedSolve result;
  if (!finished) {
    solvers::SolveReport report;
    report.status = solvers::Status::TimeLimit;
    report.error = INFINITY;
    report.seconds = time_limit;
    result.report = report;
    return result;
  }
  Header header{};
  const bool complete =
      WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0 && received.size() >= sizeof header;
  if (complete) std::memcpy(&header, received.data(), sizeof header);
  if (!complete || received.size() != sizeof header + sizeof(double) * header.size) {
    result.failure = describe(wait_status, received);
    return result;
  }
  solvers::SolveReport report;
  report.status = static_cast<solvers::Status>(header.status);
  report.iterations = header.iterations;
  report.error = header.error;
  report.seconds = header.seconds;
  result.report = report;
  result.r.resize(header.size);
  std::memcpy(result.r.data(), received.data() + sizeof header,
              sizeof(double) * static_cast<std::size_t>(header.size));
  return result;
}

}  // namespace moreau::peers
