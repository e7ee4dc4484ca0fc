// ContactSides gives the penalty laws each contact point's share of the joint and its
// calibrated parameters: a cube on a slope whose springs are given per unit area of joint
// (3DEC's jkn and jks), or calibrated from E as Woo writes Cundall's linear model, stands on
// them in both integrations of the penalty mode, sunk and sheared by its weight over their
// stiffness; and a plate swings on its tangential springs with the calibrated dashpots' damping.
#include "moreau/dynamics/contact_sides.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "support/penalty_scenes.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

namespace moreau::dynamics {
namespace {

using testing::kG;

constexpr double kNormalPerArea = 4e9;   // Pa/m
constexpr double kShearPerArea = 1.6e9;  // Pa/m

// The 10 cm cube of testing::cube_on_incline, flat on the ground, its contacts' springs given
// per unit area of joint, and a spring of 1 N/m for the points without area: a cube that stood
// on it instead of its joint's springs would sink through the ground.
model::Scene cube_on_joint(int dimension, penalty::TangentialLawKind tangential) {
  penalty::LawPair laws;
  laws.normal.stiffness = 1.0;
  laws.normal.stiffness_per_area = kNormalPerArea;
  laws.tangential.kind = tangential;
  laws.tangential.stiffness_per_area = kShearPerArea;
  return testing::cube_on_incline(dimension, laws, 0.0);
}

enum class Integration { Explicit, Implicit };

struct JointCase {
  Integration integration;
  penalty::TangentialLawKind law;
  int dimension;
};

class PenaltyJointStiffness : public ::testing::TestWithParam<JointCase> {};

constexpr double kTilt = 18.0;  // deg, below the friction angle (mu = 0.5)

// Tilts the cube of testing::cube_on_incline slowly to kTilt and holds it there, its laws
// calibrated with `materials`: explicit steps of 5 us over 0.2 s, implicit ones of 1 ms over
// 0.5 s.
void tilt_slowly(model::Scene& scene, Integration integration,
                 const std::vector<model::Material>& materials) {
  if (integration == Integration::Explicit) {
    PenaltyStepper stepper(scene, {.h = 5e-6}, materials);
    testing::tilt_slowly(scene, kTilt, 20000, 40000, [&] { stepper.step(); });
    return;
  }
  MoreauJeanOptions options = testing::options_with_step(1e-3);
  options.theta = 1.0;
  MoreauJean stepper(scene, options, ContactSides(scene, materials));
  testing::tilt_slowly(scene, kTilt, 200, 500, [&] { testing::run_steps(stepper, scene, 1); });
}

// The cube's base sank by `sink` and moved along the slope by `shear`, each to 1e-3 of it, as
// for the calibrated springs (testing::stick_shear): the springs act in the middle of the
// overlap, which the cube's tilt moves.
void expect_sunk_and_sheared(const model::Scene& scene, double sink, double shear) {
  const model::Body& cube = scene.bodies[1];
  EXPECT_NEAR(-(cube.x + cube.q * math::Vec3(0, 0, -0.05)).z(), sink, 1e-3 * sink);
  EXPECT_NEAR(testing::base_shear(scene), shear, 1e-3 * shear);
}

// Tilted slowly to 18 deg, below the friction angle, the cube stands on its joint: its base
// sinks by m g cos(alpha) / (k_n A) and shears by m g sin(alpha) / (k_s A), A the face's area
// (planar mode: its length times the unit depth), whichever the tangential law and the
// integration.
TEST_P(PenaltyJointStiffness, SinksAndShearsByItsWeightOverTheJointsStiffnessTimesItsArea) {
  const JointCase& c = GetParam();
  model::Scene scene = cube_on_joint(c.dimension, c.law);
  tilt_slowly(scene, c.integration, testing::kStone);
  const double area = c.dimension == 3 ? 0.1 * 0.1 : 0.1 * 1.0;
  const double weight = scene.bodies[1].mass * kG;
  const double alpha = kTilt * std::numbers::pi / 180.0;
  expect_sunk_and_sheared(scene, weight * std::cos(alpha) / (kNormalPerArea * area),
                          weight * std::sin(alpha) / (kShearPerArea * area));
}

// "ExplicitSlider3D", ...: the test name of a case.
std::string joint_case_name(const ::testing::TestParamInfo<JointCase>& info) {
  return std::string(info.param.integration == Integration::Explicit ? "Explicit" : "Implicit") +
         (info.param.law == penalty::TangentialLawKind::SpringDashpotSlider ? "Slider"
                                                                            : "Incremental") +
         (info.param.dimension == 3 ? "3D" : "Planar");
}

INSTANTIATE_TEST_SUITE_P(
    Integrations, PenaltyJointStiffness,
    ::testing::Values(
        JointCase{Integration::Explicit, penalty::TangentialLawKind::SpringDashpotSlider, 3},
        JointCase{Integration::Explicit, penalty::TangentialLawKind::IncrementalCoulomb, 2},
        JointCase{Integration::Implicit, penalty::TangentialLawKind::SpringDashpotSlider, 2},
        JointCase{Integration::Implicit, penalty::TangentialLawKind::IncrementalCoulomb, 3}),
    joint_case_name);

// Cundall's linear model as Woo writes it (woodem.org, "Linear (Cundall) contact model", eq. 3):
// k_n = A (l_1/E_1 + l_2/E_2)^-1 over A = pi min(l_1, l_2)^2, l_i the radius less half the
// overlap (a flat body takes the other's), and k_t = ktDivKn k_n; here with the incremental
// tangential law, E = 1e9 Pa and ktDivKn = 0.4 (`stiffness_ratio`). The cube tilted slowly to
// 18 deg stands on its n corners (4 in 3D, 2 in planar mode): n k_n(delta) delta = m g cos(alpha)
// and the shear m g sin(alpha) / (n k_t), in both integrations.
class PenaltyCundallLaw : public ::testing::TestWithParam<JointCase> {};

TEST_P(PenaltyCundallLaw, StandsOnWoosSeriesSpringsAndTheirRatio) {
  const JointCase& c = GetParam();
  constexpr double kYoungModulus = 1e9, kRatio = 0.4;
  penalty::LawPair laws;
  laws.tangential.kind = c.law;
  laws.tangential.stiffness_ratio = kRatio;
  model::Scene scene = testing::cube_on_incline(c.dimension, laws, 0.0);
  tilt_slowly(scene, c.integration, {{"stone", 2500.0, kYoungModulus, 0.25, 0.0}});
  const double corners = c.dimension == 3 ? 4.0 : 2.0;
  // The cube's calibration radius: the sphere of its volume, the disc of its area in planar mode.
  const double radius = c.dimension == 3 ? std::cbrt(3 * 1e-3 / (4 * std::numbers::pi))
                                         : std::sqrt(1e-2 / std::numbers::pi);
  const double alpha = kTilt * std::numbers::pi / 180.0;
  const double load = scene.bodies[1].mass * kG / corners;
  const auto woo_stiffness = [&](double overlap) {
    const double l = radius - overlap / 2;  // both springs: the plane takes the cube's length
    return std::numbers::pi * l * l / (2 * l / kYoungModulus);
  };
  double sink = load * std::cos(alpha) / woo_stiffness(0.0);
  sink = load * std::cos(alpha) / woo_stiffness(sink);
  expect_sunk_and_sheared(scene, sink, load * std::sin(alpha) / (kRatio * woo_stiffness(sink)));
}

INSTANTIATE_TEST_SUITE_P(
    Integrations, PenaltyCundallLaw,
    ::testing::Values(
        JointCase{Integration::Explicit, penalty::TangentialLawKind::IncrementalCoulomb, 3},
        JointCase{Integration::Explicit, penalty::TangentialLawKind::IncrementalCoulomb, 2},
        JointCase{Integration::Implicit, penalty::TangentialLawKind::IncrementalCoulomb, 2},
        JointCase{Integration::Implicit, penalty::TangentialLawKind::IncrementalCoulomb, 3}),
    joint_case_name);

// The tangential dashpot as calibrated (problem-files.md, "Calibration of what is not given"):
// eta_t = 2 zeta_e sqrt(2/7 m K_t), zeta_e = -ln(e) / sqrt(ln(e)^2 + pi^2) the damping ratio of
// the restitution e on the tangential mass 2/7 m. A plate 1 m wide and 2 cm thick (planar,
// 50 kg per metre) resting on its two corners' springs (K_n = 1e7 N/m, K_t = K_n / 2) and
// pushed along the ground at 1 mm/s sticks, and swings on its two tangential springs and
// dashpots as a damped oscillator: omega^2 = 2 K_t / m, zeta = 2 eta_t / (2 sqrt(2 K_t m)),
// each swing's amplitude exp(-2 pi zeta / sqrt(1 - zeta^2)) of the one before. The plate is thin
// so that the base shear hardly rocks it; at omega h = 1e-3 the schemes' own damping (backward
// Euler's, about pi omega h per period) is 3e-3 of the decrement: within 1e-2 of it.
class PenaltyTangentialDamping : public ::testing::TestWithParam<Integration> {};

TEST_P(PenaltyTangentialDamping, SwingsAsTheCalibratedDampedOscillator) {
  constexpr double kRestitution = 0.5, kNormal = 1e7, kRatio = 0.5, kSpeed = 1e-3;
  penalty::LawPair laws;
  laws.normal.stiffness = kNormal;
  laws.tangential.stiffness_ratio = kRatio;
  model::Scene scene =
      testing::scene_on_ground(2, {.friction = 0.5, .restitution = kRestitution, .penalty = laws});
  scene.gravity = math::Vec3(0, 0, -kG);
  const double mass = 1.0 * 0.02 * 2500.0;
  geometry::Pose pose;
  pose.position = math::Vec3(0, 0, 0.01 - mass * kG / (2 * kNormal));  // on its springs
  scene.bodies.push_back(
      model::make_free_body("plate", testing::block_shape(2, 0.5, 0.01), 2500.0, pose, 2));
  scene.bodies.back().v.x() = kSpeed;
  const double k_t = kRatio * kNormal;
  const double omega = std::sqrt(2 * k_t / mass), h = 1e-3 / omega;
  // The first two maxima of the plate's displacement.
  std::vector<double> peaks;
  double before = 0.0, now = 0.0;
  const auto observe = [&] {
    const double next = scene.bodies[1].x.x();
    if (now > before && now >= next && now > 0.0) peaks.push_back(now);
    before = std::exchange(now, next);
  };
  const int steps = static_cast<int>(2.5 * 2 * std::numbers::pi / (omega * h));
  if (GetParam() == Integration::Explicit) {
    PenaltyStepper stepper(scene, {.h = h}, testing::kStone);
    for (int k = 0; k < steps; ++k, observe()) stepper.step();
  } else {
    MoreauJeanOptions options = testing::options_with_step(h);
    options.theta = 1.0;
    MoreauJean stepper(scene, options, ContactSides(scene, testing::kStone));
    for (int k = 0; k < steps; ++k, observe()) testing::run_steps(stepper, scene, 1);
  }
  ASSERT_GE(peaks.size(), 2u);
  const double log_e = std::log(kRestitution);
  const double zeta_e = -log_e / std::sqrt(log_e * log_e + std::numbers::pi * std::numbers::pi);
  const double eta_t = 2 * zeta_e * std::sqrt(2.0 / 7.0 * mass * k_t);
  const double zeta = eta_t / std::sqrt(2 * k_t * mass);
  const double decrement = 2 * std::numbers::pi * zeta / std::sqrt(1 - zeta * zeta);
  EXPECT_NEAR(std::log(peaks[0] / peaks[1]), decrement, 1e-2 * decrement);
}

INSTANTIATE_TEST_SUITE_P(Integrations, PenaltyTangentialDamping,
                         ::testing::Values(Integration::Explicit, Integration::Implicit),
                         [](const ::testing::TestParamInfo<Integration>& integration) {
                           return integration.param == Integration::Explicit ? "Explicit"
                                                                             : "Implicit";
                         });

}  // namespace
}  // namespace moreau::dynamics
