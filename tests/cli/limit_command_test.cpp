// `moreau limit` as a user meets it: on the bundled arch on its tilting table, the collapse
// tilt of associative limit analysis with Heyman's four-hinge mechanism, and forces at collapse
// that balance inside their friction cones (--json); bad input refused with exit code 2.
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

const std::string kTiltingArchFile =
    std::string(MOREAU_SOURCE_DIR) + "/problems/arch-tilting-table.yaml";

TEST(LimitCommand, TheArchCollapsesInFourHingesWithForcesInsideTheirCones) {
  const CommandResult result = run_moreau("limit " + kTiltingArchFile + " --json");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto json = nlohmann::json::parse(result.output);
  EXPECT_EQ(json["load"], "tilt");
  EXPECT_EQ(json["load_factor_name"], "tilt_angle_deg");
  ASSERT_EQ(json["analyses"].size(), 1u) << "planar: one program, exact cones";
  const auto& analysis = json["analyses"][0];
  EXPECT_EQ(analysis["cone"], "exact");
  ASSERT_EQ(analysis["outcome"], "collapse");
  EXPECT_NEAR(std::tan(analysis["load_factor"].get<double>() * std::numbers::pi / 180.0),
              analysis["multiplier"].get<double>(), 1e-12);
  EXPECT_EQ(analysis["mechanism"]["hinges"].size(), 4u) << analysis["mechanism"]["description"];
  ASSERT_FALSE(analysis["forces"].empty());
  const double friction = 0.8;  // the problem's
  for (const auto& force : analysis["forces"]) {
    const double normal = force["normal_force"].get<double>();
    const auto& t = force["tangential_force"];
    const double tangential =
        std::hypot(t[0].get<double>(), t[1].get<double>(), t[2].get<double>());
    EXPECT_GE(normal, -1e-9);
    EXPECT_LE(tangential, friction * normal + 1e-6 * (1.0 + normal));
  }
}

TEST(LimitCommand, PrintsTheCollapseAsTheProblemsLoadFactor) {
  const CommandResult result = run_moreau("limit " + kTiltingArchFile);
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("moreau limit: Arch on a tilting table"));
  EXPECT_THAT(result.output, HasSubstr("load along (-1, 0, 0), exact cones: tilt_angle_deg "));
  EXPECT_THAT(result.output, HasSubstr("mechanism: 4-hinge mechanism of 3 parts"));
}

TEST(LimitCommand, BadInputIsRefusedWithExitCodeTwo) {
  const CommandResult facets = run_moreau("limit " + kTiltingArchFile + " --facets 2");
  EXPECT_EQ(facets.exit_code, 2);
  EXPECT_THAT(facets.output, HasSubstr("--facets"));
  const CommandResult no_lateral_load =
      run_moreau("limit " + std::string(MOREAU_SOURCE_DIR) + "/problems/arch.yaml");
  EXPECT_EQ(no_lateral_load.exit_code, 2);
  EXPECT_THAT(no_lateral_load.output, HasSubstr("loads"));
}

}  // namespace
}  // namespace moreau::testing
