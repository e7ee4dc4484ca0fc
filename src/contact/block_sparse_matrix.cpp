#include "moreau/contact/block_sparse_matrix.hpp"

#include "moreau/core/assert.hpp"

#include <map>

namespace moreau::contact {

BlockSparseMatrix BlockSparseMatrix::from_sparse(const SparseMat& W, int block_size) {
  MOREAU_ASSERT(W.rows() == W.cols() && W.rows() % block_size == 0);
  MOREAU_ASSERT(block_size == 2 || block_size == 3);
  const int d = block_size;
  const Index n_blocks = W.rows() / d;
  // Per block row, the stored block columns and their dense values (column-major).
  std::vector<std::map<Index, std::vector<double>>> rows(static_cast<std::size_t>(n_blocks));
  for (Index a = 0; a < n_blocks; ++a) rows[a][a].assign(d * d, 0.0);
  for (Index col = 0; col < W.outerSize(); ++col) {
    for (SparseMat::InnerIterator it(W, col); it; ++it) {
      auto& values = rows[it.row() / d][col / d];
      values.resize(d * d, 0.0);
      values[(col % d) * d + it.row() % d] = it.value();
    }
  }
  BlockSparseMatrix matrix;
  matrix.block_size_ = d;
  matrix.row_start_.assign(1, 0);
  for (Index a = 0; a < n_blocks; ++a) {
    for (const auto& [column, values] : rows[a]) {
      if (column == a) matrix.diagonal_.push_back(static_cast<Index>(matrix.column_.size()));
      matrix.column_.push_back(column);
      matrix.values_.insert(matrix.values_.end(), values.begin(), values.end());
    }
    matrix.row_start_.push_back(static_cast<Index>(matrix.column_.size()));
  }
  return matrix;
}

SparseMat BlockSparseMatrix::to_sparse() const {
  const int d = block_size_;
  std::vector<math::Triplet> entries;
  entries.reserve(values_.size());
  for (Index a = 0; a < block_rows(); ++a)
    for (Index k = row_begin(a); k < row_end(a); ++k)
      for (int j = 0; j < d; ++j)
        for (int i = 0; i < d; ++i)
          entries.emplace_back(d * a + i, d * column_[k] + j, values_[d * d * k + j * d + i]);
  SparseMat W(rows(), rows());
  W.setFromTriplets(entries.begin(), entries.end());
  return W;
}

VecX BlockSparseMatrix::operator*(const VecX& x) const {
  MOREAU_ASSERT(x.size() == rows());
  VecX y(rows());
  for (Index a = 0; a < block_rows(); ++a) {
    if (block_size_ == 3)
      y.segment<3>(3 * a) = row_times<3>(a, x);
    else
      y.segment<2>(2 * a) = row_times<2>(a, x);
  }
  return y;
}

}  // namespace moreau::contact
