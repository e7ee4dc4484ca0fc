// `moreau run --dump-problems` writes each step's problem in the form the step was solved in:
// FCLib's local problem (W, q, mu) for a step solved on W alone, its global problem (M, H, f,
// w, mu) for a step of the global form, also where a method on W took it over; read back
// with read_fclib and solved by `moreau solve`.
#include "moreau/contact/fclib_io.hpp"
#include "support/run_command.hpp"
#include "support/test_problems.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

namespace moreau::testing {
namespace {

namespace fs = std::filesystem;

// `moreau run PROBLEM --dump-problems [extra]` into a fresh folder named after the current
// test (ctest runs tests in parallel), expecting `exit_code`; returns the folder of the dumps.
fs::path run_with_dumps(const fs::path& problem, const std::string& extra = "", int exit_code = 0) {
  const fs::path folder =
      fs::temp_directory_path() /
      ("moreau_dump_problems_test_" +
       std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  fs::remove_all(folder);
  const CommandResult result = run_moreau("run " + problem.string() + " --quiet --out " +
                                          folder.string() + " --dump-problems " + extra);
  EXPECT_EQ(result.exit_code, exit_code) << result.output;
  return folder / "problems";
}

// The dump of a step of the global form: a global problem with `contacts` contacts, on which
// velocity-newton converges.
void expect_global_dump(const fs::path& dumped, long contacts) {
  ASSERT_TRUE(fs::exists(dumped)) << dumped;
  const contact::FclibContents contents = contact::read_fclib(dumped);
  ASSERT_TRUE(std::holds_alternative<contact::GlobalProblem>(contents.problem)) << dumped;
  EXPECT_EQ(std::get<contact::GlobalProblem>(contents.problem).contacts(), contacts) << dumped;
  const CommandResult solved =
      run_moreau("solve --json --solver velocity-newton " + dumped.string());
  ASSERT_EQ(solved.exit_code, 0) << solved.output;
  EXPECT_EQ(nlohmann::json::parse(solved.output)["contacts"].get<long>(), contacts)
      << solved.output;
}

// Row `step` of the run's solver.csv: its columns by name.
std::map<std::string, std::string> solver_row(const fs::path& folder, int step) {
  std::ifstream csv(folder / "solver.csv");
  std::string line;
  std::getline(csv, line);
  std::vector<std::string> names;
  std::stringstream header(line);
  for (std::string name; std::getline(header, name, ',');) names.push_back(name);
  while (std::getline(csv, line)) {
    std::stringstream row(line);
    std::map<std::string, std::string> columns;
    std::string value;
    for (std::size_t i = 0; i < names.size() && std::getline(row, value, ','); ++i)
      columns[names[i]] = value;
    if (columns["step"] == std::to_string(step)) return columns;
  }
  ADD_FAILURE() << "no step " << step << " in " << (folder / "solver.csv");
  return {};
}

// The dump keeps the impulses the run's solve started from as its guess: solved from it, a
// dumped step takes the run's iterations to the run's error, in either form and by the
// automatic choice, which solves this block's steps in the global form.
TEST(DumpProblems, ADumpSolvedFromItsGuessRepeatsTheRunsSolve) {
  for (const char* solver : {"hybrid", "velocity-newton", "auto"}) {
    const fs::path problems = run_with_dumps(kBundledProblems / "block-incline.yaml",
                                             std::string("--duration 0.003 --solver ") + solver);
    for (const int step : {2, 3}) {
      const auto row = solver_row(problems.parent_path(), step);
      const fs::path dumped = problems / ("step_" + std::to_string(step) + ".hdf5");
      const auto solve_from = [&](const std::string& start) {
        const CommandResult solved = run_moreau("solve --json --warm-start " + start +
                                                " --solver " + solver + " " + dumped.string());
        EXPECT_EQ(solved.exit_code, 0) << solved.output;
        return nlohmann::json::parse(solved.output);
      };
      const auto replayed = solve_from("guess");
      EXPECT_EQ(replayed["iterations"].get<int>(), std::stoi(row.at("iterations")))
          << solver << " step " << step;
      EXPECT_EQ(replayed["error"].get<double>(), std::stod(row.at("error")))
          << solver << " step " << step;
      // Not the answer of any start: from zero, the same method ends elsewhere.
      EXPECT_NE(solve_from("zero")["error"].get<double>(), std::stod(row.at("error")))
          << solver << " step " << step;
    }
  }
}

// With carry_penalty, a solve near its answer starts at the proximal stiffness the last one
// ended at: the dump of a global step carries that state beside its guess, and `moreau
// solve --warm-start guess` restores it, so that the replay still repeats the run's solve.
TEST(DumpProblems, ADumpCarriesTheStateItsGlobalSolverStartedFrom) {
  const fs::path file = fs::temp_directory_path() / "moreau_dump_problems_test_carried.yaml";
  {
    std::ifstream bundled(kBundledProblems / "blocks-side-by-side.yaml");
    std::ofstream(file) << bundled.rdbuf()
                        << "solver: {name: velocity-newton, parameters: {carry_penalty: on}}\n";
  }
  const fs::path problems = run_with_dumps(file, "--duration 0.02");
  int carried = 0;
  for (int step = 1; step <= 20; ++step) {
    const fs::path dumped = problems / ("step_" + std::to_string(step) + ".hdf5");
    ASSERT_TRUE(fs::exists(dumped)) << dumped;
    const contact::FclibContents contents = contact::read_fclib(dumped);
    ASSERT_TRUE(contents.guess_penalty.has_value()) << dumped;
    // Above the default start (penalty 10), where a replay without the state would differ.
    if (*contents.guess_penalty <= 10.0) continue;
    ++carried;
    const CommandResult solved = run_moreau(
        "solve --json --warm-start guess --solver velocity-newton --option "
        "carry_penalty=on " +
        dumped.string());
    ASSERT_EQ(solved.exit_code, 0) << solved.output;
    const auto replayed = nlohmann::json::parse(solved.output);
    const auto row = solver_row(problems.parent_path(), step);
    EXPECT_EQ(replayed["iterations"].get<int>(), std::stoi(row.at("iterations"))) << step;
    EXPECT_EQ(replayed["error"].get<double>(), std::stod(row.at("error"))) << step;
  }
  EXPECT_GT(carried, 0) << "no step carried a kappa: the test tests nothing";
}

// A compliant step (dynamics/joint_compliance.hpp) is dumped in FCLib's standard form, its
// compliance as auxiliary degrees of freedom (contact::standard_form): the block's 6 and 3 per
// contact. Solved from its guess it converges, by another path than the run's.
TEST(DumpProblems, ACompliantStepIsDumpedInTheStandardForm) {
  const fs::path file = fs::temp_directory_path() / "moreau_dump_problems_test_compliant.yaml";
  std::ofstream(file)
      << "version: 1\n"
         "time: {step: 1.0e-3, duration: 0.003}\n"
         "interactions:\n"
         "  default: {friction: 0.6, joint_stiffness: {normal: 1.0e8, shear: 4.0e7}}\n"
         "bodies:\n"
         "  - {name: ground, shape: {type: plane}, fixed: true}\n"
         "  - {name: block, shape: {type: box, size: [0.4, 0.4, 0.2]}, "
         "position: [0, 0, 0.1]}\n";
  const fs::path problems = run_with_dumps(file, "--solver velocity-newton");
  const fs::path dumped = problems / "step_3.hdf5";
  ASSERT_TRUE(fs::exists(dumped)) << dumped;
  const contact::FclibContents contents = contact::read_fclib(dumped);
  ASSERT_TRUE(std::holds_alternative<contact::GlobalProblem>(contents.problem));
  const auto& global = std::get<contact::GlobalProblem>(contents.problem);
  EXPECT_EQ(global.contacts(), 4);
  EXPECT_EQ(global.dofs(), 6 + 3 * 4);
  const CommandResult solved =
      run_moreau("solve --json --warm-start guess --solver velocity-newton " + dumped.string());
  ASSERT_EQ(solved.exit_code, 0) << solved.output;
  EXPECT_LE(nlohmann::json::parse(solved.output)["error"].get<double>(), 1e-8) << solved.output;
}

TEST(DumpProblems, AStepOnJointsTooStiffForTheCompliantRouteIsSolvedInItsStandardForm) {
  // A house of 4 courses of 246 kg blocks on joints of 1e13 Pa/m, on a table under El
  // Centro: the period of a block on its bed joint, 2 pi sqrt(m / (k_n A)), is 0.03 of the
  // 2 ms step. velocity-newton's direct route for compliant contacts stopped at its
  // iteration limit on the first step, error 2.6e-4; its standard form, the dumped problem,
  // converges in a few tens of Newton steps (solvers/velocity_newton.cpp). The direct route
  // moves on to it once its error has stalled, not at the end of its half of the budget.
  const fs::path file = fs::temp_directory_path() / "moreau_dump_problems_test_stiff.yaml";
  std::ofstream(file)
      << "version: 1\n"
         "time: {step: 2.0e-3, duration: 0.002}\n"
         "materials:\n"
         "  - {name: stone, density: 2200}\n"
         "interactions:\n"
         "  default: {friction: 0.7, joint_stiffness: {normal: 1.0e13, shear: 4.0e12}}\n"
         "bodies:\n"
         "  - name: table\n"
         "    shape: {type: box, size: [8, 7, 0.2]}\n"
         "    position: [0, 0, -0.1]\n"
         "    driven:\n"
         "      ground_motion: {record: "
      << MOREAU_SOURCE_DIR
      << "/problems/records/elcentro-1940-ns.csv, units: g, pga: 1.0, direction: [1, 0, 0]}\n"
         "generators:\n"
         "  - {type: building, name: house, length: 5.0, width: 3.0, thickness: 0.4,\n"
         "     block: [0.7, 0.4], courses: 4}\n";
  const fs::path problems = run_with_dumps(file, "--solver velocity-newton");
  std::ifstream log(problems.parent_path() / "solver.csv");
  const std::string solver_log{std::istreambuf_iterator<char>(log), {}};
  EXPECT_NE(solver_log.find("(stagnated) + its standard form"), std::string::npos) << solver_log;
  const CommandResult solved =
      run_moreau("solve --json --warm-start guess --solver velocity-newton " +
                 (problems / "step_1.hdf5").string());
  ASSERT_EQ(solved.exit_code, 0) << solved.output;
  EXPECT_LE(nlohmann::json::parse(solved.output)["iterations"].get<int>(), 100) << solved.output;
}

TEST(DumpProblems, StepsSolvedOnWAreLocalProblemsThatSolve) {
  const fs::path problems =
      run_with_dumps(kBundledProblems / "block-incline.yaml", "--duration 0.003 --solver hybrid");
  for (const char* step : {"step_1.hdf5", "step_3.hdf5"}) {
    const fs::path dumped = problems / step;
    ASSERT_TRUE(fs::exists(dumped)) << dumped;
    EXPECT_TRUE(std::holds_alternative<contact::LocalProblem>(contact::read_fclib(dumped).problem))
        << dumped;
    const CommandResult solved = run_moreau("solve " + dumped.string());
    EXPECT_EQ(solved.exit_code, 0) << solved.output;
  }
}

// The solver named: every step of the block's 4 contacts is solved in the global form.
TEST(DumpProblems, StepsOfANamedGlobalSolverAreGlobalProblems) {
  const fs::path problems = run_with_dumps(kBundledProblems / "block-incline.yaml",
                                           "--duration 0.003 --solver velocity-newton");
  for (const char* step : {"step_1.hdf5", "step_3.hdf5"}) expect_global_dump(problems / step, 4);
}

// The automatic choice (MoreauJean::uses_global_form) solves a block on four corners in the global
// form: 3 x 4 contact unknowns > 6 degrees of freedom.
TEST(DumpProblems, HyperstaticStepsOfTheAutomaticChoiceAreGlobalProblems) {
  const fs::path problems =
      run_with_dumps(kBundledProblems / "block-incline.yaml", "--duration 0.003");
  for (const char* step : {"step_1.hdf5", "step_3.hdf5"}) expect_global_dump(problems / step, 4);
}

// The automatic choice (MoreauJean::uses_global_form): a 5-course wall of 22 blocks has 212
// contacts, 3 x 212 unknowns > 6 x 22 dofs, so its steps are solved in the global form, by
// velocity-newton alone from Automatic::kNewtonAloneContacts = 200 on.
TEST(DumpProblems, StepsTheAutomaticChoiceSolvesGloballyAreGlobalProblems) {
  const fs::path folder = fs::temp_directory_path() / "moreau_dump_problems_test_wall";
  fs::create_directories(folder);
  const fs::path wall = folder / "wall.yaml";
  std::ofstream(wall) << R"(version: 1
title: A wall whose steps the automatic choice solves in the global form
dimension: 3
time: {step: 2.0e-3, duration: 0.004}
materials: [{name: brick, density: 1800}]
interactions: {default: {friction: 0.8}}
bodies: [{name: ground, shape: {type: plane}, fixed: true}]
generators:
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 5}
output: {vtk: false}
)";
  const fs::path problems = run_with_dumps(wall);
  for (const char* step : {"step_1.hdf5", "step_2.hdf5"}) expect_global_dump(problems / step, 212);
}

// A step whose global methods failed and which `hybrid` on W then took over (`auto` with
// one sweep or Newton step per method, four for velocity-newton: too few for this block's
// first step) is dumped global, so that the method that failed can be replayed on it.
TEST(DumpProblems, AStepAMethodOnWTookOverIsAGlobalProblem) {
  const fs::path file = fs::temp_directory_path() / "moreau_dump_problems_test_fallback.yaml";
  std::ofstream(file) << "version: 1\n"
                         "gravity: [4.905, 0, -8.49571]\n"
                         "time: {step: 1.0e-3, duration: 0.002}\n"
                         "solver: {name: auto, max_iterations: 1}\n"
                         "interactions: {default: {friction: 0.4}}\n"
                         "bodies:\n"
                         "  - {name: plane, shape: {type: plane}, fixed: true}\n"
                         "  - {name: block, shape: {type: box, size: [0.4, 0.4, 0.2]}, "
                         "position: [0, 0, 0.1]}\n";
  const fs::path problems = run_with_dumps(file, "", 3);  // step 1 converged in no method
  const auto row = solver_row(problems.parent_path(), 1);
  EXPECT_EQ(row.at("solver"), "hybrid");
  EXPECT_NE(row.at("stages").find("velocity-newton 4 (max-iterations)"), std::string::npos)
      << row.at("stages");
  expect_global_dump(problems / "step_1.hdf5", 4);
  // The automatic choice replays it, every method of its chain included.
  const CommandResult solved = run_moreau(
      "solve --json --warm-start guess --solver auto "
      "--max-iter 1 " +
      (problems / "step_1.hdf5").string());
  ASSERT_EQ(solved.exit_code, 3) << solved.output;
  const auto replayed = nlohmann::json::parse(solved.output);
  EXPECT_EQ(replayed["method"].get<std::string>(), "hybrid");
  std::string stages = replayed["stages"].get<std::string>();  // solver.csv joins them by " + "
  for (std::size_t at = stages.find(", "); at != std::string::npos; at = stages.find(", ", at))
    stages.replace(at, 2, " + ");
  EXPECT_EQ(stages, row.at("stages"));
  EXPECT_EQ(replayed["iterations"].get<int>(), std::stoi(row.at("iterations")));
  EXPECT_EQ(replayed["error"].get<double>(), std::stod(row.at("error")));
}

}  // namespace
}  // namespace moreau::testing
