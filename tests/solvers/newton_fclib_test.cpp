// newton-ac and newton-fb on every problem of ../shared/fclib (global ones condensed by
// read_contact_problem_file). Only honest things are asserted: the status agrees with the
// natural-map error measured here, and the returned impulses are finite. Iterations, error
// and time are printed per problem for the benchmark record; no test asserts wall time.
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/newton.hpp"
#include "support/shared_data.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <tuple>

namespace moreau::solvers {
namespace {

class NewtonOnFclib : public ::testing::TestWithParam<std::tuple<std::string, Formulation>> {};

TEST_P(NewtonOnFclib, StatusAgreesWithTheMeasuredError) {
  const auto& [name, formulation] = GetParam();
  MOREAU_REQUIRE_SHARED("fclib/" + name);
  const contact::ContactProblemFile file =
      contact::read_contact_problem_file(testing::shared_path("fclib/" + name));
  NewtonOptions options;
  options.formulation = formulation;
  options.stop.max_iterations = 1000;
  options.stop.time_limit = 60.0;  // s; keeps a pathological run from hitting the ctest timeout
  const NewtonSolver solver(options);
  VecX r = VecX::Zero(file.problem.size());
  const SolveReport report = solver.solve(file.problem, r);
  const double measured = contact::natural_map_error(file.problem, r);
  std::cout << name << ' ' << solver.name() << ": " << to_string(report.status) << ", "
            << report.iterations << " iterations, error " << measured << ", "
            << 1e3 * report.seconds << " ms\n";
  ASSERT_TRUE(r.allFinite());
  EXPECT_EQ(report.error, measured);
  EXPECT_EQ(report.converged(), measured <= options.stop.tolerance) << to_string(report.status);
}

INSTANTIATE_TEST_SUITE_P(Fclib, NewtonOnFclib,
                         ::testing::Combine(::testing::ValuesIn(testing::shared_fclib_problems()),
                                            ::testing::Values(Formulation::AlartCurnier,
                                                              Formulation::FischerBurmeister)),
                         [](const auto& test) {
                           return testing::test_name(
                               std::get<0>(test.param) +
                               (std::get<1>(test.param) == Formulation::AlartCurnier ? "_ac"
                                                                                     : "_fb"));
                         });

}  // namespace
}  // namespace moreau::solvers
