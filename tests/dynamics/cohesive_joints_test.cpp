// Brittle Mohr-Coulomb joints (cohesive_joints.hpp) against hand statics, in NSCD and in the
// penalty mode, in 3D and in planar mode. Each load is a slow ramp of the gravity vector, so
// the load at which a joint fails is known to within one step of the ramp:
//  - a pull: a block bonded to the ground under a gravity turning upwards breaks in tension
//    when m g_z = f_t A, then lies and slides as a dry block (mu only);
//  - a shear: a bonded block under a gravity tilting away from the vertical slides when
//    m g sin(alpha) = c A + mu m g cos(alpha);
//  - a corbel: a block bonded only to the vertical face of a wall, its weight rising, fails
//    in tension at the top of the joint when the weight's moment m g L / 2 about the joint's
//    middle reaches the couple of its points' tensile strengths, or in shear when the weight
//    reaches c A (its normal forces sum to 0).
#include "moreau/dynamics/cohesive_joints.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/geometry/mass_properties.hpp"
#include "moreau/math/contact_frame.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <optional>
#include <ostream>
#include <string>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using testing::kG;

constexpr double kBlockDensity = 2000.0;  // kg/m^3 (kg/m^2 per metre of depth in planar mode)
constexpr double kJointFriction = 0.5;
const std::vector<model::Material> kStoneMaterials{{"stone"}};

// ---------------------------------------------------------------------------------------
// Bonding and the failure rules, on contacts made by hand.

// A point on the ground standing for `area` of the joint (ContactPoint::area).
BodyContact ground_contact(int body, const Vec3& p, int feature, double area) {
  collision::ContactPoint point{
      p,
      Vec3::UnitZ(),
      0.0,
      {{collision::FeatureKind::Vertex, feature}, {collision::FeatureKind::Face, 0}},
      area};
  return {body, 0, point};
}

constexpr double kBlockHalfWidth = 0.2;   // m
constexpr double kBlockHalfHeight = 0.1;  // m

// The ground and a 0.4 x 0.2 block (3D: 0.4 x 0.4 x 0.2) resting on it.
model::Scene bonded_block(int dimension, model::ContactLaw law) {
  model::Scene scene = testing::scene_on_ground(dimension, law);
  scene.bodies.push_back(model::make_free_body(
      "block", testing::block_shape(dimension, kBlockHalfWidth, kBlockHalfHeight), kBlockDensity,
      geometry::Pose{Vec3(0, 0, kBlockHalfHeight)}, dimension));
  return scene;
}

// The block's base, found by the narrow phase: 4 corners, each standing for a quarter of the
// 0.4 x 0.4 m base (3D), or 2 ends, each for half of its 0.4 m by the unit depth.
TEST(CohesiveJoints, EachPointOfAJointGetsTheStrengthsOfItsShareOfTheBase) {
  const model::ContactLaw law{.friction = 0.5, .cohesion = 1000.0, .tensile_strength = 400.0};
  for (const int d : {3, 2}) {
    CohesiveJoints joints;
    const model::Scene scene = bonded_block(d, law);
    joints.bond_touching(scene);
    const double share = d == 3 ? 0.16 / 4 : 0.4 / 2;
    ASSERT_EQ(joints.intact(), d == 3 ? 4u : 2u);
    for (const BodyContact& contact : touching_contacts(scene)) {
      const Bond* bond = joints.find({contact.body_a, contact.body_b, contact.point.feature.key()});
      ASSERT_NE(bond, nullptr);
      EXPECT_NEAR(bond->cohesion, 1000.0 * share, 1e-9);
      EXPECT_NEAR(bond->tensile_strength, 400.0 * share, 1e-9);
      EXPECT_NEAR(cone_shift(*bond, 0.5), 2000.0 * share, 1e-9);
    }
  }
}

