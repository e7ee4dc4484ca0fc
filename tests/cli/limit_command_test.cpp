// `moreau limit` as a user meets it: on the bundled arch on its tilting table, the collapse
// tilt of associative limit analysis with Heyman's four-hinge mechanism, and forces at collapse
// that balance inside their friction cones (--json); on two blocks side by side, the range
// from the non-associative minimum, proven, to the associative collapse; both ends' files in
// an --out folder; bad input refused with exit code 2.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

const std::string kTiltingArchFile =
    std::string(MOREAU_SOURCE_DIR) + "/problems/arch-tilting-table.yaml";

// Cbc's seconds in these tests: the arch's minimum is not proven in them (nor in 10).
const std::string kProofSeconds = " --time-limit 1";

TEST(LimitCommand, TheArchCollapsesInFourHingesWithForcesInsideTheirCones) {
  const CommandResult result = run_moreau("limit " + kTiltingArchFile + " --json" + kProofSeconds);
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
  // No joint slips in the four-hinge mechanism: non-associative friction allows it at the
  // same tilt, found by the fictitious-friction iteration.
  const auto& minimum = analysis["nonassociative"];
  ASSERT_EQ(minimum["outcome"], "collapse") << minimum;
  EXPECT_NEAR(minimum["multiplier"].get<double>(), analysis["multiplier"].get<double>(), 1e-6);
  EXPECT_LE(minimum["bound_multiplier"].get<double>(), minimum["multiplier"].get<double>());
  EXPECT_EQ(minimum["mechanism"]["hinges"].size(), 4u);
}

// problems/blocks-side-by-side.yaml, two blocks 0.4 x 1 m, mu = 0.8, on a tilting table: the
// range of the issue that asked for it, [21.8, 30.47] deg (atan(0.4) and the associative
// program's), the lower end proven by Cbc.
TEST(LimitCommand, TwoBlocksSideBySideGiveTheRangeOfTheirCollapse) {
  const std::string file = std::string(MOREAU_SOURCE_DIR) + "/problems/blocks-side-by-side.yaml";
  const CommandResult result = run_moreau("limit " + file + " --json");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto json = nlohmann::json::parse(result.output);
  const auto& analysis = json["analyses"][0];
  EXPECT_NEAR(analysis["load_factor"].get<double>(), 30.47, 0.005);
  const auto& minimum = analysis["nonassociative"];
  EXPECT_TRUE(minimum["proven"].get<bool>());
  EXPECT_NEAR(minimum["load_factor"].get<double>(), std::atan(0.4) * 180.0 / std::numbers::pi,
              1e-4);
  const CommandResult text = run_moreau("limit " + file);
  EXPECT_THAT(text.output, HasSubstr("lower end (non-associative friction): tilt_angle_deg 21.80"));
  EXPECT_THAT(text.output, HasSubstr("proven the least by Cbc"));
}

// --out: limit.json as --json prints it, and each end's forces, mechanism and ParaView frames
// (tests/output/collapse_files_test.cpp checks their contents); a folder that holds a limit
// analysis is replaced only with --overwrite, and then wholly.
TEST(LimitCommand, WritesEachEndsFilesIntoTheOutFolderAndReplacesThemOnlyWhenAsked) {
  const std::string file = std::string(MOREAU_SOURCE_DIR) + "/problems/blocks-side-by-side.yaml";
  const ScratchFolder scratch;
  const std::filesystem::path out = scratch.path() / "limit-results";
  const CommandResult result = run_moreau("limit " + file + " --quiet --out " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream limit(out / "limit.json");
  ASSERT_TRUE(limit) << "no limit.json";
  EXPECT_EQ(nlohmann::json::parse(limit),
            nlohmann::json::parse(run_moreau("limit " + file + " --json").output));
  for (const char* end : {"1-exact-upper", "1-exact-lower"})
    for (const char* written :
         {"forces.csv", "interfaces.csv", "mechanism.csv", "bodies.pvd", "bodies_000001.vtu",
          "contacts_000000.vtu", "interfaces_000000.vtu"})
      EXPECT_TRUE(std::filesystem::exists(out / "limit" / end / written)) << end << '/' << written;

  const CommandResult again = run_moreau("limit " + file + " --quiet --out " + out.string());
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_THAT(again.output, HasSubstr("--out"));
  EXPECT_THAT(again.output, HasSubstr("--overwrite"));
  const std::filesystem::path stale = out / "limit" / "2-exact-upper";
  std::filesystem::create_directories(stale);
  const CommandResult replaced =
      run_moreau("limit " + file + " --quiet --overwrite --out " + out.string());
  EXPECT_EQ(replaced.exit_code, 0) << replaced.output;
  EXPECT_FALSE(std::filesystem::exists(stale)) << "an earlier analysis's folder left";
  EXPECT_TRUE(std::filesystem::exists(out / "limit" / "1-exact-lower" / "forces.csv"));
}

// The façade under El Centro, 734 contact points: Cbc, which has proven no assembly that large,
// is not run unless --time-limit asks; the lower end, from the iteration, lies below the upper
// end along both directions of the record.
TEST(LimitCommand, OnALargeStructureTheLowerEndIsTheIterationsAlone) {
  const CommandResult result = run_moreau("limit " + std::string(MOREAU_SOURCE_DIR) +
                                          "/problems/facade-el-centro.yaml --json");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto json = nlohmann::json::parse(result.output);
  EXPECT_EQ(json["time_limit"], 0.0);
  ASSERT_EQ(json["analyses"].size(), 2u);
  for (const auto& analysis : json["analyses"]) {
    const auto& minimum = analysis["nonassociative"];
    ASSERT_EQ(minimum["outcome"], "collapse") << minimum;
    EXPECT_FALSE(minimum["proven"].get<bool>());
    EXPECT_LE(minimum["multiplier"].get<double>(), analysis["multiplier"].get<double>());
  }
}

// A block bonded to a table set at 18 deg and tilting at 1 deg/s (mu = 0.3, c = 1000 Pa): its
// bonds break in shear where limit analysis puts the collapse of the intact joint, within the
// step's 0.001 deg, and moreau run --limit says that its range's lower end is that with
// brittle bonds: the dry block's slide at atan(0.3), below the table's start.
TEST(LimitCommand, ABondedBlockBreaksItsBondsWhereTheIntactJointsCollapse) {
  const ScratchFolder scratch;
  const std::filesystem::path& folder = scratch.path();
  const std::filesystem::path file = folder / "bonded.yaml";
  std::ofstream(file) << R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 2}
interactions: {default: {friction: 0.3, cohesion: 1000}}
bodies:
  - {name: table, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], [0.2, 0.5], [-0.2, 0.5]]}, position: [0, 0, 0.5]}
