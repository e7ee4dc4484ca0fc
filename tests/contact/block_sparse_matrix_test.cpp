// BlockSparseMatrix against the Eigen sparse matrix it was built from: the block layout, the
// round trip to_sparse(from_sparse(W)) and the product. Values are copied, not computed, and
// the product sums at most 6 terms of size ~10: kTol is round-off.
#include "moreau/contact/block_sparse_matrix.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace moreau::contact {
namespace {

using math::MatX;

constexpr double kTol = 1e-13;

// 3 contacts in 3D: blocks (0,0), (0,2), (2,0), (1,1) hold entries, (2,2) does not.
SparseMat example() {
  std::vector<math::Triplet> entries = {{0, 0, 4.0}, {1, 0, 1.0},  {0, 7, 2.0}, {7, 0, 2.0},
                                        {4, 4, 5.0}, {3, 5, -1.0}, {2, 2, 3.0}};
  SparseMat W(9, 9);
  W.setFromTriplets(entries.begin(), entries.end());
  return W;
}

TEST(BlockSparseMatrix, StoresTouchedBlocksAndEveryDiagonalBlock) {
  const BlockSparseMatrix W = BlockSparseMatrix::from_sparse(example(), 3);
  EXPECT_EQ(W.block_rows(), 3);
  EXPECT_EQ(W.rows(), 9);
  EXPECT_EQ(W.stored_blocks(), 5);  // (0,0), (0,2), (1,1), (2,0) and the empty (2,2)
  for (Index a = 0; a < 3; ++a) EXPECT_EQ(W.block_column(W.diagonal(a)), a);
  EXPECT_TRUE(W.block<3>(W.diagonal(2)).isZero(0.0));
  EXPECT_EQ(W.block<3>(W.row_begin(0) + 1)(0, 1), 2.0);  // W(0, 7): block (0, 2), entry (0, 1)
}

TEST(BlockSparseMatrix, RoundTripsThroughEigen) {
  const SparseMat W = example();
  const SparseMat back = BlockSparseMatrix::from_sparse(W, 3).to_sparse();
  EXPECT_EQ((MatX(W) - MatX(back)).norm(), 0.0);
}

TEST(BlockSparseMatrix, ProductMatchesEigenIn3DAnd2D) {
  const SparseMat W = example();
  const VecX x = VecX::LinSpaced(9, -2.0, 3.0);
  EXPECT_TRUE((BlockSparseMatrix::from_sparse(W, 3) * x).isApprox(W * x, kTol));
  SparseMat W2 = W.topLeftCorner(8, 8);
  const VecX x2 = x.head(8);
  EXPECT_TRUE((BlockSparseMatrix::from_sparse(W2, 2) * x2).isApprox(W2 * x2, kTol));
}

TEST(BlockSparseMatrix, AddsToTheDiagonalIn3DAnd2D) {
  for (const int d : {3, 2}) {
    const SparseMat W = example().topLeftCorner(3 * d, 3 * d);
    const VecX c = VecX::LinSpaced(3 * d, 1.0, 2.0);
    BlockSparseMatrix blocks = BlockSparseMatrix::from_sparse(W, d);
    blocks.add_to_diagonal(c);
    EXPECT_EQ((MatX(blocks.to_sparse()) - (MatX(W) + MatX(c.asDiagonal()))).norm(), 0.0);
  }
}

}  // namespace
}  // namespace moreau::contact
