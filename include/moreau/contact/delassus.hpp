// The Delassus operator W = H M^-1 H^T (docs/mathematics.md section 1), assembled sparsely from the
// contact Jacobian and the diagonal inverse mass: never a dense matrix over all contacts.
// Body-free: the stepper builds the Jacobian blocks; this only multiplies. A contact
// involves at most two bodies, so H is stored as per-contact dense blocks on column groups
// (a body's degrees of freedom), and W_ab = sum over the groups g shared by contacts a and b
// of H_ag M_g^-1 H_bg^T: the blocks of W are found from the groups, not by a sparse-sparse
// product followed by a search for the d x d blocks, which was several times slower.
#pragma once

#include "moreau/contact/block_sparse_matrix.hpp"

#include <vector>

namespace moreau::contact {

/// A block of H: d <= 3 rows, k <= 6 columns (a rigid body's degrees of freedom), held
/// without heap allocation.
using JacobianValues = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 3, 6>;

/// The non-zero block of contact `contact` on the columns [first_column, first_column + k).
struct JacobianBlock {
  Index contact = 0;
  Index first_column = 0;
  JacobianValues values;  ///< d x k
};

/// H, (d n_contacts) x n_columns, as its non-zero blocks, in the order of their contacts.
/// Blocks on the same column group start at the same column and have the same width (a
/// body's degrees of freedom).
struct BlockJacobian {
  int dimension = 3;  ///< d, 2 or 3
  Index contacts = 0;
  Index columns = 0;
  std::vector<JacobianBlock> blocks;

  /// H in Eigen's compressed-column form, for the products H v and H^T r.
  SparseMat to_sparse() const;
};

/// W = H diag(m_inv) H^T in blocks of d x d.
/// @param m_inv the diagonal of M^-1, size H.columns
/// @pre every block has H.dimension rows and lies within H.columns
BlockSparseMatrix assemble_delassus(const BlockJacobian& H, const VecX& m_inv);

}  // namespace moreau::contact
