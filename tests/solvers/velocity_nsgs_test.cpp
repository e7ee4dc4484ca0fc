// Matrix-free Gauss-Seidel in velocity space against nsgs on W: in exact arithmetic the two
// make the same iterates (velocity_nsgs.hpp), so after any number of sweeps their impulses
// agree to round-off, on problems whose mass matrix is diagonal or made of dense blocks, with
// unique reactions or not. nsgs runs on the condensation of global_problem.hpp (a CHOLMOD
// factorization of M), an independent path to the same W.
#include "moreau/solvers/velocity_nsgs.hpp"

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "moreau/solvers/one_contact.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>
#include <vector>

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

// LMGC90's check (velocity_nsgs.cpp) computed on W, the condensation, from the same impulses:
// each contact's one-contact solution r' against the others' impulses, its change of local
// velocity dv = W_aa (r - r'), and the means over the contacts whose mean impulse is not zero.
double lmgc90_check_on_w(const contact::LocalProblem& local, const VecX& r, bool qm16) {
  const Eigen::MatrixXd W = Eigen::MatrixXd(local.W.to_sparse());
  const VecX u = W * r + local.q;
  std::vector<double> dv_squared, dv_r_squared, dv_dot_r, wr_squared, wr_dot_r;
  for (Index a = 0; a < local.contacts(); ++a) {
    const Eigen::Matrix3d W_aa = W.block<3, 3>(3 * a, 3 * a);
    const math::Vec3 r_a = r.segment<3>(3 * a);
    const math::Vec3 r_next =
        OneContactSolver<3>(W_aa, local.mu[a]).solve(u.segment<3>(3 * a) - W_aa * r_a, r_a).r;
    const math::Vec3 mean = 0.5 * (r_a + r_next);
    if (mean.isZero(0.0)) continue;
    const math::Vec3 dv = W_aa * (r_a - r_next);
    dv_squared.push_back(dv.squaredNorm());
    dv_r_squared.push_back(dv.squaredNorm() * mean.squaredNorm());
    dv_dot_r.push_back(mean.dot(dv));
    wr_squared.push_back(0.5 * ((W_aa * r_a).squaredNorm() + (W_aa * r_next).squaredNorm()));
    wr_dot_r.push_back(0.5 * (r_a.dot(W_aa * r_a) + r_next.dot(W_aa * r_next)));
  }
  const auto sum = [](const std::vector<double>& x) {
    return std::accumulate(x.begin(), x.end(), 0.0);
  };
  const auto largest = [](const std::vector<double>& x) {
    return *std::max_element(x.begin(), x.end());
  };
  const double n = static_cast<double>(dv_squared.size());
  const double quad_wr = std::sqrt(sum(wr_squared) / n), mean_wrr = sum(wr_dot_r) / n;
  const std::vector<double> ratios = {std::abs(sum(dv_dot_r)) / (n * mean_wrr),
                                      std::sqrt(sum(dv_squared) / n) / quad_wr,
                                      std::sqrt(sum(dv_r_squared) / n) / mean_wrr};
  double check = largest(ratios);
  if (qm16)
    check = std::max({check, std::sqrt(largest(dv_squared)) / quad_wr / 16.666,
                      std::sqrt(largest(dv_r_squared)) / mean_wrr / 16.666});
  return check;
}

