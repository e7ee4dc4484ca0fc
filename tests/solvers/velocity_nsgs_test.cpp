// Matrix-free Gauss-Seidel in velocity space against nsgs on W: in exact arithmetic the two
// make the same iterates (velocity_nsgs.hpp), so after any number of sweeps their impulses
// agree to round-off, on problems whose mass matrix is diagonal or made of dense blocks, with
// unique reactions or not. nsgs runs on the condensation of global_problem.hpp (a CHOLMOD
// factorization of M), an independent path to the same W.
#include "moreau/solvers/velocity_nsgs.hpp"

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <tuple>

namespace moreau::solvers {
namespace {

using contact::GlobalProblem;
using testing::MassBlocks;

StopCriteria sweeps(int count) {
  StopCriteria stop;
  stop.tolerance = 0.0;  // never met: exactly `count` sweeps
  stop.max_iterations = count;
  return stop;
}

class VelocityNsgsAgainstNsgs : public ::testing::TestWithParam<std::tuple<MassBlocks, int, int>> {
};

// Every other contact of `problem` compliant (joints), C of the order of W's diagonal and
// anisotropic.
GlobalProblem with_compliant_contacts(GlobalProblem problem) {
  const double w_nn =
      contact::Condensation(problem, {"random"}).local().W.to_sparse().diagonal().mean();
  problem.compliance = VecX::Zero(3 * problem.contacts());
  for (Index a = 0; a < problem.contacts(); a += 2)
    problem.compliance.segment<3>(3 * a) = 0.2 * w_nn * math::Vec3(1.0, 2.5, 2.5);
  return problem;
}

// (mass, bodies, contacts): 12 bodies and 15 contacts have fewer contact unknowns than
// degrees of freedom; 4 bodies and 14 contacts are hyperstatic (W singular). With rigid
// contacts, and with compliant ones against NSGS on W + C.
TEST_P(VelocityNsgsAgainstNsgs, SameIteratesSweepAfterSweep) {
  const auto [mass, bodies, contacts] = GetParam();
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (const bool compliant : {false, true}) {
      const GlobalProblem rigid = testing::random_global_problem(bodies, contacts, seed, 0.7, mass);
      const GlobalProblem problem = compliant ? with_compliant_contacts(rigid) : rigid;
      const contact::Condensation condensation(problem, {"random"});
      for (const int count : {1, 5, 40}) {
        VecX r_velocity = VecX::Zero(3 * contacts), r_w = r_velocity, v;
        const SolveReport report =
            VelocityNsgs({.stop = sweeps(count)}).solve(problem, r_velocity, v);
        Nsgs({.stop = sweeps(count)}).solve(condensation.local(), r_w);
        EXPECT_EQ(report.iterations, count);
        EXPECT_LE((r_velocity - r_w).norm(), 1e-10 * (1.0 + r_w.norm()))
            << "seed " << seed << ", " << count << " sweeps, compliant " << compliant;
        // The report's error is the local problem's, and v belongs to the returned r.
        EXPECT_NEAR(report.error, contact::natural_map_error(condensation.local(), r_velocity),
                    1e-12);
        EXPECT_LE((v - condensation.global_velocity(r_velocity)).norm(), 1e-12 * (1.0 + v.norm()));
      }
    }
}

INSTANTIATE_TEST_SUITE_P(Problems, VelocityNsgsAgainstNsgs,
                         ::testing::Values(std::make_tuple(MassBlocks::Diagonal, 12, 15),
                                           std::make_tuple(MassBlocks::Diagonal, 4, 14),
                                           std::make_tuple(MassBlocks::Full, 12, 15),
                                           std::make_tuple(MassBlocks::Full, 4, 14)));

// Where Gauss-Seidel converges, it converges to the tolerance and says so.
TEST(VelocityNsgs, ConvergesWhereReactionsAreUnique) {
  const GlobalProblem problem = testing::random_global_problem(12, 15, 7, 0.7, MassBlocks::Full);
  StopCriteria stop;
  stop.tolerance = 1e-10;
  stop.max_iterations = 5000;
  VecX r = VecX::Zero(45), v;
  const SolveReport report = VelocityNsgs({.stop = stop}).solve(problem, r, v);
  ASSERT_TRUE(report.converged()) << to_string(report.status) << " " << report.error;
  const contact::Condensation condensation(problem, {"random"});
  EXPECT_LE(contact::natural_map_error(condensation.local(), r), 1e-10);
}

// A mass matrix that is not positive definite stops the solve with a status, not an answer.
TEST(VelocityNsgs, RefusesAMassMatrixThatIsNotPositiveDefinite) {
  GlobalProblem problem = testing::random_global_problem(4, 6, 2);
  problem.M.coeffRef(7, 7) = -1.0;
  VecX r = VecX::Zero(18), v;
  const SolveReport report = VelocityNsgs({.stop = sweeps(10)}).solve(problem, r, v);
  EXPECT_EQ(report.status, Status::NonFinite);
  EXPECT_FALSE(report.converged());
}

// As the first stage of the automatic choice: on a hyperstatic problem its sweeps stop once
// their rate cannot reach the tolerance, long before the sweep limit.
TEST(VelocityNsgs, StopsOnStagnationWhenAsked) {
  const GlobalProblem problem = testing::random_global_problem(4, 14, 3);
  StopCriteria stop;
  stop.tolerance = 1e-14;
  stop.max_iterations = 100;
  VecX r = VecX::Zero(42), v;
  const SolveReport report =
      VelocityNsgs({.stop = stop, .stop_on_stagnation = true}).solve(problem, r, v);
  EXPECT_EQ(report.status, Status::Stagnated);
  EXPECT_LT(report.iterations, 100);
}

TEST(VelocityNsgs, RegistryBuildsItAndRefusesBadOptions) {
  EXPECT_TRUE(is_global_solver("velocity-nsgs"));
  const auto solver = make_global_solver("velocity-nsgs", {}, {{"relaxation", "1.3"}});
  EXPECT_EQ(dynamic_cast<const VelocityNsgs&>(*solver).options().relaxation, 1.3);
  EXPECT_THROW(make_global_solver("velocity-nsgs", {}, {{"relaxation", "2.5"}}), core::Diagnostic);
  EXPECT_THROW(VelocityNsgs({.stop = {}, .relaxation = 0.0}), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::solvers
