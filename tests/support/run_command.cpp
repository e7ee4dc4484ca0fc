#include "support/run_command.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <stdexcept>

namespace moreau::testing {

CommandResult run_executable(const std::string& executable, const std::string& arguments,
                             const std::string& folder) {
  const std::string command =
      (folder.empty() ? "" : "cd '" + folder + "' && ") + executable + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start: " + command);
  CommandResult result;
  std::array<char, 4096> buffer{};
  while (const std::size_t count = std::fread(buffer.data(), 1, buffer.size(), pipe))
    result.output.append(buffer.data(), count);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

CommandResult run_moreau(const std::string& arguments, const std::string& folder) {
  return run_executable(MOREAU_EXECUTABLE, arguments, folder);
}

}  // namespace moreau::testing
