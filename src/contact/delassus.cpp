#include "moreau/contact/delassus.hpp"

#include "moreau/core/assert.hpp"

namespace moreau::contact {

BlockSparseMatrix assemble_delassus(const SparseMat& H, const SparseMat& M_inv, int dimension) {
  MOREAU_ASSERT(H.rows() % dimension == 0 && M_inv.rows() == H.cols());
  // N.B. (H M_inv) first: H has few non-zeros per row, so the product stays as sparse as H.
  const SparseMat H_M_inv = H * M_inv;
  const SparseMat W = (H_M_inv * H.transpose()).pruned();
  return BlockSparseMatrix::from_sparse(W, dimension);
}

}  // namespace moreau::contact
