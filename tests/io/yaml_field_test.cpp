// The fields of a problem file as the reader sees them (src/io/yaml_field.hpp), through
// read_problem_file: an error points at the file, line and column of the value and names its
// key path.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "problem_file_checks.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::io {
namespace {

using checks::ProblemFileTest;
namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST_F(ProblemFileTest, ErrorsCarryFileLineColumnAndKeyPath) {
  const fs::path path = write("bad.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - name: ball
    shape: {type: sphere, radius: -1}
)");
  try {
    read_problem_file(path);
    FAIL() << "no error";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.where().line, 5);
    EXPECT_EQ(error.where().column, 35);
    EXPECT_EQ(error.key(), "bodies[0].shape.radius");
    EXPECT_THAT(error.what(), StartsWith(path.string() + ":5:35: error: "));
    EXPECT_THAT(error.what(), HasSubstr("expected a positive number (m), found '-1'"));
  }
}

}  // namespace
}  // namespace moreau::io
