// Run control. SIGINT and SIGTERM end `moreau run` cleanly: the solve under way ends at its
// next iteration and its step is taken back, summary.json says which signal stopped the run
// and when, history.csv keeps its rows up to it, the exit code is 4 (docs/user-guide.md, "Exit
// codes"), and a checkpoint of the last step lets it continue as if uninterrupted. --remove-below
// and --remove-beyond drop the bodies that leave the structure, logged in removed.csv and
// summary.json.
#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/run/checkpoint.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/small_disk.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

long count_lines(const fs::path& file) {
  std::ifstream in(file);
  long lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  return lines;
}

// Starts `moreau ARGUMENTS` with its standard output and error written to `log`.
pid_t start_moreau(const std::vector<std::string>& arguments, const fs::path& log) {
  return core::start_process(MOREAU_EXECUTABLE, arguments, log);
}

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

const std::string kBouncingBall = std::string(MOREAU_SOURCE_DIR) + "/problems/bouncing-ball.yaml";

Interrupted interrupt_ball(int signal_number, const std::string& folder_name, int copies = 1) {
  return interrupt_run(kBouncingBall, {"--duration", "1e6"}, signal_number, folder_name, copies);
}

// history.csv without its solve_seconds column (wall time, the one column a repeated run
// changes).
std::string history_less_wall_time(const fs::path& file) {
  std::ifstream in(file);
  std::string text;
  std::size_t column = std::string::npos;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::stringstream cells(line);
    for (std::string field; std::getline(cells, field, ',');) fields.push_back(field);
    if (column == std::string::npos)
      column =
          static_cast<std::size_t>(std::ranges::find(fields, "solve_seconds") - fields.begin());
    if (column < fields.size()) fields.erase(fields.begin() + static_cast<long>(column));
    for (const std::string& field : fields) text += field + ',';
    text += '\n';
  }
  return text;
}

// The run continued from its checkpoint (dropping any rows past it), to `steps_after` steps
// past it, has the history.csv of the uninterrupted run of the same length.
void expect_bitwise_continuation(const fs::path& problem, const fs::path& checkpoint, long step,
                                 double h, long steps_after) {
  const std::string duration = std::to_string(h * static_cast<double>(step + steps_after));
  const CommandResult restarted =
      run_moreau("run " + problem.string() + " --quiet --duration " + duration +
                 " --restart-from " + checkpoint.string() + " --overwrite");
  EXPECT_EQ(restarted.exit_code, 0) << restarted.output;
  // N.B. one folder per test: ctest runs the tests of this file in parallel processes.
  const fs::path whole =
      fs::temp_directory_path() /
      core::concat("moreau_run_control_whole_",
                   ::testing::UnitTest::GetInstance()->current_test_info()->name(), '_', getpid());
  fs::remove_all(whole);
  const CommandResult uninterrupted = run_moreau(
      "run " + problem.string() + " --quiet --duration " + duration + " --out " + whole.string());
  EXPECT_EQ(uninterrupted.exit_code, 0) << uninterrupted.output;
  EXPECT_EQ(history_less_wall_time(checkpoint.parent_path() / "history.csv"),
            history_less_wall_time(whole / "history.csv"));
  fs::remove_all(whole);
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

fs::path claim_log(int k) {
  return fs::temp_directory_path() / ("moreau_run_control_claimed_" + std::to_string(k) + ".log");
}

// Twenty runs started at once on one --out: one runs, the others are refused naming the
// folder (exit 2), and the folder holds the one run's outputs whole. Before, nothing claimed
// the folder: in 2 of about 50 tries two runs both exited 0 into it, their rows mixed.
TEST(RunControl, OfTwentyRunsStartedAtOnceOnOneFolderOneRuns) {
  const fs::path out = fs::temp_directory_path() / "moreau_run_control_claimed";
  fs::remove_all(out);
  constexpr int kRuns = 20;
  std::vector<pid_t> runs;
  for (int k = 0; k < kRuns; ++k)
    runs.push_back(
        start_moreau({"run", kBouncingBall, "--duration", "0.3", "--quiet", "--out", out.string()},
                     claim_log(k)));
  int succeeded = 0;
  for (int k = 0; k < kRuns; ++k) {
    int status = 0;
    waitpid(runs[k], &status, 0);
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(claim_log(k));
    const std::string output{std::istreambuf_iterator<char>(in), {}};
    if (code == 0) {
      ++succeeded;
    } else {
      EXPECT_EQ(code, 2) << output;
      EXPECT_NE(output.find(out.string()), std::string::npos) << output;
    }
    fs::remove(claim_log(k));
  }
  EXPECT_EQ(succeeded, 1);
  EXPECT_EQ(count_lines(out / "history.csv"), 1 + 3000 / 20);
  fs::remove_all(out);
}

// A bouncing ball with a checkpoint every 20 steps, run on a disk of 32 kB that its solver.csv
// fills within a few hundred steps.
constexpr const char* kBallOnASmallDisk = R"(version: 1
time: {step: 1.0e-4, duration: 1.6}
materials:
  - {name: steel, density: 7800}
interactions:
  default: {friction: 0.3, restitution: 0.5}
bodies:
  - {name: floor, shape: {type: plane}, fixed: true}
  - {name: ball, shape: {type: sphere, radius: 0.05}, position: [0, 0, 0.06]}
output: {every: 20, bodies: [ball], vtk: false, checkpoint_every: 20}
)";

