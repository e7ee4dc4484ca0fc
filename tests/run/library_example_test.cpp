// The README's library example (docs/examples/run_problem.cpp, shown in the README verbatim
// and built as it is written) runs a problem file as `moreau run` does: the file's tilting
// load applied, its collapse criterion stopping the run at the same step, the same final
// state of every body, bitwise (summary.json's numbers have 17 digits).
#include "support/run_command.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kExample = fs::path(MOREAU_SOURCE_DIR) / "docs" / "examples" / "run_problem.cpp";

// 7 voussoirs on the ground, the table tilting at 15 deg/s, until the kinetic energy passes
// 20 J (near step 1350 of 2000).
const char* kTiltingArch = R"(version: 1
dimension: 2
time: {step: 1.0e-3, duration: 2.0}
interactions:
  default: {friction: 0.6}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: arch, form: semicircular, span: 1.0, thickness: 0.1, voussoirs: 7,
     springing_height: 0.0, abutments: false}
loads:
  tilt: {rate: 15.0}
stop:
  collapse: {kinetic_energy: 20.0}
output: {vtk: false}
)";

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

nlohmann::json json_of(const fs::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(LibraryExample, TheReadmeShowsTheExampleThatIsBuilt) {
  const std::string readme = file_text(fs::path(MOREAU_SOURCE_DIR) / "README.md");
  const std::string example = file_text(kExample);
  ASSERT_FALSE(example.empty()) << kExample;
  EXPECT_NE(readme.find("```cpp\n" + example + "```\n"), std::string::npos)
      << "README.md must show " << kExample << " verbatim in a cpp block";
}

TEST(LibraryExample, RunsAProblemFileAsMoreauRunDoes) {
  const fs::path folder = fs::temp_directory_path() / "moreau-library-example";
  fs::remove_all(folder);
  fs::create_directories(folder);
  const fs::path problem = folder / "arch.yaml";
  std::ofstream(problem) << kTiltingArch;

  const CommandResult cli =
      run_moreau("run " + problem.string() + " --quiet --out " + (folder / "cli").string());
  ASSERT_EQ(cli.exit_code, 0) << cli.output;
  const std::string command = std::string(MOREAU_RUN_PROBLEM_EXAMPLE) + " " + problem.string() +
                              " " + (folder / "library.json").string();
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  const nlohmann::json by_cli = json_of(folder / "cli" / "summary.json");
  const nlohmann::json by_library = json_of(folder / "library.json");
  ASSERT_FALSE(by_cli["collapse"].is_null()) << "the arch should collapse on the table";
  EXPECT_LT(by_cli["steps"].get<long>(), 2000);
  EXPECT_EQ(by_library["steps"], by_cli["steps"]);
  EXPECT_EQ(by_library["collapse"], by_cli["collapse"]);
  EXPECT_EQ(by_library["bodies"], by_cli["bodies"]);
  EXPECT_EQ(by_library["counts"], by_cli["counts"]);
  EXPECT_EQ(by_library["support_reaction"], by_cli["support_reaction"]);
  fs::remove_all(folder);
}

}  // namespace
}  // namespace moreau::testing
