// The progress line of long commands (src/cli/progress.cpp), through `moreau run`: on a
// terminal (a pseudo-terminal of script(1)) a bar of the steps done, the simulated time and
// the time left, rewritten in place (carriage return, erase to the end of the line) and
// drawn at the last step whatever the time since the previous drawing; nothing under
// --quiet, nor when stderr is not a terminal (a pipe, as scripts and logs see it).
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// 50 steps of 0.1 ms: the last one is drawn (the drawings are at most 10 a second).
std::string short_bouncing_ball_run(const ScratchFolder& folder, const std::string& name,
                                    const std::string& flags) {
  return std::string(MOREAU_EXECUTABLE) +
         " run " MOREAU_SOURCE_DIR "/problems/bouncing-ball.yaml --duration 0.005 --out " +
         (folder.path() / name).string() + flags;
}

// script -q: no banner; -e: the command's exit code; -c: the command on a new terminal.
CommandResult on_a_terminal(const std::string& command) {
  return run_executable("script", "-qec '" + command + "' /dev/null < /dev/null");
}

const std::string kLastDrawing = "[" + std::string(30, '#') + "] step 50/50  t = ";

TEST(Progress, OnATerminalTheLastStepIsDrawnInPlace) {
  const ScratchFolder folder;
  const CommandResult shown = on_a_terminal(short_bouncing_ball_run(folder, "shown", ""));
  EXPECT_EQ(shown.exit_code, 0) << shown.output;
  EXPECT_THAT(shown.output, HasSubstr("\r" + kLastDrawing)) << shown.output;
  EXPECT_THAT(shown.output, HasSubstr(" s left\033[K")) << shown.output;
}

TEST(Progress, NoneUnderQuietOrWithoutATerminal) {
  const ScratchFolder folder;
  const CommandResult quiet = on_a_terminal(short_bouncing_ball_run(folder, "quiet", " --quiet"));
  EXPECT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_THAT(quiet.output, Not(HasSubstr("] step "))) << quiet.output;
  const CommandResult piped = run_executable(short_bouncing_ball_run(folder, "piped", ""), "");
  EXPECT_EQ(piped.exit_code, 0) << piped.output;
  EXPECT_THAT(piped.output, Not(HasSubstr("] step "))) << piped.output;
  EXPECT_THAT(piped.output, Not(HasSubstr("\033[K")));
}

}  // namespace
}  // namespace moreau::testing
