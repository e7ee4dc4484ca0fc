// The options of every command as parse_command (options.cpp) reads them: a misspelt option is
// refused with exit 2 and the nearest one suggested.
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

// A misspelt option is answered with the nearest one, as misspelt keys are.
TEST(Cli, AMisspeltOptionGetsASuggestion) {
  const CommandResult result =
      run_moreau("run " MOREAU_SOURCE_DIR "/problems/bouncing-ball.yaml --quiet --duraton 1");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("(did you mean '--duration'?)")) << result.output;
}

}  // namespace
}  // namespace moreau::testing
