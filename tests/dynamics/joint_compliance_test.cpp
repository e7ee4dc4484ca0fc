// Compliant joints in NSCD (joint_compliance.hpp) against the statics of a rigid block on
// springs and the dynamics of a sliding one. The block, 0.4 x 0.4 x 0.2 m (0.4 x 0.2 in planar
// mode), stands on the ground through its 4 base corners (2 in planar mode), each standing for
// a quarter (a half) of the base's area A:
//  - at rest it settles by m g / (k_n A), its springs holding (m g)^2 / (2 k_n A) of energy,
//    and the energy it loses settling is reported dissipated;
//  - under a slow horizontal load m a_x it shears by m a_x / (k_s A) at its base, and tilts by
//    m a_x (H/2) / (k_n I_A), I_A = integral of x^2 over the springs' areas = A (0.2 m)^2;
//  - on a plane inclined beyond its friction angle it slides with the Coulomb acceleration
//    g (sin alpha - mu cos alpha) and keeps its settlement m g cos alpha / (k_n A): the exact
//    law (De Saxcé's) dilates no joint, where the convex one would lift it by
//    mu |u_T| h a step.
// The springs are stiff enough (omega h > 0.4) that backward Euler damps their vibration
// within a few hundred steps; the loads change slowly or are then held, so the bounds are the
// solver's tolerance and the small rotations' second order.
#include "moreau/dynamics/joint_compliance.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <optional>
#include <string>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using testing::kG;

constexpr double kCompliantHalfWidth = 0.2;   // m
constexpr double kCompliantHalfHeight = 0.1;  // m
constexpr double kCompliantDensity = 2500.0;  // kg/m^3 (kg/m^2 per metre of depth in planar mode)
constexpr double kNormalStiffness = 1e8;      // Pa/m
constexpr double kShearStiffness = 4e7;       // Pa/m
constexpr double kStep = 1e-3;                // s

model::Scene block_on_ground(int dimension, double friction) {
  const model::ContactLaw law{.friction = friction,
                              .joint_stiffness = {kNormalStiffness, kShearStiffness}};
  model::Scene scene = testing::scene_on_ground(dimension, law);
  scene.gravity = Vec3(0, 0, -kG);
  scene.bodies.push_back(model::make_free_body(
      "block", testing::block_shape(dimension, kCompliantHalfWidth, kCompliantHalfHeight),
      kCompliantDensity, geometry::Pose{Vec3(0, 0, kCompliantHalfHeight)}, dimension));
  return scene;
}

// The base's area: 0.4 x 0.4 m, or 0.4 m times the unit depth.
double compliant_base_area(int dimension) { return dimension == 3 ? 0.16 : 0.4; }

double settlement(const model::Scene& scene) {
  return kCompliantHalfHeight - scene.bodies[1].x.z();
}

// The block's rotation about y, rad (positive from z towards x).
double tilt(const model::Scene& scene) {
  const Vec3 up = scene.bodies[1].q * Vec3::UnitZ();
  return std::atan2(up.x(), up.z());
}

class JointCompliance : public ::testing::TestWithParam<int> {};

INSTANTIATE_TEST_SUITE_P(Dimensions, JointCompliance, ::testing::Values(3, 2),
                         [](const auto& dimension) {
                           return dimension.param == 3 ? "3D" : "Planar";
                         });

TEST_P(JointCompliance, ABlockAtRestSettlesByItsWeightOverTheJointsStiffness) {
  const int d = GetParam();
  for (const std::string solver : {"auto", "nsgs", "velocity-newton"}) {
    model::Scene scene = block_on_ground(d, 0.6);
    dynamics::MoreauJeanOptions options = testing::options_with_step(kStep);
    options.solver.name = solver;
    MoreauJean stepper(scene, options);
    testing::run_steps(stepper, scene, 400);
    const double weight = scene.bodies[1].mass * kG;
    EXPECT_NEAR(settlement(scene), weight / (kNormalStiffness * compliant_base_area(d)),
                1e-6 * weight / (kNormalStiffness * compliant_base_area(d)))
        << solver;
  }
}

// Bonded by a mortar (cohesion and tensile strength), the block settles as the dry one: the
// bonds' shift of the cone (cohesive_joints.hpp) is a change of variable that leaves the
// springs' forces alone, in the local form (nsgs) and in the global one (velocity-newton, and
// auto on this one block), and no bond breaks at rest.
TEST_P(JointCompliance, ABondedBlockSettlesAsTheDryOneInEveryForm) {
  const int d = GetParam();
  for (const std::string solver : {"auto", "nsgs", "velocity-newton"}) {
    model::Scene scene = block_on_ground(d, 0.6);
    scene.interactions.for_each_law([](model::ContactLaw& law) {
      law.cohesion = 5e3;  // Pa: a shift c / mu of 8.3 kPa over the base
      law.tensile_strength = 2.5e3;
    });
    dynamics::MoreauJeanOptions options = testing::options_with_step(kStep);
    options.solver.name = solver;
    MoreauJean stepper(scene, options);
    const std::size_t bonded = intact_bonds(stepper.state()).size();
    ASSERT_EQ(bonded, d == 3 ? 4u : 2u) << solver;
    testing::run_steps(stepper, scene, 400);
    const double weight = scene.bodies[1].mass * kG;
    EXPECT_NEAR(settlement(scene), weight / (kNormalStiffness * compliant_base_area(d)),
                1e-6 * weight / (kNormalStiffness * compliant_base_area(d)))
        << solver;
    EXPECT_EQ(intact_bonds(stepper.state()).size(), bonded) << solver;
  }
}

