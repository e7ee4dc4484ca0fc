// The problem of the reader's warnings' tests (tests/io/problem_warnings_test.cpp, through the
// command line tests/cli/input_warnings_test.cpp), whose values they turn past their physical
// range one at a time.
#pragma once

#include <string>

namespace moreau::testing {

/// A problem file's text: a free cube of side `side` (m) resting on a fixed slab, of the given
/// density (kg/m^3) and time step (s), with `extra` lines appended.
inline std::string cube_on_a_slab(const std::string& density, const std::string& step,
                                  const std::string& side, const std::string& extra = "") {
  return "version: 1\n"
         "time: {step: " +
         step +
         ", duration: 1.0}\n"
         "materials:\n"
         "  - {name: stone, density: " +
         density +
         "}\n"
         "bodies:\n"
         "  - {name: slab, shape: {type: box, size: [4, 4, 0.2]}, position: [0, 0, -0.1], "
         "fixed: true}\n"
         "  - {name: cube, shape: {type: box, size: [" +
         side + ", " + side + ", " + side + "]}, position: [0, 0, " + side + "]}\n" + extra;
}

}  // namespace moreau::testing
