// Stepper::state() and restore() (stepper.hpp): a stepper built afresh on a scene put back to
// step N, given the state of the stepper that took steps 1 to N, takes steps N+1 to 2N
// bitwise as the uninterrupted stepper does, in both modes, and it would not without the
// state (the warm start of NSCD, the tangential springs of the penalty laws).
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/math/quaternion.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

namespace moreau::dynamics {
namespace {

using math::Vec3;

constexpr int kHalf = 1000;  // steps before and after the restart
// Gravity tilted along +x by more than atan(mu) = 26.6 deg, as on a tilting table: nothing
// can come to rest.
constexpr double kTableTiltDeg = 30.0;

// Three boxes on the ground plane, mu = 0.5, in contact with it or each other through the
// whole run:
//   slider  10 cm cube launched at 1 m/s along x and spinning at 3 rad/s about z: it slides
//           down the table, g (sin 30 - mu cos 30) = 0.66 m/s^2, and its spin decays;
//   top     a 6 cm cube resting on the slider, at the limit of sticking to it (the friction
//           it needs to follow is exactly mu m g cos 30); in NSCD it slips off and tumbles
//           to the ground before step 2000;
//   rocker  a 10 x 10 x 20 cm block tilted 15 deg on its lowest edge, moving down at
//           0.5 m/s: it lands on its edge (an impact), rocks, and topples onto its side
//           (tan 30 > 1/2, its width over its height) in NSCD's 2 s.
model::Scene tumbling_boxes(const penalty::LawPair& laws) {
  model::Scene scene =
      testing::scene_on_ground(3, {.friction = 0.5, .restitution = 0.0, .penalty = laws});
  const double table = math::radians(kTableTiltDeg);
  scene.gravity = testing::kG * Vec3(std::sin(table), 0, -std::cos(table));
  geometry::Pose pose;
  pose.position = Vec3(0, 0, 0.05);
  scene.bodies.push_back(
      model::make_free_body("slider", geometry::Box{Vec3::Constant(0.05)}, 2500.0, pose, 3));
  scene.bodies.back().v = Vec3(1.0, 0, 0);
  scene.bodies.back().w_B = Vec3(0, 0, 3.0);
  pose.position = Vec3(0, 0, 0.13);
  scene.bodies.push_back(
      model::make_free_body("top", geometry::Box{Vec3::Constant(0.03)}, 2500.0, pose, 3));
  const double tilt = math::radians(15.0);
  pose.orientation = math::from_axis_angle(Vec3::UnitY(), tilt);
  pose.position = Vec3(-0.5, 0, 0.05 * std::sin(tilt) + 0.1 * std::cos(tilt));
  scene.bodies.push_back(
      model::make_free_body("rocker", geometry::Box{Vec3(0.05, 0.05, 0.1)}, 2500.0, pose, 3));
  scene.bodies.back().v = Vec3(0, 0, -0.5);
  return scene;
}

struct BodyState {
  Vec3 x, v, w_B;
  math::Quat q;
};

struct SceneState {
  double time = 0.0;
  std::vector<BodyState> bodies;
};

SceneState scene_state(const model::Scene& scene) {
  SceneState state{scene.time, {}};
  for (const model::Body& body : scene.bodies)
    state.bodies.push_back({body.x, body.v, body.w_B, body.q});
  return state;
}

void put_back(model::Scene& scene, const SceneState& state) {
  scene.time = state.time;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    scene.bodies[b].x = state.bodies[b].x;
    scene.bodies[b].v = state.bodies[b].v;
    scene.bodies[b].w_B = state.bodies[b].w_B;
    scene.bodies[b].q = state.bodies[b].q;
  }
}

void take_steps(Stepper& stepper, int steps) {
  for (int k = 0; k < steps; ++k) stepper.step();
}

// The largest difference of a coordinate of x, v, w_B or q between two end states (0 only
// when they are bitwise equal, up to the sign of zero).
double largest_difference(const SceneState& a, const SceneState& b) {
  double largest = 0.0;
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    const BodyState& p = a.bodies[i];
    const BodyState& r = b.bodies[i];
    largest = std::max({largest, (p.x - r.x).cwiseAbs().maxCoeff(),
                        (p.v - r.v).cwiseAbs().maxCoeff(), (p.w_B - r.w_B).cwiseAbs().maxCoeff(),
                        (p.q.coeffs() - r.q.coeffs()).cwiseAbs().maxCoeff()});
  }
  return largest;
}

