// The analyses of a problem as moreau runs them (limit/analyses.hpp): one per direction of
// the load and drawing of the cones, the settings checked where the library takes them in,
// the size rules on Cbc and the lower end, and the range over the analyses.
#include "moreau/limit/analyses.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::limit {
namespace {

// A block 0.4 x 1 m on the ground with friction mu on a table tilting at 1 deg/s, planar or in
// 3D (then 1 m deep).
run::Problem tilted_block(double mu, int dimension) {
  const std::string shape =
      dimension == 2
          ? "{type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, 0.5], [-0.2, 0.5]]}"
          : "{type: box, size: [0.4, 1, 1]}";
  return io::read_problem_text(
      core::concat("version: 1\ndimension: ", dimension,
                   "\ntime: {step: 1.0e-3, duration: 1}\ninteractions: {default: {friction: ", mu,
                   "}}\nbodies:\n  - {name: ground, shape: {type: plane}, fixed: true}\n"
                   "  - {name: block, shape: ",
                   shape, ", position: [0, 0, 0.5]}\nloads: {tilt: {rate: 1}}\n"),
      "block", ".");
}

// The block of tilted_block, planar, its joint with the table bonded by a cohesion and a
// tensile strength (Pa).
run::Problem bonded_tilted_block(double mu, double cohesion, double tensile_strength = 0.0) {
  run::Problem problem = tilted_block(mu, 2);
  model::ContactLaw law = problem.scene.interactions.law(0, 0);
  law.cohesion = cohesion;
  law.tensile_strength = tensile_strength;
  problem.scene.interactions.set(0, 0, law);
  return problem;
}

// The iteration alone, without Cbc's proof: Cbc spends its seconds on any 3D assembly
// (docs/limit-analysis.md, "The lower end").
LimitSettings without_cbc() {
  LimitSettings settings;
  settings.seconds = 0.0;
  settings.seconds_given = true;
  return settings;
}

TEST(LimitAnalyses, OneAnalysisPerDirectionAndDrawingOfTheCones) {
  const LimitAnalyses planar = analyse_limits(tilted_block(0.8, 2), {});
  ASSERT_EQ(planar.analyses.size(), 1u);
  EXPECT_EQ(planar.analyses[0].cone, "exact");
  const LimitAnalyses solid = analyse_limits(tilted_block(0.8, 3), without_cbc());
  ASSERT_EQ(solid.analyses.size(), 2u);
  EXPECT_EQ(solid.analyses[0].cone, "inscribed");
  EXPECT_EQ(solid.analyses[1].cone, "circumscribed");
  // The block overturns at tan(tilt) = b/h = 0.4 at both ends, in every drawing.
  for (const LimitAnalyses* limits : {&planar, &solid})
    for (const LimitAnalysis& a : limits->analyses) {
      ASSERT_EQ(a.collapse.outcome, Collapse::Outcome::Collapse) << a.cone;
      EXPECT_NEAR(a.collapse.multiplier, 0.4, 1e-7) << a.cone;
      ASSERT_TRUE(a.minimum.unsolved.empty()) << a.minimum.unsolved;
      EXPECT_NEAR(a.minimum.collapse.multiplier, 0.4, 1e-7) << a.cone;
    }
}

TEST(LimitAnalyses, EachProgramIsAnnounced) {
  std::vector<std::string> announced;
  analyse_limits(tilted_block(0.8, 3), without_cbc(),
                 [&](std::string_view program) { announced.emplace_back(program); });
  EXPECT_EQ(announced, (std::vector<std::string>{"the upper end (1 of 2, inscribed cones)",
                                                 "the lower end (1 of 2, inscribed cones)",
                                                 "the upper end (2 of 2, circumscribed cones)",
                                                 "the lower end (2 of 2, circumscribed cones)"}));
}

TEST(LimitAnalyses, ASettingOutOfRangeIsRefusedNamingIt) {
  const run::Problem problem = tilted_block(0.8, 2);
  struct Case {
    LimitSettings settings;
    std::string key;
  };
  LimitSettings facets;
  facets.facets = 2;
  LimitSettings iterations;
  iterations.iterations = 0;
  std::vector<Case> cases{{facets, "facets"}, {iterations, "iterations"}};
  for (const double seconds :
       {-1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    LimitSettings time_limit;
    time_limit.seconds = seconds;
    cases.push_back({time_limit, "time_limit"});
  }
  for (const Case& c : cases) {
    try {
      analyse_limits(problem, c.settings);
      ADD_FAILURE() << c.key << " accepted";
    } catch (const core::Diagnostic& error) {
      EXPECT_EQ(error.key(), c.key);
      EXPECT_TRUE(error.where().file.empty()) << error.what();
    }
  }
}

TEST(LimitAnalyses, CbcRunsOnSmallProblemsOrWhereItsSecondsAreGiven) {
  const run::Problem problem = tilted_block(0.8, 2);
  const LimitAnalyses small = analyse_limits(problem, {});
  EXPECT_FALSE(small.proof_skipped);
  EXPECT_EQ(small.settings.seconds, LimitSettings{}.seconds);
  EXPECT_TRUE(small.analyses[0].minimum.proven);
  const LimitAnalyses unproven = analyse_limits(problem, without_cbc());
  EXPECT_FALSE(unproven.analyses[0].minimum.proven);
  EXPECT_NEAR(unproven.analyses[0].minimum.collapse.multiplier, 0.4, 1e-7);
}

TEST(LimitAnalyses, TheRangeSpansTheLeastLowerAndTheLargestUpperEnd) {
  LimitAnalyses limits = analyse_limits(tilted_block(0.8, 3), without_cbc());
  ASSERT_EQ(limits.analyses.size(), 2u);
  limits.analyses[0].collapse.multiplier = 0.5;
  limits.analyses[1].minimum.collapse.multiplier = 0.3;
  limits.analyses[1].minimum.proven = false;
  const std::optional<CollapseRange> range = collapse_range(limits);
  ASSERT_TRUE(range);
  EXPECT_NEAR(range->lower, limits.pattern.load_factor(0.3), 1e-12);
  EXPECT_NEAR(range->upper, limits.pattern.load_factor(0.5), 1e-12);
  EXPECT_FALSE(range->proven);
  // A direction without a lower end leaves no range.
  limits.analyses[1].minimum.unsolved = "not found";
  limits.analyses[0].minimum.unsolved = "not found";
  EXPECT_FALSE(collapse_range(limits));
}

// A bond's strength does not tilt with the table: the block slides where
// W sin(theta) = mu W cos(theta) + c A, a tilt that the programs reach by their fixed point on
// the strengths (analyses.cpp, at_own_scale), for the upper and the lower end alike.
TEST(LimitAnalyses, ABondedBlockSlidesOffTheTiltingTableAtItsCohesionsAngle) {
  const double mu = 0.3;
  for (const double cohesion : {250.0, 500.0, 1000.0}) {
    const run::Problem problem = bonded_tilted_block(mu, cohesion);
    const LimitAnalyses limits = analyse_limits(problem, {});
    ASSERT_EQ(limits.bonded, 2u);
    const double ratio =
        cohesion * 0.4 / (problem.scene.bodies[1].mass * problem.scene.gravity.norm());
    const double theta = std::atan(mu) + std::asin(ratio / std::hypot(1.0, mu));
    const double expected = theta * 180.0 / std::numbers::pi;
    ASSERT_LT(expected, std::atan(0.4) * 180.0 / std::numbers::pi);  // before it overturns
    const LimitAnalysis& a = limits.analyses.front();
    ASSERT_EQ(a.collapse.outcome, Collapse::Outcome::Collapse);
    EXPECT_NEAR(limits.pattern.load_factor(a.collapse.multiplier), expected, 1e-6) << cohesion;
    EXPECT_NEAR(a.collapse.strength_scale, std::hypot(1.0, a.collapse.multiplier), 1e-8);
    ASSERT_EQ(a.minimum.collapse.outcome, Collapse::Outcome::Collapse);
    EXPECT_NEAR(limits.pattern.load_factor(a.minimum.collapse.multiplier), expected, 1e-6);
  }
}

// A bonded structure's range is a run's, whose bonds are brittle: its lower end takes a bond
// as broken where its joint moves, the block sliding as a dry one at atan(mu); a dry
// structure has no such lower end.
TEST(LimitAnalyses, ABondedStructuresRangeStartsAtItsLowerEndWithBrittleBonds) {
  const LimitAnalyses bonded = analyse_limits(bonded_tilted_block(0.3, 500.0), {});
  const LimitAnalysis& a = bonded.analyses.front();
  ASSERT_TRUE(a.brittle_minimum);
  ASSERT_EQ(a.brittle_minimum->collapse.outcome, Collapse::Outcome::Collapse);
  const std::optional<CollapseRange> range = collapse_range(bonded);
  ASSERT_TRUE(range);
  EXPECT_TRUE(range->brittle_bonds);
  EXPECT_NEAR(range->lower, std::atan(0.3) * 180.0 / std::numbers::pi, 1e-6);
  EXPECT_EQ(range->lower, bonded.pattern.load_factor(a.brittle_minimum->collapse.multiplier));
  EXPECT_GT(bonded.pattern.load_factor(a.minimum.collapse.multiplier), range->lower + 1.0);
  const LimitAnalyses dry = analyse_limits(tilted_block(0.3, 2), {});
  EXPECT_FALSE(dry.analyses.front().brittle_minimum);
  EXPECT_FALSE(collapse_range(dry)->brittle_bonds);
}

// Bonds strong enough to hold the block's weight hanging from the table (sliding: c A > W;
// turning about its toe: f_t A b / 2 > W h / 2) hold it at any tilt: the programs' scales rise
// without end, and no collapse is reported.
TEST(LimitAnalyses, BondsThatHoldTheBlockHangingLeaveNoCollapseAtAnyTilt) {
  const LimitAnalyses limits = analyse_limits(bonded_tilted_block(0.3, 1e5, 1e5), {});
  ASSERT_EQ(limits.analyses.size(), 1u);
  EXPECT_EQ(limits.analyses.front().collapse.outcome, Collapse::Outcome::NoCollapse);
  EXPECT_FALSE(collapse_range(limits));
}

// A run's collapse and the analyses' ends round differently: a load a millionth past an end
// counts as that end, one farther off as outside.
TEST(LimitAnalyses, ALoadStandsWithinTheRangeUpToAMillionthPastAnEnd) {
  const CollapseRange range{.lower = 20.0, .upper = 30.0};
  EXPECT_EQ(position_in(range, 25.0), RangePosition::Within);
  EXPECT_EQ(position_in(range, 20.0 - 1e-5), RangePosition::Within);
  EXPECT_EQ(position_in(range, 30.0 + 2.9e-5), RangePosition::Within);
  EXPECT_EQ(position_in(range, 20.0 - 3e-5), RangePosition::Below);
  EXPECT_EQ(position_in(range, 30.0 + 4e-5), RangePosition::Above);
  // Near zero the margin is 1e-6 itself.
  const CollapseRange small{.lower = 0.0, .upper = 0.1};
  EXPECT_EQ(position_in(small, -5e-7), RangePosition::Within);
  EXPECT_EQ(position_in(small, -2e-6), RangePosition::Below);
}

// summary.json's limit_range: the range, and where a run's collapse, first motion and onset lie
// in it; none placed without a collapse, nor under a ground motion.
TEST(LimitAnalyses, ARunsSummaryPlacesItsCollapseFirstMotionAndOnsetInTheRange) {
  LimitAnalyses limits = analyse_limits(tilted_block(0.8, 2), {});
  const std::optional<CollapseRange> range = collapse_range(limits);
  ASSERT_TRUE(range);
  run::RunSummary summary;
  const std::optional<run::LimitRangeSummary> alone = range_summary(limits, summary);
  ASSERT_TRUE(alone);
  EXPECT_EQ(alone->lower, range->lower);
  EXPECT_EQ(alone->upper, range->upper);
  EXPECT_EQ(alone->proven, range->proven);
  EXPECT_EQ(alone->collapse, "");
  EXPECT_EQ(alone->first_motion, "");
  EXPECT_EQ(alone->onset, "");

  summary.collapse = run::CollapseSummary{};
  summary.collapse->load_factor = range->upper + 1.0;
  summary.first_motion = run::CollapseSummary{};
  summary.first_motion->load_factor = 0.5 * (range->lower + range->upper);
  const std::optional<run::LimitRangeSummary> unstood = range_summary(limits, summary);
  ASSERT_TRUE(unstood);
  EXPECT_EQ(unstood->collapse, "above");
  EXPECT_EQ(unstood->first_motion, "within");
  EXPECT_EQ(unstood->onset, "") << "a run that never stood before its collapse has no onset";
  summary.first_motion->load_factor = range->lower - 1.0;
  summary.onset = run::Standing{.time = 1.0, .load_factor = range->upper};
  const std::optional<run::LimitRangeSummary> placed = range_summary(limits, summary);
  ASSERT_TRUE(placed);
  EXPECT_EQ(placed->first_motion, "below");
  EXPECT_EQ(placed->onset, "within");

  limits.pattern.kind = "ground motion";
  const std::optional<run::LimitRangeSummary> dynamic = range_summary(limits, summary);
  ASSERT_TRUE(dynamic);
  EXPECT_EQ(dynamic->collapse, "");
  EXPECT_EQ(dynamic->first_motion, "");
  EXPECT_EQ(dynamic->onset, "");

  limits.analyses.front().minimum.unsolved = "not found";
  EXPECT_FALSE(range_summary(limits, summary));
}

}  // namespace
}  // namespace moreau::limit
