// What several tests of problems and runs share (tests/run, tests/io, tests/cli): small
// problem files without an `output` key (each test adds the outputs it needs), the bundled
// problems and a problem's body by name.
#pragma once

#include "moreau/run/problem.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>

namespace moreau::testing {

/// The bundled problems (problems/ of the source tree).
inline const std::filesystem::path kBundledProblems =
    std::filesystem::path(MOREAU_SOURCE_DIR) / "problems";
/// The slender block hit by a rectangular pulse, the small problem of the ida tests.
inline const std::string kRockingBlockPulse =
    (kBundledProblems / "rocking-block-pulse.yaml").string();

/// The body of `problem` called `name`.
inline const model::Body& body_named(const run::Problem& problem, const std::string& name) {
  for (const model::Body& body : problem.scene.bodies)
    if (body.name == name) return body;
  throw std::runtime_error("no body " + name);
}

/// 7 voussoirs on the ground, the table tilting at 15 deg/s: the arch starts to move near
/// step 900 (t = 0.9 s, 13.5 deg) and its kinetic energy passes 20 J at step 1353, which
/// stops the run (the structure was at rest before: stop.collapse.kinetic_energy).
inline const std::string kTiltingArch = R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 2.0}
interactions:
  default: {friction: 0.6}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: arch, form: semicircular, span: 1.0, thickness: 0.1, voussoirs: 7,
     springing_height: 0.0, abutments: false}
loads:
  tilt: {rate: 15.0}
stop:
  collapse: {kinetic_energy: 20.0}
)";

/// Gravity tilted by 30 deg > atan(0.5) (penalty mode): the slider (launched at 1 m/s,
/// spinning) slides all along, the small cube on it is at the limit of sticking, the rocker
/// lands on its edge at 0.5 m/s and rocks. 2000 steps of 20 us.
inline const std::string kPenaltyBoxes = R"(version: 1
mode: penalty
gravity: [4.905, 0, -8.49571]
time: {step: 2.0e-5, duration: 0.04}
interactions:
  default:
    friction: 0.5
    penalty:
      normal: {law: linear, stiffness: 2.5e5}
      tangential: {law: incremental}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - {name: slider, shape: {type: box, size: [0.1, 0.1, 0.1]}, position: [0, 0, 0.05],
     velocity: [1, 0, 0], angular_velocity: [0, 0, 3]}
  - {name: top, shape: {type: box, size: [0.06, 0.06, 0.06]}, position: [0, 0, 0.13]}
  - {name: rocker, shape: {type: box, size: [0.1, 0.1, 0.2]}, position: [-0.5, 0, 0.10954],
     orientation: {axis: [0, 1, 0], angle: 15}, velocity: [0, 0, -0.5]}
)";

}  // namespace moreau::testing
