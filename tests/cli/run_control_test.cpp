// Run control. SIGINT and SIGTERM end `moreau run` cleanly: the step under way finishes,
// summary.json says which signal stopped the run and when, history.csv keeps every step up
// to it, the exit code is 4 (docs/user-guide.md, "Exit codes"), and a checkpoint of the last step
// lets it continue. --remove-below and --remove-beyond drop the bodies that leave the structure,
// logged in removed.csv and summary.json.
#include "moreau/run/checkpoint.hpp"
#include "support/run_command.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

long count_lines(const fs::path& file) {
  std::ifstream in(file);
  long lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  return lines;
}

struct Interrupted {
  int exit_code = -1;
  fs::path folder;
};

// Starts `moreau run` on the bouncing ball for far longer than the test waits, sends
// `signal_number` `copies` times at once when history.csv has rows (the run is stepping),
// and waits for the exit.
Interrupted interrupt_run(int signal_number, const std::string& folder_name, int copies = 1) {
  Interrupted run;
  run.folder = fs::temp_directory_path() / folder_name;
  fs::remove_all(run.folder);
  const std::string problem = std::string(MOREAU_SOURCE_DIR) + "/problems/bouncing-ball.yaml";
  std::vector<std::string> arguments{
      MOREAU_EXECUTABLE,  "run", problem, "--duration", "1e6", "--quiet", "--out",
      run.folder.string()};
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return run;
  int status = 0;
  while (count_lines(run.folder / "history.csv") < 3) {
    if (waitpid(pid, &status, WNOHANG) == pid) return run;  // ended by itself: a failure
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int copy = 0; copy < copies; ++copy) kill(pid, signal_number);
  waitpid(pid, &status, 0);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
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
  // history.csv: the header, a row every 20 steps, and the row of the last step taken.
  EXPECT_EQ(count_lines(run.folder / "history.csv"), 1 + steps / 20 + (steps % 20 != 0));
  // and a checkpoint of the last step, from which the run continues.
  const fs::path checkpoint = run.folder / run::checkpoint_name(steps);
  EXPECT_NO_THROW(EXPECT_EQ(run::read_checkpoint(checkpoint).step, steps)) << checkpoint;
  const std::string problem = std::string(MOREAU_SOURCE_DIR) + "/problems/bouncing-ball.yaml";
  const std::string duration = std::to_string(1e-4 * static_cast<double>(steps + 5));
  const CommandResult restarted = run_moreau("run " + problem + " --quiet --duration " + duration +
                                             " --restart-from " + checkpoint.string());
  EXPECT_EQ(restarted.exit_code, 0) << restarted.output;
  fs::remove_all(run.folder);
}

TEST(RunControl, SigintEndsTheRunAfterAStepWithTheOutputsComplete) {
  expect_clean_stop(interrupt_run(SIGINT, "moreau_run_control_sigint"), "SIGINT");
}

TEST(RunControl, SigtermEndsTheRunAfterAStepWithTheOutputsComplete) {
  expect_clean_stop(interrupt_run(SIGTERM, "moreau_run_control_sigterm"), "SIGTERM");
}

// `timeout -s TERM` sends its signal to moreau and again to its process group: one request,
// delivered twice. The second copy ended the run with no summary.json in one run of three,
// whenever moreau had handled the first before the second arrived.
TEST(RunControl, ASignalDeliveredTwiceAtOnceCountsOnce) {
  for (const int number : {SIGTERM, SIGINT})
    expect_clean_stop(interrupt_run(number, "moreau_run_control_twice", 2),
                      number == SIGTERM ? "SIGTERM" : "SIGINT");
}

// A ball rolls off a fixed slab at 1 m/s and falls; the file has no ground.
constexpr const char* kBallOffASlab = R"(version: 1
time: {step: 1.0e-3, duration: 1.0}
interactions: {default: {friction: 0.0}}
bodies:
  - {name: slab, shape: {type: box, size: [1, 1, 0.1]}, position: [0, 0, -0.05], fixed: true}
  - {name: ball, shape: {type: sphere, radius: 0.05}, position: [0.4, 0, 0.05], velocity: [1, 0, 0]}
output: {vtk: false}
)";

fs::path write_problem(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

TEST(RunControl, RemoveBelowDropsTheFallenBodyAndLogsIt) {
  const fs::path problem = write_problem("moreau_run_control_slab.yaml", kBallOffASlab);
  const fs::path out = fs::temp_directory_path() / "moreau_run_control_removed";
  fs::remove_all(out);
  const CommandResult result = run_moreau("run " + problem.string() + " --quiet --out " +
                                          out.string() + " --remove-below -0.5");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("removed 1 bodies"), std::string::npos) << result.output;
  std::ifstream summary_file(out / "summary.json");
  const nlohmann::json summary = nlohmann::json::parse(summary_file);
  ASSERT_EQ(summary["removed"].size(), 1u);
  EXPECT_EQ(summary["removed"][0]["body"], "ball");
  EXPECT_EQ(summary["removed"][0]["bound"], "below");
  // It leaves the slab's edge at t = 0.1 s and falls 0.55 m (centre from 0.05 to -0.5):
  // removed sqrt(2 * 0.55 / g) = 0.335 s later, to a step (the ball leaves the edge with its
  // centre rolling over the corner: a few steps more).
  EXPECT_NEAR(summary["removed"][0]["time"].get<double>(), 0.1 + std::sqrt(2 * 0.55 / 9.81), 0.01);
  EXPECT_EQ(count_lines(out / "removed.csv"), 2);
  EXPECT_EQ(summary["steps"], 1000) << "the run goes on to its end";
  fs::remove_all(out);
}

TEST(RunControl, RemovalBoundsAreChecked) {
  const fs::path problem = write_problem("moreau_run_control_slab_bad.yaml", kBallOffASlab);
  const CommandResult result =
      run_moreau("run " + problem.string() + " --quiet --out /nonexistent --remove-beyond 0");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("--remove-beyond"), std::string::npos) << result.output;
}

TEST(RunControl, TrackAddsBodiesToTheHistory) {
  // The rocking block's history follows the block (the only free body); --track adds the
  // driven table, which moreau ida measures displacements from.
  const std::string problem = std::string(MOREAU_SOURCE_DIR) + "/problems/rocking-block-pulse.yaml";
  const fs::path out = fs::temp_directory_path() / "moreau_run_control_track";
  fs::remove_all(out);
  const std::string run = "run " + problem + " --quiet --duration 0.01 --out " + out.string();
  const CommandResult tracked = run_moreau(run + " --track table --track block");
  ASSERT_EQ(tracked.exit_code, 0) << tracked.output;
  std::ifstream history(out / "history.csv");
  std::string header;
  std::getline(history, header);
  EXPECT_NE(header.find(",block.x,block.y,block.z,block.rotation_deg,block.speed,table.x,"),
            std::string::npos)
      << header;

  const CommandResult misspelt = run_moreau(run + " --overwrite --track tabl");
  EXPECT_EQ(misspelt.exit_code, 2);
  EXPECT_NE(misspelt.output.find("--track: expected a body name (did you mean 'table'?)"),
            std::string::npos)
      << misspelt.output;
  const CommandResult restarted =
      run_moreau(run + " --track table --restart-from " + (out / "checkpoint-000010").string());
  EXPECT_EQ(restarted.exit_code, 2);
  EXPECT_NE(restarted.output.find("--track: not with --restart-from"), std::string::npos)
      << restarted.output;
  fs::remove_all(out);
}

}  // namespace
}  // namespace moreau::testing
