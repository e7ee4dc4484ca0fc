// The stepper's parallel loops (collision detection, detect_body_contacts of
// contact_detection.hpp) give bitwise the same run whatever the number of threads: each pair of
// bodies is collided into its own slot and the contacts are gathered in the broad phase's order.
#include "moreau/dynamics/contact_detection.hpp"

#include "moreau/dynamics/moreau_jean.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <vector>

namespace moreau::dynamics {
namespace {

using math::Vec3;

// Three courses of a 3D running-bond wall, its top course pushed sideways: blocks slide and
// rock, so that contacts open, close and are renamed during the run.
model::Scene pushed_wall() {
  model::Scene scene = testing::scene_on_ground(3, {.friction = 0.5, .restitution = 0.0});
  for (int course = 0; course < 3; ++course)
    for (int k = 0; k < 5; ++k) {
      scene.bodies.push_back(model::make_free_body(
          "brick", geometry::Box{Vec3(0.2, 0.1, 0.05)}, 1800.0,
          geometry::Pose{Vec3(0.4 * k + 0.2 * (course % 2), 0.0, 0.05 + 0.1 * course)}, 3));
      if (course == 2) scene.bodies.back().v = Vec3(0.3, 0.2, 0.0);
    }
  return scene;
}

std::vector<model::Body> run_with_threads(int threads) {
  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
  model::Scene scene = pushed_wall();
  MoreauJean stepper(scene, testing::options_with_step(1e-3));
  for (int step = 0; step < 200; ++step) stepper.step();
  return scene.bodies;
}

TEST(ThreadCount, RunsAreBitwiseTheSameWithOneTwoAndFourThreads) {
  const std::vector<model::Body> one = run_with_threads(1);
  for (const int threads : {2, 4}) {
    const std::vector<model::Body> many = run_with_threads(threads);
    ASSERT_EQ(many.size(), one.size());
    for (std::size_t b = 0; b < one.size(); ++b) {
      EXPECT_EQ(many[b].x, one[b].x) << threads << " threads, body " << b;
      EXPECT_EQ(many[b].q.coeffs(), one[b].q.coeffs()) << threads << " threads, body " << b;
      EXPECT_EQ(many[b].v, one[b].v) << threads << " threads, body " << b;
    }
  }
}

}  // namespace
}  // namespace moreau::dynamics
