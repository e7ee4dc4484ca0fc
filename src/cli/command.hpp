// The subcommands of the moreau executable and the exit codes they share.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::cli {

/// Exit codes, documented in the README. Scripts rely on them.
enum ExitCode : int {
  kSuccess = 0,
  kInternalError = 1,  ///< a bug in moreau: please report it
  kBadInput = 2,       ///< a file, option or value was refused (the message says where)
  kNotConverged = 3,   ///< the computation ran but a solver did not reach its tolerance
  kInterrupted = 4,    ///< a signal or a full disk stopped a run; its outputs hold the steps done
};

/// A subcommand: `moreau <name> [options]`. run() receives the arguments after the name
/// and returns an ExitCode; it throws core::Diagnostic or boost::program_options::error for
/// bad input, which main() turns into a message and kBadInput.
struct Command {
  std::string_view name;
  std::string_view summary;  ///< one line for `moreau --help`
  int (*run)(const std::vector<std::string>& arguments);
};

/// Every command that works, in the order `moreau --help` lists them.
std::span<const Command> commands();

}  // namespace moreau::cli
