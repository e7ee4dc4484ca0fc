// assemble_delassus against the dense product H M^-1 H^T of the same blocks.
#include "moreau/contact/delassus.hpp"

#include <gtest/gtest.h>

#include <random>

namespace moreau::contact {
namespace {

// Random contacts between random pairs of 6 bodies of k = 6 (3D) or 3 (planar) columns,
// some against a fixed body (one block only), as the stepper builds them.
BlockJacobian random_jacobian(int d, int k, int bodies, int contacts, std::mt19937& random) {
  std::uniform_int_distribution<int> body(0, bodies);  // == bodies: the fixed ground
  std::uniform_real_distribution<double> value(-1.0, 1.0);
  BlockJacobian H{d, contacts, static_cast<Index>(k * bodies), {}};
  for (Index a = 0; a < contacts; ++a) {
    const int first = body(random);
    int second = body(random);
    while (second == first) second = body(random);
    for (const int b : {first, second}) {
      if (b == bodies) continue;
      JacobianValues block(d, k);
      for (Index i = 0; i < block.size(); ++i) block(i) = value(random);
      H.blocks.push_back({a, static_cast<Index>(k * b), block});
    }
  }
  return H;
}

TEST(AssembleDelassus, EqualsTheDenseProductInBothDimensions) {
  std::mt19937 random(7);
  for (const auto& [d, k] : {std::pair{3, 6}, std::pair{2, 3}}) {
    const BlockJacobian H = random_jacobian(d, k, 6, 20, random);
    VecX m_inv(H.columns);
    for (Index i = 0; i < m_inv.size(); ++i) m_inv[i] = 0.5 + 0.1 * static_cast<double>(i % 7);
    const math::MatX dense_H = math::MatX(H.to_sparse());
    const math::MatX expected = dense_H * m_inv.asDiagonal() * dense_H.transpose();
    const BlockSparseMatrix W = assemble_delassus(H, m_inv);
    ASSERT_EQ(W.rows(), expected.rows());
    // Same products in another order: round-off of sums of ~12 terms of order 1.
    EXPECT_LT((math::MatX(W.to_sparse()) - expected).cwiseAbs().maxCoeff(), 1e-13) << "d = " << d;
    // Only blocks of contacts that share a body are stored (plus every diagonal).
    for (Index a = 0; a < W.block_rows(); ++a)
      for (Index s = W.row_begin(a); s < W.row_end(a); ++s) {
        if (W.block_column(s) == a) continue;
        EXPECT_GT(expected.block(d * a, d * W.block_column(s), d, d).norm(), 0.0);
      }
  }
}

}  // namespace
}  // namespace moreau::contact
