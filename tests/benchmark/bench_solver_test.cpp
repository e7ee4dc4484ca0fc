// The solvers of a benchmark (bench_solver.hpp): moreau's methods made by name in the order
// asked, of the local or the global form; a bad name or parameter refused before any run;
// Siconos' solvers after moreau's in a build with Siconos, refused without it; and which files
// each solver runs on.
#include "moreau/benchmark/bench_solver.hpp"

#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace moreau::benchmark {
namespace {

std::vector<std::string> names_of(const std::vector<BenchSolver>& list) {
  std::vector<std::string> names;
  for (const BenchSolver& solver : list) names.push_back(solver.name);
  return names;
}

BenchSolverChoice moreau_only(std::vector<std::string> names) {
  BenchSolverChoice choice;
  choice.names = std::move(names);
  return choice;
}

BenchSolverChoice with_siconos(std::vector<std::string> names,
                               std::vector<std::string> siconos_names = {}) {
  BenchSolverChoice choice = moreau_only(std::move(names));
  choice.with_siconos = true;
  choice.siconos_names = std::move(siconos_names);
  return choice;
}

std::string key_refused(const BenchSolverChoice& choice,
                        const solvers::SolverParameters& parameters = {}) {
  try {
    make_bench_solvers(choice, {}, parameters);
  } catch (const core::Diagnostic& error) {
    return error.key();
  }
  return "(accepted)";
}

TEST(BenchSolvers, MoreausMethodsComeInTheOrderAskedWithTheirForm) {
  const std::string global = solvers::registered_global_solver_names().front();
  const std::vector<BenchSolver> list = make_bench_solvers(moreau_only({global, "nsgs"}), {}, {});
  ASSERT_EQ(names_of(list), (std::vector<std::string>{global, "nsgs"}));
  EXPECT_EQ(list[0].local, nullptr);
  ASSERT_TRUE(list[0].make_global);
  EXPECT_NE(list[0].make_global(), nullptr);
  EXPECT_NE(list[1].local, nullptr);
  EXPECT_FALSE(list[1].make_global);
  EXPECT_FALSE(list[0].siconos || list[1].siconos);
}

// A global method is made anew for each solve: its bad parameters must still fail at once.
TEST(BenchSolvers, BadNamesAndParametersAreRefusedBeforeAnyRun) {
  EXPECT_EQ(key_refused(moreau_only({"nsg"})), "solver");
  EXPECT_EQ(key_refused(moreau_only({"nsgs"}), {{"relaxaton", "1.2"}}), "nsgs.relaxaton");
  const std::string global = solvers::registered_global_solver_names().front();
  EXPECT_EQ(key_refused(moreau_only({global}), {{"no_such_option", "1"}}),
            global + ".no_such_option");
}

// The test binary cannot see whether the benchmark layer was built with Siconos (a private
// definition of that library): each outcome is checked as that build must behave.
TEST(BenchSolvers, SiconosSolversFollowMoreausOrAreRefusedWithoutSiconos) {
  std::vector<BenchSolver> list;
  try {
    list = make_bench_solvers(with_siconos({"nsgs"}), {}, {});
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "with-siconos") << error.what();
    return;
  }
  ASSERT_GT(list.size(), 1u);
  EXPECT_EQ(list.front().name, "nsgs");
  EXPECT_FALSE(list.front().siconos);
  for (std::size_t k = 1; k < list.size(); ++k) EXPECT_TRUE(list[k].siconos) << list[k].name;
  EXPECT_EQ(key_refused(with_siconos({}, {"no-such-peer"})), "siconos-solvers");
  const std::vector<BenchSolver> one = make_bench_solvers(with_siconos({}, {list[1].name}), {}, {});
  EXPECT_EQ(names_of(one), std::vector<std::string>{list[1].name});
}

TEST(BenchSolvers, GlobalMethodsRunOnlyOnFilesWithAGlobalProblem) {
  const std::filesystem::path data =
      std::filesystem::path(MOREAU_SOURCE_DIR) / "tests/data/contact";
  const contact::ContactProblemFile local =
      contact::read_contact_problem_file(data / "local_dense.dat");
  const contact::ContactProblemFile global =
      contact::read_contact_problem_file(data / "global_dense.dat");
  const std::vector<BenchSolver> list = make_bench_solvers(
      moreau_only({"nsgs", solvers::registered_global_solver_names().front()}), {}, {});
  EXPECT_TRUE(supports(list[0], local));
  EXPECT_TRUE(supports(list[0], global));  // on the problem it condenses to
  EXPECT_FALSE(supports(list[1], local));
  EXPECT_TRUE(supports(list[1], global));
}

}  // namespace
}  // namespace moreau::benchmark
