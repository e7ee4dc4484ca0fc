// The response of one run, read from a run folder written by hand: the control body's
// displacement is taken relative to the moving ground (the peak over the rows, the last
// row's), or from where it started without ground motion, the drift divides it by the body's
// height above the structure's base, a body that dropped by more than half its height or was
// removed has fallen, the energies are the last row's, and a folder without what a study
// needs is refused at the file and line.
#include "moreau/output/run_response.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// Two blocks 0.5 m high stacked on a table 0.2 m thick whose top is at z = 0 (the base):
// the top block's centre is 0.75 m above it.
const char* kStack = R"(version: 1
title: Stack on a table
time: {step: 1.0e-3, duration: 1}
bodies:
  - name: table
    shape: {type: box, size: [3, 3, 0.2]}
    position: [0, 0, -0.1]
    driven:
      ricker: {peak: 0.3, units: g, frequency: 2.0, t0: 0.6, direction: [1, 0, 0]}
  - {name: lower, shape: {type: box, size: [0.5, 0.5, 0.5]}, position: [0, 0, 0.25]}
  - {name: upper, shape: {type: box, size: [0.5, 0.5, 0.5]}, position: [0, 0, 0.75]}
stop:
  collapse: {max_rotation: 30}
)";

run::Problem stack() { return io::read_problem_text(kStack, "stack.yaml", "."); }

// A summary.json with the final positions of the lower and upper blocks and the removed ones.
void write_summary(const fs::path& folder, const std::string& lower_z, const std::string& removed,
                   bool collapsed) {
  std::ofstream(folder / "summary.json")
      << R"({"record": {"scale": 2, "pga_g": 0.6}, "interrupted": null,
  "counts": {"not_converged": 3},
  "collapse": )"
      << (collapsed ? R"({"criterion": "max_rotation", "time": 0.75})" : "null") << R"(,
  "removed": [)"
      << removed << R"(],
  "bodies": [{"name": "table", "position": [0.4, 0, -0.1]},
             {"name": "lower", "position": [0.4, 0, )"
      << lower_z << R"(]},
             {"name": "upper", "position": [0.5, 0, 0.75]}]})";
}

const char* kHeader =
    "step,time,detected,active,solver_status,iterations,error,solve_seconds,kinetic_energy,"
    "potential_energy,elastic_energy,contact_work,dissipated_energy,load_factor,upper.x,upper.y,"
    "upper.z,upper.rotation_deg,upper.speed,table.x,table.y,table.z,table.rotation_deg,"
    "table.speed\n";

std::string row(double upper_x, double upper_y, double table_x) {
  std::ostringstream text;
  text << "1,0.1,4,4,converged,3,1e-9,0.001,1,2,0,0,0,0.1," << upper_x << ',' << upper_y
       << ",0.75,0,0," << table_x << ",0,-0.1,0,0\n";
  return text.str();
}

TEST(RunResponse, DisplacementIsRelativeToTheGround) {
  const testing::ScratchFolder folder;
  const run::Problem problem = stack();
  const ControlPoint control = control_point(problem, "");
  EXPECT_EQ(control.body, "upper") << "the highest free body";
  EXPECT_EQ(control.ground, "table");
  EXPECT_DOUBLE_EQ(control.height, 0.75);

  // Rows: upper at (0.3, 0.4) with the table at 0 -> 0.5 m; upper at (0.9, 0) with the
  // table at 0.8 -> 0.1 m; last row (0.5, 0) with the table at 0.4 -> 0.1 m.
  std::ofstream(folder.path() / "history.csv")
      << kHeader << row(0.3, 0.4, 0.0) << row(0.9, 0.0, 0.8) << row(0.5, 0.0, 0.4);
  write_summary(folder.path(), "0.25", "", true);
  ASSERT_TRUE(run_finished(folder.path()));
  const RunResponse response = read_run_response(folder.path(), problem, control);
  EXPECT_DOUBLE_EQ(response.pga, 0.6);
  ASSERT_TRUE(response.collapse_time);
  EXPECT_DOUBLE_EQ(*response.collapse_time, 0.75);
  EXPECT_EQ(response.not_converged, 3);
  EXPECT_NEAR(response.peak_displacement, 0.5, 1e-15);
  EXPECT_NEAR(response.residual_displacement, 0.1, 1e-15);
  EXPECT_NEAR(response.peak_drift, 0.5 / 0.75, 1e-15);
  EXPECT_EQ(response.fallen, 0);
  EXPECT_DOUBLE_EQ(response.value(ResponseMeasure::PeakDrift), response.peak_drift);
}

