// The request to stop (src/core/stop_request.cpp): made from a signal handler, seen until it is
// withdrawn. How the solvers and a run answer it is tests/solvers/stop_request_test.cpp's and
// tests/cli/interruption_test.cpp's.
#include "moreau/core/stop_request.hpp"

#include <gtest/gtest.h>

#include <csignal>

namespace moreau::core {
namespace {

extern "C" void request_stop_on_signal(int /*signal*/) { request_stop(); }

TEST(StopRequest, IsSeenOnceMadeUntilWithdrawn) {
  clear_stop_request();
  EXPECT_FALSE(stop_requested());
  request_stop();
  EXPECT_TRUE(stop_requested());
  EXPECT_TRUE(stop_requested()) << "reading the request withdrew it";
  clear_stop_request();
  EXPECT_FALSE(stop_requested());
}

// As the command line makes it: in a signal handler, which may touch nothing but lock-free
// atomics.
TEST(StopRequest, ASignalHandlerMakesIt) {
  clear_stop_request();
  const auto previous = std::signal(SIGUSR1, request_stop_on_signal);
  ASSERT_NE(previous, SIG_ERR);
  ASSERT_EQ(std::raise(SIGUSR1), 0);
  EXPECT_TRUE(stop_requested());
  std::signal(SIGUSR1, previous);
  clear_stop_request();
}

}  // namespace
}  // namespace moreau::core
