// `moreau check FILE` on a good file prints what the file expands to and exits 0; on a file
// it cannot read, it exits 2 naming it. (tests/io/bad_inputs_test.cpp covers the rules.)
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

// A ball and a cube resting on the ground, and a driven plate away from both.
// Ball: 1 contact; cube face on the plane: its 4 corners. Masses: 2400 (4/3 pi 0.1^3) =
// 10.0531 kg and 2400 kg.
const char* kScene = R"(version: 1
title: Ball and cube
time: {step: 1.0e-3, duration: 0.25}
solver: {name: nsgs, tolerance: 1.0e-7, max_iterations: 50}
materials:
  - {name: stone, density: 2400}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: ball, shape: {type: sphere, radius: 0.1}, position: [0, 0, 0.1]}
  - {name: cube, shape: {type: box, size: [1, 1, 1]}, position: [3, 0, 0.5]}
  - name: plate
    shape: {type: box, size: [1, 1, 0.1]}
    position: [-3, 0, -0.05]
    driven: {velocity: [0.1, 0, 0]}
)";

TEST(CheckCommand, GoodFilePrintsItsExpansion) {
  const fs::path path = fs::temp_directory_path() / "moreau_check_command_test.yaml";
  std::ofstream(path) << kScene;
  const CommandResult result = run_moreau("check " + path.string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr(": Ball and cube"));
  EXPECT_THAT(result.output, HasSubstr("dimension  3"));
  EXPECT_THAT(result.output, HasSubstr("bodies     4 (2 free, 1 fixed, 1 driven)"));
  EXPECT_THAT(result.output, HasSubstr("mass       2410.05 kg"));
  EXPECT_THAT(result.output, HasSubstr("contacts   5 at t = 0"));
  EXPECT_THAT(result.output, HasSubstr("time       250 steps of 0.001 s to 0.25 s"));
  EXPECT_THAT(result.output, HasSubstr("solver     nsgs (tolerance 1e-07, at most 50 iterations)"));
  fs::remove(path);
}

// The solver's own options are part of what runs: a criterion other than the natural map, for
// one, changes what the tolerance means.
TEST(CheckCommand, TheSolversOptionsAreListed) {
  const ScratchFolder folder;
  std::string scene = kScene;
  const std::string solver = "solver: {name: nsgs, tolerance: 1.0e-7, max_iterations: 50}";
  scene.replace(scene.find(solver), solver.size(),
                "solver: {name: velocity-nsgs, tolerance: 1.666e-4, parameters: "
                "{relaxation: 1.2, criterion: lmgc90-qm16}}");
  std::ofstream(folder.path() / "scene.yaml") << scene;
  const CommandResult result = run_moreau("check " + (folder.path() / "scene.yaml").string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output,
              HasSubstr("solver     velocity-nsgs (tolerance 0.0001666, at most 1000 iterations; "
                        "criterion lmgc90-qm16, relaxation 1.2)"));
}

// --bodies lists every body with the names output options take, its motion, shape, mass (free
// bodies) and centre of mass; a generated structure's bodies are listed by their generated
// names, which is where a user finds them.
TEST(CheckCommand, BodiesListsEveryBodyGeneratedOnesIncluded) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "scene.yaml") << kScene;
  const CommandResult listed =
      run_moreau("check " + (folder.path() / "scene.yaml").string() + " --bodies");
  ASSERT_EQ(listed.exit_code, 0) << listed.output;
  EXPECT_THAT(listed.output, ::testing::ContainsRegex("0 +ground +fixed +plane +- +\\(0, 0, 0\\)"));
  EXPECT_THAT(listed.output,
              ::testing::ContainsRegex("1 +ball +free +sphere +10.053[0-9]* +\\(0, 0, 0.1\\)"));
  EXPECT_THAT(listed.output, ::testing::ContainsRegex("2 +cube +free +box +2400 +\\(3, 0, 0.5\\)"));
  EXPECT_THAT(listed.output,
              ::testing::ContainsRegex("3 +plate +driven +box +- +\\(-3, 0, -0.05\\)"));
  EXPECT_THAT(run_moreau("check " + (folder.path() / "scene.yaml").string()).output,
              Not(HasSubstr("plate  ")))
      << "listed only on request";

  const CommandResult arch = run_moreau(
      "check " + (fs::path(MOREAU_SOURCE_DIR) / "problems/arch.yaml").string() + " --bodies");
  ASSERT_EQ(arch.exit_code, 0) << arch.output;
  EXPECT_THAT(arch.output, ::testing::ContainsRegex("arch/voussoir00 +free +polyhedron"));
}

