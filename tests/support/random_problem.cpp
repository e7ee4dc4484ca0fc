#include "support/random_problem.hpp"

#include <random>

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

}  // namespace moreau::testing
