// `moreau ensemble FILE`: copies of two blocks side by side on a tilting table, each with
// imperfections of its own seed, collapse within the range of limit analysis, some where each
// block tips alone near its least collapse load, far below the tilt the perfect model holds
// to, others as the perfect pair; the distribution
// in ensemble.json is that of the copies' own summaries; an ensemble resumes and grows
// without running a finished copy again; and one of other imperfections is refused. Copies
// that settle past the collapse criterion before their load starts are counted apart. Copies
// of the tilting-table arch start to collapse below the perfect arch's limit load.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// Two blocks 0.4 x 1 m side by side, mu = 0.8, on a table set at 20 deg and tilting at
// 2 deg/s. Perfect, they hold each other up by self-stress to the associative collapse tilt,
// 30.47 deg (docs/limit-analysis.md); the least tilt at which a mechanism is possible is
// atan(0.4 / 1) = 21.8 deg, where each block tips about its own toe.
const char* kBlocks = R"(version: 1
title: Two blocks side by side
dimension: 2
time: {step: 1.0e-3, duration: 8}
interactions:
  default: {friction: 0.8}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - name: left
    shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, 0.5], [-0.2, 0.5]]}
    position: [0.2, 0, 0.5]
  - name: right
    shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, 0.5], [-0.2, 0.5]]}
    position: [0.6, 0, 0.5]
loads: {tilt: {initial: 20, rate: 2}}
stop: {collapse: {max_displacement: 0.01}}
output: {every: 100, vtk: false}
)";

constexpr const char* kImperfections = "block_size=0.002,placement=0.001,friction=0.1,rate=0.2";

