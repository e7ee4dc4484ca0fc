#include "block_diagonal_inverse.hpp"

#include "moreau/core/disjoint_sets.hpp"

#include <Eigen/Cholesky>

#include <algorithm>

namespace moreau::solvers::detail {
BlockDiagonalInverse::BlockDiagonalInverse(const SparseMat& M) {
  const Index n = M.rows();
  core::DisjointSets<Index> coupled(n);
  for (Index j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it) coupled.join(it.row(), j);
  // Blocks numbered by their smallest degree of freedom.
  block_.assign(static_cast<std::size_t>(n), -1);
  std::vector<Index> size;
  for (Index i = 0; i < n; ++i) {
    const Index r = coupled.root(i);
    if (block_[r] < 0) {
      block_[r] = static_cast<Index>(size.size());
      size.push_back(0);
    }
    block_[i] = block_[r];
    position_.push_back(size[block_[i]]++);
  }
  for (const Index s : size) {
    start_.push_back(start_.back() + s);
    offset_.push_back(static_cast<Index>(values_.size()));
    values_.resize(values_.size() + s * s, 0.0);
  }
  order_.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) order_[start_[block_[i]] + position_[i]] = i;
  // Each block's entries, then its inverse in place.
  for (Index j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it) {
      const Index k = block_[j], s = size[k];
      values_[offset_[k] + position_[j] * s + position_[it.row()]] = it.value();
    }
  for (std::size_t k = 0; k < size.size(); ++k) {
    const Index s = size[k];
    Eigen::Map<MatX> block(values_.data() + offset_[k], s, s);
    if (s == 1) {  // a diagonal entry: rigid bodies in their principal axes
      positive_definite_ = positive_definite_ && block(0, 0) > 0.0;
      block(0, 0) = 1.0 / block(0, 0);
      continue;
    }
    const Eigen::LLT<MatX> cholesky(block);
    positive_definite_ = positive_definite_ && cholesky.info() == Eigen::Success;
    block = cholesky.solve(MatX::Identity(s, s));
  }
}

Eigen::Map<const MatX> BlockDiagonalInverse::inverse(Index k) const {
  const Index s = start_[k + 1] - start_[k];
  return {values_.data() + offset_[k], s, s};
}

void BlockDiagonalInverse::apply(const VecX& x, VecX& out) const {
  for (Index k = 0; k + 1 < static_cast<Index>(start_.size()); ++k) {
    const Index first = start_[k], s = start_[k + 1] - first;
    if (s == 1) {
      out[order_[first]] = values_[offset_[k]] * x[order_[first]];
      continue;
    }
    VecX x_k(s);
    for (Index i = 0; i < s; ++i) x_k[i] = x[order_[first + i]];
    const VecX y_k = inverse(k) * x_k;
    for (Index i = 0; i < s; ++i) out[order_[first + i]] = y_k[i];
  }
}

ContactRows BlockDiagonalInverse::times(const ContactRows& H, int d) const {
  ContactRows G;
  std::vector<Index> blocks;
  for (std::size_t a = 0; a + 1 < H.start.size(); ++a) {
    blocks.clear();
    for (Index k = H.start[a]; k < H.start[a + 1]; ++k) blocks.push_back(block_[H.dof[k]]);
    std::sort(blocks.begin(), blocks.end());
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
    const std::size_t first_row = G.dof.size();
    for (const Index k : blocks)
      for (Index i = start_[k]; i < start_[k + 1]; ++i) G.dof.push_back(order_[i]);
    std::sort(G.dof.begin() + static_cast<std::ptrdiff_t>(first_row), G.dof.end());
    G.values.resize(G.dof.size() * d, 0.0);
    // G_a(i, :) = sum over H_a's rows m of the same block: M^-1(i, m) H_a(m, :).
    for (std::size_t g = first_row; g < G.dof.size(); ++g) {
      const Index i = G.dof[g], k = block_[i];
      const auto inverse_k = inverse(k);
      for (Index m = H.start[a]; m < H.start[a + 1]; ++m) {
        if (block_[H.dof[m]] != k) continue;
        const double coefficient = inverse_k(position_[i], position_[H.dof[m]]);
        for (int j = 0; j < d; ++j) G.values[d * g + j] += coefficient * H.values[d * m + j];
      }
    }
    G.start.push_back(static_cast<Index>(G.dof.size()));
  }
  return G;
}

}  // namespace moreau::solvers::detail
