#include "command.hpp"

namespace moreau::cli {

std::span<const Command> commands() {
  // Only commands that really work are listed here; each lands with its implementation.
  static const std::vector<Command> table = {};
  return table;
}

}  // namespace moreau::cli
