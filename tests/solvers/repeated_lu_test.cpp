// RepeatedLu against the residual of its own solves: a sequence of matrices of one pattern,
// on each library; one whose reused pivots break down (a zero or tiny entry where a pivot
// was); a singular one.
#include "moreau/solvers/repeated_lu.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace moreau::solvers {
namespace {

using math::SparseMat;
using math::VecX;

// A nonsymmetric n x n matrix of a banded pattern (`band` diagonals above and below), its
// diagonal dominant by `dominance` (> 1: nonsingular) in every row.
SparseMat banded_matrix(int n, int band, double dominance, std::mt19937& random) {
  std::uniform_real_distribution<double> entry(-1.0, 1.0);
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < n; ++i) {
    double off_diagonal = 0.0;
    for (int j = std::max(0, i - band); j <= std::min(n - 1, i + band); ++j) {
      if (j == i) continue;
      const double value = entry(random);
      off_diagonal += std::abs(value);
      entries.emplace_back(i, j, value);
    }
    entries.emplace_back(i, i, dominance * off_diagonal + 1.0);
  }
  SparseMat K(n, n);
  K.setFromTriplets(entries.begin(), entries.end());
  K.makeCompressed();
  return K;
}

double relative_residual(const SparseMat& K, const VecX& x, const VecX& b) {
  return (K * x - b).norm() / b.norm();
}

// Five matrices of one pattern (n x n, `band` diagonals each side), each solved to round-off.
void expect_a_sequence_solved(int n, int band, RepeatedLu& lu) {
  std::mt19937 random(7);
  for (int k = 0; k < 5; ++k) {
    const SparseMat K = banded_matrix(n, band, 1.5, random);
    const VecX b = VecX::Random(n);
    ASSERT_TRUE(lu.factorize(K));
    EXPECT_LT(relative_residual(K, lu.solve(b), b), 1e-13) << "matrix " << k;
  }
}

TEST(RepeatedLu, SolvesASequenceOfSmallMatricesWithTheFirstPivots) {
  RepeatedLu lu;
  expect_a_sequence_solved(200, 3, lu);  // about 4e3 flops a factorization
  EXPECT_TRUE(lu.reuses_pivots());
  EXPECT_EQ(lu.pivoted_factorizations(), 1);
}

TEST(RepeatedLu, SolvesASequenceOfLargeMatricesWithUmfpack) {
  RepeatedLu lu;
  expect_a_sequence_solved(2000, 100, lu);  // about 4e7 flops a factorization
  EXPECT_FALSE(lu.reuses_pivots());
  EXPECT_EQ(lu.pivoted_factorizations(), 5);
}

// The compressed 2 x 2 matrix [[a, b], [c, d]].
SparseMat two_by_two(double a, double b, double c, double d) {
  SparseMat K(2, 2);
  K.insert(0, 0) = a;
  K.insert(0, 1) = b;
  K.insert(1, 0) = c;
  K.insert(1, 1) = d;
  K.makeCompressed();
  return K;
}

// [[2, 1], [1, 2]] pivots on its diagonal; [[pivot, 1], [1, 1]] with a zero or tiny pivot
// needs its rows exchanged: without, 1e-14 leaves a residual of about 1e-2.
void expect_pivots_searched_again(double pivot) {
  RepeatedLu lu;
  ASSERT_TRUE(lu.factorize(two_by_two(2.0, 1.0, 1.0, 2.0)));
  const SparseMat K = two_by_two(pivot, 1.0, 1.0, 1.0);
  const VecX b(VecX::Ones(2) + VecX::Unit(2, 0));
  ASSERT_TRUE(lu.factorize(K));
  EXPECT_LT(relative_residual(K, lu.solve(b), b), 1e-15);
  EXPECT_EQ(lu.pivoted_factorizations(), 2);
}

TEST(RepeatedLu, SearchesForPivotsAgainWhereAReusedPivotIsZero) {
  expect_pivots_searched_again(0.0);
}

TEST(RepeatedLu, SearchesForPivotsAgainWhereAReusedPivotIsTiny) {
  expect_pivots_searched_again(1e-14);
}

TEST(RepeatedLu, RefusesASingularMatrix) {
  RepeatedLu lu;
  EXPECT_FALSE(lu.factorize(two_by_two(1.0, 2.0, 2.0, 4.0)));
}

}  // namespace
}  // namespace moreau::solvers