TEST(CohesiveJoints, PointsWithoutAreaGapsAndLawsWithoutCohesionBondNothing) {
  const model::ContactLaw cohesive{.friction = 0.5, .cohesion = 1000.0};
  CohesiveJoints joints;
  joints.bond({ground_contact(1, Vec3(0, 0, 0), 0, 0.0)}, bonded_block(3, cohesive), 1e-9);
  EXPECT_EQ(joints.intact(), 0u);  // a point without an area (a sphere)
  std::vector<BodyContact> apart{ground_contact(1, Vec3(-0.2, 0, 0), 0, 0.2),
                                 ground_contact(1, Vec3(0.2, 0, 0), 1, 0.2)};
  for (BodyContact& contact : apart) contact.point.gap = 2e-9;
  joints.bond(apart, bonded_block(2, cohesive), 1e-9);
  EXPECT_EQ(joints.intact(), 0u);  // not touching at the start
  joints.bond(
      {ground_contact(1, Vec3(-0.2, 0, 0), 0, 0.2), ground_contact(1, Vec3(0.2, 0, 0), 1, 0.2)},
      bonded_block(2, {.friction = 0.5}), 1e-9);
  EXPECT_EQ(joints.intact(), 0u);  // no cohesion
}

// Two bonded points of a planar joint, C = 200 N and T = 100 N each, mu = 0.5, with the
// given forces (N; normal, tangential) and h = 0.01 s.
std::vector<JointFailure> failures_under(const Vec3& force_0, const Vec3& force_1) {
  CohesiveJoints joints;
  const std::vector<BodyContact> points{ground_contact(1, Vec3(-0.2, 0, 0), 0, 0.2),
                                        ground_contact(1, Vec3(0.2, 0, 0), 1, 0.2)};
  joints.bond(points,
              bonded_block(2, {.friction = 0.5, .cohesion = 1000.0, .tensile_strength = 500.0}),
              1e-9);
  std::vector<Contact> contacts;
  for (const auto& [point, force] : {std::pair{points[0], force_0}, std::pair{points[1], force_1}})
    contacts.push_back({.body_a = 1,
                        .body_b = 0,
                        .point = point.point,
                        .frame = math::contact_frame(Vec3::UnitZ(), 2),
                        .friction = 0.5,
                        .key = {1, 0, point.point.feature.key()},
                        .force = force});
  return joints.failures(contacts);
}

TEST(CohesiveJoints, ABondBreaksInTensionAtItsStrengthOnItsOwn) {
  EXPECT_TRUE(failures_under(Vec3(-99.9, 0, 0), Vec3(50, 0, 0)).empty());
  const std::vector<JointFailure> cracked = failures_under(Vec3(-100.0, 0, 0), Vec3(50, 0, 0));
  ASSERT_EQ(cracked.size(), 1u);
  EXPECT_EQ(cracked[0].mode, FailureMode::Tension);
  EXPECT_EQ(cracked[0].points.size(), 1u);
}

TEST(CohesiveJoints, AJointBreaksInShearWhenItsResultantReachesItsStrength) {
  // Strengths C + mu F_N: 200 - 25 = 175 N and 200 + 50 = 250 N; c A + mu N = 425 N.
  EXPECT_TRUE(failures_under(Vec3(-50, 175, 0), Vec3(100, 240, 0)).empty());
  const std::vector<JointFailure> slid = failures_under(Vec3(-50, 175, 0), Vec3(100, 250, 0));
  ASSERT_EQ(slid.size(), 1u);
  EXPECT_EQ(slid[0].mode, FailureMode::Shear);
  EXPECT_EQ(slid[0].points.size(), 2u);
  // Both points at their strength but pulling against each other: the joint holds.
  EXPECT_TRUE(failures_under(Vec3(-50, 175, 0), Vec3(100, -250, 0)).empty());
  // A crack is reported first: the step is solved again before the shear check.
  const std::vector<JointFailure> both = failures_under(Vec3(-100, 150, 0), Vec3(100, 250, 0));
  ASSERT_EQ(both.size(), 1u);
  EXPECT_EQ(both[0].mode, FailureMode::Tension);
}

// ---------------------------------------------------------------------------------------
// The steppers under ramped loads.

enum class Mode { Nscd, Penalty };

struct StepperCase {
  Mode mode;
  int dimension;
};

std::string name_of(const StepperCase& stepper_case) {
  return std::string(stepper_case.mode == Mode::Nscd ? "Nscd" : "Penalty") +
         std::to_string(stepper_case.dimension) + "D";
}

void PrintTo(const StepperCase& stepper_case, std::ostream* out) { *out << name_of(stepper_case); }

