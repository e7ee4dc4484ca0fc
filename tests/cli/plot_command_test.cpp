// `moreau plot RUN_DIR`: on a run of a block on a tilting table it draws the capacity curve
// and the other plots as PNG files in the run's folder (with matplotlib), following the
// problem's output.control; what it cannot plot is refused with the file or option to change.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A block with friction 0.5 sliding off a table tilting at 20 deg/s, from 20 deg.
std::string tilting_block(const std::string& output) {
  return R"(version: 1
time: {step: 1.0e-3, duration: 1.0}
interactions: {default: {friction: 0.5}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: block, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.1]}
loads: {tilt: {initial: 20, rate: 20}}
stop: {collapse: {max_displacement: 0.01}}
output: )" +
         output + "\n";
}

bool is_png(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string magic(8, '\0');
  in.read(magic.data(), 8);
  return magic == "\x89PNG\r\n\x1a\n";
}

fs::path run_problem(const ScratchFolder& folder, const std::string& output) {
  std::ofstream(folder.path() / "block.yaml") << tilting_block(output);
  const fs::path out = folder.path() / "run";
  EXPECT_EQ(run_moreau("run " + (folder.path() / "block.yaml").string() + " --out " + out.string() +
                       " --quiet")
                .exit_code,
            0);
  return out;
}

TEST(PlotCommand, DrawsTheCapacityCurveOfTheControlBody) {
  const ScratchFolder folder;
  const fs::path out = run_problem(folder, "{every: 10, vtk: false, bodies: [], control: block}");
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  for (const char* png : {"capacity.png", "energy.png", "solver.png", "bodies.png"}) {
    EXPECT_THAT(plotted.output, HasSubstr((out / png).string()));
    EXPECT_TRUE(is_png(out / png)) << png;
  }
  EXPECT_FALSE(fs::exists(out / "response.png")) << "no ground motion, no response";
}

// Under ground motion the response is measured from the shaken table, which history.csv
// tracks and summary.json names; the rocking block's response and drift are drawn, and no
// capacity curve (the PGA reached against a displacement).
TEST(PlotCommand, DrawsTheResponseToAGroundMotionRelativeToTheShakenSupport) {
  const ScratchFolder folder;
  const fs::path out = folder.path() / "run";
  ASSERT_EQ(run_moreau("run problems/rocking-block-pulse.yaml --record-scale 1.4 --duration 1.5 "
                       "--out " +
                           out.string() + " --quiet",
                       MOREAU_SOURCE_DIR)
                .exit_code,
            0);
  std::ifstream history(out / "history.csv");
  std::string header;
  std::getline(history, header);
  EXPECT_THAT(header, HasSubstr(",table.x,")) << "the shaken support is tracked";
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  for (const char* png : {"energy.png", "solver.png", "response.png", "bodies.png"})
    EXPECT_TRUE(is_png(out / png)) << png;
  EXPECT_FALSE(fs::exists(out / "capacity.png")) << "the PGA reached is no capacity curve";
  std::ifstream summary(out / "summary.json");
  const std::string text{std::istreambuf_iterator<char>(summary), {}};
  EXPECT_THAT(text, HasSubstr("\"ground\": \"table\""));
}

// A wall of 27 blocks without output.control or output.bodies: the run tracks its control
// body, the highest free body (the first of the top course), and says so in summary.json;
// moreau plot follows it and says why.
TEST(PlotCommand, WithoutAControlBodyFollowsTheHighestFreeBody) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "wall.yaml") << R"(version: 1
dimension: 3
time: {step: 2.0e-3, duration: 0.02}
bodies: [{name: ground, shape: {type: plane}, fixed: true}]
generators: [{type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 6}]
output: {every: 2, vtk: false}
)";
  const fs::path out = folder.path() / "run";
  ASSERT_EQ(run_moreau("run " + (folder.path() / "wall.yaml").string() + " --out " + out.string() +
                       " --quiet")
                .exit_code,
            0);
  std::ifstream history(out / "history.csv");
  std::string header;
  std::getline(history, header);
  EXPECT_THAT(header, HasSubstr(",wall/course05_block00.x,"));
  EXPECT_THAT(header, ::testing::Not(HasSubstr("course04"))) << "the control body only";
  const nlohmann::json summary = nlohmann::json::parse(std::ifstream(out / "summary.json"));
  EXPECT_EQ(summary["control"], "wall/course05_block00");
  EXPECT_EQ(summary["control_from"], "highest free body");
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  EXPECT_THAT(plotted.output,
              HasSubstr("control body: wall/course05_block00 (the highest free body"));
  for (const char* png : {"energy.png", "solver.png", "capacity.png", "bodies.png"})
    EXPECT_TRUE(is_png(out / png)) << png;
}

