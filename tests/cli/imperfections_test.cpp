// The imperfections of a run on the command line (src/cli/imperfections.cpp), through `moreau
// run --imperfections`: the text's settings written to imperfections.json, each with the
// others 0, beside what they drew; a malformed text refused at the option, with the closest
// key. What the settings draw is tests/run/imperfections_test.cpp's.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

CommandResult run_with(const ScratchFolder& folder, const std::string& imperfections) {
  return run_moreau("run " MOREAU_SOURCE_DIR "/problems/arch-2d.yaml --duration 0.002 --quiet " +
                    std::string("--out ") + (folder.path() / "out").string() + " --imperfections " +
                    imperfections);
}

TEST(Imperfections, TheTextsSettingsAreWrittenBesideWhatTheyDrew) {
  const ScratchFolder folder;
  const CommandResult result = run_with(folder, "friction=0.1,seed=7,block_size=0.001");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream file(folder.path() / "out" / "imperfections.json");
  const nlohmann::json written = nlohmann::json::parse(file);
  EXPECT_EQ(written.at("seed").get<int>(), 7);
  EXPECT_EQ(written.at("friction").get<double>(), 0.1);
  EXPECT_EQ(written.at("block_size").get<double>(), 0.001);
  for (const char* key : {"placement", "rate", "support"})
    EXPECT_EQ(written.at(key).get<double>(), 0.0) << key;
  EXPECT_FALSE(written.at("drawn").at("bodies").empty());
  EXPECT_FALSE(written.at("drawn").at("friction_factors").empty());
}

TEST(Imperfections, AMalformedTextIsRefusedAtTheOption) {
  const ScratchFolder folder;
  CommandResult result = run_with(folder, "seed=7,frction=0.1");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("--imperfections: expected key=value items with the keys "))
      << result.output;
  EXPECT_THAT(result.output, HasSubstr("(did you mean 'friction'?)")) << result.output;
  result = run_with(folder, "seed=7,seed=8");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("each key once (seed twice)")) << result.output;
  result = run_with(folder, "seed=-1");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("--imperfections")) << result.output;
}

}  // namespace
}  // namespace moreau::testing
