// The Delassus operator W stored by block rows of d x d blocks (d = 2 or 3): the layout a
// Gauss-Seidel sweep over contacts wants (Jean 1999, section 4; Siconos' SparseBlockMatrix).
#pragma once

#include "moreau/math/types.hpp"

#include <span>
#include <vector>

namespace moreau::contact {

using math::Index;
using math::SparseMat;
using math::VecX;

/// Block-CSR storage of a square matrix made of d x d blocks. Block row a holds the stored
/// blocks k in [row_begin(a), row_end(a)), with block column block_column(k) in increasing
/// order and values column-major. Every diagonal block is stored (zero if absent), so
/// diagonal(a) always exists.
class BlockSparseMatrix {
 public:
  BlockSparseMatrix() = default;

  /// Splits W (rows = cols = d * number of blocks) into d x d blocks; a block is stored when
  /// W has at least one stored entry in it, and always on the diagonal.
  /// @pre W.rows() == W.cols() and W.rows() % block_size == 0, block_size in {2, 3}
  static BlockSparseMatrix from_sparse(const SparseMat& W, int block_size);

  /// From the block-CSR arrays described above.
  /// @pre row_start starts at 0 and is non-decreasing; columns strictly increase within a
  ///      row and include the diagonal; values hold block_size^2 numbers per stored block
  static BlockSparseMatrix from_block_rows(int block_size, std::vector<Index> row_start,
                                           std::vector<Index> column, std::vector<double> values);

  /// The same matrix in Eigen's compressed-column form (for factorizations).
  SparseMat to_sparse() const;

  int block_size() const { return block_size_; }
  Index block_rows() const { return static_cast<Index>(row_start_.size()) - 1; }
  Index rows() const { return block_size_ * block_rows(); }
  Index stored_blocks() const { return static_cast<Index>(column_.size()); }

  Index row_begin(Index a) const { return row_start_[a]; }
  Index row_end(Index a) const { return row_start_[a + 1]; }
  Index block_column(Index k) const { return column_[k]; }
  /// Index k of the block (a, a).
  Index diagonal(Index a) const { return diagonal_[a]; }

  /// Block k as a fixed-size d x d matrix.
  template <int d>
  Eigen::Map<const Eigen::Matrix<double, d, d>> block(Index k) const {
    return Eigen::Map<const Eigen::Matrix<double, d, d>>(values_.data() + Index{d} * d * k);
  }

  /// Row block a times x: sum over stored blocks k of row a of W_k x_{column(k)}.
  template <int d>
  Eigen::Matrix<double, d, 1> row_times(Index a, const VecX& x) const {
    Eigen::Matrix<double, d, 1> sum = Eigen::Matrix<double, d, 1>::Zero();
    for (Index k = row_begin(a); k < row_end(a); ++k)
      sum.noalias() += block<d>(k) * x.segment<d>(d * block_column(k));
    return sum;
  }

  /// y = W x.
  VecX operator*(const VecX& x) const;

  /// W <- W + diag(diagonal).
  /// @pre diagonal.size() == rows()
  void add_to_diagonal(const VecX& diagonal);

 private:
  int block_size_ = 3;
  std::vector<Index> row_start_ = {0};
  std::vector<Index> column_;
  std::vector<Index> diagonal_;
  std::vector<double> values_;
};

}  // namespace moreau::contact
