// `moreau solve` as a script meets it: the result line, --json, the written reactions, and
// the exit codes 0 (converged), 3 (not converged) and 2 (bad input, with file and line).
#include "moreau/solvers/registry.hpp"
#include "support/run_command.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

const std::string kData = std::string(MOREAU_SOURCE_DIR) + "/tests/data/contact/";

TEST(SolveCommand, ConvergedProblemPrintsOneLineAndExitsZero) {
  const CommandResult result = run_moreau("solve " + kData + "local_sparse_block.dat");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("local_sparse_block.dat: 2 contacts, hybrid"));
  EXPECT_THAT(result.output, HasSubstr(", converged, "));
}

TEST(SolveCommand, JsonHasTheDocumentedKeys) {
  const CommandResult result =
      run_moreau("solve " + kData + "local_dense.dat --solver nsgs --json");
  ASSERT_EQ(result.exit_code, 0) << result.output;
  const auto json = nlohmann::json::parse(result.output);
  for (const char* key : {"file", "contacts", "dimension", "solver", "status", "converged",
                          "iterations", "error", "seconds"})
    EXPECT_TRUE(json.contains(key)) << key;
  EXPECT_EQ(json["solver"], "nsgs");
  EXPECT_EQ(json["converged"], true);
  EXPECT_LE(json["error"].get<double>(), 1e-8);
}

TEST(SolveCommand, WritesOneReactionPerLine) {
  const auto out = std::filesystem::temp_directory_path() / "moreau_solve_reactions.txt";
  const CommandResult result =
      run_moreau("solve " + kData + "local_sparse_block.dat --reactions " + out.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream in(out);
  int lines = 0;
  for (double value; in >> value;) ++lines;
  EXPECT_EQ(lines, 6);  // 2 contacts x 3 components
  std::filesystem::remove(out);
}

TEST(SolveCommand, NotConvergedExitsThreeAndSaysSo) {
  // No error is below 1e-300 but an exact zero: the solver must stop and admit it.
  const CommandResult result = run_moreau("solve " + kData +
                                          "local_sparse_block.dat --solver pgs --max-iter 2 "
                                          "--tol 1e-300");
  EXPECT_EQ(result.exit_code, 3) << result.output;
  EXPECT_THAT(result.output, HasSubstr("max-iterations"));
}

// Issue 18: one contact with q_N = -1e160, whose |q|^2 overflows, so that no iterate has a
// finite error. The default solver (hybrid) died of a segmentation fault in its prox stage;
// every method must exit 3 and say why.
TEST(SolveCommand, HugeFreeVelocityExitsThreeAsNonFiniteForEverySolver) {
  for (const std::string& solver : solvers::registered_solver_names()) {
    const CommandResult result =
        run_moreau("solve " + kData + "huge_normal_q.dat --solver " + solver);
    EXPECT_EQ(result.exit_code, 3) << solver << ": " << result.output;
    EXPECT_THAT(result.output, HasSubstr(", non-finite, ")) << solver;
  }
}

TEST(SolveCommand, MalformedFileExitsTwoWithFileLineAndKey) {
  const CommandResult result = run_moreau("solve " + kData + "negative_mu.dat");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("negative_mu.dat:11: error: mu[0]"));
}

// Mutants of FCLib files, found by fuzzing, on which Debian's libhdf5 1.10.8 itself fails
// (tests/data/contact/damaged_*.hdf5): NULL reads under H5Lexists, in a local heap and in a
// dataset's read (segmentation faults, read in a child process first and refused), and
// metadata sizes of 163 GB and 7e18 bytes (a failed allocation; under AddressSanitizer an
// abort, in the child too). Each exits 2 naming the file.
TEST(SolveCommand, FilesThatCrashLibhdf5ExitTwo) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("damaged_")) continue;
    ++files;
    const CommandResult result = run_moreau("solve " + entry.path().string());
    EXPECT_EQ(result.exit_code, 2) << name << ": " << result.output;
    EXPECT_THAT(result.output, HasSubstr(name + ": error: ")) << name;
  }
  EXPECT_EQ(files, 5);
  const CommandResult result =
      run_moreau("solve " + kData + "damaged_null_read_under_h5lexists.hdf5");
  EXPECT_THAT(result.output, HasSubstr("error: expected an HDF5 file that libhdf5 can read, found "
                                       "a damaged file, on which libhdf5 crashed in a child "
                                       "process: "));
}

