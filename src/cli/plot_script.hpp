// The matplotlib scripts the build installs beside the executable (share/moreau/*.py), run
// by `moreau ida` (its IDA curve) and `moreau plot` (a run's curves).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace moreau::cli {

/// Where share/moreau/<script> is: beside the executable in the build folder, in
/// ../share/moreau once installed, or in the install prefix's share/moreau; nullopt with
/// `failure` set to where it was looked for.
std::optional<std::filesystem::path> installed_script(const std::string& script,
                                                      std::string& failure);

/// Runs share/moreau/<script> with /usr/bin/python3 and the arguments, its output going to
/// `log`. Returns the log's text when the script succeeded (the log is then removed), or
/// nullopt with `failure` set to why not, ending with a newline: the script is not installed,
/// or (on the next lines) the last lines of the log (matplotlib missing, a bad file).
std::optional<std::string> run_plot_script(const std::string& script,
                                           const std::vector<std::string>& arguments,
                                           const std::filesystem::path& log, std::string& failure);

/// The last `count` lines of a text file, each indented by four spaces and ended by a newline.
std::string last_lines(const std::filesystem::path& log, std::size_t count);

}  // namespace moreau::cli
