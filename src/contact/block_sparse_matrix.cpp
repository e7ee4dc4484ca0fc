#include "moreau/contact/block_sparse_matrix.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <vector>

namespace moreau::contact {

// One pass over the rows of W in row-major order: the d rows of block row a give its block
// columns (sorted, merged), then their values. O(nnz log(blocks per row)); no map or
// per-block allocation, which made the conversion the most expensive part of a time step.
BlockSparseMatrix BlockSparseMatrix::from_sparse(const SparseMat& W_in, int block_size) {
  MOREAU_ASSERT(W_in.rows() == W_in.cols() && W_in.rows() % block_size == 0);
  MOREAU_ASSERT(block_size == 2 || block_size == 3);
  const int d = block_size;
  const Eigen::SparseMatrix<double, Eigen::RowMajor> W = W_in;
  std::vector<Index> row_start{0}, column;
  std::vector<double> values;
  std::vector<Index> columns;
  for (Index a = 0; a < W.rows() / d; ++a) {
    columns.assign(1, a);
    for (Index i = d * a; i < d * (a + 1); ++i)
      for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(W, i); it; ++it)
        columns.push_back(it.col() / d);
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    const std::size_t first = values.size();
    values.resize(first + columns.size() * d * d, 0.0);
    for (Index i = d * a; i < d * (a + 1); ++i)
      for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(W, i); it; ++it) {
        const auto k = std::lower_bound(columns.begin(), columns.end(), it.col() / d);
        const std::size_t block = first + static_cast<std::size_t>(k - columns.begin()) * d * d;
        values[block + (it.col() % d) * d + (i - d * a)] = it.value();
      }
    column.insert(column.end(), columns.begin(), columns.end());
    row_start.push_back(static_cast<Index>(column.size()));
  }
  return from_block_rows(d, std::move(row_start), std::move(column), std::move(values));
}

BlockSparseMatrix BlockSparseMatrix::from_block_rows(int block_size, std::vector<Index> row_start,
                                                     std::vector<Index> column,
                                                     std::vector<double> values) {
  MOREAU_ASSERT(block_size == 2 || block_size == 3);
  MOREAU_ASSERT(!row_start.empty() && row_start.front() == 0 &&
                row_start.back() == static_cast<Index>(column.size()));
  MOREAU_ASSERT(values.size() == column.size() * block_size * block_size);
  BlockSparseMatrix matrix;
  matrix.block_size_ = block_size;
  for (Index a = 0; a + 1 < static_cast<Index>(row_start.size()); ++a) {
    const auto begin = column.begin() + row_start[a], end = column.begin() + row_start[a + 1];
    MOREAU_ASSERT(std::is_sorted(begin, end) && std::adjacent_find(begin, end) == end);
    const auto diagonal = std::lower_bound(begin, end, a);
    MOREAU_ASSERT(diagonal != end && *diagonal == a);
    matrix.diagonal_.push_back(static_cast<Index>(diagonal - column.begin()));
  }
  matrix.row_start_ = std::move(row_start);
  matrix.column_ = std::move(column);
  matrix.values_ = std::move(values);
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
          entries.emplace_back(d * a + i, d * column_[k] + j, values_[(k * d + j) * d + i]);
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

void BlockSparseMatrix::add_to_diagonal(const VecX& diagonal) {
  MOREAU_ASSERT(diagonal.size() == rows());
  const Index d = block_size_;
  for (Index a = 0; a < block_rows(); ++a)
    for (Index i = 0; i < d; ++i) values_[d * d * diagonal_[a] + i * d + i] += diagonal[d * a + i];
}

}  // namespace moreau::contact
