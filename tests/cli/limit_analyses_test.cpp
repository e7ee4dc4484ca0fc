// The text of a limit analysis as the commands print it (src/cli/limit_analyses.cpp), through
// `moreau limit` on the bundled arch on its tilting table: each load direction with its cones,
// the upper end as the problem's load factor, its mechanism, and the lower end with Cbc's bound
// when the minimum is not proven in the time given.
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

const std::string kArchOnItsTiltingTable =
    std::string(MOREAU_SOURCE_DIR) + "/problems/arch-tilting-table.yaml";

// Cbc's seconds: the arch's minimum is not proven in them (nor in 10).
const std::string kCbcSecondsForTheArch = " --time-limit 1";

TEST(LimitCommand, PrintsTheCollapseAsTheProblemsLoadFactor) {
  const CommandResult result =
      run_moreau("limit " + kArchOnItsTiltingTable + kCbcSecondsForTheArch);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("moreau limit: Arch on a tilting table"));
  EXPECT_THAT(result.output, HasSubstr("load along (-1, 0, 0), exact cones:\n"
                                       "    upper end (associative friction): tilt_angle_deg "));
  EXPECT_THAT(result.output, HasSubstr("mechanism: 4-hinge mechanism of 3 parts"));
  EXPECT_THAT(result.output, HasSubstr("not proven the least (Cbc's bound after 1 s"));
}

}  // namespace
}  // namespace moreau::testing