// Dropped onto its springs from rest, the block keeps the energy account: kinetic + potential +
// the springs' elastic energy + what the steps dissipated (backward Euler's damping of the
// joints' vibration) stays the initial energy to round-off (theta = 1/2: the impulses' work
// and gravity's are exact), and at rest the springs hold (m g)^2 / (2 k_n A), the n corners'
// n (m g / n)^2 / (2 k_n A / n).
TEST_P(JointCompliance, ItsSpringsKeepTheEnergyTheyStore) {
  const int d = GetParam();
  model::Scene scene = block_on_ground(d, 0.6);
  MoreauJean stepper(scene, testing::options_with_step(kStep));
  double dissipated = 0.0, elastic = 0.0;
  std::optional<double> first;
  int step = 0;
  testing::run_steps(stepper, scene, 400, [&](const StepReport& report) {
    dissipated -= report.contact_work;
    elastic = report.elastic_energy;
    const double total = report.kinetic_energy + report.potential_energy + elastic + dissipated;
    if (!first) first = total;
    EXPECT_NEAR(total, *first, 1e-9 * (std::abs(*first) + dissipated)) << "step " << step++;
  });
  const double weight = scene.bodies[1].mass * kG;
  const double expected = weight * weight / (2 * kNormalStiffness * compliant_base_area(d));
  EXPECT_NEAR(elastic, expected, 1e-6 * expected);
  EXPECT_GT(dissipated, 0.0);
}

TEST_P(JointCompliance, ASlowHorizontalLoadShearsAndTiltsTheBlockOnItsSprings) {
  const int d = GetParam();
  model::Scene scene = block_on_ground(d, 0.6);
  MoreauJean stepper(scene, testing::options_with_step(kStep));
  testing::run_steps(stepper, scene, 300);
  // a_x from 0 to 0.2 g over 1 s, then held for 0.3 s.
  constexpr double kLateral = 0.2 * kG;
  for (int k = 1; k <= 1300; ++k) {
    scene.gravity.x() = kLateral * std::min(k / 1000.0, 1.0);
    testing::run_steps(stepper, scene, 1);
  }
  const double m = scene.bodies[1].mass, A = compliant_base_area(d);

  const double expected_tilt = m * kLateral * kCompliantHalfHeight /
                               (kNormalStiffness * A * kCompliantHalfWidth * kCompliantHalfWidth);
  EXPECT_NEAR(tilt(scene), expected_tilt, 1e-3 * std::abs(expected_tilt));
  // The base's shear: the centre's displacement less the tilt's at half the height.
  const double base_shear = scene.bodies[1].x.x() - std::sin(tilt(scene)) * kCompliantHalfHeight;
  const double expected_shear = m * kLateral / (kShearStiffness * A);
  EXPECT_NEAR(base_shear, expected_shear, 1e-3 * expected_shear);
}

TEST_P(JointCompliance, ABlockSlidesWithTheCoulombAccelerationAndNoDilation) {
  const int d = GetParam();
  constexpr double kFriction = 0.4;
  model::Scene scene = block_on_ground(d, kFriction);
  MoreauJean stepper(scene, testing::options_with_step(kStep));
  testing::run_steps(stepper, scene, 300);
  // The plane inclined by 30 degrees: gravity turned about y. The springs stretch to the
  // slider's force first, a few milliseconds during which the block gains more speed than
  // Coulomb's law alone gives: the acceleration is measured after them.
  const double alpha = std::numbers::pi / 6;
  scene.gravity = kG * Vec3(std::sin(alpha), 0, -std::cos(alpha));
  testing::run_steps(stepper, scene, 200);
  const double v_start = scene.bodies[1].v.x();
  constexpr int kSteps = 300;
  testing::run_steps(stepper, scene, kSteps);
  const double acceleration = kG * (std::sin(alpha) - kFriction * std::cos(alpha));
  EXPECT_NEAR((scene.bodies[1].v.x() - v_start) / (kSteps * kStep), acceleration,
              1e-6 * acceleration);
  const double expected_settlement =
      scene.bodies[1].mass * kG * std::cos(alpha) / (kNormalStiffness * compliant_base_area(d));
  EXPECT_NEAR(settlement(scene), expected_settlement, 1e-3 * expected_settlement);
}

}  // namespace
}  // namespace moreau::dynamics
