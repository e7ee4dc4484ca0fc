// Internal invariants: a failed one prints the condition at its file and line and aborts,
// in every build (assertion_failed); MOREAU_ASSERT reaches it in Debug and sanitizer builds
// only, and then only when the condition is false.
#include "moreau/core/assert.hpp"

#include <gtest/gtest.h>

namespace moreau::core {
namespace {

TEST(AssertDeathTest, FailureNamesTheConditionAndItsPlaceAndAborts) {
  EXPECT_DEATH(assertion_failed("contacts > 0", "src/solvers/nsgs.cpp", 42),
               "src/solvers/nsgs.cpp:42: internal error: assertion failed: contacts > 0");
}

TEST(AssertDeathTest, MacroStopsOnAFalseConditionOnly) {
#ifdef NDEBUG
  GTEST_SKIP() << "MOREAU_ASSERT is compiled out in Release builds";
#endif
  const int contacts = 0;
  MOREAU_ASSERT(contacts == 0);  // true: nothing happens
  EXPECT_DEATH(MOREAU_ASSERT(contacts > 0), "assert_test.cpp:[0-9]+: .*: contacts > 0");
}

}  // namespace
}  // namespace moreau::core
