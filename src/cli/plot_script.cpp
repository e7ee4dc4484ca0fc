#include "plot_script.hpp"

#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace moreau::cli {

namespace fs = std::filesystem;

std::string last_lines(const fs::path& log, std::size_t count) {
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string text;
  for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i)
    text += core::concat("    ", lines[i], '\n');
  return text;
}

std::optional<fs::path> installed_script(const std::string& script, std::string& failure) {
  const fs::path program = fs::read_symlink("/proc/self/exe").parent_path();
  const std::vector<fs::path> candidates{program / "share/moreau" / script,
                                         program / "../share/moreau" / script,
                                         fs::path(MOREAU_INSTALLED_SCRIPTS) / script};
  const auto found = std::find_if(candidates.begin(), candidates.end(),
                                  [](const fs::path& candidate) { return fs::exists(candidate); });
  if (found != candidates.end()) return *found;
  failure = core::concat(script, " is not installed: looked for it in ",
                         candidates[0].lexically_normal().parent_path().string(), ", ",
                         candidates[1].lexically_normal().parent_path().string(), " and ",
                         candidates[2].parent_path().string(),
                         " (cmake --install puts it in PREFIX/share/moreau)\n");
  return std::nullopt;
}

std::optional<std::string> run_plot_script(const std::string& script,
                                           const std::vector<std::string>& arguments,
                                           const fs::path& log, std::string& failure) {
  const std::optional<fs::path> found = installed_script(script, failure);
  if (!found) return std::nullopt;
  const fs::path& path = *found;
  std::vector<std::string> command{path.string()};
  command.insert(command.end(), arguments.begin(), arguments.end());
  const pid_t child = core::start_process("/usr/bin/python3", command, log);
  // N.B. waited for through signals, so that the script neither outlives moreau nor passes
  // for one that succeeded.
  const std::optional<int> status = core::wait_for_child(child);
  if (!status) {
    failure = core::concat(script, ": waiting for it failed: ", std::strerror(errno), '\n');
    return std::nullopt;
  }
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
    failure = core::concat('\n', last_lines(log, 3));
    return std::nullopt;
  }
  std::ostringstream text;
  text << std::ifstream(log).rdbuf();
  fs::remove(log);
  return text.str();
}

}  // namespace moreau::cli
