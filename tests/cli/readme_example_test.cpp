// The README's example ("An example"): its command, run as shown, prints what the README
// shows. A shown line must be a line of the output, its words the same and its numbers equal
// to 1e-3 relative (the same build gives the same digits; another CPU's BLAS kernels may move
// round-off, and the collapse step with it, by a step or so); "..." ends what is compared of
// a line (timings, the output folder's contents).
#include "support/run_command.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The first fenced block at or after `from` whose opening fence is `fence` ("```sh", or "```"
// for a plain one): its body, and where its closing fence ends (npos when there is none).
struct Block {
  std::string body;
  std::size_t end = std::string::npos;
};
Block block_from(const std::string& text, std::size_t from, const std::string& fence) {
  if (from == std::string::npos) return {};
  const std::size_t open = text.find(fence + "\n", from);
  if (open == std::string::npos) return {};
  const std::size_t start = open + fence.size() + 1;
  const std::size_t close = text.find("```\n", start);
  if (close == std::string::npos) return {};
  return {text.substr(start, close - start), close + 4};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Whether `actual` reads as `shown`: the same text between numbers, numbers equal to 1e-3
// relative, and anything after a "..." of `shown` ignored.
bool reads_as(const std::string& shown, const std::string& actual) {
  static const std::regex kNumber(R"([-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)");
  const std::size_t elided = shown.find("...");
  const std::string compared = shown.substr(0, elided);
  std::sregex_token_iterator shown_parts(compared.begin(), compared.end(), kNumber, {-1, 0});
  std::sregex_token_iterator actual_parts(actual.begin(), actual.end(), kNumber, {-1, 0});
  const std::sregex_token_iterator end;
  for (bool is_number = false; shown_parts != end; ++shown_parts, ++actual_parts) {
    if (actual_parts == end) return false;
    const std::string expected = *shown_parts;
    const std::string found = *actual_parts;
    const bool last = std::next(shown_parts) == end;
    if (is_number) {
      const double a = std::stod(expected);
      const double b = std::stod(found);
      if (std::abs(a - b) > 1e-3 * std::max(std::abs(a), std::abs(b))) return false;
    } else if (last && elided != std::string::npos ? found.rfind(expected, 0) != 0
                                                   : found != expected) {
      return false;
    }
    is_number = !is_number;
  }
  return elided != std::string::npos || actual_parts == end;
}

TEST(ReadmeExample, TheShownCommandPrintsTheShownOutput) {
  const std::string readme = file_text(fs::path(MOREAU_SOURCE_DIR) / "README.md");
  const Block command_block = block_from(readme, readme.find("## An example"), "```sh");
  const std::string& command = command_block.body;
  const std::string prefix = "build/release/moreau run ";
  ASSERT_EQ(command.rfind(prefix, 0), 0u) << "the example's command: " << command;
  const std::string problem = command.substr(prefix.size(), command.find('\n') - prefix.size());
  const std::string shown = block_from(readme, command_block.end, "```").body;
  ASSERT_FALSE(shown.empty());

  const fs::path out = fs::temp_directory_path() / "moreau-readme-example";
  fs::remove_all(out);
  const CommandResult result = run_moreau("run " + std::string(MOREAU_SOURCE_DIR) + "/" + problem +
                                          " --quiet --out " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const std::vector<std::string> printed = lines_of(result.output);
  for (const std::string& line : lines_of(shown)) {
    // The folder a run from the repository's root names (the test writes elsewhere).
    const bool is_results = line.rfind("  results in ", 0) == 0;
    bool found = false;
    for (const std::string& actual : printed) {
      if (is_results && actual.rfind("  results in ", 0) == 0) {
        const std::string shown_files = line.substr(line.find(':'));
        found = reads_as(shown_files, actual.substr(actual.find(':')));
      } else {
        found = found || reads_as(line, actual);
      }
      if (found) break;
    }
    EXPECT_TRUE(found) << "README shows\n" << line << "\nbut the run printed\n" << result.output;
  }
  fs::remove_all(out);
}

TEST(ReadmeExample, TheComparisonReadsNumbersToOnePartInAThousand) {
  EXPECT_TRUE(reads_as("t = 10.018 s, tilt = 19.636", "t = 10.019 s, tilt = 19.64"));
  EXPECT_FALSE(reads_as("t = 10.018 s, tilt = 19.636", "t = 10.018 s, tilt = 19.7"));
  EXPECT_FALSE(reads_as("t = 10.018 s", "t = 10.018 m"));
  EXPECT_FALSE(reads_as("t = 10.018 s", "t = 10.018 s and more"));
  EXPECT_TRUE(reads_as("10018 steps in ...", "10018 steps in 3.1 s"));
  EXPECT_FALSE(reads_as("10018 steps in ...", "10018 steps out 3.1 s"));
}

}  // namespace
}  // namespace moreau::testing
