// The warnings of the problem reader (src/io/problem_warnings.cpp), on problems held in memory:
// a value far outside its physical range is read as given, with a warning at its key and
// place that names the likely mistake; a plausible problem has none. What the command line
// prints of them is tests/cli/input_warnings_test.cpp's.
#include "moreau/io/problem_file.hpp"
#include "support/cube_on_a_slab.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::io {
namespace {

using ::testing::HasSubstr;

// A free cube of side 0.5 m on a fixed slab, of the given density and time step.
run::Problem cube_on_a_slab(const std::string& density, const std::string& step) {
  return read_problem_text(testing::cube_on_a_slab(density, step, "0.5"), "cube.yaml",
                           std::filesystem::current_path());
}

TEST(ProblemWarnings, ADensityInTonnesIsReadAsGivenWithAWarningAtItsKey) {
  const run::Problem problem = cube_on_a_slab("2.4", "1.0e-3");
  ASSERT_EQ(problem.warnings.size(), 1u);
  const run::InputWarning& warning = problem.warnings.front();
  EXPECT_EQ(warning.severity, run::InputWarning::Severity::Warning);
  EXPECT_EQ(warning.key, "materials[0].density");
  EXPECT_EQ(warning.where.file, "cube.yaml");
  EXPECT_EQ(warning.where.line, 4);
  EXPECT_THAT(warning.message, HasSubstr("did you mean 2400 kg/m^3"));
  EXPECT_THAT(warning.text(), HasSubstr("cube.yaml:4:28: warning: materials[0].density: "));
}

// g h^2 = 9.81 * 0.25 = 2.45 m in a step of 0.5 s: more than the cube's size.
TEST(ProblemWarnings, AStepInWhichABodyFallsMoreThanItsSizeIsWarnedAtTheStep) {
  const run::Problem problem = cube_on_a_slab("2400", "0.5");
  ASSERT_EQ(problem.warnings.size(), 1u);
  EXPECT_EQ(problem.warnings.front().key, "time.step");
  EXPECT_EQ(problem.warnings.front().where.line, 2);
}

TEST(ProblemWarnings, APlausibleProblemHasNone) {
  EXPECT_TRUE(cube_on_a_slab("2400", "1.0e-3").warnings.empty());
}

}  // namespace
}  // namespace moreau::io
