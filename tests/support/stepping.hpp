// Scenes and a checked stepping loop shared by the physics tests of the stepper.
#pragma once

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/geometry/polygon.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace moreau::testing {

inline constexpr double kG = 9.81;

/// A scene with the ground plane z = 0 as body 0 and `law` between every pair.
inline model::Scene scene_on_ground(int dimension, model::ContactLaw law) {
  model::Scene scene;
  scene.dimension = dimension;
  scene.interactions = model::InteractionTable(law);
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, geometry::Pose{}));
  return scene;
}

/// A box of half extents (half_x, half_x, half_z) in 3D, the rectangle (half_x, half_z) in
/// planar mode.
inline geometry::Shape block_shape(int dimension, double half_x, double half_z) {
  if (dimension == 3) return geometry::Box{math::Vec3(half_x, half_x, half_z)};
  return geometry::Polygon(
      {{-half_x, -half_z}, {half_x, -half_z}, {half_x, half_z}, {-half_x, half_z}});
}

/// Options with step h and a solver tolerance of 1e-10, below every test's bound.
inline dynamics::MoreauJeanOptions options_with_step(double h) {
  dynamics::MoreauJeanOptions options;
  options.h = h;
  options.solver.stop.tolerance = 1e-10;
  return options;
}

/// Steps the scene, failing at the first step whose solve does not converge or whose state
/// is not finite (NaN would otherwise slip through comparisons).
inline void run_steps(dynamics::MoreauJean& stepper, const model::Scene& scene, int steps,
                      const std::function<void(const dynamics::StepReport&)>& observe = {}) {
  for (int k = 0; k < steps; ++k) {
    const dynamics::StepReport report = stepper.step();
    ASSERT_TRUE(!report.solve || report.solve->converged())
        << "step " << k << ": " << solvers::to_string(report.solve->status) << ", error "
        << report.solve->error << ", " << report.active << " contacts";
    for (const model::Body& body : scene.bodies)
      ASSERT_TRUE(body.x.allFinite() && body.v.allFinite()) << body.name << ", step " << k;
    if (observe) observe(report);
  }
}

/// What a structure at rest did over a run: the largest displacement of a body's centre
/// (m), the largest increase of kinetic + potential energy in one step (J), and the largest
/// excess of that energy over its value after the first step (J).
struct RestRecord {
  double largest_displacement = 0.0;
  double worst_energy_increase = 0.0;
  double worst_energy_gain = 0.0;
};

inline RestRecord run_at_rest(dynamics::MoreauJean& stepper, const model::Scene& scene, int steps) {
  std::vector<math::Vec3> start;
  for (const model::Body& body : scene.bodies) start.push_back(body.x);
  RestRecord record;
  double previous_energy = INFINITY, first_energy = INFINITY;
  run_steps(stepper, scene, steps, [&](const dynamics::StepReport& report) {
    const double energy = report.kinetic_energy + report.potential_energy;
    if (first_energy == INFINITY) first_energy = energy;
    record.worst_energy_increase = std::max(record.worst_energy_increase, energy - previous_energy);
    record.worst_energy_gain = std::max(record.worst_energy_gain, energy - first_energy);
    previous_energy = energy;
  });
  for (std::size_t b = 0; b < scene.bodies.size(); ++b)
    record.largest_displacement =
        std::max(record.largest_displacement, (scene.bodies[b].x - start[b]).norm());
  return record;
}

}  // namespace moreau::testing
