// Scenes of the penalty mode's tests, for its explicit and its implicit integration.
#pragma once

#include "moreau/model/material.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/penalty/law_pair.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::testing {

/// A sphere of 1 kg, radius 5 cm, 0.1 mm above the ground, falling at 1 m/s, no gravity, no
/// friction, with the penalty laws `laws`.
inline model::Scene falling_ball(const penalty::LawPair& laws) {
  model::ContactLaw law{.friction = 0.0, .restitution = 0.0, .penalty = laws};
  model::Scene scene = scene_on_ground(3, law);
  scene.gravity = math::Vec3::Zero();
  constexpr double kRadius = 0.05;
  geometry::Pose pose;
  pose.position = math::Vec3(0, 0, kRadius + 1e-4);
  const double density = 1.0 / (4.0 / 3.0 * std::numbers::pi * kRadius * kRadius * kRadius);
  scene.bodies.push_back(
      model::make_free_body("ball", geometry::Sphere{kRadius}, density, pose, 3));
  scene.bodies.back().v = math::Vec3(0, 0, -1);
  return scene;
}

/// Gravity tilted by alpha_deg about y: an incline rising along -x.
inline math::Vec3 incline_gravity(double alpha_deg) {
  const double alpha = alpha_deg * std::numbers::pi / 180.0;
  return kG * math::Vec3(std::sin(alpha), 0, -std::cos(alpha));
}

/// A 10 cm cube (2.5 kg) resting on the ground, under gravity tilted by alpha_deg about y,
/// mu = 0.5, e = 0, with the penalty laws `laws`.
inline model::Scene cube_on_incline(int dimension, const penalty::LawPair& laws, double alpha_deg) {
  model::Scene scene =
      scene_on_ground(dimension, {.friction = 0.5, .restitution = 0.0, .penalty = laws});
  scene.gravity = incline_gravity(alpha_deg);
  geometry::Pose pose;
  pose.position = math::Vec3(0, 0, 0.05);
  scene.bodies.push_back(
      model::make_free_body("cube", block_shape(dimension, 0.05, 0.05), 2500.0, pose, dimension));
  return scene;
}

/// The cube's stone for the stick tests: Poisson's ratio 0.25, so that the tangential springs
/// left to the calibration are Mindlin's K_t = (1 - nu)/(1 - nu/2) K_n = 6/7 K_n (the DEMLab
/// spring-dashpot-slider's).
inline const std::vector<model::Material> kStone{{"stone", 2500.0, 0.0, 0.25, 0.0}};

/// How far the centre of the cube's base (cube_on_incline) moved along the slope since the
/// start: the stretch of the tangential springs at its corners, which a small tilt of the cube
/// moves alike (to its square).
inline double base_shear(const model::Scene& scene) {
  const model::Body& cube = scene.bodies[1];
  return (cube.x + cube.q * math::Vec3(0, 0, -0.05)).x();
}

/// The stretch that holds the cube's weight along the slope on its n corners (4 in 3D, 2 in
/// planar mode) of stiffness K_t = 6/7 k_n (kStone): m g sin(alpha) / (n K_t). The tests hold
/// it to 1e-3, where K_t = k_n instead of Mindlin's ratio would be 17 % off: the springs
/// stretch at the contact points, in the middle of the overlap delta, and the cube's tilt theta
/// on its springs moves those by theta delta / 2 from its corners (7.6e-5 rad and 1.2e-5 m in
/// planar mode: 1e-4 of the stretch, as measured; 5e-6 in 3D).
inline double stick_shear(const model::Scene& scene, double alpha_deg, double normal_stiffness) {
  const double corners = scene.dimension == 3 ? 4.0 : 2.0;
  return scene.bodies[1].mass * kG * std::sin(alpha_deg * std::numbers::pi / 180.0) /
         (corners * 6.0 / 7.0 * normal_stiffness);
}

/// Steps `step` (each with the cube of cube_on_incline(..., 0)) `steps` times, the incline tilted
/// from 0 to alpha_deg over the first `ramp` of them and held there: a load the springs take
/// quasi-statically, with the normal force there from the start (a cube put on a slope at
/// once slides at first, its springs not yet pressed).
template <class Step>
void tilt_slowly(model::Scene& scene, double alpha_deg, int ramp, int steps, Step step) {
  for (int k = 1; k <= steps; ++k) {
    scene.gravity = incline_gravity(alpha_deg * std::min(1.0, static_cast<double>(k) / ramp));
    step();
  }
}

/// A tangential law and a dimension of the incline tests.
struct InclineCase {
  penalty::TangentialLawKind law;
  int dimension;
};

/// Each tangential law with a spring, in 3D and in planar mode.
inline const auto kInclineCases =
    ::testing::Values(InclineCase{penalty::TangentialLawKind::SpringDashpotSlider, 3},
                      InclineCase{penalty::TangentialLawKind::IncrementalCoulomb, 3},
                      InclineCase{penalty::TangentialLawKind::SpringDashpotSlider, 2},
                      InclineCase{penalty::TangentialLawKind::IncrementalCoulomb, 2});

/// "Slider3D", "IncrementalPlanar", ...: the test name of a case.
inline std::string incline_case_name(const ::testing::TestParamInfo<InclineCase>& info) {
  return std::string(info.param.law == penalty::TangentialLawKind::SpringDashpotSlider
                         ? "Slider"
                         : "Incremental") +
         (info.param.dimension == 3 ? "3D" : "Planar");
}

}  // namespace moreau::testing
