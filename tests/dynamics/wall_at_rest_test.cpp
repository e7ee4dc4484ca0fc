// A planar running-bond wall on the ground under self-weight stays at rest: the stepper must
// neither let it sag (lost contacts), drift (friction) nor create energy, for theta = 1/2
// (energy-conserving for smooth motion) and theta = 1 (implicit Euler).
#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;

// 5 courses of 0.4 x 0.2 m blocks over a length of 2.4 m: 6 blocks in the even courses,
// 5 blocks and two half blocks closing the ends in the odd ones, 32 blocks in all.
model::Scene running_bond_wall() {
  model::Scene scene = testing::scene_on_ground(2, {.friction = 0.6, .restitution = 0.0});
  const double length = 2.4, block = 0.4, height = 0.2;
  for (int course = 0; course < 5; ++course) {
    std::vector<std::pair<double, double>> spans;  // (left, right) x of each block
    double left = -0.5 * length;
    if (course % 2 == 1) spans.emplace_back(left, left + 0.5 * block), left += 0.5 * block;
    while (left + block <= 0.5 * length + 1e-12)
      spans.emplace_back(left, left + block), left += block;
    if (left < 0.5 * length - 1e-12) spans.emplace_back(left, 0.5 * length);
    for (const auto& [x0, x1] : spans) {
      const double half = 0.5 * (x1 - x0);
      scene.bodies.push_back(
          model::make_free_body("block" + std::to_string(scene.bodies.size()),
                                testing::block_shape(2, half, 0.5 * height), 2000.0,
                                Pose{Vec3(0.5 * (x0 + x1), 0.0, (course + 0.5) * height)}, 2));
    }
  }
  return scene;
}

testing::RestRecord run_10000_steps(double theta, const std::string& solver) {
  model::Scene scene = running_bond_wall();
  EXPECT_EQ(scene.bodies.size(), 33u);  // the ground and 32 blocks
  MoreauJeanOptions options = testing::options_with_step(1e-3);
  options.theta = theta;
  options.solver.name = solver;
  MoreauJean stepper(scene, options);
  return testing::run_at_rest(stepper, scene, 10'000);
}

// Potential energy of ~500 kg at up to 1 m: ~5e3 J; round-off of the sum ~1e-12 J. No step
// may end with more energy than the first (1e-9 J allowed for round-off).
constexpr double kEnergyRoundOff = 1e-9;

struct RestCase {
  double theta;
  std::string solver;
};

class WallAtRest : public ::testing::TestWithParam<RestCase> {};

TEST_P(WallAtRest, StaysAtRestFor10000StepsWithoutCreatingEnergy) {
  const testing::RestRecord rest = run_10000_steps(GetParam().theta, GetParam().solver);
  EXPECT_LT(rest.largest_displacement, 1e-6);  // the bound
  EXPECT_LE(rest.worst_energy_gain, kEnergyRoundOff);
}

// The automatic choice solves the steps of this hyperstatic wall that its sweeps do not meet
// in velocity space (MoreauJean::uses_global_form, solvers::Automatic); velocity-newton alone
// solves every step there, its proximal steps warm-started from the last step's: they must
// not let the reactions wander along their null space into a drift of the blocks.
INSTANTIATE_TEST_SUITE_P(ThetaAndSolver, WallAtRest,
                         ::testing::Values(RestCase{0.5, "auto"}, RestCase{1.0, "auto"},
                                           RestCase{0.5, "velocity-newton"}),
                         [](const auto& test) {
                           return (test.param.solver == "auto" ? std::string("Automatic")
                                                               : std::string("VelocityNewton")) +
                                  (test.param.theta == 0.5 ? "ThetaOneHalf" : "ThetaOne");
                         });

// Newton on W ends each solve on the exact complementarity of its active set, so the energy
// balance holds to round-off in every step, not only over the run. The velocity-space
// method's proximal steps end within the tolerance: one of its steps may give back a few
// 1e-9 J of what earlier steps dissipated (7e-9 J at most in the automatic runs above).
class WallAtRestSolvedOnW : public ::testing::TestWithParam<double> {};

TEST_P(WallAtRestSolvedOnW, BalancesTheEnergyOfEveryStep) {
  const testing::RestRecord rest = run_10000_steps(GetParam(), "hybrid");
  EXPECT_LT(rest.largest_displacement, 1e-6);
  EXPECT_LE(rest.worst_energy_gain, kEnergyRoundOff);
  EXPECT_LE(rest.worst_energy_increase, kEnergyRoundOff);
}

INSTANTIATE_TEST_SUITE_P(Theta, WallAtRestSolvedOnW, ::testing::Values(0.5, 1.0),
                         [](const auto& test) {
                           return test.param == 0.5 ? std::string("OneHalf") : std::string("One");
                         });

}  // namespace
}  // namespace moreau::dynamics
