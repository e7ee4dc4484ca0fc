// What a run is (run::Problem) and the quantities derived from it: the names of its modes,
// a warning's text, the steppers' options, the step count and a replaced duration, the support
// the strongest ground motion shakes and the load factor it reports, and the base and top of
// the free bodies.
#include "moreau/run/problem.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace moreau::run {
namespace {

using math::Vec3;

TEST(Problem, ModeAndIntegrationNamesReadBack) {
  for (const Mode mode : {Mode::Nscd, Mode::Penalty})
    EXPECT_EQ(mode_named(mode_name(mode)), mode) << mode_name(mode);
  for (const PenaltyIntegration integration :
       {PenaltyIntegration::Explicit, PenaltyIntegration::Implicit})
    EXPECT_EQ(integration_named(integration_name(integration)), integration);
  EXPECT_STREQ(mode_name(Mode::Penalty), "penalty");
  EXPECT_STREQ(integration_name(PenaltyIntegration::Implicit), "implicit");
  EXPECT_FALSE(mode_named("NSCD").has_value());  // the names are lower case, as documented
  EXPECT_FALSE(integration_named("backward-euler").has_value());
}

TEST(Problem, WarningTextHasItsPlaceSeverityKeyAndMessage) {
  InputWarning warning;
  warning.where = core::SourceLocation{"wall.yaml", 4, 28};
  warning.key = "materials[0].density";
  warning.message = "2.4 kg/m^3";
  EXPECT_EQ(warning.text(), "wall.yaml:4:28: warning: materials[0].density: 2.4 kg/m^3");
  warning.severity = InputWarning::Severity::Note;
  EXPECT_EQ(warning.text(), "wall.yaml:4:28: note: materials[0].density: 2.4 kg/m^3");
  warning.where = {};
  warning.severity = InputWarning::Severity::Warning;
  EXPECT_EQ(warning.text(), "warning: materials[0].density: 2.4 kg/m^3");  // no place to name
}

// The implicit penalty mode's backward Euler step takes theta = 1 whatever time.theta says.
TEST(Problem, StepperOptionsFollowTheMode) {
  Problem problem;
  problem.time_step = 2e-3;
  problem.theta = 0.75;
  problem.critical_step = dynamics::CriticalStepPolicy::Substep;
  EXPECT_EQ(moreau_jean_options(problem).h, 2e-3);
  EXPECT_EQ(moreau_jean_options(problem).theta, 0.75);
  problem.mode = Mode::Penalty;
  EXPECT_EQ(moreau_jean_options(problem).theta, 1.0);
  EXPECT_EQ(penalty_options(problem).h, 2e-3);
  EXPECT_EQ(penalty_options(problem).critical_step, dynamics::CriticalStepPolicy::Substep);
}

TEST(Problem, StepCountReachesTheDuration) {
  Problem problem;
  problem.time_step = 1e-3;
  problem.duration = 2.0;  // 2.0 / 1e-3 is 2000 only up to round-off
  EXPECT_EQ(step_count(problem), 2000);
  problem.duration = 0.0105;  // the last step ends past the duration
  EXPECT_EQ(step_count(problem), 11);
  problem.duration = 1e-3;
  EXPECT_EQ(step_count(problem), 1);
}

TEST(Problem, SetDurationRefusesLessThanAStepAndTooManySteps) {
  Problem problem;
  problem.time_step = 1e-3;
  set_duration(problem, 0.5, "--duration");
  EXPECT_EQ(problem.duration, 0.5);
  for (const double refused : {5e-4, 2e9, std::numeric_limits<double>::quiet_NaN(),
                               std::numeric_limits<double>::infinity()}) {
    try {
      set_duration(problem, refused, "--duration");
      ADD_FAILURE() << "accepted " << refused;
    } catch (const core::Diagnostic& error) {
      EXPECT_EQ(error.key(), "--duration") << refused;
    }
  }
  EXPECT_EQ(problem.duration, 0.5) << "a refused duration left the problem as it was";
}

// A record sampled at 0, 0.5 and 1 s whose peak is the middle sample.
model::GroundMotion ground_motion_on(const std::string& body, const Vec3& peak) {
  model::GroundMotion motion;
  motion.body = body;
  motion.record.time = {0.0, 0.5, 1.0};
  motion.record.acceleration = {Vec3::Zero(), peak, Vec3::Zero()};
  return motion;
}

Problem shaken_pier() {
  Problem problem;
  for (const char* name : {"ground", "table", "pier"})
    problem.scene.bodies.push_back(model::make_fixed_body(name, geometry::Plane{}, {}));
  problem.ground_motions.push_back(ground_motion_on("table", Vec3(4.0, 0.0, 9.0)));
  // |(3, 4)| = 5 m/s^2, the larger horizontal peak though its x is below the table's 4 (the
  // table's vertical 9 does not count).
  problem.ground_motions.push_back(ground_motion_on("pier", Vec3(3.0, 4.0, 0.0)));
  return problem;
}

TEST(Problem, StrongestGroundMotionShakesTheSupportAndGivesTheLoadFactor) {
  const Problem problem = shaken_pier();
  ASSERT_NE(strongest_ground_motion(problem), nullptr);
  EXPECT_EQ(strongest_ground_motion(problem)->body, "pier");
  EXPECT_EQ(shaken_support(problem), 2u);
  EXPECT_EQ(load_factor_name(problem), "pga_reached_g");
  EXPECT_EQ(load_factor(problem, 0.25), 0.0);  // only the first sample reached
  EXPECT_DOUBLE_EQ(load_factor(problem, 0.75), 5.0 / model::kStandardGravity);
}

TEST(Problem, ATiltingTableReportsItsAngleEvenUnderGroundMotion) {
  Problem problem = shaken_pier();
  problem.gravity.tilt_rate = 2.0;
  EXPECT_EQ(load_factor_name(problem), "tilt_angle_deg");
  EXPECT_EQ(load_factor(problem, 0.75), problem.gravity.load_factor(0.75));
}

TEST(Problem, WithoutGroundMotionNothingIsShaken) {
  const Problem problem;
  EXPECT_EQ(strongest_ground_motion(problem), nullptr);
  EXPECT_FALSE(shaken_support(problem).has_value());
  EXPECT_EQ(load_factor_name(problem), "gravity_factor");
}

// A sphere of radius 0.5 at z = 2 on a cube of half size 0.25 at z = 1 on the ground: the
// base is the cube's bottom, 0.75 m, and the top the sphere; the fixed ground counts for
// neither.
TEST(Problem, FreeBodiesBaseAndTopIgnoreFixedBodies) {
  Problem problem;
  EXPECT_EQ(free_bodies_base(problem), std::numeric_limits<double>::infinity());
  EXPECT_EQ(highest_free_body(problem), "");
  problem.scene.bodies.push_back(model::make_fixed_body(
      "ground", geometry::Box{Vec3(5.0, 5.0, 0.5)}, {Vec3(0.0, 0.0, -0.5), {}}));
  problem.scene.bodies.push_back(model::make_free_body(
      "cube", geometry::Box{Vec3(0.25, 0.25, 0.25)}, 2000.0, {Vec3(0.0, 0.0, 1.0), {}}, 3));
  problem.scene.bodies.push_back(
      model::make_free_body("ball", geometry::Sphere{0.5}, 2000.0, {Vec3(0.0, 0.0, 2.0), {}}, 3));
  // The cube's body frame (principal axes of an isotropic inertia) gives its shape pose back
  // up to round-off only.
  EXPECT_NEAR(free_bodies_base(problem), 0.75, 1e-12);
  EXPECT_EQ(highest_free_body(problem), "ball");
}

}  // namespace
}  // namespace moreau::run
