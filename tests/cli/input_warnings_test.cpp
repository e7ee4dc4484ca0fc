// The warnings of io/problem_warnings.cpp through the command line (the reader's own are
// tests/io/problem_warnings_test.cpp's). Values a problem file may give but that lie far
// outside their physical range (a density in t/m^3, a record in cm/s^2 read as m/s^2, a step
// in which a body falls through another, sizes in millimetres) are accepted with a warning
// naming the key: `moreau check` prints it and exits 0, `moreau run` prints it once to stderr
// (under --quiet too), runs, exits 0 and writes it into summary.json's "warnings". The bundled
// problems give none. Notes (what the reader did to the input, such as the faces `snap` made
// coplanar) go the same way.
#include "support/block_wall.hpp"
#include "support/cube_on_a_slab.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

struct Outcome {
  CommandResult check;
  CommandResult run;
  nlohmann::json summary;
};

// `moreau check` and a short `moreau run --quiet` of `text`, written to the scratch folder.
Outcome check_and_run(const ScratchFolder& scratch, const std::string& text) {
  const fs::path file = scratch.path() / "problem.yaml";
  std::ofstream(file) << text;
  CommandResult check = run_moreau("check " + file.string());
  const fs::path out = scratch.path() / "out";
  CommandResult run =
      run_moreau("run " + file.string() + " --duration 0.002 --quiet --out " + out.string());
  std::ifstream summary(out / "summary.json");
  return {std::move(check), std::move(run),
          summary ? nlohmann::json::parse(summary) : nlohmann::json()};
}

// The warning appears, located and with its key and `words`, in check's output, in run's
// output (once) and in summary.json; both commands exit 0.
void expect_warning(const Outcome& outcome, const std::string& location, const std::string& key,
                    const std::string& words) {
  const std::string warning = location + ": warning: " + key + ": ";
  for (const CommandResult* result : {&outcome.check, &outcome.run}) {
    EXPECT_EQ(result->exit_code, 0) << result->output;
    EXPECT_THAT(result->output, HasSubstr(warning)) << result->output;
    EXPECT_THAT(result->output, HasSubstr(words)) << result->output;
  }
  const std::size_t first = outcome.run.output.find(warning);
  EXPECT_EQ(outcome.run.output.find(warning, first + 1), std::string::npos)
      << "printed more than once:\n"
      << outcome.run.output;
  ASSERT_TRUE(outcome.summary.contains("warnings")) << outcome.summary.dump(2);
  ASSERT_EQ(outcome.summary["warnings"].size(), 1u) << outcome.summary["warnings"];
  const std::string in_summary = outcome.summary["warnings"][0];
  EXPECT_THAT(in_summary, HasSubstr(warning));
  EXPECT_THAT(in_summary, HasSubstr(words));
}

TEST(InputWarnings, DensityInTonnesPerCubicMetre) {
  const ScratchFolder scratch;
  expect_warning(check_and_run(scratch, cube_on_a_slab("2.4", "1.0e-3", "0.5")),
                 "problem.yaml:4:28", "materials[0].density", "did you mean 2400 kg/m^3");
}

TEST(InputWarnings, DensityInGramsPerCubicMetre) {
  const ScratchFolder scratch;
  expect_warning(check_and_run(scratch, cube_on_a_slab("2.4e6", "1.0e-3", "0.5")),
                 "problem.yaml:4:28", "materials[0].density", "did you mean 2400 kg/m^3");
}

// g h^2 = 9.81 * 0.25 = 2.45 m in a step of 0.5 s, more than the cube's diagonal 0.87 m.
TEST(InputWarnings, StepInWhichABodyFallsMoreThanItsSize) {
  const ScratchFolder scratch;
  const Outcome outcome = check_and_run(scratch, cube_on_a_slab("2400", "0.5", "0.5"));
  // The run takes one step of 0.5 s: --duration 0.002 is refused as shorter than a step.
  EXPECT_THAT(outcome.check.output, HasSubstr("problem.yaml:2:14: warning: time.step: "));
  EXPECT_THAT(outcome.check.output, HasSubstr("a body falls g h^2 = 2.45"));
  EXPECT_EQ(outcome.check.exit_code, 0) << outcome.check.output;
}

// A cube of 500 mm written as 500 m: larger than any block.
TEST(InputWarnings, BodyInMillimetres) {
  const ScratchFolder scratch;
  expect_warning(check_and_run(scratch, cube_on_a_slab("2400", "1.0e-3", "500")),
                 "problem.yaml:7:5", "bodies[1]", "were its sizes given in millimetres?");
}

// Two stones 20 km apart: a 20 m scene in millimetres.
TEST(InputWarnings, SceneWiderThanTenKilometres) {
  const ScratchFolder scratch;
  const std::string far =
      "  - {name: far, shape: {type: box, size: [0.5, 0.5, 0.5]}, position: [20000, 0, 0.25]}\n";
  expect_warning(check_and_run(scratch, cube_on_a_slab("2400", "1.0e-3", "0.5", far)),
                 "problem.yaml:8:5", "bodies[2]", "were sizes or positions given in millimetres?");
}

