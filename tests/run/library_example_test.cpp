// The library examples of the documentation, each shown verbatim where it is documented and
// built as it is written: the README's (docs/examples/run_problem.cpp) runs a problem file as
// `moreau run` does: the file's tilting load applied, its collapse criterion stopping the run
// at the same step, the same final state of every body, bitwise (summary.json's numbers have
// 17 digits); the user guide's (docs/examples/step_a_scene.cpp) drops a box that comes to
// rest on the ground.
#include "support/run_command.hpp"
#include "support/test_problems.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = MOREAU_SOURCE_DIR;
const fs::path kRunProblem = kSource / "docs" / "examples" / "run_problem.cpp";
const fs::path kStepAScene = kSource / "docs" / "examples" / "step_a_scene.cpp";

// The tilting arch (support/test_problems.hpp), near step 1353 of 2000.
const std::string kArch = kTiltingArch + "output: {vtk: false}\n";

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

nlohmann::json json_of(const fs::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// Whether `document` shows the file's text verbatim in a cpp block.
void expect_shown(const fs::path& document, const fs::path& example) {
  const std::string text = file_text(example);
  ASSERT_FALSE(text.empty()) << example;
  EXPECT_NE(file_text(document).find("```cpp\n" + text + "```\n"), std::string::npos)
      << document << " must show " << example << " verbatim in a cpp block";
}

TEST(LibraryExample, TheDocumentsShowTheExamplesThatAreBuilt) {
  expect_shown(kSource / "README.md", kRunProblem);
  expect_shown(kSource / "docs" / "user-guide.md", kStepAScene);
}

// 5 cm of free fall and the box rests on its face, its centre at its half height 0.1 m less
// the penetration of the impact: the contact activates once the predicted gap
// g + h (1 - theta) u_N is <= 0, so the last free step can end up to h theta v_impact below
// the ground and the impact step moves the box by h (1 - theta) v_impact more (v_impact =
// sqrt(2 g 0.05) = 0.99 m/s): at most h v_impact = 0.99 mm, which no later step undoes (the
// scheme works on velocities); every step converged.
TEST(LibraryExample, TheSceneBuiltInCodeComesToRest) {
  const fs::path out = fs::temp_directory_path() / "moreau-step-a-scene.txt";
  const std::string command = std::string(MOREAU_STEP_A_SCENE_EXAMPLE) + " > " + out.string();
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::istringstream printed(file_text(out));
  std::string block, at, z_name, equals;
  double z = 0.0;
  printed >> block >> at >> z_name >> equals >> z;
  const double impact_penetration = 1e-3 * std::sqrt(2 * 9.81 * 0.05);
  EXPECT_GE(z, 0.1 - impact_penetration) << file_text(out);
  EXPECT_LE(z, 0.1 + 1e-9) << file_text(out);
  EXPECT_NE(file_text(out).find(" 0 steps not converged"), std::string::npos) << file_text(out);
  fs::remove(out);
}

TEST(LibraryExample, RunsAProblemFileAsMoreauRunDoes) {
  const fs::path folder = fs::temp_directory_path() / "moreau-library-example";
  fs::remove_all(folder);
  fs::create_directories(folder);
  const fs::path problem = folder / "arch.yaml";
  std::ofstream(problem) << kArch;

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
