// The problem the checkpoint fuzz target checks its checkpoints against, and whose runs
// write its seeds (write_seeds.cpp): a box resting on another on the ground, so that a
// checkpoint has bodies, remembered contacts and, in the penalty mode, spring states.
#pragma once

#include "moreau/io/problem_file.hpp"
#include "moreau/run/problem.hpp"

namespace moreau::fuzz {

/// The problem in `mode`; read from text, it has no file (its checkpoints' problem hash is 0).
inline run::Problem checkpoint_problem(run::Mode mode) {
  return io::read_problem_text(
      "version: 1\n"
      "dimension: 3\n"
      "time: {step: 1.0e-4, duration: 0.01, critical_step: substep}\n"
      "interactions:\n"
      "  default: {friction: 0.5, penalty: {normal: {law: linear, stiffness: 1.0e6}}}\n"
      "bodies:\n"
      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
      "  - {name: lower, shape: {type: box, size: [0.4, 0.4, 0.2]}, position: [0, 0, 0.1]}\n"
      "  - {name: upper, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.3]}\n",
      "checkpoint_problem.yaml", ".", {.mode = mode});
}

}  // namespace moreau::fuzz
