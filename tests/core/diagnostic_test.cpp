// Diagnostics of bad input (core::Diagnostic): file, line, column, key, what was expected and
// found, with unprintable bytes escaped and long tokens shortened.
#include "moreau/core/diagnostic.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

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

TEST(Diagnostic, EscapesBytesThatAreNotPrintable) {
  using namespace std::string_literals;
  const Diagnostic error({"a\nb.csv", 2, 5}, "units", "g or m/s2", "'m\0s\xFF\x1B[2J'"s);
  EXPECT_THAT(error.what(), StrEq("a\\x0Ab.csv:2:5: error: units: expected g or m/s2, found "
                                  "'m\\x00s\\xFF\\x1B[2J'"));
  EXPECT_THAT(Diagnostic({}, "", "cannot open x\0y"s).what(), StrEq("error: cannot open x\\x00y"));
}

TEST(Diagnostic, KeepsUtf8CharactersButNotACutSequence) {
  EXPECT_THAT(Diagnostic({}, "name", "a block", "'voussoir \u00e9t\u00e9'").what(),
              StrEq("error: name: expected a block, found 'voussoir \u00e9t\u00e9'"));
  // 0xC3 opens a two-byte character; the quote after it is not a continuation byte.
  EXPECT_THAT(Diagnostic({}, "name", "a block", "'\xC3'").what(),
              StrEq("error: name: expected a block, found '\\xC3'"));
}

// A token of 2 MB shows its first 160 and last 40 bytes (quotes included) around the count
// of bytes left out.
TEST(Diagnostic, ShortensLongTokensToTheirStartAndEnd) {
  static_assert(kShownTokenBytes == 200);
  // Appended, not "'" + std::string(...): GCC 12 at -O3 warns of an overlap in the latter's
  // inlined insert (-Wrestrict, GCC bug 105651).
  const std::string token = std::string(1, '\'').append(2'000'000, '7').append(1, '\'');
  const Diagnostic error({"p.yaml", 3, 9}, "time.step", "a positive number (s)", token);
  const std::string expected_found = std::string(1, '\'')
                                         .append(159, '7')
                                         .append("[... 1999802 bytes ...]")
                                         .append(39, '7')
                                         .append(1, '\'');
  EXPECT_THAT(error.what(), StrEq("p.yaml:3:9: error: time.step: expected a positive number (s), "
                                  "found " +
                                  expected_found));
  EXPECT_EQ(error.message(), "expected a positive number (s), found " + expected_found);

  const std::string long_key(kShownTokenBytes + 1, 'k');
  EXPECT_THAT(Diagnostic({}, long_key, "unknown key").key(),
              ::testing::HasSubstr("[... 1 bytes ...]"));
  const std::string short_token(kShownTokenBytes, 'x');
  EXPECT_THAT(Diagnostic({}, "", "x", short_token).what(), ::testing::EndsWith(short_token));
}

}  // namespace
}  // namespace moreau::core
