// The staged method (solvers::Hybrid): an easy problem costs only its sweeps; sweeps that do
// not converge hand over to the Newton formulation asked for, whose iterations add up with
// theirs in the report; a time limit spent in the sweeps leaves the later stages out.
#include "moreau/solvers/hybrid.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "small_problems.hpp"

#include <gtest/gtest.h>

#include <string>

namespace moreau::solvers {
namespace {

using checks::kTolerance;
using checks::make_problem;
using checks::random_problem;
using checks::stop_criteria;
using math::MatX;

// The number after `method ` in a stages string such as "nsgs 1, newton-ac 7".
int stage_count(const std::string& stages, const std::string& method) {
  const std::size_t at = stages.find(method + ' ');
  EXPECT_NE(at, std::string::npos) << stages;
  return at == std::string::npos ? -1 : std::stoi(stages.substr(at + method.size() + 1));
}

TEST(Hybrid, AnEasyProblemCostsOnlyItsSweeps) {
  const LocalProblem p = make_problem(
      3, MatX::Identity(3, 3), (VecX(3) << -1.0, 0.1, 0.0).finished(), VecX::Constant(1, 0.5));
  HybridOptions options;
  options.stop = stop_criteria();
  VecX r = VecX::Zero(3);
  const SolveReport report = Hybrid(options).solve(p, r);
  ASSERT_TRUE(report.converged());
  EXPECT_EQ(report.stages, "nsgs " + std::to_string(report.iterations));
  EXPECT_NEAR(r[0], 1.0, 1e-9);
}

class HybridHandover : public ::testing::TestWithParam<bool> {};

TEST_P(HybridHandover, SweepsThatDoNotConvergeHandOverToTheNewtonAskedFor) {
  const bool newton_fb = GetParam();
  const LocalProblem p = random_problem(3, 12, 41, false);
  VecX r = VecX::Zero(p.size());
  const SolveReport report =
      Hybrid({.stop = stop_criteria(), .sweeps = 1, .newton_fb = newton_fb}).solve(p, r);
  ASSERT_TRUE(report.converged()) << report.stages;
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
  const std::string newton = newton_fb ? "newton-fb" : "newton-ac";
  EXPECT_EQ(report.stages.rfind("nsgs 1, " + newton + ' ', 0), 0u) << report.stages;
  EXPECT_EQ(report.iterations, 1 + stage_count(report.stages, newton));
}

INSTANTIATE_TEST_SUITE_P(Formulations, HybridHandover, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& formulation) {
                           return formulation.param ? "FischerBurmeister" : "AlartCurnier";
                         });

TEST(Hybrid, ATimeLimitSpentInTheSweepsLeavesTheLaterStagesOut) {
  const LocalProblem p = random_problem(3, 12, 42, false);
  HybridOptions options;
  options.stop = stop_criteria();
  options.stop.time_limit = 1e-12;  // spent by the first sweep
  VecX r = VecX::Zero(p.size());
  const SolveReport report = Hybrid(options).solve(p, r);
  EXPECT_EQ(report.status, Status::TimeLimit);
  EXPECT_EQ(report.stages, "nsgs 1");
  EXPECT_DOUBLE_EQ(report.error, contact::natural_map_error(p, r));
}

}  // namespace
}  // namespace moreau::solvers
