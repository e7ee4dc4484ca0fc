// The malformed-file suite: one small problem file per rule under tests/io/bad_inputs/, each
// opening with `# expect: <part of the message>`. Each is run through the real executable as
// `moreau check FILE`, as a user meets it: exit code 2, a message that names the file and a
// line:column, contains the announced text, and no crash or sanitizer report. The announced
// text may skip a long list with " ... " ("expected one of ... (did you mean 'step'?)"): each
// part must appear, in order.
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

const fs::path kFolder = fs::path(MOREAU_SOURCE_DIR) / "tests/io/bad_inputs";

std::vector<fs::path> bad_inputs() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kFolder))
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The text after "# expect: " on the first line, or "" if the line is missing.
std::string expectation(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  const std::string prefix = "# expect: ";
  return line.starts_with(prefix) ? line.substr(prefix.size()) : "";
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(separator, from)) != std::string::npos;
       from = at + separator.size())
    parts.push_back(text.substr(from, at - from));
  parts.push_back(text.substr(from));
  return parts;
}

class BadInput : public ::testing::TestWithParam<fs::path> {};

TEST_P(BadInput, IsRefusedWithFileLineColumnAndReason) {
  const fs::path& file = GetParam();
  const std::string expected = expectation(file);
  ASSERT_FALSE(expected.empty()) << file << ": the first line must be '# expect: ...'";
  const CommandResult result = run_moreau("check '" + file.string() + "'");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  // The file named in the message is the problem file, or for a record its CSV file, which
  // shares the problem file's stem in this folder.
  EXPECT_THAT(result.output, HasSubstr(file.stem().string()));
  EXPECT_THAT(result.output, ContainsRegex(":[0-9]+:[0-9]+: error: "));
  std::size_t position = 0;
  for (const std::string& part : split(expected, " ... ")) {
    position = result.output.find(part, position);
    ASSERT_NE(position, std::string::npos) << "'" << part << "' not (in order) in:\n"
                                           << result.output;
  }
  for (const char* crash : {"terminate", "Sanitizer", "runtime error", "internal error"})
    EXPECT_THAT(result.output, Not(HasSubstr(crash)));
}

INSTANTIATE_TEST_SUITE_P(Files, BadInput, ::testing::ValuesIn(bad_inputs()),
                         [](const ::testing::TestParamInfo<fs::path>& param) {
                           std::string name = param.param.stem().string();
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(BadInputs, CoverAtLeastThirtyFiveRules) { EXPECT_GE(bad_inputs().size(), 35u); }

}  // namespace
}  // namespace moreau::testing
