// The files of limit analysis (output/limit_files.hpp): limit.json holds what the analyses
// found, each end of each analysis its folder of files, and a folder with an earlier analysis
// is kept unless asked to replace it; what a new analysis does not have of an earlier one's
// folders goes.
#include "moreau/output/limit_files.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// Two blocks 0.4 x 1 m side by side, mu = 0.8, on a tilting table: the range of
// docs/limit-analysis.md, from atan(0.4) (each tips alone) to 30.47 degrees.
run::Problem pair_problem() {
  return io::read_problem_text(
      "version: 1\ndimension: 2\ntime: {step: 1.0e-3, duration: 1}\n"
      "interactions: {default: {friction: 0.8}}\nbodies:\n"
      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
      "  - {name: left, shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, 0.5], "
      "[-0.2, 0.5]]}, position: [0.2, 0, 0.5]}\n"
      "  - {name: right, shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, "
      "0.5], [-0.2, 0.5]]}, position: [0.6, 0, 0.5]}\n"
      "loads: {tilt: {rate: 1}}\n",
      "pair", ".");
}

nlohmann::ordered_json json_in(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::ordered_json::parse(in);
}

TEST(LimitFiles, LimitJsonHoldsBothEndsOfEachAnalysis) {
  const run::Problem problem = pair_problem();
  const limit::LimitAnalyses limits = limit::analyse_limits(problem, {});
  const nlohmann::ordered_json object = limit_json(problem, limits);
  EXPECT_EQ(object["load"], "tilt");
  EXPECT_EQ(object["load_factor_name"], "tilt_angle_deg");
  EXPECT_TRUE(object["facets"].is_null());  // planar cones are exact
  EXPECT_EQ(object["contacts"], limits.contacts.size());
  ASSERT_EQ(object["analyses"].size(), 1u);
  const auto& analysis = object["analyses"][0];
  EXPECT_EQ(analysis["outcome"], "collapse");
  EXPECT_NEAR(analysis["load_factor"].get<double>(), 30.4655, 1e-4);
  EXPECT_EQ(analysis["multiplier"].get<double>(), limits.analyses[0].collapse.multiplier);
  const auto& lower = analysis["nonassociative"];
  EXPECT_EQ(lower["proven"], true);
  EXPECT_NEAR(lower["load_factor"].get<double>(), 21.8014, 1e-4);
  EXPECT_EQ(lower["forces"].size(), limits.analyses[0].minimum.collapse.forces.size());
}

TEST(LimitFiles, AFolderWithAnEarlierAnalysisIsKeptUnlessReplaced) {
  const testing::ScratchFolder scratch;
  const fs::path folder = scratch.path() / "limit-results";
  const run::Problem problem = pair_problem();
  const limit::LimitAnalyses limits = limit::analyse_limits(problem, {});
  {
    const FolderClaim claim = claim_limit_folder(folder, false, {"--out", "--overwrite"});
    write_limit_files(claim.folder(), problem, limits);
  }
  EXPECT_EQ(json_in(folder / "limit.json"), limit_json(problem, limits));
  EXPECT_TRUE(fs::is_regular_file(folder / "limit" / "1-exact-upper" / "forces.csv"));
  EXPECT_TRUE(fs::is_regular_file(folder / "limit" / "1-exact-lower" / "mechanism.csv"));
  try {
    claim_limit_folder(folder, false, {"out", "overwrite=True"});
    ADD_FAILURE() << "an earlier analysis replaced";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "out");
    EXPECT_THAT(error.what(), HasSubstr("pass overwrite=True to replace it"));
  }
  // An analysis without a lower end replaces the earlier one's folders.
  limit::LimitAnalyses upper_only = limits;
  upper_only.analyses[0].minimum.collapse.outcome = limit::Collapse::Outcome::NoEquilibrium;
  upper_only.analyses[0].minimum.unsolved = "not searched for";
  const FolderClaim claim = claim_limit_folder(folder, true, {"--out", "--overwrite"});
  write_limit_files(claim.folder(), problem, upper_only);
  EXPECT_TRUE(fs::is_directory(folder / "limit" / "1-exact-upper"));
  EXPECT_FALSE(fs::exists(folder / "limit" / "1-exact-lower"));
  EXPECT_EQ(json_in(folder / "limit.json")["analyses"][0]["nonassociative"]["outcome"],
            "not found");
}

}  // namespace
}  // namespace moreau::output