TEST(SolveCommand, UnknownSolverAndOptionAreRefusedWithASuggestion) {
  const CommandResult solver = run_moreau("solve " + kData + "local_dense.dat --solver nsgz");
  EXPECT_EQ(solver.exit_code, 2);
  EXPECT_THAT(solver.output, HasSubstr("--solver: error: solver: expected one of"));
  EXPECT_THAT(solver.output, HasSubstr("did you mean 'nsgs'?"));
  const CommandResult option =
      run_moreau("solve " + kData + "local_dense.dat --solver nsgs --option relaxaton=1.2");
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_THAT(option.output, HasSubstr("--option: error: nsgs.relaxaton: expected"));
  EXPECT_THAT(option.output, HasSubstr("did you mean 'relaxation'?"));
}

// Each method of --solvers is checked, with the options, before any problem is read.
TEST(BenchCommand, UnknownSolverAndOptionAreRefusedAtTheirOptions) {
  const CommandResult solver =
      run_moreau("bench " + kData + "local_dense.dat --solvers nsgs,newton-acc --quiet");
  EXPECT_EQ(solver.exit_code, 2);
  EXPECT_THAT(solver.output, HasSubstr("--solvers: error: solver: expected one of"));
  EXPECT_THAT(solver.output, HasSubstr("did you mean 'newton-ac'?"));
  const CommandResult option = run_moreau("bench " + kData +
                                          "local_dense.dat --solvers nsgs --option "
                                          "relaxation=2.5 --quiet");
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_THAT(option.output, HasSubstr("--option: error: nsgs.relaxation: expected"));
}

TEST(SolveCommand, MissingFileExitsTwo) {
  const CommandResult result = run_moreau("solve /nonexistent/problem.dat");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.output, HasSubstr("/nonexistent/problem.dat"));
}

TEST(BenchCommand, WritesTheCsvAndTheProfile) {
  const auto csv = std::filesystem::temp_directory_path() / "moreau_bench_test.csv";
  const CommandResult result =
      run_moreau("bench " + kData + "local_dense.dat " + kData +
                 "local_csparse_2d.dat --solvers nsgs,pgs --csv " + csv.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_THAT(result.output, HasSubstr("Performance profile"));
  std::ifstream in(csv);
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header,
            "problem,contacts,dimension,solver,status,iterations,error,seconds,"
            "siconos_error,siconos_global_error");
  int rows = 0;
  for (std::string line; std::getline(in, line);) ++rows;
  EXPECT_EQ(rows, 4);  // 2 problems x 2 solvers
  std::filesystem::remove(csv);
}

// A method of the global form runs on the global problems only; one of the local form on
// both (on the condensed problem of the global one).
TEST(BenchCommand, GlobalMethodsRunOnGlobalProblemsOnly) {
  const auto csv = std::filesystem::temp_directory_path() / "moreau_bench_global_test.csv";
  const CommandResult result =
      run_moreau("bench " + kData + "local_dense.dat " + kData +
                 "global_dense.dat --solvers nsgs,velocity-newton --csv " + csv.string());
  ASSERT_EQ(result.exit_code, 0) << result.output;
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> runs;  // problem,contacts,dimension,solver of each row
  while (std::getline(in, line)) {
    std::size_t end = 0;
    for (int field = 0; field < 4; ++field) end = line.find(',', end) + 1;
    runs.push_back(line.substr(0, end - 1));
  }
  std::filesystem::remove(csv);
  EXPECT_THAT(runs, ::testing::ElementsAre("local_dense.dat,1,3,nsgs", "global_dense.dat,1,3,nsgs",
                                           "global_dense.dat,1,3,velocity-newton"))
      << result.output;
}

TEST(BenchCommand, ChoosingSiconosSolversNeedsSiconos) {
  const CommandResult result =
      run_moreau("bench " + kData + "local_dense.dat --siconos-solvers siconos-nsgs");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr("--siconos-solvers: error"));
  EXPECT_THAT(result.output, HasSubstr("--with-siconos as well"));
}

}  // namespace
}  // namespace moreau::testing
