#include "support/random_problem.hpp"

#include <random>
#include <vector>

namespace moreau::testing {

contact::LocalProblem random_problem(int dimension, int contacts, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  const int n = dimension * contacts;
  // J has 6 columns per contact, shared with the next contact: a chain of bodies.
  const int columns = 6 * (contacts + 1);
  math::MatX J = math::MatX::Zero(n, columns);
  for (int a = 0; a < contacts; ++a)
    for (int i = 0; i < dimension; ++i)
      for (int j = 6 * a; j < 6 * a + 12; ++j) J(dimension * a + i, j) = uniform(rng);
  const math::MatX W = J * J.transpose() + 1e-3 * math::MatX::Identity(n, n);

  contact::LocalProblem problem;
  problem.dimension = dimension;
  problem.W = contact::BlockSparseMatrix::from_sparse(W.sparseView(), dimension);
  problem.q = math::VecX::NullaryExpr(n, [&] { return uniform(rng); });
  problem.mu = math::VecX::NullaryExpr(contacts, [&] { return 0.55 + 0.45 * uniform(rng); });
  return problem;
}

contact::GlobalProblem random_global_problem(int bodies, int contacts, std::uint64_t seed,
                                             double max_mu, MassBlocks mass) {
  using math::Triplet;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.5, 2.0), friction(0.1, max_mu);
  std::uniform_int_distribution<int> body(0, bodies - 1);
  const int n_dof = 6 * bodies, d = 3;
  contact::GlobalProblem problem;
  problem.dimension = d;
  std::vector<Triplet> masses, jacobian;
  for (int b = 0; b < bodies; ++b) {
    math::MatX block = math::MatX::Zero(6, 6);
    for (int i = 0; i < 6; ++i) block(i, i) = positive(rng);
    if (mass == MassBlocks::Full) {
      const math::MatX A = math::MatX::NullaryExpr(6, 6, [&] { return 0.3 * unit(rng); });
      block += A * A.transpose();
    }
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j)
        if (block(i, j) != 0.0) masses.emplace_back(6 * b + i, 6 * b + j, block(i, j));
  }
  problem.M = math::SparseMat(n_dof, n_dof);
  problem.M.setFromTriplets(masses.begin(), masses.end());
  for (int a = 0; a < contacts; ++a) {
    const int first = body(rng), second = (first + 1 + body(rng) % (bodies - 1)) % bodies;
    for (const int b : {first, second})
      for (int j = 0; j < d; ++j)
        for (int k = 0; k < 6; ++k) jacobian.emplace_back(6 * b + k, d * a + j, unit(rng));
  }
  problem.H = math::SparseMat(n_dof, d * contacts);
  problem.H.setFromTriplets(jacobian.begin(), jacobian.end());
  problem.f = math::VecX::NullaryExpr(n_dof, [&] { return unit(rng); });
  problem.w = math::VecX::NullaryExpr(d * contacts, [&] { return unit(rng); });
  for (int a = 0; a < contacts; ++a) problem.w[d * a] -= 1.0;
  problem.mu = math::VecX::NullaryExpr(contacts, [&] { return friction(rng); });
  return problem;
}

solvers::StopCriteria far_tolerance() {
  solvers::StopCriteria stop;
  stop.tolerance = 1e-14;
  stop.max_iterations = 100'000;
  return stop;
}

}  // namespace moreau::testing
