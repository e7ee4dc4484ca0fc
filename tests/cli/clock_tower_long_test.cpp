// The bundled clock tower (problems/clock-tower.yaml, 4,018 blocks) stands under its own
// weight: `moreau run` for 10 steps of 1 ms ends without a collapse, with every solve
// converged, and no block's centre has moved from where the problem file puts it by more
// than 1e-5 m. Its first steps take seconds each (45 to 90 s for the 10 in Release on two
// shared cores), hence the label `long`; problems_test.cpp checks the file in every build.
#include "moreau/io/problem_file.hpp"
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

TEST(ClockTower, StandsUnderItsOwnWeight) {
  const fs::path problem = fs::path(MOREAU_SOURCE_DIR) / "problems/clock-tower.yaml";
  const ScratchFolder scratch;
  const CommandResult result =
      run_moreau("run " + problem.string() + " --duration 0.01 --quiet --out " +
                 (scratch.path() / "run").string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream file(scratch.path() / "run/summary.json");
  const nlohmann::json summary = nlohmann::json::parse(file);
  EXPECT_TRUE(summary["collapse"].is_null()) << summary["collapse"];
  EXPECT_EQ(summary["counts"]["not_converged"], 0);

  std::map<std::string, math::Vec3> start;
  for (const model::Body& body : io::read_problem_file(problem).scene.bodies)
    start[body.name] = body.x;
  ASSERT_EQ(summary["bodies"].size(), start.size());
  // At rest the blocks move only while the first steps' impulses settle: velocities of
  // 1e-4 m/s at most over 10 ms, so 1e-5 m leaves a margin of ten and fails on any sag.
  double largest = 0.0;
  std::string worst;
  for (const nlohmann::json& body : summary["bodies"]) {
    const math::Vec3 end(body["position"][0].get<double>(), body["position"][1].get<double>(),
                         body["position"][2].get<double>());
    const double moved = (end - start.at(body["name"].get<std::string>())).norm();
    if (moved > largest) largest = moved, worst = body["name"].get<std::string>();
  }
  EXPECT_LT(largest, 1e-5) << worst;
}

}  // namespace
}  // namespace moreau::testing