// A ball on a table driven by `motion` (a ground_motion's mapping), on line 9 at column 22.
std::string shaken_ball(const std::string& step, const std::string& duration,
                        const std::string& motion) {
  return "version: 1\ntime: {step: " + step + ", duration: " + duration +
         "}\n"
         "bodies:\n"
         "  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 0.1]}\n"
         "  - name: table\n"
         "    shape: {type: box, size: [4, 4, 0.2]}\n"
         "    position: [0, 0, -0.1]\n"
         "    driven:\n"
         "      ground_motion: " +
         motion + "\n";
}

// A record of 4.9 m/s^2 scaled by 10: 49 m/s^2 = 5 g, as a record in cm/s^2 read as m/s^2.
TEST(InputWarnings, RecordAboveThreeG) {
  const ScratchFolder scratch;
  std::ofstream(scratch.path() / "record.csv") << "time,accel\n0.0,0.0\n0.01,4.9\n0.02,0.0\n";
  const std::string table = shaken_ball(
      "1.0e-3", "0.02", "{record: record.csv, units: \"m/s^2\", direction: [1, 0, 0], scale: 10}");
  expect_warning(check_and_run(scratch, table), "problem.yaml:9:88",
                 "bodies[1].driven.ground_motion.scale",
                 "a peak ground acceleration of 49 m/s^2 = 4.99");
}

// A record sampled every millisecond under steps of 2 ms: the structure feels its
// accelerations averaged over each step.
TEST(InputWarnings, TimeStepLongerThanTheRecordsSampling) {
  const ScratchFolder scratch;
  std::ofstream(scratch.path() / "record.csv")
      << "time,accel\n0.0,0.0\n0.001,0.1\n0.002,0.0\n0.003,-0.1\n0.004,0.0\n";
  const std::string table =
      shaken_ball("2.0e-3", "0.004", "{record: record.csv, units: g, direction: [1, 0, 0]}");
  expect_warning(check_and_run(scratch, table), "problem.yaml:9:31",
                 "bodies[1].driven.ground_motion.record",
                 "a time step of 0.002 s, longer than the record's sampling step of 0.001 s");
}

TEST(InputWarnings, TheJointsSnapSnappedAreANoteOfCheckRunAndTheSummary) {
  const ScratchFolder scratch;
  // Two blocks 0.4 mm apart, drawn on a fixed slab.
  std::ofstream(scratch.path() / "pair.obj") << "o left\n" + obj_box(math::Vec3(0, 0, 0.125), 1) +
                                                    "o right\n" +
                                                    obj_box(math::Vec3(0.5004, 0, 0.125), 9);
  const Outcome outcome = check_and_run(
      scratch,
      "version: 1\ntime: {step: 1.0e-3, duration: 1.0}\nbodies:\n"
      "  - {name: slab, shape: {type: box, size: [4, 4, 0.2]}, position: [0, 0, -0.1], "
      "fixed: true}\n"
      "generators:\n  - {type: blocks, name: pair, file: pair.obj, snap: 1.0e-3}\n");
  const std::string note =
      "problem.yaml:6:54: note: generators[0].snap: 1 joints snapped (facing faces within 0.001 "
      "m made coplanar); the largest vertex move is 0.0002 m, of pair/";
  for (const CommandResult* result : {&outcome.check, &outcome.run}) {
    EXPECT_EQ(result->exit_code, 0) << result->output;
    EXPECT_THAT(result->output, HasSubstr(note)) << result->output;
    EXPECT_THAT(result->output, Not(HasSubstr("warning"))) << result->output;
  }
  ASSERT_EQ(outcome.summary["warnings"].size(), 1u) << outcome.summary["warnings"];
  EXPECT_THAT(std::string(outcome.summary["warnings"][0]), HasSubstr(note));
}

TEST(InputWarnings, PlausibleValuesGiveNone) {
  const ScratchFolder scratch;
  const Outcome outcome = check_and_run(scratch, cube_on_a_slab("2400", "1.0e-3", "0.5"));
  EXPECT_EQ(outcome.check.exit_code, 0) << outcome.check.output;
  EXPECT_THAT(outcome.check.output, Not(HasSubstr("warning")));
  EXPECT_EQ(outcome.run.exit_code, 0) << outcome.run.output;
  EXPECT_EQ(outcome.summary["warnings"], nlohmann::json::array());
}

TEST(InputWarnings, NoBundledProblemGivesOne) {
  const fs::path root(MOREAU_SOURCE_DIR);
  int files = 0;
  for (const fs::path& folder : {root / "problems", root / "problems/benchmarks"})
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() != ".yaml") continue;
      ++files;
      const CommandResult result = run_moreau("check " + entry.path().string());
      EXPECT_EQ(result.exit_code, 0) << entry.path() << ":\n" << result.output;
      EXPECT_THAT(result.output, Not(HasSubstr("warning"))) << entry.path();
    }
  EXPECT_GE(files, 16);  // the twelve problems of problems/ and its five benchmarks
}

}  // namespace
}  // namespace moreau::testing