nlohmann::json json_of(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

class EnsembleTest : public ::testing::Test {
 protected:
  EnsembleTest() { std::ofstream(problem_) << kBlocks; }

  CommandResult ensemble(int runs, const std::string& imperfections = kImperfections,
                         const std::string& options = "") const {
    return run_moreau("ensemble " + problem_.string() + " --runs " + std::to_string(runs) +
                      " --imperfections seed=11," + imperfections + " --jobs 2 --quiet --out " +
                      out_.string() + " " + options);
  }

  const ScratchFolder scratch_;
  const fs::path problem_ = scratch_.path() / "blocks.yaml";
  const fs::path out_ = scratch_.path() / "ensemble";
};

// Between the blocks a gap of a millimetre or less: where the downhill block starts to tip
// first it leaves its neighbour and each tips alone, just past the least collapse tilt (the
// criterion's lag); where the uphill one does, it leans on the other after a fraction of a
// degree and the pair stands by self-stress to the perfect pair's tilt, 30.47 deg times what
// the scattered friction makes of it, and collapses as the pair does, sliding between the
// blocks. Of the seeds 11 to 14 three copies did the first and one the second. The onset of
// each collapse, the last step at which the copy stood, is the least collapse tilt itself
// where a block tips alone (within 0.05 deg, about 20 steps of the tilt), and past the
// perfect pair's first motion where the pair stood by self-stress.
TEST_F(EnsembleTest, CopiesCollapseWithinTheRangeOfLimitAnalysisBothWays) {
  const CommandResult result = ensemble(4, kImperfections, "--limit");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const double least = std::atan(0.4) * 180.0 / std::numbers::pi;
  std::vector<double> tilts;
  std::vector<double> first_motions;
  std::vector<double> onsets;
  int alone = 0;
  for (const char* seed : {"seed-11", "seed-12", "seed-13", "seed-14"}) {
    const nlohmann::json summary = json_of(out_ / seed / "summary.json");
    ASSERT_FALSE(summary["collapse"].is_null()) << seed;
    const double tilt = summary["collapse"]["load_factor"].get<double>();
    // Measured from where the copy stood once its blocks had settled into their gaps.
    ASSERT_FALSE(summary["first_motion"].is_null()) << seed;
    first_motions.push_back(summary["first_motion"]["load_factor"].get<double>());
    EXPECT_GT(first_motions.back(), least) << seed << ": it moved before a mechanism existed";
    EXPECT_LE(first_motions.back(), tilt) << seed;
    const std::string mechanism = summary["collapse"]["mechanism"]["description"];
    EXPECT_GT(tilt, least) << seed << ": no mechanism exists below the least collapse load";
    ASSERT_FALSE(summary["onset"].is_null()) << seed;
    onsets.push_back(summary["onset"]["load_factor"].get<double>());
    EXPECT_GE(onsets.back(), least) << seed << ": it moved before a mechanism existed";
    EXPECT_LT(onsets.back(), tilt) << seed;
    if (tilt < 25.0) {
      ++alone;
      EXPECT_THAT(mechanism, ::testing::Not(HasSubstr("sliding"))) << seed;
      EXPECT_LT(onsets.back(), least + 0.05) << seed;
    } else {
      EXPECT_GT(tilt, 30.47 * 0.9) << seed;
      EXPECT_GT(onsets.back(), 30.47 * 0.9) << seed << ": it did not stand by self-stress";
      EXPECT_THAT(mechanism, HasSubstr("sliding at left against right")) << seed;
    }
    tilts.push_back(tilt);
    const nlohmann::json drawn = json_of(out_ / seed / "imperfections.json");
    EXPECT_EQ(drawn["seed"].get<int>(), std::stoi(std::string(seed).substr(5)));
  }
  std::ranges::sort(tilts);
  std::ranges::sort(first_motions);
  std::ranges::sort(onsets);
  const nlohmann::json distribution = json_of(out_ / "ensemble.json");
  EXPECT_EQ(distribution["stood_before_collapse"], 4);
  EXPECT_EQ(distribution["onset"]["least"].get<double>(), onsets[0]);
  EXPECT_EQ(distribution["onset"]["largest"].get<double>(), onsets[3]);
  EXPECT_EQ(distribution["moved"], 4);
  EXPECT_EQ(distribution["first_motion"]["least"].get<double>(), first_motions[0]);
  EXPECT_DOUBLE_EQ(distribution["first_motion"]["median"].get<double>(),
                   (first_motions[1] + first_motions[2]) / 2);
  EXPECT_EQ(distribution["first_motion"]["largest"].get<double>(), first_motions[3]);
  EXPECT_EQ(alone, 3);
  EXPECT_EQ(distribution["runs"], 4);
  EXPECT_EQ(distribution["collapsed"], 4);
  EXPECT_EQ(distribution["load_factor_name"], "tilt_angle_deg");
  EXPECT_EQ(distribution["load_factor"]["least"].get<double>(), tilts[0]);
  EXPECT_DOUBLE_EQ(distribution["load_factor"]["median"].get<double>(), (tilts[1] + tilts[2]) / 2);
  EXPECT_EQ(distribution["load_factor"]["largest"].get<double>(), tilts[3]);
  EXPECT_DOUBLE_EQ(distribution["load_factor"]["percentile_5"].get<double>(),
                   tilts[0] + 0.15 * (tilts[1] - tilts[0]))
      << "interpolated between the order statistics";
  // --limit: the perfect pair's range, and where each copy's collapse lies in it.
  const nlohmann::json& range = distribution["limit"];
  EXPECT_NEAR(range["lower"].get<double>(), least, 1e-6);
  EXPECT_NEAR(range["upper"].get<double>(), 30.47, 0.01);
  EXPECT_TRUE(range["lower_proven"].get<bool>());
  const auto above = std::ranges::count_if(
      tilts, [&](double tilt) { return tilt > range["upper"].get<double>(); });
  EXPECT_EQ(range["copies_below"], 0);
  EXPECT_EQ(range["copies_above"], above);
  EXPECT_EQ(range["copies_within"], 4 - above);
  EXPECT_EQ(range["first_motions_below"], 0);
  EXPECT_EQ(range["first_motions_within"].get<int>() + range["first_motions_above"].get<int>(), 4);
  EXPECT_EQ(range["onsets_below"], 0);
  EXPECT_EQ(range["onsets_within"], 4);
  EXPECT_FALSE(range["lower_with_brittle_bonds"].get<bool>());
  EXPECT_TRUE(fs::exists(out_ / "limit.json"));
  int mechanisms = 0;
  for (const nlohmann::json& mechanism : distribution["mechanisms"])
    mechanisms += mechanism["runs"].get<int>();
  EXPECT_EQ(mechanisms, 4);
  std::ifstream csv(out_ / "ensemble.csv");
  std::string header;
  std::getline(csv, header);
  EXPECT_EQ(header,
            "seed,collapsed,tilt_angle_deg,collapse_time,not_converged,mechanism_kind,mechanism,"
            "first_motion_tilt_angle_deg,onset_tilt_angle_deg");
  const nlohmann::json kinds = distribution["mechanisms"];
  ASSERT_EQ(kinds.size(), 2U);
  EXPECT_EQ(kinds[0]["kind"], "2 parts of 2 blocks, 2 hinges, no sliding joints");
  EXPECT_EQ(kinds[0]["runs"], 3);
  EXPECT_EQ(kinds[1]["kind"], "2 parts of 2 blocks, 2 hinges, 1 sliding joint");
  EXPECT_THAT(result.output, HasSubstr("collapsed: 4 of 4 copies, tilt_angle_deg from "));
  EXPECT_THAT(result.output, HasSubstr("first motion: 4 of 4 copies, tilt_angle_deg from "));
  EXPECT_THAT(result.output, HasSubstr("onset of the collapse (the last step it stood): 4 of 4 "
                                       "collapsed copies, tilt_angle_deg from "));
}

TEST_F(EnsembleTest, AnEnsembleGrowsWithoutRunningAFinishedCopyAgain) {
  ASSERT_EQ(ensemble(2).exit_code, 0);
  const auto written = fs::last_write_time(out_ / "seed-11" / "summary.json");
  const CommandResult grown = ensemble(3);
  ASSERT_EQ(grown.exit_code, 0) << grown.output;
  EXPECT_EQ(fs::last_write_time(out_ / "seed-11" / "summary.json"), written);
  EXPECT_TRUE(fs::exists(out_ / "seed-13" / "summary.json"));
  EXPECT_EQ(json_of(out_ / "ensemble.json")["runs"], 3);

  const CommandResult other = ensemble(3, "block_size=0.001");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_THAT(other.output, HasSubstr("the same duration and imperfections (this one holds "
                                      "another)"));
}

TEST_F(EnsembleTest, BadSettingsAreRefusedBeforeAnyRun) {
  CommandResult result = ensemble(3, "block_sise=0.002");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("(did you mean 'block_size'?)")) << result.output;
  result = ensemble(3, "block_size=0.3");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("--imperfections block_size: expected a distance >= 0 "
                                       "and below half the least width of the smallest free "
                                       "body (0.4 m), found 0.3"));
  result = ensemble(3, "friction=0.1,friction=0.2");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("each key once (friction twice)"));
  result = ensemble(0);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("--runs: expected 1 to 100000, found 0"));
  EXPECT_FALSE(fs::exists(out_));
}