// Two frictionless blocks stacked on a table under a pulse stay where they are while the
// table moves under them: the first storey's drift is the table's displacement over the
// lower block's height above the base, the second storey's is 0.
TEST(PlotCommand, DrawsTheStoreyDriftsRelativeToTheShakenSupport) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "storeys.yaml") << R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 0.25}
interactions: {default: {friction: 0}}
bodies:
  - name: table
    shape: {type: polygon, vertices: [[-2, -0.1], [2, -0.1], [2, 0], [-2, 0]]}
    driven:
      ground_motion: {record: )" << MOREAU_SOURCE_DIR
                                                << R"(/problems/records/rectangular-pulse.csv,
                      units: g, direction: [1, 0, 0], baseline: none}
  - {name: lower, shape: {type: polygon, vertices: [[-0.3, -0.2], [0.3, -0.2], [0.3, 0.2],
     [-0.3, 0.2]]}, position: [0, 0, 0.2]}
  - {name: upper, shape: {type: polygon, vertices: [[-0.3, -0.2], [0.3, -0.2], [0.3, 0.2],
     [-0.3, 0.2]]}, position: [0, 0, 0.6]}
output: {every: 10, storeys: [lower, upper]}
)";
  const fs::path out = folder.path() / "run";
  const CommandResult ran = run_moreau("run " + (folder.path() / "storeys.yaml").string() +
                                       " --out " + out.string() + " --quiet");
  ASSERT_EQ(ran.exit_code, 0) << ran.output;
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  EXPECT_TRUE(is_png(out / "drift.png"));
  // The pulse of 0.25 g for 0.25 s: the table's displacement at its end, a t^2 / 2 = 0.0766 m.
  const double table = 0.5 * 0.25 * 9.80665 * 0.25 * 0.25;
  const std::string peaks = plotted.output.substr(plotted.output.find("peak storey drifts: "));
  double first = 0.0;
  double second = 0.0;
  ASSERT_EQ(std::sscanf(peaks.c_str(), "peak storey drifts: storey 1 %lf %%, storey 2 %lf %%",
                        &first, &second),
            2)
      << plotted.output;
  EXPECT_NEAR(first, 100.0 * table / 0.2, 0.1);
  EXPECT_LT(second, 1e-6);
}

// Every bundled problem's run (its first 2 ms) gets at least the energies and the solver's
// plots, with no error.
TEST(PlotCommand, DrawsTheEnergiesAndTheSolverOfEveryBundledProblem) {
  std::vector<fs::path> problems;
  for (const fs::path& folder : {kBundledProblems, kBundledProblems / "benchmarks"})
    for (const fs::directory_entry& entry : fs::directory_iterator(folder))
      if (entry.path().extension() == ".yaml") problems.push_back(entry.path());
  std::sort(problems.begin(), problems.end());
  ASSERT_GE(problems.size(), 15u);
  for (const fs::path& problem : problems) {
    SCOPED_TRACE(problem.string());
    const ScratchFolder folder;
    const fs::path out = folder.path() / "run";
    const CommandResult ran =
        run_moreau("run " + problem.string() + " --duration 0.002 --quiet --out " + out.string());
    ASSERT_EQ(ran.exit_code, 0) << ran.output;
    const CommandResult plotted = run_moreau("plot " + out.string());
    ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
    for (const char* png : {"energy.png", "solver.png"}) EXPECT_TRUE(is_png(out / png)) << png;
  }
}

