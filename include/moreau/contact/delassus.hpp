// The Delassus operator W = H M^-1 H^T (DESIGN.md section 1), assembled sparsely from the
// contact Jacobian H and the block-diagonal inverse mass: never a dense matrix over all
// contacts. Body-free: the stepper builds H; this only multiplies.
#pragma once

#include "moreau/contact/block_sparse_matrix.hpp"

namespace moreau::contact {

/// W = H M_inv H^T in blocks of dimension x dimension.
/// @param H      contact Jacobian, (dimension n_c) x n_dof, rows normal first per contact
/// @param M_inv  inverse mass matrix, n_dof x n_dof (block-diagonal in practice)
/// @pre H.rows() % dimension == 0, M_inv square of size H.cols()
BlockSparseMatrix assemble_delassus(const SparseMat& H, const SparseMat& M_inv, int dimension);

}  // namespace moreau::contact