// The space the run of kBallOnASmallDisk keeps in reserve for a full disk, in kB.
int reserve_kilobytes() {
  const run::Problem ball = io::read_problem_text(kBallOnASmallDisk, "ball.yaml", ".");
  return static_cast<int>(output::last_step_bytes(ball) / 1024);
}

// A run of `problem` into `out` stopped by a write that failed for `reason`, with no reserve
// to free: exit 4, the file, reason and step said, every CSV file ending with a whole row at one
// step, no temporary file left, and the folder, moved to `moved` (with room), continuing from
// its last checkpoint to the uninterrupted run's history.
void expect_stop_with_whole_outputs(const CommandResult& stopped, const fs::path& problem,
                                    const fs::path& out, const std::string& reason,
                                    const fs::path& moved) {
  EXPECT_EQ(stopped.exit_code, 4) << stopped.output;
  EXPECT_NE(stopped.output.find(reason), std::string::npos) << stopped.output;
  long last = -1;
  for (const fs::directory_entry& entry : fs::directory_iterator(out)) {
    EXPECT_EQ(entry.path().extension() == ".partial", false) << entry.path();
    if (entry.path().extension() != ".csv") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    EXPECT_EQ(text.back(), '\n') << entry.path() << " ends mid-row";
    if (entry.path().filename() == "solver.csv") last = core::last_row_step(entry.path());
  }
  EXPECT_NE(stopped.output.find("STOPPED after step " + std::to_string(last) + ":"),
            std::string::npos)
      << stopped.output;
  EXPECT_FALSE(fs::exists(out / "summary.json"));

  fs::copy(out, moved);
  fs::path checkpoint;
  for (const fs::directory_entry& entry : fs::directory_iterator(moved))
    if (entry.path().filename().string().starts_with("checkpoint-") && entry.path() > checkpoint)
      checkpoint = entry.path();
  ASSERT_FALSE(checkpoint.empty()) << "no checkpoint fitted";
  expect_bitwise_continuation(problem, checkpoint, run::read_checkpoint(checkpoint).step, 1e-4,
                              last + 40);
}

