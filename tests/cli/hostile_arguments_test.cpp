// Every command against hostile option values and files that are not what they claim: each
// is refused (exit 2) or done (0, or 3 for a solve that does not converge), never an internal
// error (exit 1), never a signal, never a hang on an endless file.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

using ::testing::AnyOf;
using ::testing::Eq;
using ::testing::HasSubstr;
using ::testing::Not;

const std::string kSource = MOREAU_SOURCE_DIR;
const std::string kBall = kSource + "/problems/bouncing-ball.yaml";
const std::string kContact = kSource + "/tests/data/contact/local_sparse_block.dat";

// Numbers no option takes, and text where a number is expected. Values an option would
// accept and then run long with (a duration of 1e5 s) are left out: they are not errors.
const std::vector<std::string> kHostileNumbers{
    "nan", "-inf", "inf",  "-1", "0", "1e308", "-1e308", "1e-300", "99999999999999999999",
    "x",   "''",   "0x10", "1e", "--"};

void expect_refused_or_done(const std::string& arguments) {
  const CommandResult result = run_moreau(arguments + " </dev/null");
  EXPECT_THAT(result.exit_code, AnyOf(Eq(0), Eq(2), Eq(3))) << arguments << '\n' << result.output;
  EXPECT_THAT(result.output, Not(HasSubstr("internal error"))) << arguments;
}

TEST(HostileArguments, NumericOptionsOfEveryCommand) {
  const ScratchFolder scratch;
  const std::string out = scratch.path().string();
  const std::string column = out + "/column.txt";
  std::ofstream(column) << "0.1\n-0.2\n0.05\n";
  for (const std::string& value : kHostileNumbers) {
    for (const char* option :
         {"--duration", "--record-scale", "--remove-below", "--remove-beyond", "--threads"})
      expect_refused_or_done("run " + kBall + " --quiet --overwrite --out " + out +
                             "/run --duration 1e-3 " + option + " " + value);
    expect_refused_or_done("compare " + kBall + " --quiet --out " + out + "/compare-" + value +
                           " --duration " + value);
    for (const char* option : {"--tol", "--max-iter", "--time-limit", "--threads"})
      expect_refused_or_done("solve " + kContact + " " + option + " " + value);
    expect_refused_or_done("solve " + kContact + " --option sweeps=" + value);
    expect_refused_or_done("solve " + kContact + " --solver nsgs --option relaxation=" + value);
    for (const char* option : {"--time-step", "--damping", "--periods"})
      expect_refused_or_done("records " + column + " --units g --time-step 0.01 " + option + " " +
                             value);
    expect_refused_or_done("bench " + kContact + " --quiet --solvers nsgs --csv " + out +
                           "/bench.csv --time-limit " + value);
  }
}

// Files that are not problems: a folder, an endless device, an empty file, a binary one.
TEST(HostileArguments, FilesThatAreNotProblems) {
  const ScratchFolder scratch;
  const std::string out = scratch.path().string();
  for (const std::string& file : {out, std::string("/dev/zero"), std::string("/dev/null"),
                                  kSource + "/docs/figures/friction-sweep.png"}) {
    expect_refused_or_done("check " + file);
    expect_refused_or_done("run " + file + " --quiet --out " + out + "/run");
    expect_refused_or_done("compare " + file + " --quiet --out " + out + "/compare");
    expect_refused_or_done("solve " + file);
    expect_refused_or_done("records " + file + " --units g --time-step 0.01");
    expect_refused_or_done("run " + kBall + " --quiet --restart-from " + file);
  }
}

}  // namespace
}  // namespace moreau::testing