// Penalty: k per point, stiff enough that the sag (1e-6 m) is far below every bound, and a
// block-critical dashpot: the spring force follows a load ramped at R N/s with the lag
// R eta / k (a damped oscillator under a ramp), which the bounds add to the ramp's step.
constexpr double kPenaltyStiffness = 1e8;  // N/m
constexpr double kPenaltyStep = 1e-5;      // s, below the critical step of these blocks
constexpr double kNscdStep = 1e-3;         // s

double penalty_damping(double mass, int points) {
  return 2 * std::sqrt(kPenaltyStiffness * mass / points);
}

// Steps a scene with the stepper_case's stepper while a gravity function of time loads it.
class Loading {
 public:
  Loading(model::Scene& scene, const StepperCase& stepper_case, int points_per_joint)
      : scene_(scene) {
    if (stepper_case.mode == Mode::Nscd) {
      stepper_ = std::make_unique<MoreauJean>(scene, testing::options_with_step(kNscdStep));
      return;
    }
    scene.interactions.for_each_law([&](model::ContactLaw& law) {
      law.penalty.normal.stiffness = kPenaltyStiffness;
      law.penalty.normal.damping = penalty_damping(scene.bodies.back().mass, points_per_joint);
      law.penalty.tangential.stiffness = kPenaltyStiffness;
      law.penalty.tangential.damping = law.penalty.normal.damping;
    });
    stepper_ = std::make_unique<PenaltyStepper>(
        scene, PenaltyOptions{.h = kPenaltyStep, .critical_step = CriticalStepPolicy::Substep},
        kStoneMaterials);
  }

  double h() const { return stepper_->time_step(); }
  Stepper& stepper() { return *stepper_; }
  std::size_t intact() const { return intact_bonds(stepper_->state()).size(); }

  // Steps until the first failure or `duration`; returns the failures of the failing step
  // and sets failure_time to the start of that step (the gravity it ran under).
  std::vector<JointFailure> until_failure(const std::function<Vec3(double)>& gravity,
                                          double duration) {
    while (scene_.time < duration) {
      const double t = scene_.time;
      position_before_failure = scene_.bodies.back().x;
      scene_.gravity = gravity(t);
      StepReport report = stepper_->step();
      EXPECT_TRUE(!report.solve || report.solve->converged()) << "t = " << t;
      if (!report.failures.empty()) {
        failure_time = t;
        return report.failures;
      }
    }
    return {};
  }

  void run(const std::function<Vec3(double)>& gravity, double duration) {
    const double end = scene_.time + duration;
    while (scene_.time < end - 0.5 * h()) {
      scene_.gravity = gravity(scene_.time);
      const StepReport report = stepper_->step();
      EXPECT_TRUE(!report.solve || report.solve->converged());
      EXPECT_TRUE(report.failures.empty());
    }
  }

  double failure_time = NAN;
  Vec3 position_before_failure = Vec3::Zero();  ///< of the last body, at the failing step's start

 private:
  model::Scene& scene_;
  std::unique_ptr<Stepper> stepper_;
};

int points_per_joint(int dimension) { return dimension == 3 ? 4 : 2; }

// The joint area of the block on the ground: its base, or its width by the unit depth.
double base_area(int dimension) {
  return dimension == 3 ? 4 * kBlockHalfWidth * kBlockHalfWidth : 2 * kBlockHalfWidth;
}

class CohesiveJoint : public ::testing::TestWithParam<StepperCase> {
 protected:
  // Ramp durations: the penalty mode steps 100 times finer, over a shorter ramp.
  double ramp_duration() const { return GetParam().mode == Mode::Nscd ? 2.0 : 0.5; }
};

// Blocks of one size stacked on a slope of 0.3 rad (a joint of an arch): each corner of the
// joint is a corner of both blocks, which the narrow phase names after either, as round-off
// goes; the bonds follow their points, and the joint at rest keeps them all (without
// CohesiveJoints::follow the planar ones were lost within the first steps).
TEST_P(CohesiveJoint, BondsOfCoincidentCornersHoldAtRest) {
  const StepperCase stepper_case = GetParam();
  const int d = stepper_case.dimension;
  model::Scene scene;
  scene.dimension = d;
  scene.interactions =
      model::InteractionTable({.friction = 0.8, .cohesion = 1e3, .tensile_strength = 500.0});
  const math::Quat slope(Eigen::AngleAxisd(0.3, Vec3::UnitY()));
  const geometry::Shape block = testing::block_shape(d, kBlockHalfWidth, kBlockHalfHeight);
  scene.bodies.push_back(
      model::make_fixed_body("bottom", block, geometry::Pose{Vec3::Zero(), slope}));
  scene.bodies.push_back(
      model::make_free_body("top", block, kBlockDensity,
                            geometry::Pose{slope * Vec3(0, 0, 2 * kBlockHalfHeight), slope}, d));
  Loading loading(scene, stepper_case, points_per_joint(d));
  ASSERT_EQ(loading.intact(), static_cast<std::size_t>(points_per_joint(d)));
  loading.run([](double) -> Vec3 { return Vec3(0, 0, -kG); }, 0.2);
  EXPECT_EQ(loading.intact(), static_cast<std::size_t>(points_per_joint(d)));
}

