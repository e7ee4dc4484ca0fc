// SIGINT and SIGTERM end `moreau run` cleanly (interruption.cpp): the solve under way ends at
// its next iteration and its step is taken back, summary.json says which signal stopped the
// run and when, history.csv keeps its rows up to it, the exit code is 4 (docs/user-guide.md,
// "Exit codes"), a signal delivered twice counts once, and a checkpoint of the last step lets
// the run continue as if uninterrupted.
#include "moreau/run/checkpoint.hpp"
#include "run_control_checks.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

using run_checks::count_lines;
using run_checks::expect_bitwise_continuation;
using run_checks::kBouncingBall;
using run_checks::start_moreau;
using run_checks::write_problem;

struct Interrupted {
  int exit_code = -1;
  fs::path folder;
};

// Starts `moreau run PROBLEM --quiet --out FOLDER EXTRA...`, waits until its history.csv has
// `rows` lines (the header is one) and `delay` more, sends `signal_number` `copies` times at
// once, and waits for the exit; a run still going 120 s later is killed and reported as such
// (exit code -1).
Interrupted interrupt_run(const std::string& problem, const std::vector<std::string>& extra,
                          int signal_number, const std::string& folder_name, int copies = 1,
                          long rows = 3, std::chrono::milliseconds delay = {}) {
  Interrupted run;
  run.folder = fs::temp_directory_path() / folder_name;
  fs::remove_all(run.folder);
  std::vector<std::string> arguments{"run", problem, "--quiet", "--out", run.folder.string()};
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  const pid_t pid = start_moreau(arguments, "/dev/null");
  int status = 0;
  while (count_lines(run.folder / "history.csv") < rows) {
    if (waitpid(pid, &status, WNOHANG) == pid) return run;  // ended by itself: a failure
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(delay);
  for (int copy = 0; copy < copies; ++copy) kill(pid, signal_number);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (waitpid(pid, &status, WNOHANG) != pid) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return run;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

Interrupted interrupt_ball(int signal_number, const std::string& folder_name, int copies = 1) {
  return interrupt_run(kBouncingBall, {"--duration", "1e6"}, signal_number, folder_name, copies);
}

void expect_clean_stop(const Interrupted& run, const std::string& signal_name) {
  EXPECT_EQ(run.exit_code, 4) << "kInterrupted";
  std::ifstream summary_file(run.folder / "summary.json");
  ASSERT_TRUE(summary_file) << "no summary.json in " << run.folder;
  const nlohmann::json summary = nlohmann::json::parse(summary_file);
  EXPECT_EQ(summary["interrupted"], signal_name);
  const long steps = summary["steps"].get<long>();
  EXPECT_GT(steps, 0);
  EXPECT_LT(summary["simulated_time"].get<double>(), 1e6);
  // history.csv: the header and a row every 20 steps, as the uninterrupted run has them
  // (before, also a row for the last step taken, which the continued run then kept).
  EXPECT_EQ(count_lines(run.folder / "history.csv"), 1 + steps / 20);
  // and a checkpoint of the last step, from which the run continues as if uninterrupted.
  const fs::path checkpoint = run.folder / run::checkpoint_name(steps);
  EXPECT_NO_THROW(EXPECT_EQ(run::read_checkpoint(checkpoint).step, steps)) << checkpoint;
  expect_bitwise_continuation(kBouncingBall, checkpoint, steps, 1e-4, 45);
  fs::remove_all(run.folder);
}

TEST(RunControl, SigintEndsTheRunAfterAStepWithTheOutputsComplete) {
  expect_clean_stop(interrupt_ball(SIGINT, "moreau_run_control_sigint"), "SIGINT");
}

TEST(RunControl, SigtermEndsTheRunAfterAStepWithTheOutputsComplete) {
  expect_clean_stop(interrupt_ball(SIGTERM, "moreau_run_control_sigterm"), "SIGTERM");
}

// `timeout -s TERM` sends its signal to moreau and again to its process group: one request,
// delivered twice. The second copy ended the run with no summary.json in one run of three,
// whenever moreau had handled the first before the second arrived.
TEST(RunControl, ASignalDeliveredTwiceAtOnceCountsOnce) {
  for (const int number : {SIGTERM, SIGINT})
    expect_clean_stop(interrupt_ball(number, "moreau_run_control_twice", 2),
                      number == SIGTERM ? "SIGTERM" : "SIGINT");
}

// A planar arch on the ground, solved by nsgs to a tolerance no sweep reaches (its error has a
// round-off floor), with a billion sweeps allowed: the first step would run for an hour.
constexpr const char* kEndlessStep = R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 1.0}
solver: {name: nsgs, tolerance: 1.0e-300, max_iterations: 1000000000}
interactions: {default: {friction: 0.6}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: arch, form: semicircular, span: 1.0, thickness: 0.1, voussoirs: 7,
     springing_height: 0.0, abutments: false}
output: {vtk: false}
)";

// A signal ends the step under way at its solve's next iteration and takes the step back:
// the outputs and the checkpoint are those of the step before (here the start; RunTest.
// AStopRequestDuringASolveTakesTheStepBack continues such a run bitwise). Before, the run went
// on with the step until it ended (a user's Ctrl-C on a house waited over 2 minutes).
TEST(RunControl, ASignalEndsALongStepAtItsNextIteration) {
  const fs::path problem = write_problem("moreau_run_control_endless.yaml", kEndlessStep);
  const Interrupted run = interrupt_run(problem.string(), {}, SIGTERM, "moreau_run_control_endless",
                                        1, 1, std::chrono::milliseconds(300));
  ASSERT_EQ(run.exit_code, 4) << "the run did not stop within 120 s of the signal";
  std::ifstream summary_file(run.folder / "summary.json");
  ASSERT_TRUE(summary_file) << "no summary.json in " << run.folder;
  const nlohmann::json summary = nlohmann::json::parse(summary_file);
  EXPECT_EQ(summary["interrupted"], "SIGTERM");
  EXPECT_EQ(summary["steps"], 0);
  EXPECT_EQ(count_lines(run.folder / "history.csv"), 1);
  const fs::path checkpoint = run.folder / run::checkpoint_name(0);
  ASSERT_NO_THROW(EXPECT_EQ(run::read_checkpoint(checkpoint).step, 0)) << checkpoint;
  fs::remove_all(run.folder);
}

}  // namespace
}  // namespace moreau::testing
