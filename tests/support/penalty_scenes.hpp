// Scenes of the penalty mode's tests, for its explicit and its implicit integration.
#pragma once

#include "moreau/model/scene.hpp"
#include "moreau/penalty/law_pair.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <numbers>
#include <string>

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

/// A 10 cm cube (2.5 kg) resting on the ground, under gravity tilted by alpha_deg about y,
/// mu = 0.5, e = 0, with the penalty laws `laws`.
inline model::Scene cube_on_incline(int dimension, const penalty::LawPair& laws, double alpha_deg) {
  model::Scene scene =
      scene_on_ground(dimension, {.friction = 0.5, .restitution = 0.0, .penalty = laws});
  const double alpha = alpha_deg * std::numbers::pi / 180.0;
  scene.gravity = kG * math::Vec3(std::sin(alpha), 0, -std::cos(alpha));
  geometry::Pose pose;
  pose.position = math::Vec3(0, 0, 0.05);
  scene.bodies.push_back(
      model::make_free_body("cube", block_shape(dimension, 0.05, 0.05), 2500.0, pose, dimension));
  return scene;
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