loads: {tilt: {rate: 1, initial: 18}}
stop: {collapse: {max_displacement: 0.01}}
)";
  const CommandResult result =
      run_moreau("run " + file.string() + " --limit --quiet --out " + (folder / "run").string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output,
              HasSubstr("of the 2 bonded points 2 broke in the run; the lower end takes a bond "
                        "as broken wherever its joint moves"));
  std::ifstream limit(folder / "run" / "limit.json");
  ASSERT_TRUE(limit);
  const auto analysis = nlohmann::json::parse(limit)["analyses"][0];
  const double upper = analysis["load_factor"].get<double>();
  EXPECT_NEAR(analysis["brittle"]["load_factor"].get<double>(),
              std::atan(0.3) * 180.0 / std::numbers::pi, 1e-6);
  EXPECT_TRUE(analysis["brittle"]["proven"].get<bool>());
  std::ifstream summary(folder / "run" / "summary.json");
  ASSERT_TRUE(summary);
  const auto range = nlohmann::json::parse(summary)["limit_range"];
  EXPECT_TRUE(range["lower_with_brittle_bonds"].get<bool>());
  EXPECT_EQ(range["lower"], analysis["brittle"]["load_factor"]);
  // Its answer's files, and moreau plot's picture of its mechanism.
  const std::filesystem::path brittle = folder / "run" / "limit" / "1-exact-brittle-lower";
  EXPECT_TRUE(std::filesystem::exists(brittle / "mechanism.csv"));
  const CommandResult plotted = run_moreau("plot " + (folder / "run").string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  EXPECT_GT(std::filesystem::file_size(brittle / "mechanism.png"), 0u);
  // W sin(theta) = mu W cos(theta) + c A, W = 2,500 kg/m3 x 0.4 m2 x 9.81, A = 0.4 m2.
  const double ratio = 1000.0 * 0.4 / (2500.0 * 0.4 * 9.81);
  EXPECT_NEAR(upper,
              (std::atan(0.3) + std::asin(ratio / std::hypot(1.0, 0.3))) * 180.0 / std::numbers::pi,
              1e-6);
  std::ifstream joints(folder / "run" / "joints.csv");
  std::string header, failure;
  ASSERT_TRUE(std::getline(joints, header) && std::getline(joints, failure)) << "no bond broke";
  EXPECT_THAT(failure, HasSubstr(",table,block,shear,2"));
  const double time = std::stod(failure.substr(failure.find(',') + 1));
  EXPECT_NEAR(18.0 + time, upper, 2e-3) << "the tilt at which the bonds broke";
}

TEST(LimitCommand, BadInputIsRefusedWithExitCodeTwo) {
  const CommandResult facets = run_moreau("limit " + kTiltingArchFile + " --facets 2");
  EXPECT_EQ(facets.exit_code, 2);
  EXPECT_THAT(facets.output, HasSubstr("--facets"));
  // Each refused at its option, as the command line spells it.
  for (const char* option : {"--iterations 0", "--time-limit -1", "--time-limit nan"}) {
    const CommandResult refused = run_moreau("limit " + kTiltingArchFile + " " + option);
    EXPECT_EQ(refused.exit_code, 2) << option;
    const std::string name = std::string(option).substr(0, std::string(option).find(' '));
    EXPECT_THAT(refused.output, HasSubstr(name + ": error: " + name.substr(2) + ": expected"))
        << option;
  }
  const CommandResult no_lateral_load =
      run_moreau("limit " + std::string(MOREAU_SOURCE_DIR) + "/problems/arch.yaml");
  EXPECT_EQ(no_lateral_load.exit_code, 2);
  EXPECT_THAT(no_lateral_load.output, HasSubstr("loads"));
}

}  // namespace
}  // namespace moreau::testing
