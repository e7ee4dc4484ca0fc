// crash_in_child_process: a task that returns or throws has not crashed; one that dies of a
// signal or exits has, and the parent lives on; the user's stop signals are not crashes.
#include "moreau/core/child_process.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <stdexcept>
#include <string>

namespace moreau::core {
namespace {

using ::testing::AnyOf;

TEST(CrashInChildProcess, ATaskThatReturnsOrThrowsHasNotCrashed) {
  EXPECT_EQ(crash_in_child_process([] {}), std::nullopt);
  EXPECT_EQ(crash_in_child_process([] { throw std::runtime_error("refused"); }), std::nullopt);
}

// Under AddressSanitizer the child reports the SEGV and exits (code 1, or SIGABRT with
// abort_on_error): either way it crashed.
TEST(CrashInChildProcess, ASegmentationFaultIsACrashAndTheParentLivesOn) {
  const std::optional<std::string> crash = crash_in_child_process([] { std::raise(SIGSEGV); });
  ASSERT_TRUE(crash.has_value());
  EXPECT_THAT(*crash, AnyOf("killed (SIGSEGV)", "aborted (SIGABRT)", "exited with code 1"));
}

TEST(CrashInChildProcess, AnExitBeforeTheTaskReturnsIsACrash) {
  EXPECT_EQ(crash_in_child_process([] { _exit(3); }), "exited with code 3");
}

TEST(CrashInChildProcess, TheUsersStopSignalsAreNotCrashes) {
  EXPECT_EQ(crash_in_child_process([] { std::raise(SIGTERM); }), std::nullopt);
  EXPECT_EQ(crash_in_child_process([] { std::raise(SIGINT); }), std::nullopt);
}

}  // namespace
}  // namespace moreau::core
