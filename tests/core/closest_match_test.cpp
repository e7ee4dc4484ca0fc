// The nearest of a list of names to a misspelt one (core::closest_match), which diagnostics
// suggest, and the list joined for a message (core::join).
#include "moreau/core/closest_match.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace moreau::core {
namespace {

TEST(ClosestMatch, SuggestsNearTyposOnly) {
  const std::vector<std::string> keys = {"density", "friction", "restitution"};
  EXPECT_EQ(closest_match("frction", keys), "friction");
  EXPECT_EQ(closest_match("densty", keys), "density");
  EXPECT_EQ(closest_match("colour", keys), std::nullopt);
  EXPECT_EQ(closest_match("anything", std::vector<std::string>{}), std::nullopt);
}

// A building's header courses have no leaf in their blocks' names: course 15's block 4 is
// course15_block04, not course15_front_block04, which the nearest name by edits alone,
// course05_front_block04 (one digit), would hide. Leading zeros are no difference.
TEST(ClosestMatch, KeepsTheNumbersOfTheWord) {
  const std::vector<std::string> names = {"wall/course05_front_block04",
                                          "wall/course05_back_block04", "wall/course15_block04",
                                          "wall/course15_block05", "arch/voussoir07"};
  EXPECT_EQ(closest_match("wall/course15_front_block04", names), "wall/course15_block04");
  EXPECT_EQ(closest_match("wall/course25_front_block04", names), std::nullopt);
  EXPECT_EQ(closest_match("arch/voussoir7", names), "arch/voussoir07");
  EXPECT_EQ(closest_match("wall/course05_frnt_block04", names), "wall/course05_front_block04");
}

TEST(Join, SeparatesWithCommas) {
  EXPECT_EQ(join(std::vector<std::string>{"nsgs", "pgs"}), "nsgs, pgs");
  EXPECT_EQ(join(std::vector<std::string>{}), "");
}

}  // namespace
}  // namespace moreau::core
