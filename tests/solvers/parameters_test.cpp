// A solver's options read by name (ParameterReader): an absent key gives its default, each
// kind of value is parsed whole and within its range, and a malformed value or an unknown
// key is refused at "<solver>.<key>" on the command line's --option, an unknown key with
// the nearest known one suggested.
#include "moreau/solvers/parameters.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace moreau::solvers {
namespace {

using ::testing::HasSubstr;

TEST(ParameterReader, AbsentKeysGiveTheirDefaults) {
  const SolverParameters none;
  ParameterReader reader(none, "nsgs");
  EXPECT_EQ(reader.number("relaxation", 1.0, 0.0, 2.0), 1.0);
  EXPECT_EQ(reader.integer("sweeps", 7, 1, 100), 7);
  EXPECT_TRUE(reader.flag("shuffle", true));
  EXPECT_EQ(reader.choice("order", "forward", {"forward", "backward"}), "forward");
  EXPECT_NO_THROW(reader.finish());
}

TEST(ParameterReader, ReadsEachKindOfValue) {
  const SolverParameters given = {
      {"relaxation", "1.25"}, {"sweeps", "40"}, {"shuffle", "off"}, {"order", "backward"}};
  ParameterReader reader(given, "nsgs");
  EXPECT_EQ(reader.number("relaxation", 1.0, 0.0, 2.0), 1.25);
  EXPECT_EQ(reader.integer("sweeps", 7, 1, 100), 40);
  EXPECT_FALSE(reader.flag("shuffle", true));
  EXPECT_EQ(reader.choice("order", "forward", {"forward", "backward"}), "backward");
  EXPECT_NO_THROW(reader.finish());
  for (const char* yes : {"true", "1", "yes", "on"}) {
    const SolverParameters flag = {{"shuffle", yes}};
    EXPECT_TRUE(ParameterReader(flag, "nsgs").flag("shuffle", false)) << yes;
  }
}

struct MalformedOption {
  std::string value;
  std::function<void(ParameterReader&)> read;
  std::string expected;
};

TEST(ParameterReader, RefusesAMalformedValueAtSolverDotKey) {
  const std::vector<MalformedOption> cases = {
      {"2.5", [](ParameterReader& r) { r.number("x", 1.0, 0.0, 2.0); }, "a number in [0, 2]"},
      {"nan", [](ParameterReader& r) { r.number("x", 1.0, 0.0, 2.0); }, "a number in [0, 2]"},
      {"1.2x", [](ParameterReader& r) { r.number("x", 1.0, 0.0, 2.0); }, "a number in [0, 2]"},
      {"2.5", [](ParameterReader& r) { r.integer("x", 1, 0, 10); }, "a whole number in [0, 10]"},
      {"11", [](ParameterReader& r) { r.integer("x", 1, 0, 10); }, "a whole number in [0, 10]"},
      {"maybe", [](ParameterReader& r) { r.flag("x", false); }, "true or false"},
      {"sideways",
       [](ParameterReader& r) {
         r.choice("x", "up", {"up", "down"});
       },
       "one of up"},
  };
  for (const MalformedOption& malformed : cases) {
    SCOPED_TRACE(malformed.value + " for " + malformed.expected);
    const SolverParameters given = {{"x", malformed.value}};
    ParameterReader reader(given, "pgs");
    try {
      malformed.read(reader);
      ADD_FAILURE() << "accepted";
    } catch (const core::Diagnostic& error) {
      EXPECT_EQ(error.where().file, "--option");
      EXPECT_EQ(error.key(), "pgs.x");
      EXPECT_THAT(error.what(), HasSubstr("expected " + malformed.expected));
      EXPECT_THAT(error.what(), HasSubstr(malformed.value));
    }
  }
}

TEST(ParameterReader, FinishRefusesAnUnknownKeySuggestingTheNearest) {
  const SolverParameters typo = {{"relaxaton", "1.2"}};
  ParameterReader reader(typo, "nsgs");
  reader.number("relaxation", 1.0, 0.0, 2.0);
  reader.flag("shuffle", false);
  try {
    reader.finish();
    FAIL() << "an unknown key was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "nsgs.relaxaton");
    EXPECT_THAT(error.what(), HasSubstr("did you mean 'relaxation'?"));
    EXPECT_THAT(error.what(), HasSubstr("unknown option 'relaxaton'"));
  }
  // A solver without options says so rather than list nothing.
  try {
    ParameterReader(typo, "lemke").finish();
    FAIL() << "an option of a solver without options was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("no options for lemke"));
  }
}

}  // namespace
}  // namespace moreau::solvers
