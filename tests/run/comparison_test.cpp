// run::comparison_runs, the runs of `moreau compare`: NSCD, penalty, then one penalty run per
// factor of the sweep, with every stiffness scaled by it (the explicit ones, of the default
// law and of a pair, per contact and per unit area of joint, and the Young's moduli the calibrated
// ones come from) and nothing else changed; run::forecast_substeps, the sub-steps the explicit
// steps take at the start, as the run's first step takes them; run::final_state_distance, over the
// free bodies only.
#include "moreau/run/comparison.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/run/run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace moreau::run {
namespace {

// A default law with an explicit normal stiffness and a pair whose normal stiffness is
// calibrated from the materials' Young's moduli and whose tangential one is explicit, and
// given per unit area of joint.
Problem penalty_problem() {
  Problem problem;
  problem.mode = Mode::Penalty;
  model::ContactLaw fallback;
  fallback.penalty.normal.stiffness = 2.0e5;
  problem.scene.interactions = model::InteractionTable(fallback);
  model::ContactLaw pair;
  pair.penalty.tangential.stiffness = 3.0e4;
  pair.penalty.normal.stiffness_per_area = 1.0e10;
  pair.penalty.tangential.stiffness_per_area = 4.0e9;
  problem.scene.interactions.set(0, 1, pair);
  problem.materials = {{"stone", 2500.0, 1.0e9, 0.2, 0.0}, {"mortar", 1800.0, 2.0e8, 0.1, 0.0}};
  return problem;
}

TEST(ComparisonRuns, NscdThenPenaltyThenOneRunPerFactor) {
  const std::vector<ComparisonRun> runs = comparison_runs(penalty_problem(), {0.01, 10.0});
  std::vector<std::string> labels;
  for (const ComparisonRun& run : runs) labels.push_back(run.label);
  EXPECT_EQ(labels,
            (std::vector<std::string>{"nscd", "penalty", "penalty k x0.01", "penalty k x10"}));
  EXPECT_EQ(runs[0].problem.mode, Mode::Nscd);
  EXPECT_EQ(runs[0].problem.critical_step, CriticalStepPolicy::Refuse);
  for (std::size_t r = 1; r < runs.size(); ++r) {
    EXPECT_EQ(runs[r].problem.mode, Mode::Penalty) << runs[r].label;
    EXPECT_EQ(runs[r].problem.critical_step, CriticalStepPolicy::Substep) << runs[r].label;
  }
}

TEST(ComparisonRuns, FactorsScaleEveryStiffnessAndYoungsModulus) {
  const std::vector<ComparisonRun> runs = comparison_runs(penalty_problem(), {10.0});
  ASSERT_EQ(runs.size(), 3u);
  for (const std::size_t r : {0u, 1u}) {
    const Problem& unscaled = runs[r].problem;
    EXPECT_EQ(unscaled.scene.interactions.law(0, 0).penalty.normal.stiffness, 2.0e5);
    EXPECT_EQ(unscaled.scene.interactions.law(0, 1).penalty.tangential.stiffness, 3.0e4);
    EXPECT_EQ(unscaled.scene.interactions.law(0, 1).penalty.normal.stiffness_per_area, 1.0e10);
    EXPECT_EQ(unscaled.materials[0].young_modulus, 1.0e9);
  }
  const Problem& scaled = runs[2].problem;
  EXPECT_EQ(scaled.scene.interactions.law(0, 0).penalty.normal.stiffness, 2.0e6);
  EXPECT_EQ(scaled.scene.interactions.law(0, 0).penalty.tangential.stiffness, std::nullopt);
  EXPECT_EQ(scaled.scene.interactions.law(0, 1).penalty.normal.stiffness, std::nullopt);
  EXPECT_EQ(scaled.scene.interactions.law(0, 1).penalty.tangential.stiffness, 3.0e5);
  EXPECT_EQ(scaled.scene.interactions.law(0, 1).penalty.normal.stiffness_per_area, 1.0e11);
  EXPECT_EQ(scaled.scene.interactions.law(0, 1).penalty.tangential.stiffness_per_area, 4.0e10);
  EXPECT_EQ(scaled.scene.interactions.law(0, 0).penalty.normal.stiffness_per_area, std::nullopt);
  EXPECT_EQ(scaled.materials[0].young_modulus, 1.0e10);
  EXPECT_EQ(scaled.materials[1].young_modulus, 2.0e9);
  EXPECT_EQ(scaled.materials[1].density, 1800.0);
}

// A stone block of 1 m^3 resting on the ground (E = 2e10 Pa) or 1 m above it, explicit
// penalty steps of 1 ms.
Problem block_at(double height) {
  return io::read_problem_text(core::concat(R"(version: 1
title: Block
mode: penalty
time: {step: 1.0e-3, duration: 0.01, critical_step: substep}
materials:
  - {name: stone, density: 2500, young_modulus: 2.0e10, poisson_ratio: 0.2}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true, material: stone}
  - {name: block, shape: {type: box, size: [1, 1, 1]}, position: [0, 0, )",
                                            0.5 + height, R"(], material: stone}
)"),
                               "block.yaml", ".");
}

TEST(SubstepForecast, IsWhatTheFirstStepTakes) {
  const Problem resting = block_at(0.0);
  const SubstepForecast forecast = forecast_substeps(resting);
  EXPECT_GT(forecast.substeps_per_step, 1) << "a stone contact is far stiffer than 1 ms allows";
  EXPECT_LT(forecast.critical_step, resting.time_step);
  EXPECT_GT(forecast.seconds_per_step, 0.0);
  run::Run run(resting);
  run.advance();
  EXPECT_EQ(run.summary().substeps, forecast.substeps_per_step);

  const SubstepForecast apart = forecast_substeps(block_at(1.0));
  EXPECT_TRUE(std::isinf(apart.critical_step)) << "nothing touches or closes within a step";
  EXPECT_EQ(apart.substeps_per_step, 1);
}

TEST(FinalStateDistance, LargestOverTheFreeBodiesOnly) {
  Problem problem;
  problem.scene.bodies.resize(3);
  problem.scene.bodies[0].motion = model::Motion::Fixed;
  RunSummary reference, other;
  reference.bodies.resize(3);
  other.bodies = reference.bodies;
  other.bodies[0].position = math::Vec3(5.0, 0.0, 0.0);  // fixed: not counted
  other.bodies[1].position = math::Vec3(0.0, 0.3, 0.4);
  other.bodies[2].position = math::Vec3(0.1, 0.0, 0.0);
  other.bodies[2].orientation = math::Quat(Eigen::AngleAxisd(0.5, math::Vec3::UnitZ()));
  const FinalStateDistance distance = final_state_distance(problem, reference, other);
  EXPECT_DOUBLE_EQ(distance.position, 0.5);
  // 0.5 rad about z; 1e-9 deg: the angle is recovered from a unit quaternion, to round-off
  EXPECT_NEAR(distance.rotation, math::degrees(0.5), 1e-9);
}

}  // namespace
}  // namespace moreau::run
