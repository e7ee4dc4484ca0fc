#include "command.hpp"

namespace moreau::cli {

// Each command is defined in its own <name>_command.cpp.
extern const Command kRunCommand;
extern const Command kSolveCommand;
extern const Command kBenchCommand;
extern const Command kCheckCommand;
extern const Command kCompareCommand;
extern const Command kIdaCommand;
extern const Command kEnsembleCommand;
extern const Command kPlotCommand;
extern const Command kRecordsCommand;
extern const Command kLimitCommand;

std::span<const Command> commands() {
  // Only commands that really work are listed here; each lands with its implementation.
  static const std::vector<Command> table = {
      kRunCommand,     kCompareCommand, kIdaCommand,   kEnsembleCommand, kLimitCommand,
      kRecordsCommand, kPlotCommand,    kCheckCommand, kSolveCommand,    kBenchCommand};
  return table;
}

}  // namespace moreau::cli