// The pull: c = 20 kPa, f_t = 10 kPa (<= c / mu), a 0.4 x 0.2 block (3D: 0.4 x 0.4 x 0.2),
// gravity from -g to +2 f_t A / m along z over the ramp. It breaks when m g_z = f_t A.
TEST_P(CohesiveJoint, BreaksUnderAPullAtItsTensileStrengthThenIsDry) {
  const StepperCase stepper_case = GetParam();
  const int d = stepper_case.dimension;
  const double c = 20e3, f_t = 10e3;
  model::Scene scene =
      bonded_block(d, {.friction = kJointFriction, .cohesion = c, .tensile_strength = f_t});
  const double m = scene.bodies[1].mass;
  const double strength = f_t * base_area(d);
  Loading loading(scene, stepper_case, points_per_joint(d));
  ASSERT_EQ(loading.intact(), static_cast<std::size_t>(points_per_joint(d)));
  const double g_end = 2 * strength / m, duration = ramp_duration();
  const double rate = (g_end + kG) / duration;  // m/s^3
  const auto pull = [&](double t) -> Vec3 { return Vec3(0, 0, -kG + rate * t); };
  const std::vector<JointFailure> failures = loading.until_failure(pull, duration);
  ASSERT_FALSE(failures.empty()) << "no failure up to twice the strength";
  for (const JointFailure& failure : failures) EXPECT_EQ(failure.mode, FailureMode::Tension);
  EXPECT_EQ(loading.intact(), 0u);  // all points of the joint go in the same step
  // The load of the failing step reached the strength, the previous step's did not; the
  // penalty spring lags the load by its dashpot (file comment).
  const double load = m * pull(loading.failure_time).z();
  const double lag = stepper_case.mode == Mode::Penalty
                         ? m * rate * penalty_damping(m, points_per_joint(d)) / kPenaltyStiffness
                         : 0.0;
  const double resolution = m * rate * loading.h();
  EXPECT_GE(load, strength * (1 - 1e-6)) << "strength " << strength;
  EXPECT_LE(load, strength + resolution + 1.5 * lag) << "strength " << strength;

  // Dry from now on: back on the ground under a gravity tilted at tan(alpha) = 0.7 > mu, the
  // block slides with Coulomb's a = g (sin - mu cos) (intact, c A would hold it).
  const double alpha = std::atan(0.7);
  const Vec3 tilted = kG * Vec3(std::sin(alpha), 0, -std::cos(alpha));
  loading.run([&](double) -> Vec3 { return tilted; }, 0.3);
  const double v_start = scene.bodies[1].v.x();
  loading.run([&](double) -> Vec3 { return tilted; }, 0.2);
  const double expected = kG * (std::sin(alpha) - kJointFriction * std::cos(alpha));
  // 2%: the landing's rattle in the penalty mode (PenaltyIncline has the same bound).
  EXPECT_NEAR((scene.bodies[1].v.x() - v_start) / 0.2, expected, 0.02 * expected);
  EXPECT_NEAR(scene.bodies[1].x.z(), kBlockHalfHeight, 1e-4);
}

