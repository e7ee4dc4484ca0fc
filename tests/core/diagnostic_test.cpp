#include "moreau/core/diagnostic.hpp"

#include "moreau/core/closest_match.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace moreau::core {
namespace {

using ::testing::StrEq;

TEST(Diagnostic, PrintsFileLineColumnKeyExpectedFound) {
  const Diagnostic error({"problems/arch.yaml", 14, 11}, "bodies[3].mass", "a positive number (kg)",
                         "-2.0");
  EXPECT_THAT(error.what(), StrEq("problems/arch.yaml:14:11: error: bodies[3].mass: "
                                  "expected a positive number (kg), found -2.0"));
  EXPECT_EQ(error.where().line, 14);
  EXPECT_EQ(error.key(), "bodies[3].mass");
}

TEST(Diagnostic, LeavesOutUnknownParts) {
  EXPECT_THAT(Diagnostic({"a.dat", 3}, "", "file ends early").what(),
              StrEq("a.dat:3: error: file ends early"));
  EXPECT_THAT(Diagnostic({"a.dat"}, "mu", "cannot be negative").what(),
              StrEq("a.dat: error: mu: cannot be negative"));
  EXPECT_THAT(Diagnostic({}, "", "no input").what(), StrEq("error: no input"));
}

TEST(ClosestMatch, SuggestsNearTyposOnly) {
  const std::vector<std::string> keys = {"density", "friction", "restitution"};
  EXPECT_EQ(closest_match("frction", keys), "friction");
  EXPECT_EQ(closest_match("densty", keys), "density");
  EXPECT_EQ(closest_match("colour", keys), std::nullopt);
  EXPECT_EQ(closest_match("anything", std::vector<std::string>{}), std::nullopt);
}

TEST(Join, SeparatesWithCommas) {
  EXPECT_EQ(join(std::vector<std::string>{"nsgs", "pgs"}), "nsgs, pgs");
  EXPECT_EQ(join(std::vector<std::string>{}), "");
}

}  // namespace
}  // namespace moreau::core