// With LMGC90's criteria the value compared with the tolerance is that check of the current
// impulses, rigid or compliant contacts alike; the report still gives the natural-map error,
// and names the criterion.
TEST(VelocityNsgs, Lmgc90CriteriaMeasureWhatOneMoreSweepWouldChange) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    for (const bool compliant : {false, true}) {
      const GlobalProblem rigid =
          testing::random_global_problem(12, 15, seed, 0.7, MassBlocks::Full);
      const GlobalProblem problem = compliant ? with_compliant_contacts(rigid) : rigid;
      const contact::Condensation condensation(problem, {"random"});
      for (const SweepCriterion criterion :
           {SweepCriterion::Lmgc90Quad, SweepCriterion::Lmgc90Qm16})
        for (const int count : {2, 8}) {
          StopCriteria stop = sweeps(count);
          stop.record_history = true;  // the check after every sweep
          VecX r = VecX::Zero(45), v;
          const SolveReport report =
              VelocityNsgs({.stop = stop, .criterion = criterion}).solve(problem, r, v);
          ASSERT_EQ(report.error_history.size(), static_cast<std::size_t>(count));
          const double expected =
              lmgc90_check_on_w(condensation.local(), r, criterion == SweepCriterion::Lmgc90Qm16);
          // N.B. dv is a difference of velocities, computed from v here and from W there:
          // the two agree to round-off of the velocities, 1e-15 of the check's scale.
          EXPECT_NEAR(report.error_history.back(), expected, 1e-9 * expected + 1e-14)
              << "seed " << seed << ", compliant " << compliant << ", " << count << " sweeps";
          EXPECT_GT(expected, 1e-6) << "a check near round-off tests nothing";
          EXPECT_EQ(report.criterion, to_string(criterion));
          EXPECT_NEAR(report.error, contact::natural_map_error(condensation.local(), r), 1e-12);
        }
    }
}

// QM/16 holds Quad's three means and two maxima more: at the same impulses it is never the
// smaller; and a solve that converges under a criterion says that criterion decided.
TEST(VelocityNsgs, Qm16IsQuadAndMore) {
  const GlobalProblem problem = testing::random_global_problem(12, 15, 7, 0.7, MassBlocks::Full);
  StopCriteria stop = sweeps(40);
  stop.record_history = true;
  std::vector<std::vector<double>> histories;
  for (const SweepCriterion criterion : {SweepCriterion::Lmgc90Quad, SweepCriterion::Lmgc90Qm16}) {
    VecX r = VecX::Zero(45), v;
    histories.push_back(
        VelocityNsgs({.stop = stop, .criterion = criterion}).solve(problem, r, v).error_history);
  }
  for (std::size_t k = 0; k < histories[0].size(); ++k)
    EXPECT_GE(histories[1][k], histories[0][k]) << "sweep " << k + 1;
  StopCriteria converging;
  converging.tolerance = 1e-6;
  converging.max_iterations = 5000;
  VecX r = VecX::Zero(45), v;
  const SolveReport report =
      VelocityNsgs({.stop = converging, .criterion = SweepCriterion::Lmgc90Qm16})
          .solve(problem, r, v);
  ASSERT_TRUE(report.converged()) << to_string(report.status);
  EXPECT_EQ(report.criterion, "lmgc90-qm16");
}

TEST(VelocityNsgs, RegistryBuildsItAndRefusesBadOptions) {
  EXPECT_TRUE(is_global_solver("velocity-nsgs"));
  const auto solver = make_global_solver("velocity-nsgs", {}, {{"relaxation", "1.3"}});
  EXPECT_EQ(dynamic_cast<const VelocityNsgs&>(*solver).options().relaxation, 1.3);
  EXPECT_THROW(make_global_solver("velocity-nsgs", {}, {{"relaxation", "2.5"}}), core::Diagnostic);
  EXPECT_EQ(dynamic_cast<const VelocityNsgs&>(*make_global_solver("velocity-nsgs", {}, {}))
                .options()
                .criterion,
            SweepCriterion::NaturalMap);
  for (const SweepCriterion criterion : {SweepCriterion::Lmgc90Quad, SweepCriterion::Lmgc90Qm16}) {
    const auto named =
        make_global_solver("velocity-nsgs", {}, {{"criterion", std::string(to_string(criterion))}});
    EXPECT_EQ(dynamic_cast<const VelocityNsgs&>(*named).options().criterion, criterion);
  }
  EXPECT_THROW(make_global_solver("velocity-nsgs", {}, {{"criterion", "lmgc90"}}),
               core::Diagnostic);
  EXPECT_THROW(VelocityNsgs({.stop = {}, .relaxation = 0.0}), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::solvers
