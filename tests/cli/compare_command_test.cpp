// `moreau compare FILE` (compare_command.cpp): both modes run on the bundled rocking block,
// their outputs kept and the distance between them printed; a stiffness sweep past a problem
// file's bound refused before anything runs; a second comparison numbered past the first
// instead of replacing it; a folder holding an earlier comparison refused, unless it is an
// interrupted comparison of the same runs, which continues; with --limit, the range of limit
// analysis and where each run's collapse lies in it.
#include "moreau/core/concat.hpp"
#include "moreau/output/summary_json.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// moreau compare runs both modes, keeps both outputs, and prints the quantities an assessment
// uses side by side, with the sub-steps the explicit run was foreseen to take and took, and
// the distance between the runs.
TEST(Problems, CompareRunsBothModesOnTheRockingBlock) {
  const fs::path out = fs::temp_directory_path() / "moreau_problems_test_compare";
  fs::remove_all(out);
  const CommandResult result =
      run_moreau("compare " + (kBundledProblems / "rocking-block.yaml").string() +
                 " --quiet --duration 0.2 --stiffness-sweep 0.1 --out " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(fs::exists(out / "nscd" / "summary.json"));
  EXPECT_TRUE(fs::exists(out / "penalty" / "summary.json"));
  EXPECT_TRUE(fs::exists(out / "penalty-k-x0.1" / "summary.json"));
  EXPECT_NE(result.output.find("distance to nscd"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("penalty k x0.1"), std::string::npos) << result.output;
  for (const char* row :
       {"control point block, ", "displacements from where it started", "peak displacement (m)",
        "final vertical displacement (m)", "collapse", "support reaction z (N)",
        "energy dissipated (J)", "energy in the springs at the end (J)", "\n  mechanism\n"})
    EXPECT_THAT(result.output, HasSubstr(row));
  // The forecast is the first step's, and the rocking block's steps all take as many (its
  // contacts neither stiffen nor multiply).
  const run::RunSummary penalty = output::read_summary_json(out / "penalty" / "summary.json");
  ASSERT_TRUE(penalty.substeps);
  const long per_step = *penalty.substeps / penalty.steps;
  EXPECT_THAT(result.output,
              HasSubstr(core::concat("the penalty run's first explicit step of 0.0001 s takes ",
                                     per_step, " sub-steps")));
  EXPECT_THAT(result.output, HasSubstr(core::concat("  sub-steps", std::string(31, ' '), "-",
                                                    std::string(25, ' '), *penalty.substeps)));
}

// --limit: limit analysis of the pair side by side (docs/limit-analysis.md) beside the runs, each
// run's collapse placed in its range by the load factor its summary.json reports. On a table
// tilting at 20 deg/s, for a short test.
TEST(Problems, CompareWithLimitPlacesEachRunsCollapseInTheRange) {
  const ScratchFolder scratch;
  const fs::path file = scratch.path() / "pair.yaml";
  {
    std::ifstream bundled(kBundledProblems / "blocks-side-by-side.yaml");
    std::string text{std::istreambuf_iterator<char>(bundled), std::istreambuf_iterator<char>()};
    const std::string rate = "loads: {tilt: {rate: 1}}";
    ASSERT_NE(text.find(rate), std::string::npos);
    text.replace(text.find(rate), rate.size(), "loads: {tilt: {rate: 20}}");
    std::ofstream(file) << text;
  }
  const fs::path out = scratch.path() / "compared";
  const CommandResult result = run_moreau(
      "compare " + file.string() + " --quiet --limit --stiffness-sweep 0.01 --out " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_TRUE(fs::exists(out / "limit.json"));
  EXPECT_TRUE(fs::exists(out / "limit" / "1-exact-lower" / "mechanism.csv"));
  // The pair's range: each block tips alone from atan(0.4), proven; 30.4655 deg associative.
  const double lower = 21.8014;
  const double upper = 30.4655;
  EXPECT_THAT(result.output,
              HasSubstr("limit analysis at t = 0 (limit.json): collapse loads from "
                        "tilt_angle_deg 21.8014 (the least at which a mechanism is possible, "
                        "proven) to 30.4655 (the upper end)"));
  for (const auto& [label, folder] : {std::pair<std::string, std::string>{"nscd", "nscd"},
                                      {"penalty", "penalty"},
                                      {"penalty k x0.01", "penalty-k-x0.01"}}) {
    const run::RunSummary summary = output::read_summary_json(out / folder / "summary.json");
    ASSERT_TRUE(summary.collapse) << label;
    const double collapse = summary.collapse->load_factor;
    const std::string where = collapse < lower   ? "lies below the lower end"
                              : collapse > upper ? "lies above the upper end"
                                                 : "lies within the range";
    EXPECT_THAT(result.output, HasSubstr(core::concat(label, std::string(23 - label.size(), ' '),
                                                      "collapse at ", collapse, ' ', where)));
  }
  // The rigid pair stands in self-stress to the upper end (weak stability below it).
  const run::RunSummary nscd = output::read_summary_json(out / "nscd" / "summary.json");
  EXPECT_GT(nscd.collapse->load_factor, upper);
}

// A swept stiffness past a problem file's bound (1e16) is refused before anything runs: x1e12
// on the block's 1e8 N/m made it rise off the ground, and the comparison exited 0. The same
// factor on a law of 1e3 N/m would be within it.
TEST(Problems, CompareRefusesASweepPastTheStiffnessBound) {
  const fs::path out = fs::temp_directory_path() / "moreau_problems_test_compare_bound";
  fs::remove_all(out);
  const CommandResult result =
      run_moreau("compare " + (kBundledProblems / "rocking-block.yaml").string() +
                 " --quiet --duration 0.2 --stiffness-sweep 0.1,1e12 --out " + out.string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_NE(result.output.find("error: --stiffness-sweep: expected factors that keep every "
                               "stiffness within a problem file's bounds, found penalty k x1e+12: "
                               "a stiffness of 1e+20, past the bound of 1e+16"),
            std::string::npos)
      << result.output;
  EXPECT_FALSE(fs::exists(out)) << "a refused comparison left its folder";
}

// A sweep, then a plain comparison: the second goes to <stem>-compare-2, and the first keeps
// all of its runs (before, the second replaced nscd/ and penalty/ beside the sweep's folder).
TEST(OutputFolder, ASecondComparisonIsNumberedPastTheFirst) {
  const ScratchFolder scratch;
  const std::string compare =
      "compare " + (kBundledProblems / "rocking-block.yaml").string() + " --quiet --duration 0.002";
  const CommandResult first = run_moreau(compare + " --stiffness-sweep 0.1", scratch.path());
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const fs::path first_folder = scratch.path() / "rocking-block-compare";
  const auto first_nscd_time = fs::last_write_time(first_folder / "nscd" / "summary.json");

  const CommandResult second = run_moreau(compare, scratch.path());
  ASSERT_EQ(second.exit_code, 0) << second.output;
  const fs::path second_folder = scratch.path() / "rocking-block-compare-2";
  EXPECT_THAT(second.output, HasSubstr("outputs in rocking-block-compare-2"));
  EXPECT_TRUE(fs::exists(second_folder / "nscd" / "summary.json"));
  EXPECT_TRUE(fs::exists(second_folder / "penalty" / "summary.json"));
  EXPECT_FALSE(fs::exists(second_folder / "penalty-k-x0.1"));
  EXPECT_EQ(fs::last_write_time(first_folder / "nscd" / "summary.json"), first_nscd_time);
  EXPECT_TRUE(fs::exists(first_folder / "penalty-k-x0.1" / "summary.json"));
}

TEST(OutputFolder, CompareOutHoldingTheRunsOfASweepIsRefused) {
  const ScratchFolder scratch;
  const fs::path out = scratch.path() / "study";
  fs::create_directories(out / "penalty-k-x0.1");
  std::ofstream(out / "penalty-k-x0.1" / "summary.json") << "{}";
  const CommandResult result =
      run_moreau("compare " + (kBundledProblems / "rocking-block.yaml").string() +
                 " --quiet --duration 0.002 --out '" + out.string() + "'");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("holds an earlier comparison"));
  EXPECT_FALSE(fs::exists(out / "nscd"));
}

// The same comparison given its --out again continues it only if a run of it did not end, and
// only with the runs that ended being those it asks for (here, the number of steps).
TEST(OutputFolder, CompareContinuesOnlyAnInterruptedComparisonOfTheSameRuns) {
  const ScratchFolder scratch;
  const fs::path out = scratch.path() / "study";
  const std::string compare = "compare " + (kBundledProblems / "rocking-block.yaml").string() +
                              " --quiet --out '" + out.string() + "' --duration ";
  const CommandResult first = run_moreau(compare + "0.002");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const CommandResult again = run_moreau(compare + "0.002");
  EXPECT_EQ(again.exit_code, 2) << again.output;
  EXPECT_THAT(again.output, HasSubstr("holds an earlier comparison that ended"));

  const fs::path penalty_summary = out / "penalty" / "summary.json";
  std::ifstream in(penalty_summary);
  std::string text{std::istreambuf_iterator<char>(in), {}};
  const std::string ended = "\"interrupted\": null";
  ASSERT_NE(text.find(ended), std::string::npos) << text;
  text.replace(text.find(ended), ended.size(), "\"interrupted\": \"SIGINT\"");
  std::ofstream(penalty_summary) << text;
  const CommandResult shorter = run_moreau(compare + "0.001");
  EXPECT_EQ(shorter.exit_code, 2) << shorter.output;
  EXPECT_THAT(shorter.output, HasSubstr((out / "nscd" / "summary.json").string() + ": error:"));
  EXPECT_THAT(shorter.output, HasSubstr("(10 steps in nscd mode)"));

  const CommandResult continued = run_moreau(compare + "0.002");
  EXPECT_EQ(continued.exit_code, 0) << continued.output;
  EXPECT_THAT(continued.output, HasSubstr("continuing the comparison in " + out.string()));
  std::ifstream rewritten(penalty_summary);
  EXPECT_THAT(std::string(std::istreambuf_iterator<char>(rewritten), {}), HasSubstr(ended));
}

}  // namespace
}  // namespace moreau::testing
