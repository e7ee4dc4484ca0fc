// What the tests of the problem-file reader share: a fixture that writes files to a scratch
// folder, the round-off tolerance of values read back, a 3D file that gives every key and the
// ground-motion record it names.
#pragma once

#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace moreau::io::checks {

namespace fs = std::filesystem;

// Values pass through a decimal text and at most a few operations: round-off only.
constexpr double kTol = 1e-12;

class ProblemFileTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path path = folder_ / name;
    std::ofstream(path) << text;
    return path;
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

inline const char* const kFull3d = R"(version: 1
title: Every key
dimension: 3
gravity: [0, 0, -9.5]
time: {step: 2.0e-3, duration: 1.5, theta: 0.75, critical_step: substep}
mode: penalty
solver: {name: nsgs, tolerance: 1.0e-6, max_iterations: 250, time_limit: 3,
         parameters: {relaxation: 1.2}}
threads: 3
materials:
  - {name: stone, density: 2400, young_modulus: 1.0e10, poisson_ratio: 0.2}
  - {name: steel, density: 7800, young_modulus: 2.0e11}
interactions:
  default: {friction: 0.6, restitution: 0.1}
  pairs:
    - {materials: [steel, stone], friction: 0.4, restitution: 0.5}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - name: ball
    shape: {type: sphere, radius: 0.1}
    material: steel
    position: [5, 0, 1]
    velocity: [1, 2, 3]
    angular_velocity: [0, 4, 0]
  - name: brick
    shape: {type: box, size: [0.4, 0.2, 0.1]}
    position: [8, 0, 1]
    orientation: {axis: [0, 2, 0], angle: 30}
  - name: wedge
    shape: {type: polyhedron, vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]}
    position: [10, 0, 0]
    orientation: {quaternion: [1, 0, 0, 0]}
  - name: table
    shape: {type: box, size: [2, 2, 0.2]}
    position: [-8, 0, 2]
    driven:
      ground_motion: {record: shake.csv, units: g, direction: [1, 0, 0], scale: 2.0,
                      baseline: none}
  - name: pulse
    shape: {type: box, size: [2, 2, 0.2]}
    position: [-12, 0, 2]
    driven:
      ricker: {peak: 0.3, units: m/s^2, frequency: 2.0, t0: 0.5, direction: [0, 1, 0]}
  - name: support
    shape: {type: box, size: [1, 1, 1]}
    position: [-16, 0, 2]
    driven:
      settlement: {time: [0, 1, 2], displacement: [[0, 0, 0], [0, 0, -0.01], [0, 0, -0.01]]}
  - name: belt
    shape: {type: box, size: [1, 1, 1]}
    position: [-20, 0, 2]
    driven: {velocity: [0.5, 0, 0], angular_velocity: [0, 0, 0.1]}
generators:
  - {type: arch, name: bridge, span: 2.0, thickness: 0.25, depth: 0.5, voussoirs: 9,
     springing_height: 0.5, material: stone, position: [0, 20, 0]}
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 2,
     position: [0, 30, 0]}
  - {type: column, radius: 0.3, drum_height: 0.5, drums: 3, sides: 8, position: [0, 40, 0]}
  - {type: tower, block: [0.5, 0.5, 0.3], blocks: 4, twist: 5, position: [0, 50, 0]}
loads:
  gravity_ramp: {duration: 0.5}
  tilt: {axis: [1, 0, 0], initial: 5, rate: 2.0, start: 0.25}
  lateral: {direction: [0, 1, 0], rate: 0.05, start: 0.5}
stop:
  collapse: {max_displacement: 0.05, max_rotation: 10, kinetic_energy: 1.0}
output: {every: 7, vtk: false, bodies: [ball, brick], checkpoint_every: 500}
)";

// time, acceleration in g: a constant 0.1 g for one second.
inline const char* const kRecord = "# test record\ntime,accel_g\n0,0.1\n1,0.1\n";

}  // namespace moreau::io::checks
