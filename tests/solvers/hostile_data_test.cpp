// Every solver on problems whose data are finite but huge or tiny (q of 1e155 to 1e300,
// W scaled by 1e300 and 1e-300, mu = 1e300): whatever the answer, a solve returns, with
// impulses of the right size that are finite (the last finite iterate), and a status that
// matches the error re-measured here: Converged only below the tolerance, NonFinite whenever
// the error is not finite. q_N = -1e160 is the problem of issue 18, on which the hybrid's
// prox stage read past the end of an empty best iterate (a segmentation fault).
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/one_contact.hpp"
#include "moreau/solvers/registry.hpp"
#include "support/random_problem.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace moreau::solvers {
namespace {

using math::MatX;

constexpr double kHostileTolerance = 1e-8;
// Enough for every method on the well-scaled version of these problems (a few dozen
// iterations at most); the hostile ones need not converge, only stop.
constexpr int kMaxIterations = 200;

StopCriteria stop() { return {.tolerance = kHostileTolerance, .max_iterations = kMaxIterations}; }

LocalProblem make_problem(const MatX& W, const VecX& q, const VecX& mu) {
  LocalProblem problem;
  problem.dimension = 3;
  problem.W = contact::BlockSparseMatrix::from_sparse(W.sparseView(), 3);
  problem.q = q;
  problem.mu = mu;
  contact::validate(problem, {"hostile_data_test"});
  return problem;
}

// One contact, pressed into the obstacle and pushed sideways: a stick or slide answer.
struct Data {
  MatX W;
  VecX q;
  VecX mu;
};

Data one_contact() {
  MatX W(3, 3);
  W << 15, -1, -2, -1, 14, 1, -2, 1, 16;
  return {W, Eigen::Vector3d{-1.0, 2.0, 3.0}, VecX::Constant(1, 0.1)};
}

// Three coupled contacts, all pressed (the seeded generator's W, q_N made negative).
Data three_contacts() {
  const LocalProblem random = testing::random_problem(3, 3, 11);
  Data data{random.W.to_sparse().toDense(), random.q, random.mu};
  for (Index a = 0; a < 3; ++a) data.q[3 * a] = -std::abs(data.q[3 * a]) - 0.5;
  return data;
}

struct HostileCase {
  std::string name;
  std::function<Data()> make;
};

Data with_normal_q(Data data, double q_N) {
  for (Index a = 0; a < data.mu.size(); ++a) data.q[3 * a] = q_N;
  return data;
}

Data scaled(Data data, double q_factor, double W_factor) {
  data.q *= q_factor;
  data.W *= W_factor;
  return data;
}

Data with_mu(Data data, double mu) {
  data.mu.setConstant(mu);
  return data;
}

std::vector<HostileCase> hostile_cases() {
  std::vector<HostileCase> cases;
  for (const auto& [base_name, make_base] :
       {std::pair{"One", &one_contact}, std::pair{"Three", &three_contacts}}) {
    const std::string name = base_name;
    const auto base = make_base;  // a variable: Clang 14 cannot capture structured bindings
    cases.push_back({name + "QNormalMinus1e160", [=] { return with_normal_q(base(), -1e160); }});
    cases.push_back({name + "QNormalPlus1e160", [=] { return with_normal_q(base(), 1e160); }});
    cases.push_back({name + "QTimes1e155", [=] { return scaled(base(), 1e155, 1.0); }});
    cases.push_back({name + "QTimes1e300", [=] { return scaled(base(), 1e300, 1.0); }});
    cases.push_back({name + "QTimesMinus1e300", [=] { return scaled(base(), -1e300, 1.0); }});
    cases.push_back({name + "WTimes1e300", [=] { return scaled(base(), 1.0, 1e300); }});
    cases.push_back({name + "WTimes1eMinus300", [=] { return scaled(base(), 1.0, 1e-300); }});
    cases.push_back({name + "Mu1e300", [=] { return with_mu(base(), 1e300); }});
  }
  return cases;
}

// What every solve must end with, whatever the data.
void expect_clear_outcome(const LocalProblem& problem, const VecX& r, const SolveReport& report) {
  ASSERT_EQ(r.size(), problem.size());
  EXPECT_TRUE(r.allFinite()) << r.transpose();
  const double error = contact::natural_map_error(problem, r);
  if (report.converged()) {
    EXPECT_LE(error, kHostileTolerance);
  }
  if (!std::isfinite(error)) {
    EXPECT_EQ(report.status, Status::NonFinite) << to_string(report.status);
  }
}

class HostileData : public ::testing::TestWithParam<std::tuple<std::string, HostileCase>> {};

TEST_P(HostileData, EverySolverStopsWithAStatusThatMatchesItsError) {
  const auto& [solver_name, hostile] = GetParam();
  const Data data = hostile.make();
  const LocalProblem problem = make_problem(data.W, data.q, data.mu);
  VecX r = VecX::Zero(problem.size());
  const SolveReport report = make_solver(solver_name, stop(), {})->solve(problem, r);
  expect_clear_outcome(problem, r, report);
}

INSTANTIATE_TEST_SUITE_P(Solvers, HostileData,
                         ::testing::Combine(::testing::ValuesIn(registered_solver_names()),
                                            ::testing::ValuesIn(hostile_cases())),
                         [](const auto& param_info) {
                           std::string name = std::get<0>(param_info.param);
                           std::erase(name, '-');
                           return name + "_" + std::get<1>(param_info.param).name;
                         });

// The problem: |q|^2 overflows, so no iterate has a finite error and every method
// must say so rather than run to its limit or read past an iterate.
TEST(HostileData, NormalFreeVelocityOfMinus1e160IsNonFiniteForEverySolver) {
  const Data data = with_normal_q(one_contact(), -1e160);
  const LocalProblem problem = make_problem(data.W, data.q, data.mu);
  for (const std::string& name : registered_solver_names()) {
    VecX r = VecX::Zero(problem.size());
    const SolveReport report = make_solver(name, stop(), {})->solve(problem, r);
    EXPECT_EQ(report.status, Status::NonFinite) << name << ": " << to_string(report.status);
    EXPECT_LT(report.iterations, kMaxIterations) << name << " ran to its limit";
    expect_clear_outcome(problem, r, report);
  }
}

// Non-finite data never reach a solver: validate, their precondition, refuses them.
TEST(HostileData, InfiniteOrNanDataAreRefusedBeforeAnySolve) {
  for (const double bad :
       {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN()}) {
    const Data data = one_contact();
    EXPECT_THROW(make_problem(data.W, with_normal_q(data, bad).q, data.mu), core::Diagnostic);
    EXPECT_THROW(make_problem(scaled(data, 1.0, bad).W, data.q, data.mu), core::Diagnostic);
    EXPECT_THROW(make_problem(data.W, data.q, VecX::Constant(1, bad)), core::Diagnostic);
  }
}

// The exact one-contact solver, the kernel of nsgs and prox, on the one-contact cases:
// finite impulses, and an error that is finite or admitted as Unsolved.
TEST(HostileData, OneContactSolverReturnsFiniteImpulses) {
  for (const HostileCase& hostile : hostile_cases()) {
    const Data data = hostile.make();
    if (data.mu.size() != 1) continue;
    const OneContactSolver<3> solver(data.W, data.mu[0]);
    const OneContactSolution<3> solution =
        solver.solve(data.q.head<3>(), contact::Block<3>::Zero());
    EXPECT_TRUE(solution.r.allFinite()) << hostile.name << ": " << solution.r.transpose();
    if (!std::isfinite(solution.error)) {
      EXPECT_EQ(solution.region, ContactRegion::Unsolved) << hostile.name;
    }
  }
}

// The methods of the global form (velocity-newton, velocity-nsgs) on a global problem with
// the same kinds of data: f, w or M huge or tiny, mu huge. They measure the error from
// (M, H, f, w) themselves; the report must agree with its own error.
TEST(HostileData, GlobalSolversStopWithAStatusThatMatchesTheirError) {
  const std::vector<std::pair<std::string, std::function<void(contact::GlobalProblem&)>>> changes =
      {
          {"f * 1e160", [](auto& p) { p.f *= 1e160; }},
          {"f * -1e300", [](auto& p) { p.f *= -1e300; }},
          {"w_N = -1e160", [](auto& p) { p.w(Eigen::seq(0, Eigen::last, 3)).setConstant(-1e160); }},
          {"w * 1e300", [](auto& p) { p.w *= 1e300; }},
          {"M * 1e300", [](auto& p) { p.M *= 1e300; }},
          {"M * 1e-300", [](auto& p) { p.M *= 1e-300; }},
          {"mu = 1e300", [](auto& p) { p.mu.setConstant(1e300); }},
      };
  for (const auto& [change, apply] : changes) {
    contact::GlobalProblem problem = testing::random_global_problem(4, 6, 5);
    apply(problem);
    contact::validate(problem, {"hostile_data_test"});
    for (const std::string& name : registered_global_solver_names()) {
      VecX r = VecX::Zero(3 * problem.contacts());
      VecX v;
      const SolveReport report = make_global_solver(name, stop(), {})->solve(problem, r, v);
      SCOPED_TRACE(name + " on " + change + ": " + std::string(to_string(report.status)));
      ASSERT_EQ(r.size(), 3 * problem.contacts());
      EXPECT_TRUE(r.allFinite()) << r.transpose();
      if (report.converged()) {
        EXPECT_LE(report.error, kHostileTolerance);
      }
      if (!std::isfinite(report.error)) {
        EXPECT_EQ(report.status, Status::NonFinite);
      }
    }
  }
}

}  // namespace
}  // namespace moreau::solvers