void expect_bitwise_equal(const SceneState& straight, const SceneState& restarted) {
  EXPECT_EQ(straight.time, restarted.time);
  for (std::size_t b = 0; b < straight.bodies.size(); ++b) {
    const BodyState& s = straight.bodies[b];
    const BodyState& r = restarted.bodies[b];
    EXPECT_TRUE(s.x == r.x) << "body " << b << ": x " << (s.x - r.x).transpose();
    EXPECT_TRUE(s.v == r.v) << "body " << b << ": v " << (s.v - r.v).transpose();
    EXPECT_TRUE(s.w_B == r.w_B) << "body " << b << ": w " << (s.w_B - r.w_B).transpose();
    EXPECT_TRUE(s.q.coeffs() == r.q.coeffs()) << "body " << b << ": q";
  }
}

using MakeStepper = std::function<std::unique_ptr<Stepper>(model::Scene&)>;

// The end of 2 kHalf steps straight; the end after kHalf steps, a restart with the state,
// and kHalf steps; and the same restart without the state.
struct Ends {
  SceneState straight, restarted, restarted_without_state;
  StepperState at_restart;
};

Ends run_three_ways(const std::function<model::Scene()>& make_scene, const MakeStepper& make) {
  Ends ends;
  model::Scene scene = make_scene();
  const std::unique_ptr<Stepper> straight = make(scene);
  take_steps(*straight, kHalf);
  const SceneState middle = scene_state(scene);
  ends.at_restart = straight->state();
  take_steps(*straight, kHalf);
  ends.straight = scene_state(scene);

  for (const bool with_state : {true, false}) {
    model::Scene again = make_scene();
    const std::unique_ptr<Stepper> restarted = make(again);
    put_back(again, middle);
    if (with_state) restarted->restore(ends.at_restart);
    take_steps(*restarted, kHalf);
    (with_state ? ends.restarted : ends.restarted_without_state) = scene_state(again);
  }
  return ends;
}

TEST(StepperState, MoreauJeanContinuesBitwiseWithItsWarmStart) {
  const auto make_scene = [] { return tumbling_boxes({}); };
  const Ends ends = run_three_ways(make_scene, [](model::Scene& scene) {
    return std::make_unique<MoreauJean>(scene, testing::options_with_step(1e-3));
  });
  const auto& own = std::get<MoreauJeanState>(ends.at_restart);
  EXPECT_GE(own.impulses.size(), 8u) << "the boxes touch at step 1000";
  expect_bitwise_equal(ends.straight, ends.restarted);
  // Without the impulses of step 1000, the solve of step 1001 starts from zero and stops at
  // another point within its tolerance (1e-10), and the tumbling amplifies it: measured
  // 7.0e-4 (the largest coordinate of x, v, w_B or q) after the 1000 steps.
  EXPECT_GT(largest_difference(ends.straight, ends.restarted_without_state), 0.0);
}

TEST(StepperState, PenaltyStepperContinuesBitwiseWithItsTangentialSprings) {
  penalty::LawPair laws;
  laws.normal.stiffness = 2.5e5;  // N/m: omega h <= 0.03 on the 6 cm cube's corners
  laws.tangential.kind = penalty::TangentialLawKind::IncrementalCoulomb;
  const auto make_scene = [&] { return tumbling_boxes(laws); };
  const Ends ends = run_three_ways(make_scene, [](model::Scene& scene) {
    return std::make_unique<PenaltyStepper>(scene, PenaltyOptions{.h = 2e-5},
                                            std::vector<model::Material>{{"default"}});
  });
  const auto& own = std::get<PenaltyState>(ends.at_restart);
  EXPECT_GE(own.tangential_states.size(), 8u) << "the boxes touch at step 1000";
  EXPECT_GT(own.dissipated.slip, 0.0) << "the slider slips";
  expect_bitwise_equal(ends.straight, ends.restarted);
  // Without the tangential springs, every contact restarts unstressed: measured 5.9e-2 after the
  // 1000 steps (0.02 s).
  EXPECT_GT(largest_difference(ends.straight, ends.restarted_without_state), 0.0);
}

// Each stepper's state is its own type: the other stepper's is refused, not misread.
TEST(StepperState, AStepperRefusesTheOtherKindsState) {
  penalty::LawPair laws;
  laws.normal.stiffness = 2.5e5;  // N/m (the penalty stepper needs a stiffness or a modulus)
  model::Scene scene = tumbling_boxes(laws);
  MoreauJean nscd(scene, testing::options_with_step(1e-3));
  EXPECT_THROW(nscd.restore(PenaltyState{}), std::bad_variant_access);
  PenaltyStepper penalty(scene, PenaltyOptions{.h = 2e-5}, {{"default"}});
  EXPECT_THROW(penalty.restore(MoreauJeanState{}), std::bad_variant_access);
}

}  // namespace
}  // namespace moreau::dynamics
