// One measured solve (measure_solve) on the small files of tests/data/contact: the row names
// the file, its size and the solver; a converged solve's status, iterations and error are the
// solver's, the error within the tolerance; a solve stopped at its iteration limit says so; a
// global file is solved by a global method on its own problem.
#include "moreau/benchmark/bench_run.hpp"

#include "moreau/solvers/registry.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace moreau::benchmark {
namespace {

contact::ContactProblemFile bench_file(const std::string& name) {
  return contact::read_contact_problem_file(std::filesystem::path(MOREAU_SOURCE_DIR) /
                                            "tests/data/contact" / name);
}

BenchSolver local_solver(const std::string& name, const solvers::StopCriteria& stop) {
  return {name, solvers::make_solver(name, stop, {}), {}};
}

TEST(MeasureSolve, ConvergedLocalSolveIsDescribedByItsRow) {
  const solvers::StopCriteria stop;
  const contact::ContactProblemFile file = bench_file("local_sparse_block.dat");
  const BenchRun run = measure_solve(file, local_solver("nsgs", stop), {});
  EXPECT_EQ(run.problem, "local_sparse_block.dat");
  EXPECT_EQ(run.contacts, 2);
  EXPECT_EQ(run.dimension, 3);
  EXPECT_EQ(run.solver, "nsgs");
  EXPECT_EQ(run.status, "converged");
  EXPECT_TRUE(run.converged);
  EXPECT_GE(run.iterations, 1);
  EXPECT_LE(run.error, stop.tolerance);
  EXPECT_GE(run.seconds, 0.0);
  EXPECT_FALSE(run.siconos_error.has_value());  // not asked for
  EXPECT_FALSE(run.siconos_global_error.has_value());
}

// One projected gradient step from r = 0 cannot reach a tolerance of 1e-14 on this problem.
TEST(MeasureSolve, SolveStoppedAtItsLimitIsNotConverged) {
  const solvers::StopCriteria stop{.tolerance = 1e-14, .max_iterations = 1};
  const BenchRun run =
      measure_solve(bench_file("local_sparse_block.dat"), local_solver("pgs", stop), {});
  EXPECT_EQ(run.status, "max-iterations");
  EXPECT_FALSE(run.converged);
  EXPECT_EQ(run.iterations, 1);
  EXPECT_GT(run.error, stop.tolerance);
}

TEST(MeasureSolve, GlobalMethodSolvesTheFilesGlobalProblem) {
  const solvers::StopCriteria stop;
  const std::string name = solvers::registered_global_solver_names().front();
  const BenchSolver global{name, nullptr,
                           [=] { return solvers::make_global_solver(name, stop, {}); }};
  const BenchRun run = measure_solve(bench_file("global_dense.dat"), global, {});
  EXPECT_EQ(run.solver, name);
  EXPECT_EQ(run.contacts, 1);
  EXPECT_TRUE(run.converged) << run.status;
  EXPECT_LE(run.error, stop.tolerance);
}

}  // namespace
}  // namespace moreau::benchmark