// A disk that fills mid-run, with no room for the reserve. Before, the message gave no cause
// and no step, the last row was cut mid-line, and summary.json.partial stayed behind.
TEST(RunControl, AFullDiskStopsTheRunWithItsOutputsWhole) {
  const SmallDisk disk(32);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here";
  const fs::path problem = disk.folder().parent_path() / "ball.yaml";
  std::ofstream(problem) << kBallOnASmallDisk;
  ASSERT_GT(reserve_kilobytes(), 32);
  const fs::path out = disk.folder() / "run";
  expect_stop_with_whole_outputs(
      run_moreau("run " + problem.string() + " --quiet --out " + out.string()), problem, out,
      "No space left on device", disk.folder().parent_path() / "run");
}

// A file size limit (`ulimit -f`) that solver.csv reaches mid-run stops the run as a full
// disk does (and needs no mount: this case runs wherever the tests do). Before, SIGXFSZ
// killed moreau with its outputs half written.
TEST(RunControl, TheFileSizeLimitStopsTheRunWithItsOutputsWhole) {
  const ScratchFolder scratch;
  const fs::path problem = scratch.path() / "ball.yaml";
  std::ofstream(problem) << kBallOnASmallDisk;
  const fs::path out = scratch.path() / "limited";
  const CommandResult limited =
      run_executable(std::string("prlimit --fsize=32768 ") + MOREAU_EXECUTABLE,
                     "run " + problem.string() + " --quiet --out " + out.string());
  expect_stop_with_whole_outputs(limited, problem, out, "File too large", scratch.path() / "run");
}

// A disk that fills mid-run, with room for the reserve: the step under way is written whole,
// and the run ends after it as a signal ends it (exit 4, summary.json saying why, a checkpoint
// of that step), and continues from there to the uninterrupted run's history. Before, the
// run stopped at the step before, with no checkpoint of it and no summary.json.
TEST(RunControl, AFullDiskEndsTheRunAfterAWholeStepWithACheckpointOfIt) {
  const SmallDisk disk(4 * reserve_kilobytes());
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here";
  const fs::path problem = disk.folder().parent_path() / "ball.yaml";
  std::ofstream(problem) << kBallOnASmallDisk;
  const fs::path out = disk.folder() / "run";
  const CommandResult full =
      run_moreau("run " + problem.string() + " --quiet --out " + out.string());
  EXPECT_EQ(full.exit_code, 4) << full.output;
  EXPECT_NE(full.output.find("INTERRUPTED by a full disk ("), std::string::npos) << full.output;
  std::ifstream summary_file(out / "summary.json");
  ASSERT_TRUE(summary_file) << full.output;
  const nlohmann::json summary = nlohmann::json::parse(summary_file);
  EXPECT_THAT(summary["interrupted"].get<std::string>(),
              ::testing::MatchesRegex("a full disk \\(.*: No space left on device\\)"));
  const long steps = summary["steps"].get<long>();
  EXPECT_EQ(core::last_row_step(out / "solver.csv"), steps);
  EXPECT_EQ(count_lines(out / "history.csv"), 1 + steps / 20);
  for (const fs::directory_entry& entry : fs::directory_iterator(out))
    EXPECT_FALSE(entry.path().extension() == ".partial" ||
                 entry.path().filename() == ".space-reserve")
        << entry.path();
  const fs::path moved = disk.folder().parent_path() / "run";
  fs::copy(out, moved);
  const fs::path checkpoint = moved / run::checkpoint_name(steps);
  ASSERT_TRUE(fs::exists(checkpoint)) << "no checkpoint of step " << steps;
  expect_bitwise_continuation(problem, checkpoint, steps, 1e-4, 40);
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

fs::path write_problem(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

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

// A ball rolls off a fixed slab at 1 m/s and falls; the file has no ground.
constexpr const char* kBallOffASlab = R"(version: 1
time: {step: 1.0e-3, duration: 1.0}
interactions: {default: {friction: 0.0}}
bodies:
  - {name: slab, shape: {type: box, size: [1, 1, 0.1]}, position: [0, 0, -0.05], fixed: true}
  - {name: ball, shape: {type: sphere, radius: 0.05}, position: [0.4, 0, 0.05], velocity: [1, 0, 0]}
output: {vtk: false}
)";

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
