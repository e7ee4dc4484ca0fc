// What the tests of `moreau run`'s control share: the lines of a file, moreau started as a
// child process, the bundled bouncing ball, a problem file written to the temporary folder,
// and a run continued from its checkpoint compared with the uninterrupted run.
#pragma once

#include "moreau/core/child_process.hpp"
#include "moreau/core/concat.hpp"
#include "support/run_command.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::testing::run_checks {

namespace fs = std::filesystem;

inline long count_lines(const fs::path& file) {
  std::ifstream in(file);
  long lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  return lines;
}

// Starts `moreau ARGUMENTS` with its standard output and error written to `log`.
inline pid_t start_moreau(const std::vector<std::string>& arguments, const fs::path& log) {
  return core::start_process(MOREAU_EXECUTABLE, arguments, log);
}

inline const std::string kBouncingBall =
    std::string(MOREAU_SOURCE_DIR) + "/problems/bouncing-ball.yaml";

// history.csv without its solve_seconds column (wall time, the one column a repeated run
// changes).
inline std::string history_less_wall_time(const fs::path& file) {
  std::ifstream in(file);
  std::string text;
  std::size_t column = std::string::npos;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::stringstream cells(line);
    for (std::string field; std::getline(cells, field, ',');) fields.push_back(field);
    if (column == std::string::npos)
      column =
          static_cast<std::size_t>(std::ranges::find(fields, "solve_seconds") - fields.begin());
    if (column < fields.size()) fields.erase(fields.begin() + static_cast<long>(column));
    for (const std::string& field : fields) text += field + ',';
    text += '\n';
  }
  return text;
}

// The run continued from its checkpoint (dropping any rows past it), to `steps_after` steps
// past it, has the history.csv of the uninterrupted run of the same length.
inline void expect_bitwise_continuation(const fs::path& problem, const fs::path& checkpoint,
                                        long step, double h, long steps_after) {
  const std::string duration = std::to_string(h * static_cast<double>(step + steps_after));
  const CommandResult restarted =
      run_moreau("run " + problem.string() + " --quiet --duration " + duration +
                 " --restart-from " + checkpoint.string() + " --overwrite");
  EXPECT_EQ(restarted.exit_code, 0) << restarted.output;
  // N.B. one folder per test: ctest runs the tests of this file in parallel processes.
  const fs::path whole =
      fs::temp_directory_path() /
      core::concat("moreau_run_control_whole_",
                   ::testing::UnitTest::GetInstance()->current_test_info()->name(), '_', getpid());
  fs::remove_all(whole);
  const CommandResult uninterrupted = run_moreau(
      "run " + problem.string() + " --quiet --duration " + duration + " --out " + whole.string());
  EXPECT_EQ(uninterrupted.exit_code, 0) << uninterrupted.output;
  EXPECT_EQ(history_less_wall_time(checkpoint.parent_path() / "history.csv"),
            history_less_wall_time(whole / "history.csv"));
  fs::remove_all(whole);
}

inline fs::path write_problem(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path;
}

}  // namespace moreau::testing::run_checks
