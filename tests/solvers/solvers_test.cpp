// Every registered solver on small problems written by hand or drawn from a seeded generator
// (Siconos' data-file x solver collections, done with TEST_P). The error is re-measured with
// natural_map_error rather than read from the report.
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "moreau/solvers/registry.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace moreau::solvers {
namespace {

using math::MatX;

// The solver tolerance of these tests; below docs/mathematics.md's default 1e-8 so that the warm
// start test starts from a solution the default tolerance would accept with margin.
constexpr double kTolerance = 1e-10;

LocalProblem make_problem(int d, const MatX& W, const VecX& q, const VecX& mu) {
  LocalProblem problem;
  problem.dimension = d;
  problem.W = contact::BlockSparseMatrix::from_sparse(W.sparseView(), d);
  problem.q = q;
  problem.mu = mu;
  contact::validate(problem, {"solvers_test"});
  return problem;
}

// One contact, sliding: the case of OneContact.SlideIsotropic3d, through the whole solver.
LocalProblem one_contact_slide() {
  return make_problem(3, Eigen::Vector3d{2.0, 1.0, 1.0}.asDiagonal().toDenseMatrix(),
                      Eigen::Vector3d{-4.0, 3.0, 4.0}, VecX::Constant(1, 0.5));
}

// Two unit point masses stacked on the ground: contact 0 ground-A (u_0 = v_A), contact 1
// A-B (u_1 = v_B - v_A), so W = H M^-1 H^T = [I -I; -I 2I]; both fall and slide sideways.
LocalProblem two_stacked_masses() {
  MatX W = MatX::Zero(6, 6);
  W.block<3, 3>(0, 0) = Eigen::Matrix3d::Identity();
  W.block<3, 3>(3, 3) = 2.0 * Eigen::Matrix3d::Identity();
  W.block<3, 3>(0, 3) = W.block<3, 3>(3, 0) = -Eigen::Matrix3d::Identity();
  VecX q(6);
  q << -0.1, 0.05, 0.0, 0.0, 0.15, -0.1;
  return make_problem(3, W, q, Eigen::Vector2d{0.3, 0.5});
}

// W = J J^T + epsilon I from a seeded Gaussian J (well-posed: W positive definite), q random,
// mu uniform in [0.1, 1]; frictionless when `frictionless`.
LocalProblem random_problem(int d, Index contacts, std::uint64_t seed, bool frictionless) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> friction(0.1, 1.0);
  const Index n = d * contacts;
  MatX J(n, n);
  for (Index k = 0; k < J.size(); ++k) J.data()[k] = normal(rng) / std::sqrt(double(n));
  VecX q(n), mu(contacts);
  for (Index k = 0; k < n; ++k) q[k] = normal(rng);
  for (Index a = 0; a < contacts; ++a) mu[a] = frictionless ? 0.0 : friction(rng);
  return make_problem(d, J * J.transpose() + 0.05 * MatX::Identity(n, n), q, mu);
}

struct NamedProblem {
  std::string name;
  LocalProblem (*make)();
};

const std::vector<NamedProblem>& problems() {
  static const std::vector<NamedProblem> list = {
      {"OneContactSlide3d", one_contact_slide},
      {"TwoStackedMasses3d", two_stacked_masses},
      {"Random3d", [] { return random_problem(3, 12, 7, false); }},
      {"Random2d", [] { return random_problem(2, 12, 8, false); }},
      {"Frictionless3d", [] { return random_problem(3, 6, 9, true); }},
  };
  return list;
}

StopCriteria stop_criteria() {
  StopCriteria stop;
  stop.tolerance = kTolerance;
  stop.max_iterations = 100000;  // pgs needs thousands of sweeps on the random problems
  return stop;
}

class EverySolver : public ::testing::TestWithParam<std::tuple<std::string, std::size_t>> {
 protected:
  const std::string& solver_name() const { return std::get<0>(GetParam()); }
  LocalProblem problem() const { return problems()[std::get<1>(GetParam())].make(); }
};

TEST_P(EverySolver, ConvergesAndReportsTheMeasuredError) {
  const LocalProblem p = problem();
  const auto solver = make_solver(solver_name(), stop_criteria());
  VecX r = VecX::Zero(p.size());
  const SolveReport report = solver->solve(p, r);
  const double measured = contact::natural_map_error(p, r);
  EXPECT_EQ(report.status, Status::Converged) << to_string(report.status);
  EXPECT_LE(measured, kTolerance);
  // Same r, same formula: only the order of summation may differ.
  EXPECT_NEAR(report.error, measured, 1e-3 * kTolerance);
  EXPECT_EQ(report.converged(), measured <= kTolerance);
}

TEST_P(EverySolver, WarmStartFromTheSolutionConvergesAtOnce) {
  const LocalProblem p = problem();
  const auto solver = make_solver(solver_name(), stop_criteria());
  VecX r = VecX::Zero(p.size());
  ASSERT_TRUE(solver->solve(p, r).converged());
  const SolveReport again = solver->solve(p, r);
  EXPECT_TRUE(again.converged()) << to_string(again.status) << " error " << again.error;
  EXPECT_LE(again.iterations, 1);
  EXPECT_LE(contact::natural_map_error(p, r), kTolerance);
}

INSTANTIATE_TEST_SUITE_P(Solvers, EverySolver,
                         ::testing::Combine(::testing::ValuesIn(registered_solver_names()),
                                            ::testing::Range<std::size_t>(0, problems().size())),
                         [](const auto& test) {
                           std::string name = std::get<0>(test.param) + "_" +
                                              problems()[std::get<1>(test.param)].name;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

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

TEST(Registry, GaussSeidelOptionsAreReadByName) {
  EXPECT_NO_THROW(make_solver("nsgs", {}, {{"relaxation", "1.3"}, {"shuffle", "on"}}));
  EXPECT_NO_THROW(make_solver("pgs", {}, {{"step", "0.5"}}));
  EXPECT_NO_THROW(make_solver("prox", {}, {{"sigma", "2"}, {"inner_iterations", "20"}}));
  EXPECT_THROW(make_solver("nsgs", {}, {{"relaxation", "2.5"}}), core::Diagnostic);
  EXPECT_THROW(make_solver("nsgs", {}, {{"relaxaton", "1.2"}}), core::Diagnostic);
  NsgsOptions no_relaxation;
  no_relaxation.relaxation = 0.0;
  EXPECT_THROW(Nsgs{no_relaxation}, core::Diagnostic);
}

}  // namespace
}  // namespace moreau::solvers
