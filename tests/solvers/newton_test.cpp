// The semismooth Newton solvers: their residuals and generalized Jacobians against finite
// differences, zero residuals at hand-computed one-contact solutions, quadratic convergence
// near a solution, and honest statuses.
#include "moreau/solvers/newton.hpp"

#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <random>
#include <sstream>

namespace moreau::solvers {
namespace {

using contact::Block;
using contact::BlockSparseMatrix;

// W = J J^T / m + 1e-3 I from a seeded Gaussian J (n x m, m = n + 6): symmetric positive
// definite, so the problem has a solution; dense blocks, the hardest pattern for the LU.
LocalProblem random_problem(int d, Index contacts, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gaussian;
  std::uniform_real_distribution<double> friction(0.1, 1.0);
  const Index n = d * contacts;
  const Index m = n + 6;
  math::MatX J(n, m);
  for (Index i = 0; i < J.size(); ++i) J.data()[i] = gaussian(rng);
  const math::MatX W =
      J * J.transpose() / static_cast<double>(m) + 1e-3 * math::MatX::Identity(n, n);
  LocalProblem problem;
  problem.dimension = d;
  problem.W = BlockSparseMatrix::from_sparse(W.sparseView(), d);
  problem.q.resize(n);
  for (Index i = 0; i < n; ++i) problem.q[i] = gaussian(rng);
  problem.mu.resize(contacts);
  for (Index a = 0; a < contacts; ++a) problem.mu[a] = friction(rng);
  return problem;
}

// One contact with W = I (so u = r + q).
template <int d>
LocalProblem one_contact(const Block<d>& q, double mu) {
  LocalProblem problem;
  problem.dimension = d;
  problem.W = BlockSparseMatrix::from_sparse(math::MatX::Identity(d, d).sparseView(), d);
  problem.q = q;
  problem.mu = VecX::Constant(1, mu);
  return problem;
}

NewtonOptions options_for(Formulation formulation, double tolerance = 1e-8) {
  NewtonOptions options;
  options.formulation = formulation;
  options.stop.tolerance = tolerance;
  options.stop.max_iterations = 100;
  return options;
}

// ---- Jacobians against central finite differences ----

// Central differences of phi in r (u fixed) and in u (r fixed), step h. Truncation error
// h^2 |phi'''| / 6 with |phi'''| <= ~1/margin^2 at distance margin = 1e-2 from the kinks,
// round-off eps |phi| / h: with h = 1e-6 and O(1) data both are below 1e-8, so kFdTol = 1e-6
// leaves two orders of margin.
constexpr double kFdStep = 1e-6;
constexpr double kFdTol = 1e-6;
constexpr double kMargin = 1e-2;

template <int d, typename Phi>
void expect_jacobians_match(const Phi& phi, const Block<d>& r, const Block<d>& u,
                            const ContactLinearization<d>& lin) {
  for (int j = 0; j < d; ++j) {
    const Block<d> e = kFdStep * Block<d>::Unit(j);
    const Block<d> dr = (phi(r + e, u) - phi(r - e, u)) / (2.0 * kFdStep);
    const Block<d> du = (phi(r, u + e) - phi(r, u - e)) / (2.0 * kFdStep);
    EXPECT_LE((dr - lin.A.col(j)).norm(), kFdTol)
        << "A column " << j << " at r = " << r.transpose() << ", u = " << u.transpose();
    EXPECT_LE((du - lin.B.col(j)).norm(), kFdTol)
        << "B column " << j << " at r = " << r.transpose() << ", u = " << u.transpose();
  }
}

template <int d>
void check_alart_curnier_jacobian(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gaussian;
  std::uniform_real_distribution<double> uniform(0.1, 1.0);
  int stick = 0, slide = 0, free = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    Block<d> r, u;
    for (int i = 0; i < d; ++i) r[i] = gaussian(rng), u[i] = gaussian(rng);
    const double mu = uniform(rng);
    const AlartCurnierRho rho{uniform(rng), uniform(rng)};
    // Keep away from the kinks s_N = 0, |s_T| = R and s_T = 0.
    const double s_N = r[0] - rho.normal * u[0];
    const double radius = mu * std::max(s_N, 0.0);
    const double norm_s_T =
        (r.template tail<d - 1>() - rho.tangent * u.template tail<d - 1>()).norm();
    if (std::abs(s_N) < kMargin || std::abs(norm_s_T - radius) < kMargin || norm_s_T < kMargin)
      continue;
    (s_N < 0.0 ? free : norm_s_T < radius ? stick : slide)++;
    const auto phi = [&](const Block<d>& r_, const Block<d>& u_) {
      return alart_curnier<d>(r_, u_, mu, rho).phi;
    };
    expect_jacobians_match<d>(phi, r, u, alart_curnier<d>(r, u, mu, rho));
  }
  // Every branch was exercised (the counts are those of the fixed seed, not a tolerance).
  EXPECT_GT(stick, 50);
  EXPECT_GT(slide, 50);
  EXPECT_GT(free, 50);
}

template <int d>
void check_fischer_burmeister_jacobian(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gaussian;
  std::uniform_real_distribution<double> uniform(0.1, 1.0);
  int tested = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    Block<d> r, u;
    for (int i = 0; i < d; ++i) r[i] = gaussian(rng), u[i] = gaussian(rng);
    const double mu = uniform(rng);
    // Keep away from u_T = 0 (|u_T| in û) and from w = x∘x + y∘y on the boundary of K_1:
    // lambda_1(w) = |x|^2 + |y|^2 - 2 |x0 x̄ + y0 ȳ|.
    Block<d> x = r, y;
    x[0] *= mu;
    y[0] = u[0] + mu * u.template tail<d - 1>().norm();
    y.template tail<d - 1>() = mu * u.template tail<d - 1>();
    const double lambda_1 =
        x.squaredNorm() + y.squaredNorm() -
        2.0 * (x[0] * x.template tail<d - 1>() + y[0] * y.template tail<d - 1>()).norm();
    if (u.template tail<d - 1>().norm() < kMargin || lambda_1 < kMargin) continue;
    ++tested;
    const auto phi = [&](const Block<d>& r_, const Block<d>& u_) {
      return fischer_burmeister<d>(r_, u_, mu).phi;
    };
    expect_jacobians_match<d>(phi, r, u, fischer_burmeister<d>(r, u, mu));
  }
  EXPECT_GT(tested, 1000);
}

