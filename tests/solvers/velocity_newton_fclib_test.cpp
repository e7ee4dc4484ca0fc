// velocity-newton on every global problem of ../shared/fclib (box stacks and sphere packings
// written by Siconos and LMGC90), from zero impulses at the default tolerance. Asserted: each
// converges, and its error, remeasured here on the condensed local problem (W from an
// independent Cholesky factorization), is within the tolerance. Iterations, error and time
// are printed per problem for the benchmark record; no test asserts wall time.
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/velocity_newton.hpp"
#include "support/shared_data.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace moreau::solvers {
namespace {

TEST(VelocityNewtonOnFclib, ConvergesOnEveryGlobalProblem) {
  MOREAU_REQUIRE_SHARED("fclib");
  int global_problems = 0;
  for (const std::string& name : testing::shared_fclib_problems()) {
    const contact::ContactProblemFile file =
        contact::read_contact_problem_file(testing::shared_path("fclib/" + name));
    if (file.kind != contact::ProblemKind::Global) continue;
    ++global_problems;
    VelocityNewtonOptions options;
    options.stop.time_limit = 60.0;  // s; keeps a pathological run from the ctest timeout
    VecX r = VecX::Zero(file.problem.size()), v;
    const SolveReport report = VelocityNewton(options).solve(*file.global, r, v);
    const double measured = contact::natural_map_error(file.problem, r);
    std::cout << name << " velocity-newton: " << to_string(report.status) << ", "
              << report.iterations << " iterations, error " << measured << ", "
              << 1e3 * report.seconds << " ms\n";
    EXPECT_TRUE(report.converged()) << name << ": " << to_string(report.status);
    EXPECT_LE(measured, options.stop.tolerance) << name;
  }
  EXPECT_GT(global_problems, 0);
}

}  // namespace
}  // namespace moreau::solvers
