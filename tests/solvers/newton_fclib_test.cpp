// newton-ac and newton-fb on every problem of ../shared/fclib (global ones condensed by
// read_problem_file). Only honest things are asserted: the status agrees with the
// natural-map error measured here, and the returned impulses are finite. Iterations, error
// and time are printed per problem for the benchmark record; no test asserts wall time.
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/contact/problem_file.hpp"
#include "moreau/solvers/newton.hpp"
#include "support/shared_data.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <tuple>

namespace moreau::solvers {
namespace {

const std::string kFiles[] = {
    "FC3D_Example1.dat",
    "FC3D_Example1_SBM.dat",
    "FrictionContact3D_1c.dat",
    "Rover1039.dat",
    "Rover1040.dat",
    "Rover4396.dat",
    "NESpheres_10_1.dat",
    "OneObject-i1028-138.hdf5.dat",
    "BoxesStack1-i100000-32.hdf5.dat",
    "Confeti-ex13-4contact-Fc3D-SBM.dat",
    "Capsules-i100-1090.dat",
    "Capsules-i101-404.dat",
    "Capsules-i125-1213.hdf5",
    "FrictionContactProblem00031.dat",
    "FrictionContactProblem00071.dat",
    "FrictionContactProblem00394.dat",
    "fc2d_granularflowonwall_00667_00000.dat",
    "Box_Stacks-i0122-82-5.hdf5",
    "Spheres-i099-356-679.hdf5",
    "spheres-in-a-box-98-i10000-256-10.hdf5",
    "GFC3D_Example1.dat",
    "GFC3D_TwoRods1.dat",
};

class NewtonOnFclib : public ::testing::TestWithParam<std::tuple<std::string, Formulation>> {};

TEST_P(NewtonOnFclib, StatusAgreesWithTheMeasuredError) {
  const auto& [name, formulation] = GetParam();
  MOREAU_REQUIRE_SHARED("fclib/" + name);
  const contact::ProblemFile file =
      contact::read_problem_file(testing::shared_path("fclib/" + name));
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
                         ::testing::Combine(::testing::ValuesIn(kFiles),
                                            ::testing::Values(Formulation::AlartCurnier,
                                                              Formulation::FischerBurmeister)),
                         [](const auto& test) {
                           std::string name =
                               std::get<0>(test.param) +
                               (std::get<1>(test.param) == Formulation::AlartCurnier ? "_ac"
                                                                                     : "_fb");
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
}  // namespace moreau::solvers