// The bundled El Centro problem: the record's PGA (0.319 g published, Chopra 2012, Fig.
// 6.1.4), duration and step are printed before any run, so that a record in the wrong units
// is seen.
TEST(CheckCommand, PrintsEachRecordsPgaDurationAndStep) {
  const CommandResult result = run_moreau(
      "check " + (fs::path(MOREAU_SOURCE_DIR) / "problems/column-el-centro.yaml").string());
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output,
              HasSubstr("record     table: records/elcentro-1940-ns.csv, PGA 0.31882 g, "
                        "31.18 s in 1560 samples, step 0.02 s"));
}

TEST(CheckCommand, MissingFileExitsTwoNamingIt) {
  const CommandResult result = run_moreau("check /nonexistent/problem.yaml");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("/nonexistent/problem.yaml: error: cannot open"));
}

TEST(CheckCommand, IsListedInTheHelp) {
  const CommandResult result = run_moreau("--help");
  EXPECT_THAT(result.output, HasSubstr("check"));
}

// A token of 1 MB and a NUL or 0xFF byte in a value reach the terminal as a short, printable
// line: before, the whole token was echoed and a NUL cut the message.
TEST(CheckCommand, TokensAreShortenedAndRawBytesEscapedInTheMessage) {
  const ScratchFolder scratch;
  const std::string kHeader = "version: 1\ntime: {step: 1.0e-3, duration: 0.1}\n";
  const fs::path huge = scratch.path() / "huge.yaml";
  std::ofstream(huge) << kHeader << "mode: " << std::string(1'000'000, 'x') << '\n';
  CommandResult result = run_moreau("check " + huge.string());
  EXPECT_EQ(result.exit_code, 2) << result.output.substr(0, 1000);
  EXPECT_THAT(result.output, HasSubstr("huge.yaml:3:7: error: mode: expected "));
  EXPECT_THAT(result.output, HasSubstr("[... 999802 bytes ...]"));
  EXPECT_LT(result.output.size(), 1000u);

  const fs::path raw = scratch.path() / "raw.yaml";
  std::ofstream(raw) << kHeader << "mode: \"pen\\0alty\"\n";
  result = run_moreau("check " + raw.string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("found 'pen\\x00alty'")) << "past the NUL too";

  const fs::path high = scratch.path() / "high.yaml";
  std::ofstream(high) << kHeader
                      << "mode: pen\xFF"
                         "alty\n";
  result = run_moreau("check " + high.string());
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("found 'pen\\xFFalty'"));
  EXPECT_THAT(result.output, Not(HasSubstr("\xFF")));
}

// The first line of a command's output: the located error, without a usage hint.
std::string first_line(const std::string& output) { return output.substr(0, output.find('\n')); }

// `moreau run` refuses every file that `moreau check` refuses, with the same located message:
// a box of 1e-300 m passed check and failed at the first step with no file, line or key.
TEST(CheckCommand, RunRefusesEveryBadInputWithCheckMessage) {
  const ScratchFolder scratch;
  int files = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(MOREAU_SOURCE_DIR) / "tests/io/bad_inputs")) {
    if (entry.path().extension() != ".yaml") continue;
    ++files;
    // Appended, not joined with +: GCC 12 sees a false -Wrestrict in "'" + std::string.
    std::string file = "'";
    file.append(entry.path().string()).append("'");
    std::string out = " --quiet --out '";
    out.append((scratch.path() / entry.path().stem()).string()).append("'");
    const CommandResult check = run_moreau("check " + file);
    const CommandResult run = run_moreau("run " + file + out);
    EXPECT_EQ(check.exit_code, 2) << entry.path() << ":\n" << check.output;
    EXPECT_EQ(run.exit_code, 2) << entry.path() << ":\n" << run.output;
    EXPECT_EQ(first_line(run.output), first_line(check.output)) << entry.path();
  }
  EXPECT_GE(files, 90);
}

}  // namespace
}  // namespace moreau::testing
