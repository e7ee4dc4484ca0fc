// The table of commands (src/cli/commands.cpp): `moreau --help` lists each in the table's
// order (the study commands first, the solver tools last), and each listed command runs (its
// own --help exits 0).
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

const std::vector<std::string> kCommandsInHelpOrder = {
    "run", "compare", "ida", "ensemble", "limit", "records", "plot", "check", "solve", "bench"};

TEST(Commands, HelpListsEveryCommandInItsOrder) {
  const CommandResult help = run_moreau("--help");
  ASSERT_EQ(help.exit_code, 0) << help.output;
  std::size_t previous = 0;
  for (const std::string& name : kCommandsInHelpOrder) {
    // Each command's line: two spaces, the name padded to 10 columns, its summary.
    const std::size_t line = help.output.find("\n  " + name + std::string(10 - name.size(), ' '));
    ASSERT_NE(line, std::string::npos) << name << " is not listed:\n" << help.output;
    EXPECT_GT(line, previous) << name << " is out of order:\n" << help.output;
    previous = line;
  }
}

TEST(Commands, EachListedCommandHasItsOwnHelp) {
  for (const std::string& name : kCommandsInHelpOrder) {
    const CommandResult help = run_moreau(name + " --help");
    EXPECT_EQ(help.exit_code, 0) << name << ":\n" << help.output;
    EXPECT_THAT(help.output, HasSubstr("Usage: moreau " + name)) << name;
  }
}

}  // namespace
}  // namespace moreau::testing