// The shear: a 0.4 x 0.2 block (3D: 0.4 x 0.4 x 0.2) under a gravity tilted by alpha(t),
// c = 1 kPa, f_t = 0.5 kPa; it holds while m g sin(alpha) < c A + mu m g cos(alpha), i.e.
// alpha < alpha* = atan(mu) + asin(c A / (m g sqrt(1 + mu^2))), and slides beyond.
TEST_P(CohesiveJoint, SlidesOnAnInclineOnlyBeyondCohesionPlusFriction) {
  const StepperCase stepper_case = GetParam();
  const int d = stepper_case.dimension;
  const double c = 1e3, f_t = 500.0;
  model::Scene scene =
      bonded_block(d, {.friction = kJointFriction, .cohesion = c, .tensile_strength = f_t});
  const double m = scene.bodies[1].mass;
  const double cohesion = c * base_area(d);
  const double alpha_star =
      std::atan(kJointFriction) +
      std::asin(cohesion / (m * kG * std::sqrt(1 + kJointFriction * kJointFriction)));
  ASSERT_LT(alpha_star, 1.2);  // the ramp below reaches it
  Loading loading(scene, stepper_case, points_per_joint(d));
  const double duration = ramp_duration(), rate = 1.3 / duration;  // rad/s
  const auto tilt = [&](double t) -> Vec3 {
    return kG * Vec3(std::sin(rate * t), 0, -std::cos(rate * t));
  };
  const std::vector<JointFailure> failures = loading.until_failure(tilt, duration);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].mode, FailureMode::Shear);
  EXPECT_EQ(loading.intact(), 0u);
  const double alpha = rate * loading.failure_time;
  // Held (to the penalty springs' sag) until then.
  EXPECT_LT(std::abs(loading.position_before_failure.x()),
            stepper_case.mode == Mode::Nscd ? 1e-9 : 1e-5);
  const double resolution = rate * loading.h();
  if (stepper_case.mode == Mode::Nscd) {
    EXPECT_GE(alpha, alpha_star - 1e-6) << "alpha* " << alpha_star;
    EXPECT_LE(alpha, alpha_star + resolution) << "alpha* " << alpha_star;
  } else {
    // The penalty springs lag the load as in the pull, and when the least pressed point
    // yields first the block's jolt may carry the joint's shear past the load: measured
    // 4e-6 rad early in planar mode, within one step of the ramp (2.6e-5 rad).
    const double lag = rate * penalty_damping(m, points_per_joint(d)) / kPenaltyStiffness;
    EXPECT_NEAR(alpha, alpha_star, resolution + 1.5 * lag) << "alpha* " << alpha_star;
  }
  // Then dry: it slides on.
  const double x_at_failure = scene.bodies[1].x.x();
  loading.run([&](double) -> Vec3 { return tilt(loading.failure_time); }, 0.05);
  EXPECT_GT(scene.bodies[1].x.x() - x_at_failure, 1e-4);
}

// The corbel: a block of length L = 0.4 and height H = 0.2 (3D: 0.2 deep) bonded to the face
// x = 0 of a fixed wall, its weight W = m g(t) rising. The joint's points are its corners,
// at z = +-H/2, each of area A/2 (3D: A/4). Moments about the joint's middle: the top
// points pull W L / (2 H) in all, the bottom ones push as much; the shear W is shared.
//  - tension governs when W L / (2 H) reaches f_t A / 2: W* = f_t A H / L;
//  - shear governs when W reaches c A (the normal forces sum to 0).
struct Corbel {
  double length;
  double cohesion;
  double tensile_strength;
};

