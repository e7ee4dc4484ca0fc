// LU factorizations of a sequence of sparse square matrices of one pattern, as the Jacobians of
// a Newton method are. Which library factorizes them is chosen at the first matrix, by the
// work of its factorization (KLU's estimate of the flops on its fill-reducing ordering):
// - below kKluFlops, KLU (Davis & Palamadai Natarajan 2010): the pivots its first
//   factorization chooses (partial pivoting) are reused by the later ones (klu_refactor), which
//   skip the pivot search and the symbolic work; its rows are not scaled. A refactorization whose
//   estimate of the reciprocal condition number (min |u_ii| / max |u_ii|) falls below eps^(2/3) is
//   redone with pivoting, the test of SUNDIALS' KLU interface (Hindmarsh et al. 2005,
//   sunlinsol_klu);
// - above, UMFPACK (Davis 2004), whose multifrontal BLAS-3 kernels outrun KLU's column-by-column
//   ones where the factors fill in (a 3D block structure of thousands of blocks): every
//   factorization searches for its pivots. Its solves are not refined (UMFPACK_IRSTEP 0), as
//   KLU's are not: on the clock tower's hard steps refinement changed no Newton step and no
//   error's printed digit, and took a tenth of the time.
// Where the two cross over was measured on velocity-newton's Jacobians (docs/large-structures.md,
// "The De Saxcé step's LU").
#pragma once

#include "moreau/math/types.hpp"

#include <memory>

namespace moreau::solvers {

class RepeatedLu {
 public:
  /// The factorization's flops (KLU's estimate) below which KLU with reused pivots is used.
  static constexpr double kKluFlops = 2e7;

  RepeatedLu();
  ~RepeatedLu();
  RepeatedLu(const RepeatedLu&) = delete;
  RepeatedLu& operator=(const RepeatedLu&) = delete;

  /// Factorizes K, square and compressed, of the pattern of the first matrix this instance
  /// factorized. false where K is singular (or the library fails); solve() then may not be
  /// called.
  bool factorize(const math::SparseMat& K);
  /// x with K x = b, for the K of the last successful factorize().
  math::VecX solve(const math::VecX& b) const;
  /// Whether KLU with reused pivots was chosen (false: UMFPACK, or no matrix yet).
  bool reuses_pivots() const;
  /// Factorizations that searched for pivots, the first one included.
  int pivoted_factorizations() const { return pivoted_factorizations_; }

 private:
  struct Libraries;
  std::unique_ptr<Libraries> libraries_;
  int pivoted_factorizations_ = 0;
};

}  // namespace moreau::solvers
