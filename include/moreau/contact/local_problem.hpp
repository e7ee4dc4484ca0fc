// The local frictional-contact problem of docs/mathematics.md section 1 (FC3D, and FC2D in planar
// mode), the one object every solver sees. Notation:
//   d        contact dimension, 3 (normal, t1, t2) or 2 (normal, t)
//   n_c      number of contacts; vectors have size n = d n_c, contact a owns [d a, d a + d)
//   W        Delassus operator H M^-1 H^T, n x n, symmetric positive semi-definite
//   q        free local velocity (with the Newton impact term), m/s
//   mu       friction coefficient of each contact, >= 0
//   r        contact impulses (N s), the unknown; u = W r + q the local velocities (m/s)
// Find r, u with u = W r + q and, per contact, K* ∋ û ⊥ r ∈ K,
//   K = {r : |r_T| <= mu r_N},  û = u + [mu |u_T|, 0, 0]   (De Saxcé & Feng 1991).
#pragma once

#include "moreau/contact/block_sparse_matrix.hpp"
#include "moreau/core/diagnostic.hpp"

namespace moreau::contact {

constexpr int kNormal = 0;  ///< index of the normal component in a contact block

struct LocalProblem {
  int dimension = 3;    ///< d: 3, or 2 in planar mode
  BlockSparseMatrix W;  ///< d x d blocks, W.block_size() == dimension
  VecX q;               ///< size d n_c
  VecX mu;              ///< size n_c

  Index contacts() const { return mu.size(); }
  Index size() const { return q.size(); }

  /// u = W r + q.
  VecX velocity(const VecX& r) const { return W * r + q; }
};

/// Checks sizes, finiteness and mu >= 0; a problem read from a file goes through this
/// before any solver sees it.
/// @throws core::Diagnostic naming `where` and the offending key (W, q, mu) and index
void validate(const LocalProblem& problem, const core::SourceLocation& where);

}  // namespace moreau::contact
