// The output folders of `moreau run` and `moreau compare` as a user meets them: a folder that
// cannot be made is bad input naming it (exit code 2, not an internal error).
// (tests/cli/compare_command_test.cpp covers the numbering and continuing of comparisons.)
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

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

void expect_refused_naming(const CommandResult& result, const fs::path& out) {
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output,
              HasSubstr(out.string() + ": error: cannot create the output folder: "));
  EXPECT_THAT(result.output, Not(HasSubstr("internal error")));
}

TEST(OutputFolder, RunOutNamingAFileIsRefusedWithThePath) {
  const ScratchFolder scratch;
  const fs::path file = scratch.path() / "notes.txt";
  std::ofstream(file) << "not a folder\n";
  expect_refused_naming(run_moreau("run " + (kBundledProblems / "bouncing-ball.yaml").string() +
                                   " --quiet --duration 0.001 --out '" + file.string() + "'"),
                        file);
  std::ifstream kept(file);
  std::string line;
  std::getline(kept, line);
  EXPECT_EQ(line, "not a folder");
}

TEST(OutputFolder, RunOutUnderProcIsRefusedWithThePath) {
  const fs::path out = "/proc/moreau-output-folder-test";
  expect_refused_naming(run_moreau("run " + (kBundledProblems / "bouncing-ball.yaml").string() +
                                   " --quiet --duration 0.001 --out " + out.string()),
                        out);
}

TEST(OutputFolder, CompareOutUnderAFileIsRefusedWithThePath) {
  const ScratchFolder scratch;
  const fs::path file = scratch.path() / "notes.txt";
  std::ofstream(file) << "not a folder\n";
  const CommandResult result =
      run_moreau("compare " + (kBundledProblems / "rocking-block.yaml").string() +
                 " --quiet --duration 0.001 --out '" + file.string() + "'");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr(file.string()));
  EXPECT_THAT(result.output, Not(HasSubstr("internal error")));
}

}  // namespace
}  // namespace moreau::testing
