#include "run_executor.hpp"

#include "command.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "plot_script.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <tbb/info.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

namespace moreau::cli {
namespace {

namespace fs = std::filesystem;

class LocalExecutor final : public RunExecutor {
 public:
  explicit LocalExecutor(int jobs) : jobs_(jobs), program_(fs::read_symlink("/proc/self/exe")) {}

  long start(const std::vector<std::string>& arguments, const fs::path& log) override {
    const pid_t child = core::start_process(program_, arguments, log);
    running_.insert(child);
    return child;
  }

  std::optional<EndedRun> next_ended() override {
    int status = 0;
    for (const pid_t child : running_) {
      if (waitpid(child, &status, WNOHANG) != child) continue;
      running_.erase(child);
      return EndedRun{child, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                      core::describe_child_end(status)};
    }
    return std::nullopt;
  }

  void stop_all() override {
    for (const pid_t child : running_) kill(child, SIGTERM);
  }

  int capacity() const override { return jobs_; }

 private:
  int jobs_;
  fs::path program_;
  std::set<pid_t> running_;
};

/// How long the script may take to connect to the scheduler (its own timeout is 10 s).
constexpr std::chrono::seconds kConnectionWait{60};

class DaskExecutor final : public RunExecutor {
 public:
  DaskExecutor(const std::string& address, const fs::path& log, std::optional<int> jobs)
      : log_(log) {
    std::string failure;
    const std::optional<fs::path> script = installed_script("dask_runs.py", failure);
    if (!script) throw core::Diagnostic({}, "--scheduler", failure);
    // A script that ended makes writes to its pipe fail with EPIPE instead of a signal.
    std::signal(SIGPIPE, SIG_IGN);
    process_ = core::start_piped_process(
        "/usr/bin/python3", {script->string(), address, fs::read_symlink("/proc/self/exe")}, log);
    fcntl(process_.output, F_SETFL, fcntl(process_.output, F_GETFL) | O_NONBLOCK);
    const auto deadline = std::chrono::steady_clock::now() + kConnectionWait;
    std::optional<std::string> line;
    while (!(line = read_line()) && std::chrono::steady_clock::now() < deadline) {
      pollfd readable{process_.output, POLLIN, 0};
      poll(&readable, 1, 100);
    }
    const nlohmann::json ready =
        nlohmann::json::parse(line.value_or(""), nullptr, /*allow_exceptions=*/false);
    if (!ready.is_object() || !ready.value("ready", false))
      fail(core::concat("a connection to the scheduler at ", address));
    runs_at_once_ = jobs.value_or(ready.value("threads", 0));
    if (runs_at_once_ < 1)
      throw core::Diagnostic({}, "--scheduler", core::concat("a cluster with workers at ", address),
                             "none (or --jobs: runs to submit at once, for workers to come)");
  }

  DaskExecutor(const DaskExecutor&) = delete;
  DaskExecutor& operator=(const DaskExecutor&) = delete;

  ~DaskExecutor() override {
    close(process_.input);
    close(process_.output);
    core::wait_for_child(process_.pid);
  }

  long start(const std::vector<std::string>& arguments, const fs::path& log) override {
    send({{"id", next_handle_}, {"arguments", arguments}, {"log", fs::absolute(log).string()}});
    return next_handle_++;
  }

  std::optional<EndedRun> next_ended() override {
    const std::optional<std::string> line = read_line();
    if (!line) return std::nullopt;
    const nlohmann::json ended = nlohmann::json::parse(*line, nullptr, false);
    if (!ended.is_object() || !ended.contains("id")) fail("a line per ended run");
    const int code = ended.value("code", -1);
    const std::string worker = ended.value("worker", std::string("?"));
    return EndedRun{ended["id"].get<long>(), code < 0 ? -1 : code,
                    code < 0 ? core::concat("killed (signal ", -code, ") on ", worker)
                             : core::concat("exited with code ", code, " on ", worker)};
  }

  void stop_all() override { send({{"stop", true}}); }

  int capacity() const override { return runs_at_once_; }

