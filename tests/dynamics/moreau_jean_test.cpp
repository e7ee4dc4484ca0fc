// The Moreau-Jean stepper through the whole stack (collision, Delassus, solver, update)
// against analytic mechanics, in 3D and in planar mode.
#include "moreau/dynamics/moreau_jean.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/solvers/automatic.hpp"
#include "support/diagnostic_of.hpp"
#include "support/stepping.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

namespace moreau::dynamics {
namespace {

using geometry::Pose;
using math::Vec3;
using std::numbers::pi;

using testing::block_shape;
using testing::kG;
using testing::options_with_step;
using testing::run_steps;
using testing::scene_on_ground;

TEST(MoreauJean, FreeFallIsExactWithThetaOneHalf) {
  model::Scene scene = scene_on_ground(3, {});
  scene.bodies.push_back(
      model::make_free_body("ball", geometry::Sphere{0.1}, 1000.0, Pose{Vec3(0, 0, 10)}, 3));
  scene.bodies.back().v = Vec3(1.0, 0.0, 2.0);
  MoreauJean stepper(scene, options_with_step(1e-3));
  run_steps(stepper, scene, 500);
  // theta = 1/2 integrates constant acceleration exactly: only round-off remains.
  const double t = 0.5;
  const Vec3 expected(1.0 * t, 0.0, 10.0 + 2.0 * t - 0.5 * kG * t * t);
  EXPECT_LT((scene.bodies[1].x - expected).norm(), 1e-12);
}

class Bounce : public ::testing::TestWithParam<int> {};

TEST_P(Bounce, ApexHeightsFollowESquaredAndTheBallComesToRestAtTheZenoTime) {
  const int dimension = GetParam();
  const double e = 0.5, radius = 0.1, h0 = 1.0, step = 1e-4;
  model::Scene scene = scene_on_ground(dimension, {.friction = 0.0, .restitution = e});
  const geometry::Shape shape =
      dimension == 3 ? geometry::Shape(geometry::Sphere{radius}) : block_shape(2, radius, radius);
  scene.bodies.push_back(
      model::make_free_body("ball", shape, 1000.0, Pose{Vec3(0, 0, h0 + radius)}, dimension));
  MoreauJean stepper(scene, options_with_step(step));

  // Drop time t0 = sqrt(2 h0 / g); the bounce times sum to t0 (1 + e)/(1 - e).
  const double t0 = std::sqrt(2 * h0 / kG);
  const double zeno = t0 * (1 + e) / (1 - e);
  std::vector<double> apexes;
  double previous_vz = 0.0;
  while (scene.time < 1.1 * zeno) {
    run_steps(stepper, scene, 1);
    const double vz = scene.bodies[1].v.z();
    if (previous_vz > 0.0 && vz <= 0.0) apexes.push_back(scene.bodies[1].x.z() - radius);
    previous_vz = vz;
  }
  ASSERT_GE(apexes.size(), 3u);
  for (std::size_t n = 0; n < 3; ++n) {
    const double expected = std::pow(e, 2.0 * (n + 1)) * h0;
    // The impact is resolved up to h |v| / 2 above the ground (the predicted-gap rule):
    // a height error of 1e-4 m at most, well inside the 1%.
    EXPECT_NEAR(apexes[n], expected, 0.01 * expected) << "bounce " << n + 1;
  }
  // At rest on the ground once the accumulation point is passed (10% later).
  EXPECT_LT(std::abs(scene.bodies[1].v.z()), 1e-9);
  EXPECT_NEAR(scene.bodies[1].x.z() - radius, 0.0, 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Dimension, Bounce, ::testing::Values(3, 2), [](const auto& test) {
  return test.param == 3 ? "Sphere3D" : "Square2D";
});

struct IncineCase {
  int dimension;
  double mu;
  double tilt_degrees;
};

class Incline : public ::testing::TestWithParam<IncineCase> {};

// Gravity turned by the tilt a about y is the same as a plane tilted by a.
TEST_P(Incline, StickBelowFrictionAngleSlideWithCoulombAccelerationAbove) {
  const auto [dimension, mu, tilt_degrees] = GetParam();
  const double a = tilt_degrees * pi / 180.0;
  model::Scene scene = scene_on_ground(dimension, {.friction = mu, .restitution = 0.0});
  scene.gravity = kG * Vec3(std::sin(a), 0.0, -std::cos(a));
  scene.bodies.push_back(model::make_free_body("block", block_shape(dimension, 0.2, 0.1), 2000.0,
                                               Pose{Vec3(0, 0, 0.1)}, dimension));
  MoreauJean stepper(scene, options_with_step(1e-3));
  const Vec3 start = scene.bodies[1].x;
  run_steps(stepper, scene, 1000);
  const double travelled = scene.bodies[1].x.x() - start.x();
  if (std::tan(a) < mu) {
    EXPECT_LT(std::abs(travelled), 1e-9);  // the bound after 1 s
  } else {
    const double acceleration = kG * (std::sin(a) - mu * std::cos(a));
    // Constant acceleration from rest: x = a t^2 / 2 exactly for theta = 1/2, up to the
    // solver tolerance; 0.5% is the bound.
    EXPECT_NEAR(travelled, 0.5 * acceleration, 0.005 * 0.5 * acceleration);
  }
  EXPECT_NEAR(scene.bodies[1].x.z(), 0.1, 1e-6);  // neither sinks nor lifts
}

INSTANTIATE_TEST_SUITE_P(Cases, Incline,
                         ::testing::Values(IncineCase{3, 0.3, 15}, IncineCase{3, 0.3, 20},
                                           IncineCase{3, 0.6, 30}, IncineCase{3, 0.6, 35},
                                           IncineCase{3, 0.1, 10}, IncineCase{2, 0.3, 15},
                                           IncineCase{2, 0.3, 20}, IncineCase{2, 0.8, 45}),
                         [](const auto& test) {
                           return std::string(test.param.dimension == 3 ? "Box" : "Square") +
                                  "_mu" + std::to_string(static_cast<int>(test.param.mu * 10)) +
                                  "_tilt" +
                                  std::to_string(static_cast<int>(test.param.tilt_degrees));
                         });

TEST(MoreauJean, StackOfTenBoxesStaysAtRestWithoutCreatingEnergy) {
  model::Scene scene = scene_on_ground(3, {.friction = 0.6, .restitution = 0.0});
  const double half = 0.1;
  for (int k = 0; k < 10; ++k)
    scene.bodies.push_back(model::make_free_body("box" + std::to_string(k),
                                                 geometry::Box{Vec3(half, half, half)}, 2000.0,
                                                 Pose{Vec3(0, 0, half + 2 * half * k)}, 3));
  // A stack is hyperstatic (4 contacts per joint, W singular): Gauss-Seidel alone stalls
  // near 1e-6 there; the default solver goes on to Newton and, if need be, prox.
  MoreauJean stepper(scene, options_with_step(1e-3));
  const testing::RestRecord rest = testing::run_at_rest(stepper, scene, 10'000);
  EXPECT_LT(rest.largest_displacement, 1e-6);  // the bound
  // Energy of 10 boxes of 16 kg at up to 2 m: ~1.6e3 J; round-off of the sum ~1e-12 J.
  EXPECT_LE(rest.worst_energy_increase, 1e-9);
}

// A stack of boxes, four contact points each: 3 x 4 unknowns against 6 degrees of freedom
// per box, solved in velocity space.
model::Scene stack_of_boxes(int count) {
  model::Scene scene = scene_on_ground(3, {.friction = 0.6, .restitution = 0.0});
  for (int k = 0; k < count; ++k)
    scene.bodies.push_back(model::make_free_body("box" + std::to_string(k),
                                                 geometry::Box{Vec3(0.1, 0.1, 0.1)}, 2000.0,
                                                 Pose{Vec3(0, 0, 0.1 + 0.2 * k)}, 3));
  return scene;
}

// The automatic choice's form by contact count, on a scene of two free blocks (12 degrees
// of freedom): W where contact unknowns are fewer, velocity space from there on.
TEST(MoreauJean, AutomaticChoiceSolvesHyperstaticStepsInTheGlobalForm) {
  model::Scene scene = stack_of_boxes(2);
  const MoreauJean stepper(scene, options_with_step(1e-3));
  EXPECT_FALSE(stepper.uses_global_form(4));  // 12 unknowns, 12 degrees of freedom
  EXPECT_TRUE(stepper.uses_global_form(5));
  EXPECT_TRUE(stepper.uses_global_form(50'000));
}

// A named method solves every step in its own form, whatever the contacts.
TEST(MoreauJean, ANamedMethodKeepsItsForm) {
  MoreauJeanOptions options = options_with_step(1e-3);
  options.solver.name = "velocity-newton";
  const StepSolvers global = make_step_solvers(options.solver);
  EXPECT_FALSE(global.local);
  EXPECT_EQ(global.global->name(), "velocity-newton");
  options.solver.name = "nsgs";
  const StepSolvers local = make_step_solvers(options.solver);
  EXPECT_EQ(local.local->name(), "nsgs");
  EXPECT_FALSE(local.global);
  options.solver.name = std::string(solvers::kAutomaticSolver);
  const StepSolvers automatic = make_step_solvers(options.solver);
  EXPECT_EQ(automatic.local->name(), solvers::default_solver_name());
  EXPECT_EQ(automatic.global->name(), solvers::kAutomaticSolver);
}

// Both steppers take the time step by one rule, and the NSCD one theta by another, which the
// problem reader places at its keys (tests/io/bad_inputs).
TEST(MoreauJean, RefusesTheTimeStepsAndThetasItsRulesRefuse) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const double h : {-1e-3, 0.0, inf, std::nan(""), 1e-3}) {
    model::Scene scene = scene_on_ground(3, model::ContactLaw{});
    MoreauJeanOptions options = options_with_step(h);
    const std::optional<std::string> expected = time_step_refusal(h);
    const std::string refusal = testing::diagnostic_of([&] { MoreauJean(scene, options); });
    EXPECT_EQ(refusal.empty(), !expected) << h;
    if (expected) {
      EXPECT_EQ(refusal, core::concat("error: time.step: expected ", *expected, ", found ", h));
    }
    PenaltyOptions penalty{.h = h};
    EXPECT_EQ(testing::diagnostic_of([&] { PenaltyStepper(scene, penalty, {model::Material{}}); }),
              refusal)
        << h;
  }
  for (const double theta : {0.49, 0.5, 1.0, 1.01, std::nan("")}) {
    model::Scene scene = scene_on_ground(3, model::ContactLaw{});
    MoreauJeanOptions options = options_with_step(1e-3);
    options.theta = theta;
    const std::string refusal = testing::diagnostic_of([&] { MoreauJean(scene, options); });
    EXPECT_EQ(refusal.empty(), !theta_refusal(theta)) << theta;
    EXPECT_EQ(refusal.empty(), theta >= 0.5 && theta <= 1.0) << theta;
  }
}

// The settings are checked as the solvers would be made, without making them.
TEST(MoreauJean, ChecksTheSolverSettingsAsItMakesTheSolvers) {
  const std::vector<StepSolverSettings> cases = {
      {.name = "nsgss", .parameters = {}},
      {.name = "nsgs", .parameters = {{"relaxation", "3"}}},
      {.name = std::string(solvers::kAutomaticSolver), .parameters = {{"relaxation", "1.3"}}},
      {.name = "velocity-nsgs", .parameters = {{"relaxation", "1.3"}}}};
  for (const StepSolverSettings& settings : cases)
    EXPECT_EQ(testing::diagnostic_of([&] { check_step_solver_settings(settings); }),
              testing::diagnostic_of([&] { make_step_solvers(settings); }))
        << settings.name;
  EXPECT_EQ(testing::diagnostic_of([&] {
              check_step_solver_settings(cases[0]);
            }).rfind("error: solver.name: expected one of", 0),
            0);
  EXPECT_EQ(testing::diagnostic_of([&] { check_step_solver_settings(cases.back()); }), "");
}

// The first step of 40 boxes (160 contact points: the sweeps, the global method, the local),
// by `solver` within `max_iterations`.
StepReport first_step_of_forty_boxes(const std::string& solver, int max_iterations) {
  model::Scene scene = stack_of_boxes(40);
  MoreauJeanOptions options = options_with_step(1e-3);
  options.solver.name = solver;
  options.solver.stop.max_iterations = max_iterations;
  MoreauJean stepper(scene, options);
  const StepReport report = stepper.step();
  EXPECT_TRUE(stepper.uses_global_form(report.active));
  EXPECT_EQ(solvers::Automatic::plan(report.active), solvers::AutomaticPlan::SweepsNewtonW);
  return report;
}

// Where no method of the automatic choice converges, the step takes the best answer of
// those that ran, not the last one's: here the global method's, better than the local one's
// from the warm start, which the step used to throw away.
TEST(MoreauJean, AStepNoMethodConvergesTakesTheBestAnswer) {
  const int limit = 2;
  const StepReport local = first_step_of_forty_boxes("hybrid", limit);
  ASSERT_FALSE(local.solve->converged());
  const StepReport automatic =
      first_step_of_forty_boxes(std::string(solvers::kAutomaticSolver), limit);
  EXPECT_FALSE(automatic.solve->converged());
  EXPECT_EQ(automatic.solver, "velocity-newton");
  EXPECT_THAT(automatic.solve->stages, ::testing::EndsWith("back to velocity-newton"));
  EXPECT_LT(automatic.solve->error, local.solve->error);
}

// The time limit is the step's: once it is spent, no method follows the one that spent it.
TEST(MoreauJean, NoMethodFollowsOnceTheStepsTimeLimitIsSpent) {
  model::Scene scene = stack_of_boxes(40);
  MoreauJeanOptions options = options_with_step(1e-3);
  options.solver.stop.time_limit = 1e-9;
  MoreauJean stepper(scene, options);
  const StepReport report = stepper.step();
  EXPECT_EQ(solvers::Automatic::plan(report.active), solvers::AutomaticPlan::SweepsNewtonW);
  EXPECT_EQ(report.solve->status, solvers::Status::TimeLimit);
  EXPECT_EQ(report.solver, "velocity-nsgs");
  EXPECT_EQ(report.solve->stages, "");
  for (const model::Body& body : scene.bodies) EXPECT_TRUE(body.x.allFinite()) << body.name;
}

// From Automatic::kNewtonAloneContacts on the global method answers alone: a stack of 60
// boxes (240 contact points) whose first step it does not converge keeps its answer.
TEST(MoreauJean, NothingFollowsTheGlobalMethodFromGlobalFormContactsOn) {
  model::Scene scene = stack_of_boxes(60);
  MoreauJeanOptions options = options_with_step(1e-3);
  options.solver.stop.max_iterations = 1;
  MoreauJean stepper(scene, options);
  const StepReport report = stepper.step();
  EXPECT_EQ(solvers::Automatic::plan(report.active), solvers::AutomaticPlan::NewtonAlone);
  EXPECT_FALSE(report.solve->converged());
  EXPECT_EQ(report.solver, "velocity-newton");
  EXPECT_EQ(report.solve->stages, "");
}

}  // namespace
}  // namespace moreau::dynamics