TEST(NewtonJacobian, AlartCurnier3dMatchesFiniteDifferences) { check_alart_curnier_jacobian<3>(1); }
TEST(NewtonJacobian, AlartCurnier2dMatchesFiniteDifferences) { check_alart_curnier_jacobian<2>(2); }
TEST(NewtonJacobian, FischerBurmeister3dMatchesFiniteDifferences) {
  check_fischer_burmeister_jacobian<3>(3);
}
TEST(NewtonJacobian, FischerBurmeister2dMatchesFiniteDifferences) {
  check_fischer_burmeister_jacobian<2>(4);
}

TEST(NewtonJacobian, FrictionlessFischerBurmeisterMatchesFiniteDifferences) {
  const Block<3> r{0.7, -0.2, 0.4}, u{-0.3, 0.5, 0.1};
  const auto phi = [](const Block<3>& r_, const Block<3>& u_) {
    return fischer_burmeister<3>(r_, u_, 0.0).phi;
  };
  expect_jacobians_match<3>(phi, r, u, fischer_burmeister<3>(r, u, 0.0));
}

// ---- Zero residual at hand-computed one-contact solutions (W = I, u = r + q) ----

// Closed forms evaluated in double: only round-off of O(1) numbers remains.
constexpr double kRoundOff = 1e-14;

struct KnownSolution {
  const char* name;
  Block<3> q;
  double mu;
  Block<3> r;  // the solution
};

// take-off: q_N > 0, r = 0, u = q.
// stick: q = [-1, 0.1, -0.2], r = -q = [1, -0.1, 0.2], |r_T| = 0.224 < mu r_N, u = 0.
// slide: q = [-1, 2, 0], mu = 0.5: u_N = 0 so r_N = 1; r_T = -mu r_N u_T/|u_T| = [-0.5, 0],
//   u_T = r_T + q_T = [1.5, 0]; û = [0.75, 1.5, 0] on the boundary of K*, r·û = 0.
const KnownSolution kKnownSolutions[] = {
    {"take-off", {0.5, 0.3, -0.2}, 0.5, {0.0, 0.0, 0.0}},
    {"stick", {-1.0, 0.1, -0.2}, 0.5, {1.0, -0.1, 0.2}},
    {"slide", {-1.0, 2.0, 0.0}, 0.5, {1.0, -0.5, 0.0}},
};