 private:
  // A whole line of the script's output, if one has arrived.
  std::optional<std::string> read_line() {
    char chunk[4096];
    ssize_t got = 0;
    while ((got = read(process_.output, chunk, sizeof chunk)) > 0) buffer_.append(chunk, got);
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return line;
    }
    if (got == 0) fail("its messages");  // the script ended
    return std::nullopt;
  }

  void send(const nlohmann::json& message) {
    const std::string line = message.dump() + '\n';
    std::size_t sent = 0;
    while (sent < line.size()) {
      const ssize_t wrote = write(process_.input, line.data() + sent, line.size() - sent);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote < 0) fail("requests");
      sent += static_cast<std::size_t>(wrote);
    }
  }

  [[noreturn]] void fail(const std::string& expected) const {
    throw core::Diagnostic({log_.string()}, "--scheduler",
                           core::concat("the Dask client script (dask_runs.py) to take ", expected,
                                        "; its log ends with:\n", last_lines(log_, 5)));
  }

  fs::path log_;
  core::PipedProcess process_;
  std::string buffer_;
  int runs_at_once_ = 0;
  long next_handle_ = 1;
};

}  // namespace

std::unique_ptr<RunExecutor> local_executor(int jobs) {
  return std::make_unique<LocalExecutor>(jobs);
}

std::unique_ptr<RunExecutor> dask_executor(const std::string& address, const fs::path& log,
                                           std::optional<int> jobs) {
  return std::make_unique<DaskExecutor>(address, log, jobs);
}

StudyExecution study_execution(const boost::program_options::variables_map& values) {
  const int cores = tbb::info::default_concurrency();
  StudyExecution execution;
  execution.jobs_given = values.count("jobs") > 0;
  execution.jobs = execution.jobs_given ? values["jobs"].as<int>() : cores;
  if (execution.jobs < 1 || execution.jobs > 1024)
    throw core::Diagnostic({}, "--jobs", "1 to 1024", core::concat(execution.jobs));
  if (values.count("scheduler"))
    execution.scheduler = values["scheduler"].as<std::string>();
  else
    execution.threads_per_run = std::max(1, cores / execution.jobs);
  return execution;
}

std::unique_ptr<RunExecutor> StudyExecution::executor(const fs::path& out) const {
  if (scheduler)
    return dask_executor(*scheduler, out / "dask.log",
                         jobs_given ? std::optional(jobs) : std::nullopt);
  return local_executor(jobs);
}

int run_batch(const std::string& command, const std::vector<BatchRun>& runs, RunExecutor& executor,
              const InterruptionGuard& guard, const BatchEvents& events) {
  std::map<long, std::size_t> running;  // by the executor's handle
  std::map<long, std::chrono::steady_clock::time_point> started;
  std::size_t next = 0;
  int outcome = kSuccess;
  bool passed_on = false;  // the signal, to the runs under way
  while (next < runs.size() || !running.empty()) {
    if (guard.requested() && !passed_on) {
      executor.stop_all();
      passed_on = true;
    }
    while (outcome == kSuccess && !guard.requested() &&
           static_cast<int>(running.size()) < executor.capacity() && next < runs.size()) {
      const long handle = executor.start(runs[next].arguments, runs[next].log);
      running[handle] = next++;
      started[handle] = std::chrono::steady_clock::now();
      events.started();
    }
    if (guard.requested() || outcome != kSuccess) next = runs.size();
    if (running.empty()) break;
    const std::optional<EndedRun> ended = executor.next_ended();
    if (!ended) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    const std::size_t i = running.at(ended->handle);
    running.erase(ended->handle);
    const bool finished = ended->code == kSuccess || ended->code == kNotConverged;
    events.ended(
        i,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started.at(ended->handle))
            .count(),
        finished);
    if (finished) continue;
    if (ended->code == kInterrupted || guard.requested()) {
      outcome = kInterrupted;
    } else {
      std::cerr << "moreau " << command << ": the run of " << runs[i].name << " " << ended->how
                << "; its log, " << runs[i].log.string() << ", ends with:\n"
                << last_lines(runs[i].log, 5);
      outcome = ended->code == kBadInput ? kBadInput : kInternalError;
    }
  }
  return guard.requested() ? kInterrupted : outcome;
}

}  // namespace moreau::cli
