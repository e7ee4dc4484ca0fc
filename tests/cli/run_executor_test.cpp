// The Dask executor of run_executor.hpp, through `moreau ida --scheduler`: a suite study run on
// a Dask cluster of this machine (a scheduler and two workers on the loopback interface, Dask's
// own `dask scheduler` and `dask worker`) gives the same suite.csv, ida.csv files and fragility
// as the study run here, when one of the workers is killed while the study runs; the same
// command then resumes it without a run. A study interrupted on the cluster resumes without
// running again a run that had ended; an unreachable scheduler is named.
#include "moreau/core/child_process.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

const fs::path kDask = "/usr/bin/dask";

std::string text_of(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Waits until `done` holds, for at most `seconds`.
template <typename F>
bool wait_until(F done, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return true;
}

// A Dask scheduler and two single-threaded workers on 127.0.0.1, stopped with the test.
class LocalCluster {
 public:
  explicit LocalCluster(const fs::path& folder) : file_(folder / "scheduler.json") {
    scheduler_ = core::start_process(kDask,
                                     {"scheduler", "--host", "127.0.0.1", "--port", "0",
                                      "--no-dashboard", "--scheduler-file", file_.string()},
                                     folder / "scheduler.log");
    wait_until([&] { return !address().empty(); }, 60);
    for (int i = 0; i < 2; ++i) {
      logs_.push_back(folder / ("worker-" + std::to_string(i) + ".log"));
      workers_.push_back(core::start_process(
          kDask,
          {"worker", "--scheduler-file", file_.string(), "--nthreads", "1", "--no-nanny", "--host",
           "127.0.0.1", "--no-dashboard", "--name", "worker-" + std::to_string(i)},
          logs_.back()));
    }
  }
  LocalCluster(const LocalCluster&) = delete;
  LocalCluster& operator=(const LocalCluster&) = delete;
  ~LocalCluster() {
    for (const pid_t worker : workers_) kill(worker, SIGKILL);
    kill(scheduler_, SIGKILL);
    for (const pid_t worker : workers_) core::wait_for_child(worker);
    core::wait_for_child(scheduler_);
  }

  /// The scheduler's address once it has written its file, else "".
  std::string address() const {
    const nlohmann::json scheduler = nlohmann::json::parse(text_of(file_), nullptr, false);
    return scheduler.is_object() ? scheduler.value("address", std::string()) : std::string();
  }

  /// Whether every worker has registered with the scheduler within a minute (its log says so).
  bool wait_for_workers() const {
    return wait_until(
        [&] {
          return std::ranges::all_of(logs_, [](const fs::path& log) {
            return text_of(log).find("Registered to") != std::string::npos;
          });
        },
        60);
  }

  void kill_worker(std::size_t i) const { kill(workers_.at(i), SIGKILL); }

 private:
  fs::path file_;
  pid_t scheduler_ = -1;
  std::vector<pid_t> workers_;
  std::vector<fs::path> logs_;
};

// A suite of three records: El Centro and rectangular pulses of 0.25 g for 0.2 and 0.4 s.
fs::path write_records(const fs::path& folder) {
  const fs::path records = folder / "records";
  fs::create_directories(records);
  fs::copy_file(fs::path(MOREAU_SOURCE_DIR) / "problems/records/elcentro-1940-ns.csv",
                records / "elcentro.csv");
  for (const std::string seconds : {"0.2", "0.4"})
    std::ofstream(records / ("pulse-" + seconds + ".csv"))
        << "time_s,accel_g\n0,0.25\n"
        << seconds << ",0.25\n"
        << std::stod(seconds) + 1e-4 << ",0\n10,0\n";
  return records;
}

bool dask_installed() {
  return fs::exists(kDask) &&
         run_executable("/usr/bin/python3", "-c 'import distributed'").exit_code == 0;
}

// The study of the suite on `cluster` into `out`, started in the background, two runs at once
// as in the local study (the runs at once choose the search's scales).
pid_t start_cluster_study(const LocalCluster& cluster, const fs::path& records,
                          const fs::path& out) {
  const std::vector<std::string> arguments{
      "ida",   kRockingBlockPulse, "--records",   records.string(), "--precision",
      "0.05",  "--duration",       "3",           "--jobs",         "2",
      "--out", out.string(),       "--scheduler", cluster.address()};
  return core::start_process(MOREAU_EXECUTABLE, arguments, out.string() + ".log");
}

// The summary.json files of `study`'s runs that have ended, with their times of writing.
std::map<fs::path, fs::file_time_type> ended_runs(const fs::path& study) {
  std::map<fs::path, fs::file_time_type> ended;
  if (!fs::exists(study)) return ended;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(study))
    if (entry.path().filename() == "summary.json")
      ended[entry.path()] = fs::last_write_time(entry.path());
  return ended;
}