// Without ground motion: no ground column is needed, the displacement is the body's own from
// where it started, and there is no PGA.
TEST(RunResponse, WithoutGroundMotionDisplacementIsFromTheStart) {
  const testing::ScratchFolder folder;
  std::string text = kStack;
  text.replace(text.find("    driven:"), text.find("  - {name: lower") - text.find("    driven:"),
               "    fixed: true\n");
  const run::Problem problem = io::read_problem_text(text, "stack.yaml", ".");
  const ControlPoint control = control_point(problem, "");
  EXPECT_EQ(control.body, "upper");
  EXPECT_EQ(control.ground, "");
  std::ofstream(folder.path() / "history.csv")
      << "step,time,dissipated_energy,elastic_energy,upper.x,upper.y,upper.z\n"
      << "1,0.1,2.5,0.25,0.3,0.4,0.75\n"
      << "2,0.2,3.5,0.125,0.1,0,0.7\n";
  std::ofstream(folder.path() / "summary.json")
      << R"({"record": null, "interrupted": null, "counts": {"not_converged": 0},
  "collapse": null, "removed": [], "bodies": []})";
  const RunResponse response = read_run_response(folder.path(), problem, control);
  EXPECT_EQ(response.pga, 0.0);
  EXPECT_NEAR(response.peak_displacement, 0.5, 1e-15);
  EXPECT_NEAR(response.residual_displacement, 0.1, 1e-15);
  EXPECT_NEAR(response.final_vertical_displacement, -0.05, 1e-15);
  EXPECT_EQ(response.dissipated_energy, 3.5);
  EXPECT_EQ(response.elastic_energy, 0.125);
}

TEST(RunResponse, ABodyThatDroppedMoreThanHalfItsHeightOrWasRemovedHasFallen) {
  const testing::ScratchFolder folder;
  const run::Problem problem = stack();
  const ControlPoint control = control_point(problem, "upper");
  std::ofstream(folder.path() / "history.csv") << kHeader << row(0, 0, 0);
  // The lower block 0.24 m lower than it started: less than half its 0.5 m.
  write_summary(folder.path(), "0.01", "", false);
  EXPECT_EQ(read_run_response(folder.path(), problem, control).fallen, 0);
  // 0.26 m lower: fallen; and the upper block removed.
  write_summary(folder.path(), "-0.01", R"({"body": "upper", "time": 0.5})", false);
  EXPECT_EQ(read_run_response(folder.path(), problem, control).fallen, 2);
}

TEST(RunResponse, AnInterruptedOrMissingRunHasNotFinished) {
  const testing::ScratchFolder folder;
  EXPECT_FALSE(run_finished(folder.path()));
  std::ofstream(folder.path() / "summary.json") << R"({"interrupted": "SIGINT"})";
  EXPECT_FALSE(run_finished(folder.path()));
  std::ofstream(folder.path() / "summary.json") << R"({"interrupted": nu)";
  EXPECT_FALSE(run_finished(folder.path())) << "a summary cut short";
}

TEST(RunResponse, AHistoryWithoutTheControlBodyIsRefusedAtItsHeader) {
  const testing::ScratchFolder folder;
  const run::Problem problem = stack();
  const ControlPoint control = control_point(problem, "lower");
  std::ofstream(folder.path() / "history.csv") << kHeader << row(0, 0, 0);
  write_summary(folder.path(), "0.25", "", false);
  try {
    read_run_response(folder.path(), problem, control);
    FAIL() << "no error";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("history.csv:1: error: lower.x: expected a column of "
                                        "history.csv (the run must follow the control body"));
  }
  std::ofstream(folder.path() / "history.csv") << kHeader << row(0, 0, 0) << "2,0.2,4,4,x\n";
  try {
    read_run_response(folder.path(), problem, control_point(problem, "upper"));
    FAIL() << "no error";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("history.csv:3: error: upper.x: expected a number"));
  }
}

TEST(RunResponse, MeasuresHaveOneNameEach) {
  for (const ResponseMeasure measure :
       {ResponseMeasure::PeakDisplacement, ResponseMeasure::PeakDrift,
        ResponseMeasure::ResidualDisplacement, ResponseMeasure::Fallen})
    EXPECT_EQ(response_measure(response_name(measure)), measure);
  EXPECT_FALSE(response_measure("drift"));
}

}  // namespace
}  // namespace moreau::output
