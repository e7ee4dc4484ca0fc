// Nonsmooth Gauss-Seidel (solvers::Nsgs): shuffled sweeps deterministic for a seed,
// over-relaxation, the time limit and the history of every sweep, and the stop on stagnation
// where the linear rate of Gauss-Seidel cannot reach the tolerance. The error is re-measured
// with natural_map_error rather than read from the report.
#include "moreau/solvers/nsgs.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "small_problems.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace moreau::solvers {
namespace {

using checks::kTolerance;
using checks::make_problem;
using checks::random_problem;
using checks::stop_criteria;
using math::MatX;

TEST(Nsgs, ShuffledSweepsAreDeterministicForASeed) {
  const LocalProblem p = random_problem(3, 12, 11, false);
  const auto solve = [&](std::uint64_t seed) {
    NsgsOptions options;
    options.stop.tolerance = 1e-12;
    options.shuffle = true;
    options.seed = seed;
    VecX r = VecX::Zero(p.size());
    EXPECT_TRUE(Nsgs(options).solve(p, r).converged());
    return r;
  };
  const VecX first = solve(42);
  // Bitwise: the same orders give the same floating-point operations.
  EXPECT_TRUE((first.array() == solve(42).array()).all());
  EXPECT_FALSE((first.array() == solve(43).array()).all());
}

TEST(Nsgs, OverRelaxationConverges) {
  const LocalProblem p = random_problem(2, 12, 12, false);
  NsgsOptions options;
  options.stop = stop_criteria();
  options.relaxation = 1.3;
  VecX r = VecX::Zero(p.size());
  EXPECT_TRUE(Nsgs(options).solve(p, r).converged());
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
}

TEST(Nsgs, TimeLimitStopsWithTheMeasuredError) {
  const LocalProblem p = random_problem(3, 12, 13, false);
  NsgsOptions options;
  options.stop.time_limit = 1e-12;  // exceeded by the first sweep
  VecX r = VecX::Zero(p.size());
  const SolveReport report = Nsgs(options).solve(p, r);
  EXPECT_EQ(report.status, Status::TimeLimit);
  EXPECT_EQ(report.iterations, 1);
  EXPECT_DOUBLE_EQ(report.error, contact::natural_map_error(p, r));
}

TEST(Nsgs, RecordsTheHistoryOfEverySweep) {
  const LocalProblem p = random_problem(3, 12, 14, false);
  NsgsOptions options;
  options.stop.record_history = true;
  VecX r = VecX::Zero(p.size());
  const SolveReport report = Nsgs(options).solve(p, r);
  ASSERT_EQ(report.error_history.size(), static_cast<std::size_t>(report.iterations));
  EXPECT_EQ(report.error_history.back(), report.error);
}

// Two frictionless contacts whose normals are almost parallel: W_NN = [1 c; c 1], c = 1 -
// epsilon, on which Gauss-Seidel converges linearly at the rate c^2 per sweep (1 - 2 epsilon).
LocalProblem two_coupled_contacts(double epsilon) {
  MatX W = MatX::Identity(6, 6);
  W(0, 3) = W(3, 0) = 1.0 - epsilon;
  VecX q = VecX::Zero(6);
  q[0] = q[3] = -1.0;  // both pressed: r_N = 1 / (2 - epsilon) each
  return make_problem(3, W, q, VecX::Zero(2));
}

TEST(Nsgs, StopsOnStagnationWhenItsRateCannotReachTheTolerance) {
  const LocalProblem p = two_coupled_contacts(1e-3);  // ~9,000 sweeps to 1e-8
  NsgsOptions options;
  options.stop.max_iterations = 1000;
  options.stop_on_stagnation = true;
  VecX r = VecX::Zero(p.size());
  const SolveReport stagnated = Nsgs(options).solve(p, r);
  EXPECT_EQ(stagnated.status, Status::Stagnated);
  EXPECT_LT(stagnated.iterations, 50) << "the rate is measured over a few sweeps";
  EXPECT_GT(stagnated.error, options.stop.tolerance);
  options.stop_on_stagnation = false;
  r.setZero();
  EXPECT_EQ(Nsgs(options).solve(p, r).status, Status::MaxIterations)
      << "the test problem must need more sweeps than the limit";
}

TEST(Nsgs, ConvergesWhereItsRateReachesTheTolerance) {
  const LocalProblem p = two_coupled_contacts(0.5);  // rate 0.25 a sweep
  NsgsOptions options;
  options.stop_on_stagnation = true;
  VecX r = VecX::Zero(p.size());
  const SolveReport report = Nsgs(options).solve(p, r);
  EXPECT_EQ(report.status, Status::Converged);
  EXPECT_LE(report.error, options.stop.tolerance);
}

}  // namespace
}  // namespace moreau::solvers
