// Small local problems shared by the tests of the Gauss-Seidel family and of every registered
// solver: written by hand or drawn from a seeded generator, with the tolerance they are
// solved to.
#pragma once

#include "moreau/contact/local_problem.hpp"
#include "moreau/math/types.hpp"
#include "moreau/solvers/solver.hpp"

#include <cmath>
#include <cstdint>
#include <random>

namespace moreau::solvers::checks {

using math::MatX;

// The solver tolerance of these tests; below docs/mathematics.md's default 1e-8 so that the warm
// start test starts from a solution the default tolerance would accept with margin.
inline constexpr double kTolerance = 1e-10;

inline LocalProblem make_problem(int d, const MatX& W, const VecX& q, const VecX& mu) {
  LocalProblem problem;
  problem.dimension = d;
  problem.W = contact::BlockSparseMatrix::from_sparse(W.sparseView(), d);
  problem.q = q;
  problem.mu = mu;
  contact::validate(problem, {"small_problems"});
  return problem;
}

// W = J J^T + epsilon I from a seeded Gaussian J (well-posed: W positive definite), q random,
// mu uniform in [0.1, 1]; frictionless when `frictionless`.
inline LocalProblem random_problem(int d, Index contacts, std::uint64_t seed, bool frictionless) {
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

inline StopCriteria stop_criteria() {
  StopCriteria stop;
  stop.tolerance = kTolerance;
  stop.max_iterations = 100000;  // pgs needs thousands of sweeps on the random problems
  return stop;
}

}  // namespace moreau::solvers::checks
