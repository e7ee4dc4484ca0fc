// M^-1 for a sparse symmetric positive definite M made of independent diagonal blocks: the
// connected components of M's graph (one per degree of freedom for rigid bodies in their
// principal axes, one per body otherwise), each inverted densely. Private to src/solvers.
#pragma once

#include "contact_rows.hpp"
#include "moreau/math/types.hpp"

#include <vector>

namespace moreau::solvers::detail {

using math::MatX;

class BlockDiagonalInverse {
 public:
  /// @pre M square and symmetric; positive_definite() says whether every block was
  explicit BlockDiagonalInverse(const SparseMat& M);

  bool positive_definite() const { return positive_definite_; }

  /// out = M^-1 x.  @pre positive_definite(), x.size() == out.size() == M's size
  void apply(const VecX& x, VecX& out) const;

  /// M^-1 H by contact, for H by contact (d columns each): contact a's rows are the degrees
  /// of freedom of the blocks its rows of H touch.  @pre positive_definite()
  ContactRows times(const ContactRows& H, int d) const;

 private:
  /// The inverse of block k, s_k x s_k column-major, s_k its size.
  Eigen::Map<const MatX> inverse(Index k) const;

  std::vector<Index> order_;     ///< the degrees of freedom grouped by block, ascending in each
  std::vector<Index> start_{0};  ///< block k holds order_[start_[k] .. start_[k + 1])
  std::vector<Index> block_;     ///< the block of each degree of freedom
  std::vector<Index> position_;  ///< its position in its block
  std::vector<Index> offset_;    ///< block k's inverse starts at values_[offset_[k]]
  std::vector<double> values_;
  bool positive_definite_ = true;
};

}  // namespace moreau::solvers::detail
