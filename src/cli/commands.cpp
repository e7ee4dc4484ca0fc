#include "command.hpp"

namespace moreau::cli {

// Each command is defined in its own <name>_command.cpp.
extern const Command kSolveCommand;
extern const Command kBenchCommand;
extern const Command kCheckCommand;

std::span<const Command> commands() {
  // Only commands that really work are listed here; each lands with its implementation.
  static const std::vector<Command> table = {kSolveCommand, kBenchCommand, kCheckCommand};
  return table;
}

}  // namespace moreau::cli