class CohesiveCorbel : public CohesiveJoint {
 protected:
  // The failures of the corbel and the weight under which they came.
  std::pair<std::vector<JointFailure>, double> load(const Corbel& corbel, double& expected_weight,
                                                    FailureMode& expected_mode,
                                                    double& resolution) {
    const StepperCase stepper_case = GetParam();
    const int d = stepper_case.dimension;
    const double half_height = 0.1, half_depth = 0.1;
    model::Scene scene;
    scene.dimension = d;
    scene.interactions = model::InteractionTable({.friction = kJointFriction,
                                                  .cohesion = corbel.cohesion,
                                                  .tensile_strength = corbel.tensile_strength});
    const geometry::Shape wall = d == 3 ? geometry::Shape(geometry::Box{Vec3(0.1, 0.3, 0.5)})
                                        : testing::block_shape(2, 0.1, 0.5);
    scene.bodies.push_back(model::make_fixed_body("wall", wall, geometry::Pose{Vec3(-0.1, 0, 0)}));
    const double half_length = 0.5 * corbel.length;
    const geometry::Shape block =
        d == 3 ? geometry::Shape(geometry::Box{Vec3(half_length, half_depth, half_height)})
               : geometry::Shape(geometry::Polygon({{-half_length, -half_height},
                                                    {half_length, -half_height},
                                                    {half_length, half_height},
                                                    {-half_length, half_height}}));
    scene.bodies.push_back(model::make_free_body("corbel", block, kBlockDensity,
                                                 geometry::Pose{Vec3(half_length, 0, 0)}, d));
    const double m = scene.bodies[1].mass;
    const double area = d == 3 ? 2 * half_height * 2 * half_depth : 2 * half_height;
    const double tension_weight = corbel.tensile_strength * area * 2 * half_height / corbel.length;
    const double shear_weight = corbel.cohesion * area;
    expected_weight = std::min(tension_weight, shear_weight);
    expected_mode = tension_weight < shear_weight ? FailureMode::Tension : FailureMode::Shear;
    Loading loading(scene, stepper_case, points_per_joint(d));
    EXPECT_EQ(loading.intact(), static_cast<std::size_t>(points_per_joint(d)));
    const double duration = ramp_duration();
    const double rate = (2 * expected_weight / m - kG) / duration;
    const auto weight = [&](double t) -> Vec3 { return Vec3(0, 0, -(kG + rate * t)); };
    std::vector<JointFailure> failures = loading.until_failure(weight, duration);
    const double lag = stepper_case.mode == Mode::Penalty
                           ? m * rate * penalty_damping(m, points_per_joint(d)) / kPenaltyStiffness
                           : 0.0;
    resolution = m * rate * loading.h() + 1.5 * lag;
    const double failure_weight = -m * weight(loading.failure_time).z();
    // It falls: 50 ms later the corbel has dropped (or turned) by more than 1 mm.
    if (!failures.empty()) {
      loading.run([&](double) -> Vec3 { return weight(loading.failure_time); }, 0.05);
      EXPECT_LT(scene.bodies[1].x.z(), -1e-3);
    }
    return {failures, failure_weight};
  }
};

TEST_P(CohesiveCorbel, FailsInTensionAtTheTopUnderTheHandComputedWeight) {
  // L = 2 H: W* = f_t A / 2 = 5 kN per metre in planar mode; c A = 20 kN is far above.
  double expected_weight = 0, resolution = 0;
  FailureMode expected_mode{};
  const auto [failures, weight] =
      load({0.4, 100e3, 50e3}, expected_weight, expected_mode, resolution);
  EXPECT_EQ(expected_mode, FailureMode::Tension);
  ASSERT_FALSE(failures.empty());
  EXPECT_EQ(failures[0].mode, FailureMode::Tension);
  EXPECT_EQ(failures[0].points.size(), GetParam().dimension == 3 ? 2u : 1u);  // the top ones
  EXPECT_GE(weight, expected_weight * (1 - 1e-6));
  EXPECT_LE(weight, expected_weight + resolution);
}

TEST_P(CohesiveCorbel, FailsInShearUnderTheHandComputedWeightWhenShort) {
  // L = H / 4: the top pulls W / 8 in all, under f_t A / 2 = 1.5 kN per metre in planar mode
  // (f_t = 15 kPa <= c / mu) for any W up to c A = 2 kN: shear governs.
  double expected_weight = 0, resolution = 0;
  FailureMode expected_mode{};
  const auto [failures, weight] =
      load({0.05, 10e3, 15e3}, expected_weight, expected_mode, resolution);
  EXPECT_EQ(expected_mode, FailureMode::Shear);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].mode, FailureMode::Shear);
  EXPECT_GE(weight, expected_weight * (1 - 1e-6));
  EXPECT_LE(weight, expected_weight + resolution);
}

const auto kSetups =
    ::testing::Values(StepperCase{Mode::Nscd, 2}, StepperCase{Mode::Nscd, 3},
                      StepperCase{Mode::Penalty, 2}, StepperCase{Mode::Penalty, 3});
const auto kSetupName = [](const ::testing::TestParamInfo<StepperCase>& param) {
  return name_of(param.param);
};

INSTANTIATE_TEST_SUITE_P(Modes, CohesiveJoint, kSetups, kSetupName);
INSTANTIATE_TEST_SUITE_P(Modes, CohesiveCorbel, kSetups, kSetupName);

}  // namespace
}  // namespace moreau::dynamics