// Two stacked blocks (planar) on a table tilted past their overturning angle, with the VTK
// frames that the pictures are drawn from; `loads` empty: they stand.
std::string stacked_blocks(const std::string& loads) {
  const std::string block =
      "shape: {type: polygon, vertices: [[-0.1, -0.3], [0.1, -0.3], [0.1, 0.3], [-0.1, 0.3]]}";
  return R"(version: 1
title: Two stacked blocks on a tilting table
dimension: 2
time: {step: 1.0e-3, duration: 1.0}
interactions: {default: {friction: 0.8}}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: lower, )" +
         block + R"(, position: [0, 0, 0.3]}
  - {name: upper, )" +
         block + R"(, position: [0, 0, 0.9]}
)" + loads +
         R"(
stop: {collapse: {max_rotation: 10}}
output: {every: 20, vtk: true}
)";
}

// The pixels of `colours` (#rrggbb) in a PNG between the fractions left and right of its
// width (tests/cli/png_colours.py).
std::map<std::string, int> pixels(const fs::path& png, double left, double right,
                                  const std::vector<std::string>& colours) {
  std::string arguments = std::string(MOREAU_SOURCE_DIR) + "/tests/cli/png_colours.py " +
                          png.string() + " " + std::to_string(left) + " " + std::to_string(right);
  for (const std::string& colour : colours) arguments += " '" + colour + "'";
  const CommandResult counted = run_executable("/usr/bin/python3", arguments);
  EXPECT_EQ(counted.exit_code, 0) << counted.output;
  const nlohmann::json counts = nlohmann::json::parse(counted.output, nullptr, false);
  if (counts.is_discarded()) {
    ADD_FAILURE() << "png_colours.py printed no JSON: " << counted.output;
    return {};
  }
  return counts.get<std::map<std::string, int>>();
}

// plot_run.py's colours: the first part of a mechanism (tab:blue), the hinges, the sliding
// joints, and the damage map's largest value (plasma_r at 1).
constexpr const char* kFirstPart = "#1f77b4";
constexpr const char* kHinge = "#ff0000";
constexpr const char* kSliding = "#ff8c00";
constexpr const char* kLargestDamage = "#0d0887";

// The blocks overturn about the lower block's corner: the mechanism's picture shows one part
// in the first part's colour with a hinge and no sliding joint, and the damage map the base
// joint, which opened most, in the colour of the largest opening (left of the colour bars).
TEST(PlotCommand, DrawsTheMechanismAndTheDamageOfACollapseOnTheStructure) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "blocks.yaml")
      << stacked_blocks("loads: {tilt: {axis: [0, 1, 0], initial: 12, rate: 10}}");
  const fs::path out = folder.path() / "run";
  const CommandResult ran = run_moreau("run " + (folder.path() / "blocks.yaml").string() +
                                       " --out " + out.string() + " --quiet");
  ASSERT_EQ(ran.exit_code, 0) << ran.output;
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  for (const char* png : {"mechanism.png", "damage.png"}) {
    EXPECT_THAT(plotted.output, HasSubstr((out / png).string()));
    ASSERT_TRUE(is_png(out / png)) << png;
  }
  auto mechanism = pixels(out / "mechanism.png", 0.0, 1.0, {kFirstPart, kHinge, kSliding});
  EXPECT_GT(mechanism[kFirstPart], 5000) << "the overturning part";
  EXPECT_GT(mechanism[kHinge], 20) << "its hinge";
  EXPECT_EQ(mechanism[kSliding], 0) << "no sliding joint";
  EXPECT_GT(pixels(out / "damage.png", 0.0, 0.75, {kLargestDamage})[kLargestDamage], 20);
}

// A block that slides off the table: its mechanism is a sliding joint, drawn as an arrow, and
// no hinge.
TEST(PlotCommand, DrawsASlidingJointAsAnArrow) {
  const ScratchFolder folder;
  const fs::path out = run_problem(folder, "{every: 10, vtk: true}");
  ASSERT_EQ(run_moreau("plot " + out.string()).exit_code, 0);
  auto mechanism = pixels(out / "mechanism.png", 0.0, 1.0, {kFirstPart, kHinge, kSliding});
  EXPECT_GT(mechanism[kSliding], 20);
  EXPECT_EQ(mechanism[kHinge], 0);
}