TEST(NewtonKnownSolutions, ResidualsVanishAndSolversFindThem3d) {
  for (const KnownSolution& known : kKnownSolutions) {
    const LocalProblem problem = one_contact<3>(known.q, known.mu);
    const Block<3> u = known.r + known.q;
    EXPECT_LE(contact::natural_map_error(problem, known.r), kRoundOff) << known.name;
    const AlartCurnierRho rho = alart_curnier_rho<3>(BlockMat<3>::Identity());
    EXPECT_LE(alart_curnier<3>(known.r, u, known.mu, rho).phi.norm(), kRoundOff) << known.name;
    EXPECT_LE(fischer_burmeister<3>(known.r, u, known.mu).phi.norm(), kRoundOff) << known.name;
    for (const Formulation formulation :
         {Formulation::AlartCurnier, Formulation::FischerBurmeister}) {
      VecX r = VecX::Zero(3);
      const SolveReport report = NewtonSolver(options_for(formulation, 1e-12)).solve(problem, r);
      EXPECT_TRUE(report.converged()) << known.name;
      // The solution is unique (W = I) and the tolerance 1e-12 bounds |r - r*| (W = I makes
      // the natural map error a Lipschitz-invertible residual, constant ~1).
      EXPECT_LE((r - known.r).norm(), 1e-10) << known.name;
    }
  }
}

TEST(NewtonKnownSolutions, ResidualsVanishAndSolversFindThem2d) {
  for (const KnownSolution& known : kKnownSolutions) {
    const Block<2> q = known.q.head<2>(), r_star = known.r.head<2>();
    const LocalProblem problem = one_contact<2>(q, known.mu);
    EXPECT_LE(contact::natural_map_error(problem, r_star), kRoundOff) << known.name;
    EXPECT_LE(alart_curnier<2>(r_star, r_star + q, known.mu, {}).phi.norm(), kRoundOff)
        << known.name;
    EXPECT_LE(fischer_burmeister<2>(r_star, r_star + q, known.mu).phi.norm(), kRoundOff)
        << known.name;
    for (const Formulation formulation :
         {Formulation::AlartCurnier, Formulation::FischerBurmeister}) {
      VecX r = VecX::Zero(2);
      const SolveReport report = NewtonSolver(options_for(formulation, 1e-12)).solve(problem, r);
      EXPECT_TRUE(report.converged()) << known.name;
      EXPECT_LE((r - r_star).norm(), 1e-10) << known.name;
    }
  }
}

// ---- Local convergence rate ----

std::string format(const std::vector<double>& values) {
  std::ostringstream out;
  for (const double v : values) out << ' ' << v;
  return out.str();
}

// Semismooth Newton converges Q-quadratically near a solution where every element of the
// generalized Jacobian is nonsingular (Qi & Sun 1993, Thm 3.2): e_{k+1} <= C e_k^2.
void expect_superlinear(int d, Formulation formulation, std::uint64_t seed) {
  const LocalProblem problem = random_problem(d, 20, seed);
  NewtonOptions options = options_for(formulation, 1e-14);
  options.stop.record_history = true;
  VecX r = VecX::Zero(problem.size());
  const SolveReport report = NewtonSolver(options).solve(problem, r);
  const std::vector<double>& e = report.error_history;
  std::cout << "errors (d = " << d << "):" << format(e) << '\n';
  ASSERT_TRUE(report.converged()) << format(e);
  ASSERT_GE(e.size(), 3u);
  // The last two ratios e_{k+1}/e_k, taken while e_k < 1e-4 (the asymptotic regime), fall
  // below 1e-2: a linear method with rate 1e-2 would need 5 such steps per 1e-10.
  for (std::size_t k = e.size() - 3; k + 1 < e.size(); ++k) {
    if (e[k] > 1e-4 || e[k + 1] == 0.0) continue;
    EXPECT_LT(e[k + 1] / e[k], 1e-2) << "step " << k << ':' << format(e);
  }
}

TEST(NewtonConvergence, AlartCurnierIsSuperlinear) {
  expect_superlinear(3, Formulation::AlartCurnier, 11);
  expect_superlinear(2, Formulation::AlartCurnier, 12);
}

TEST(NewtonConvergence, FischerBurmeisterIsSuperlinear) {
  expect_superlinear(3, Formulation::FischerBurmeister, 13);
  expect_superlinear(2, Formulation::FischerBurmeister, 14);
}

// ---- Statuses ----