// Each record's bracket of collapse intensities (survived, collapsed] in a suite.csv.
std::map<std::string, std::pair<double, double>> brackets(const fs::path& suite) {
  std::map<std::string, std::pair<double, double>> by_record;
  std::istringstream rows(text_of(suite));
  std::string row;
  std::getline(rows, row);  // the header: record,pga_g_at_scale_1,survived,collapsed,...
  while (std::getline(rows, row)) {
    std::istringstream fields(row);
    std::string record;
    std::string at_scale_1;
    std::string survived;
    std::string collapsed;
    std::getline(fields, record, ',');
    std::getline(fields, at_scale_1, ',');
    std::getline(fields, survived, ',');
    std::getline(fields, collapsed, ',');
    by_record[record] = {std::stod(survived), std::stod(collapsed)};
  }
  return by_record;
}

TEST(IdaCluster, ASuiteOnADaskClusterThatLosesAWorkerMatchesTheLocalStudy) {
  if (!dask_installed())
    GTEST_SKIP() << "Dask distributed is not installed (python3-distributed: scripts/install-deps "
                    "--test installs it)";
  const ScratchFolder folder;
  const fs::path records = write_records(folder.path());
  const std::string study = "ida " + kRockingBlockPulse + " --records " + records.string() +
                            " --precision 0.05 --duration 3 --jobs 2";
  const fs::path local = folder.path() / "local";
  const CommandResult here = run_moreau(study + " --quiet --out " + local.string());
  ASSERT_EQ(here.exit_code, 0) << here.output;

  const LocalCluster cluster(folder.path());
  ASSERT_TRUE(cluster.wait_for_workers()) << text_of(folder.path() / "scheduler.log");
  const fs::path remote = folder.path() / "cluster";
  const pid_t ida = start_cluster_study(cluster, records, remote);
  // A worker lost while it runs: its run starts again on the other one.
  const bool started =
      wait_until([&] { return fs::exists(remote / "elcentro.csv" / "im-1.log"); }, 120);
  cluster.kill_worker(0);
  const std::optional<int> status = core::wait_for_child(ida);
  ASSERT_TRUE(started) << text_of(remote.string() + ".log");
  ASSERT_TRUE(status && WIFEXITED(*status) && WEXITSTATUS(*status) == 0)
      << text_of(remote.string() + ".log") << text_of(remote / "dask.log");

  EXPECT_EQ(text_of(remote / "suite.csv"), text_of(local / "suite.csv"));
  for (const char* record : {"elcentro.csv", "pulse-0.2.csv", "pulse-0.4.csv"})
    EXPECT_EQ(text_of(remote / record / "ida.csv"), text_of(local / record / "ida.csv")) << record;
  EXPECT_EQ(text_of(remote / "fragility.json"), text_of(local / "fragility.json"));

  // Interrupted once a run has ended, the study resumes without running it again.
  const fs::path interrupted = folder.path() / "interrupted";
  const pid_t stopped = start_cluster_study(cluster, records, interrupted);
  const bool ended = wait_until([&] { return !ended_runs(interrupted).empty(); }, 120);
  const std::map<fs::path, fs::file_time_type> before = ended_runs(interrupted);
  kill(stopped, SIGTERM);  // not SIGINT, which a shell's background jobs ignore
  const std::optional<int> stop_status = core::wait_for_child(stopped);
  ASSERT_TRUE(ended) << text_of(interrupted.string() + ".log");
  ASSERT_TRUE(stop_status && WIFEXITED(*stop_status) && WEXITSTATUS(*stop_status) == 4)
      << text_of(interrupted.string() + ".log");
  const CommandResult resumed =
      run_moreau(study + " --out " + interrupted.string() + " --scheduler " + cluster.address());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_THAT(resumed.output, HasSubstr("resuming"));
  for (const auto& [summary, written] : before)
    EXPECT_EQ(fs::last_write_time(summary), written) << summary << " was run again";
  // Its search went on from other runs than the local study's, to brackets as narrow that hold
  // the same collapse intensities.
  const auto local_brackets = brackets(local / "suite.csv");
  const auto resumed_brackets = brackets(interrupted / "suite.csv");
  ASSERT_EQ(resumed_brackets.size(), local_brackets.size());
  for (const auto& [record, bracket] : resumed_brackets) {
    EXPECT_LE(bracket.second - bracket.first, 0.05) << record;
    EXPECT_LT(bracket.first, local_brackets.at(record).second) << record;
    EXPECT_GT(bracket.second, local_brackets.at(record).first) << record;
  }

  const CommandResult again =
      run_moreau(study + " --out " + remote.string() + " --scheduler " + cluster.address());
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_THAT(again.output, HasSubstr("resuming"));
  EXPECT_THAT(again.output, ::testing::Not(HasSubstr("running")));
}

TEST(IdaCluster, AnUnreachableSchedulerIsNamed) {
  if (!dask_installed()) GTEST_SKIP() << "Dask distributed is not installed";
  const ScratchFolder folder;
  const CommandResult refused =
      run_moreau("ida " + kRockingBlockPulse + " --scales 1 --out " +
                 (folder.path() / "study").string() + " --scheduler tcp://127.0.0.1:1");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_THAT(refused.output, HasSubstr("--scheduler"));
  EXPECT_THAT(refused.output, HasSubstr("tcp://127.0.0.1:1"));
}

}  // namespace
}  // namespace moreau::testing