// Standing, the blocks have a damage map but no mechanism (nothing moved); without VTK frames
// neither picture can be drawn.
TEST(PlotCommand, DrawsNoMechanismWithoutACollapseAndNoPictureWithoutTheVtkFrames) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "blocks.yaml") << stacked_blocks("");
  const fs::path out = folder.path() / "run";
  ASSERT_EQ(run_moreau("run " + (folder.path() / "blocks.yaml").string() + " --duration 0.05 " +
                       "--out " + out.string() + " --quiet")
                .exit_code,
            0);
  ASSERT_EQ(run_moreau("plot " + out.string()).exit_code, 0);
  EXPECT_TRUE(is_png(out / "damage.png"));
  EXPECT_FALSE(fs::exists(out / "mechanism.png"));

  const ScratchFolder other;
  const fs::path without = run_problem(other, "{every: 10, vtk: false}");
  ASSERT_EQ(run_moreau("plot " + without.string()).exit_code, 0);
  for (const char* png : {"mechanism.png", "damage.png"})
    EXPECT_FALSE(fs::exists(without / png)) << png;
}

// A folder of moreau limit --out (problems/blocks-side-by-side.yaml): each end's mechanism.
// At the lower end both blocks tip, each a part (the second tab:green), about two hinges,
// their joint sliding; at the upper end they turn about the right block's toe, no joint
// sliding between them. --control has no meaning there.
TEST(PlotCommand, DrawsEachEndsMechanismOfALimitAnalysis) {
  const ScratchFolder folder;
  const fs::path out = folder.path() / "limit";
  ASSERT_EQ(run_moreau("limit " + std::string(MOREAU_SOURCE_DIR) +
                       "/problems/blocks-side-by-side.yaml --quiet --out " + out.string())
                .exit_code,
            0);
  const CommandResult plotted = run_moreau("plot " + out.string());
  ASSERT_EQ(plotted.exit_code, 0) << plotted.output;
  const fs::path lower = out / "limit" / "1-exact-lower" / "mechanism.png";
  const fs::path upper = out / "limit" / "1-exact-upper" / "mechanism.png";
  for (const fs::path& png : {lower, upper}) {
    EXPECT_THAT(plotted.output, HasSubstr(png.string()));
    ASSERT_TRUE(is_png(png)) << png;
  }
  const char* second_part = "#2ca02c";
  auto both = pixels(lower, 0.0, 1.0, {kFirstPart, second_part, kHinge, kSliding});
  EXPECT_GT(both[kFirstPart], 5000) << "one block";
  EXPECT_GT(both[second_part], 5000) << "the other";
  EXPECT_GT(both[kHinge], 40) << "two hinges";
  EXPECT_GT(both[kSliding], 20) << "their joint";
  EXPECT_EQ(pixels(upper, 0.0, 1.0, {kSliding})[kSliding], 0);

  const CommandResult control = run_moreau("plot " + out.string() + " --control left");
  EXPECT_EQ(control.exit_code, 2);
  EXPECT_THAT(control.output, HasSubstr("--control"));
}

TEST(PlotCommand, RefusesWhatItCannotPlot) {
  const ScratchFolder folder;
  const CommandResult no_run = run_moreau("plot " + folder.path().string());
  EXPECT_EQ(no_run.exit_code, 2);
  EXPECT_THAT(no_run.output, HasSubstr("summary.json: error: expected a run's folder"));

  const fs::path out = run_problem(folder, "{every: 10, vtk: false, bodies: [block]}");
  const CommandResult typo = run_moreau("plot " + out.string() + " --control blok");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_THAT(typo.output, HasSubstr("--control: expected a body history.csv tracks: block (did "
                                     "you mean 'block'?)"));
}

TEST(PlotCommand, OutputControlMustBeAFreeBody) {
  const ScratchFolder folder;
  std::ofstream(folder.path() / "block.yaml") << tilting_block("{control: ground}");
  const CommandResult refused = run_moreau("check " + (folder.path() / "block.yaml").string());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.output, HasSubstr("output.control: expected a free body"));
}

}  // namespace
}  // namespace moreau::testing