TEST(NewtonStatus, ConvergedIffMeasuredErrorWithinTolerance) {
  for (const Formulation formulation :
       {Formulation::AlartCurnier, Formulation::FischerBurmeister}) {
    for (std::uint64_t seed = 20; seed < 30; ++seed) {
      for (const int max_iterations : {1, 3, 100}) {
        const LocalProblem problem = random_problem(seed % 2 == 0 ? 3 : 2, 15, seed);
        NewtonOptions options = options_for(formulation);
        options.stop.max_iterations = max_iterations;
        VecX r = VecX::Zero(problem.size());
        const SolveReport report = NewtonSolver(options).solve(problem, r);
        const double measured = contact::natural_map_error(problem, r);
        EXPECT_EQ(report.converged(), measured <= options.stop.tolerance)
            << "seed " << seed << ", status " << to_string(report.status);
        // The report's error is natural_map_error of the returned r, computed the same way.
        EXPECT_EQ(report.error, measured);
        EXPECT_LE(report.iterations, max_iterations);
        if (!report.converged()) {
          EXPECT_EQ(report.status, Status::MaxIterations);
        }
      }
    }
  }
}

TEST(NewtonStatus, MaxIterationsWhenStoppedEarly) {
  const LocalProblem problem = random_problem(3, 30, 40);
  NewtonOptions options = options_for(Formulation::AlartCurnier);
  options.stop.max_iterations = 1;
  VecX r = VecX::Zero(problem.size());
  const SolveReport report = NewtonSolver(options).solve(problem, r);
  EXPECT_EQ(report.status, Status::MaxIterations);
  EXPECT_EQ(report.iterations, 1);
}

// An infeasible contact: W = 0 and q_N = -1 < 0, so u_N = -1 whatever r, and no r solves
// the problem. Phi stays nonzero where the merit is stationary: the line search must say so.
TEST(NewtonStatus, LineSearchFailureOnAnInfeasibleProblem) {
  LocalProblem problem = one_contact<3>(Block<3>{-1.0, 0.0, 0.0}, 0.5);
  problem.W = BlockSparseMatrix::from_sparse(math::SparseMat(3, 3), 3);
  VecX r = VecX::Zero(3);
  const SolveReport report = NewtonSolver(options_for(Formulation::AlartCurnier)).solve(problem, r);
  EXPECT_EQ(report.status, Status::LineSearchFailure);
  EXPECT_TRUE(r.allFinite());
  EXPECT_EQ(report.error, contact::natural_map_error(problem, r));
}

// The same infeasible contact with Fischer-Burmeister: its merit decreases towards an
// infimum at r_N -> infinity, and the relative error 1/|r| of docs/mathematics.md eventually passes
// the tolerance there. Whatever the status, it must agree with the measured error.
TEST(NewtonStatus, FischerBurmeisterStatusAgreesWithErrorOnAnInfeasibleProblem) {
  LocalProblem problem = one_contact<3>(Block<3>{-1.0, 0.0, 0.0}, 0.5);
  problem.W = BlockSparseMatrix::from_sparse(math::SparseMat(3, 3), 3);
  VecX r = VecX::Zero(3);
  const NewtonOptions options = options_for(Formulation::FischerBurmeister);
  const SolveReport report = NewtonSolver(options).solve(problem, r);
  EXPECT_TRUE(r.allFinite());
  EXPECT_EQ(report.converged(), contact::natural_map_error(problem, r) <= options.stop.tolerance)
      << to_string(report.status);
}

TEST(NewtonStatus, EmptyProblemConverges) {
  LocalProblem problem;
  problem.W = BlockSparseMatrix::from_sparse(math::SparseMat(0, 0), 3);
  VecX r(0);
  EXPECT_TRUE(NewtonSolver(NewtonOptions{}).solve(problem, r).converged());
}

// ---- Registry ----

TEST(NewtonRegistry, NamesBuildTheirFormulationAndRejectUnknownOptions) {
  StopCriteria stop;
  EXPECT_EQ(make_solver("newton-ac", stop)->name(), "newton-ac");
  EXPECT_EQ(make_solver("newton-fb", stop)->name(), "newton-fb");
  EXPECT_THROW(make_solver("newton-ac", stop, {{"armijo", "0.7"}}), core::Diagnostic);
  EXPECT_THROW(make_solver("newton-fb", stop, {{"armjio", "0.1"}}), core::Diagnostic);
  EXPECT_NO_THROW(make_solver("newton-ac", stop, {{"nonmonotone_memory", "1"}}));
}

}  // namespace
}  // namespace moreau::solvers
