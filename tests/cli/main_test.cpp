// The command-line front end as a user meets it: help, version, and refusals with exit 2.
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(Cli, HelpListsUsageAndExitCodes) {
  const CommandResult result = run_moreau("--help");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THAT(result.output, HasSubstr("Usage: moreau"));
  EXPECT_THAT(result.output, HasSubstr("2 bad input"));
  EXPECT_THAT(result.output, HasSubstr("4 interrupted"));
}

// A solver name that is none refuses with every name `run` takes, the automatic choice and
// the methods of the global form included.
TEST(Cli, AnUnknownSolverListsEveryNameRunTakes) {
  const CommandResult result =
      run_moreau("run " MOREAU_SOURCE_DIR "/problems/bouncing-ball.yaml --quiet --solver ''");
  EXPECT_EQ(result.exit_code, 2);
  for (const char* name : {"auto", "hybrid", "velocity-newton", "velocity-nsgs"})
    EXPECT_THAT(result.output, HasSubstr(name)) << result.output;
}

TEST(Cli, VersionPrintsTheProjectVersion) {
  const CommandResult result = run_moreau("--version");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_THAT(result.output, HasSubstr("moreau " MOREAU_TEST_VERSION));
}

TEST(Cli, UnknownCommandExitsTwoAndNamesIt) {
  const CommandResult result = run_moreau("nonsense");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("unknown command 'nonsense'"));
}

TEST(Cli, UnknownGlobalOptionExitsTwo) {
  const CommandResult result = run_moreau("--frobnicate");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("frobnicate"));
}

TEST(Cli, NoCommandPrintsUsageAndExitsTwo) {
  const CommandResult result = run_moreau("");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("Usage: moreau"));
  EXPECT_THAT(result.output, Not(HasSubstr("internal error:")));
}

}  // namespace
}  // namespace moreau::testing
