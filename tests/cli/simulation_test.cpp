// A write that fails mid-run (a full disk, a file size limit) stops `moreau run` with its
// outputs whole (simulation.cpp): every CSV file cut back to one whole step, no temporary file
// left, the file, reason and step said, and the folder continuing from its last checkpoint to
// the uninterrupted run's history; with room for the reserve, the step under way is written
// whole and the run ends after it as a signal ends it.
#include "moreau/core/output_file.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/run/checkpoint.hpp"
#include "run_control_checks.hpp"
#include "support/scratch_folder.hpp"
#include "support/small_disk.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

using run_checks::count_lines;
using run_checks::expect_bitwise_continuation;

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

}  // namespace
}  // namespace moreau::testing
