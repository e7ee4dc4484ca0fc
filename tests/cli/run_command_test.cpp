// `moreau run`'s control of its folder and bodies (run_command.cpp): of runs started at once on
// one --out, one runs and the others are refused naming the folder; --remove-below and
// --remove-beyond drop the bodies that leave the structure, logged in removed.csv and
// summary.json; --track adds bodies to history.csv; --solver is checked where the run takes it.
#include "run_control_checks.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

using run_checks::count_lines;
using run_checks::kBouncingBall;
using run_checks::start_moreau;
using run_checks::write_problem;

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

// --solver replaces solver.name: an unknown name is refused at the option, before the run
// makes its folder (the stepper checks the name, the command line says where it came from).
TEST(RunControl, AnUnknownSolverIsRefusedAtItsOption) {
  const fs::path out = fs::temp_directory_path() / "moreau_run_control_solver_out";
  fs::remove_all(out);
  const CommandResult result =
      run_moreau("run " + kBouncingBall + " --quiet --solver nsgss --out " + out.string());
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("--solver: error: solver.name: expected one of"), std::string::npos)
      << result.output;
  EXPECT_NE(result.output.find("(did you mean 'nsgs'?), found nsgss"), std::string::npos)
      << result.output;
  EXPECT_FALSE(fs::exists(out));
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
