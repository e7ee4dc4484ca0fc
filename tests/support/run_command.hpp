// Runs the built moreau executable in a shell and captures its exit code and output, for
// tests of the command-line front end.
#pragma once

#include <string>

namespace moreau::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  ///< stdout and stderr, interleaved
};

/// Runs `moreau ARGUMENTS` (ARGUMENTS is passed to /bin/sh as written), in the test's working
/// folder or in `folder`.
CommandResult run_moreau(const std::string& arguments, const std::string& folder = "");

/// The same with another executable (a copy of moreau elsewhere).
CommandResult run_executable(const std::string& executable, const std::string& arguments,
                             const std::string& folder = "");

}  // namespace moreau::testing