// A wall of three courses whose table starts tilting at 0.2 s, its collapse criterion 0.1 mm:
// blocks up to 2 mm smaller settle into their gaps by more than that before the tilt starts.
// Those copies are no collapse under the tilt: counted apart, left out of the distribution,
// and the output says why.
TEST(Ensemble, CopiesThatSettlePastTheCriterionBeforeTheLoadAreCountedApart) {
  const ScratchFolder scratch;
  const fs::path problem = scratch.path() / "stack.yaml";
  std::ofstream(problem) << R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 0.4}
interactions:
  default: {friction: 0.8}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: wall, length: 0.8, block: [0.4, 0.2], courses: 3}
loads: {tilt: {rate: 1, start: 0.2}}
stop: {collapse: {max_displacement: 1.0e-4}}
output: {every: 400, vtk: false}
)";
  const fs::path out = scratch.path() / "ensemble";
  const CommandResult result = run_moreau(
      "ensemble " + problem.string() +
      " --runs 2 --imperfections seed=3,block_size=0.002 --jobs 2 --quiet --out " + out.string());
  const nlohmann::json study = json_of(out / "ensemble.json");
  ASSERT_EQ(study["runs"], 2) << result.output;
  EXPECT_EQ(study["collapsed_before_load"], 2) << result.output;
  EXPECT_EQ(study["collapsed"], 0) << result.output;
  EXPECT_FALSE(study.contains("load_factor")) << result.output;
  EXPECT_THAT(result.output, HasSubstr("WARNING: 2 copies fired the collapse criterion before "
                                       "their load started"));
}

// problems/arch-tilting-table.yaml: both ends of limit analysis at 18.5732 deg, a mechanism of
// four hinges and no sliding (mu = 0.8). Voussoirs up to 2 mm smaller (of 150 mm) and placed
// within 1 mm leave joints narrower than the perfect arch's, and an arch with narrower joints
// holds less tilt (a uniformly 1 mm thinner arch 0.163 deg less, docs/limit-analysis.md): each
// copy last stands below the perfect arch's limit load and collapses in the same mechanism.
TEST(Ensemble, CopiesOfTheTiltingTableArchStartToCollapseBelowThePerfectArchsLimitLoad) {
  const ScratchFolder scratch;
  const fs::path out = scratch.path() / "ensemble";
  const CommandResult result = run_moreau(
      "ensemble " + (fs::path(MOREAU_SOURCE_DIR) / "problems/arch-tilting-table.yaml").string() +
      " --runs 2 --imperfections seed=0," + kImperfections + " --limit --jobs 2 --quiet --out " +
      out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const nlohmann::json study = json_of(out / "ensemble.json");
  EXPECT_NEAR(study["limit"]["lower"].get<double>(), 18.5732, 1e-4);
  EXPECT_NEAR(study["limit"]["upper"].get<double>(), 18.5732, 1e-4);
  EXPECT_EQ(study["collapsed"], 2) << result.output;
  EXPECT_EQ(study["limit"]["onsets_below"], 2) << result.output;
  std::vector<double> onsets;
  for (const char* seed : {"seed-0", "seed-1"}) {
    const nlohmann::json summary = json_of(out / seed / "summary.json");
    ASSERT_FALSE(summary["onset"].is_null()) << seed;
    const double onset = summary["onset"]["load_factor"].get<double>();
    EXPECT_LT(onset, 18.5732) << seed;
    EXPECT_GT(summary["collapse"]["load_factor"].get<double>(), onset) << seed;
    const nlohmann::json& mechanism = summary["collapse"]["mechanism"];
    EXPECT_EQ(mechanism["hinges"].size(), 4u) << seed;
    EXPECT_EQ(mechanism["sliding"].size(), 0u) << seed;
    onsets.push_back(onset);
  }
  EXPECT_NE(onsets[0], onsets[1]) << "each copy draws its own imperfections";
}

}  // namespace
}  // namespace moreau::testing
