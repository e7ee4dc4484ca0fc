#include "moreau/solvers/repeated_lu.hpp"

#include "moreau/core/assert.hpp"

#include <Eigen/UmfPackSupport>
#include <klu.h>

#include <cmath>
#include <limits>
#include <optional>

namespace moreau::solvers {
namespace {

// KLU's C interface takes non-const pointers to the arrays it only reads: these hand it the
// matrix's own arrays without a copy.
int* column_starts(const math::SparseMat& K) { return const_cast<int*>(K.outerIndexPtr()); }
int* row_indices(const math::SparseMat& K) { return const_cast<int*>(K.innerIndexPtr()); }
double* values(const math::SparseMat& K) { return const_cast<double*>(K.valuePtr()); }

}  // namespace

struct RepeatedLu::Libraries {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;  ///< KLU's ordering of the pattern, with its flop estimate
  klu_numeric* numeric = nullptr;    ///< KLU's factors (where reused pivots were chosen)
  std::optional<Eigen::UmfPackLU<math::SparseMat>> umfpack;  ///< where it was chosen
  bool umfpack_analyzed = false;       ///< UMFPACK's analysis reads the first matrix's values
  math::Index rows = 0, nonzeros = 0;  ///< of the pattern

  // No row scaling (scale -1), which also skips KLU's check of the matrix's structure: the
  // Jacobians are assembled compressed and sorted (valid by construction), and their rows are of
  // the order of the bodies' masses and moments of inertia; on a rocking house's steps the
  // scaling and the check were a large part of each refactorization (measured in
  // docs/large-structures.md, "The De Saxcé step's LU").
  Libraries() {
    klu_defaults(&common);
    common.scale = -1;
  }
  ~Libraries() {
    if (numeric) klu_free_numeric(&numeric, &common);
    if (symbolic) klu_free_symbolic(&symbolic, &common);
  }
  Libraries(const Libraries&) = delete;
  Libraries& operator=(const Libraries&) = delete;

  // The first matrix: KLU's ordering, and UMFPACK where its flop estimate says so.
  bool choose(const math::SparseMat& K) {
    symbolic = klu_analyze(static_cast<int>(K.rows()), column_starts(K), row_indices(K), &common);
    if (!symbolic) return false;
    rows = K.rows();
    nonzeros = K.nonZeros();
    if (symbolic->est_flops >= kKluFlops) {
      umfpack.emplace();
      umfpack->umfpackControl()(UMFPACK_IRSTEP) = 0;
    }
    return true;
  }

  bool klu_factorize_with_pivoting(const math::SparseMat& K) {
    if (numeric) klu_free_numeric(&numeric, &common);
    numeric = klu_factor(column_starts(K), row_indices(K), values(K), symbolic, &common);
    return numeric != nullptr;
  }

  bool klu_refactorize(const math::SparseMat& K) {
    static const double kMinReciprocalCondition =
        std::pow(std::numeric_limits<double>::epsilon(), 2.0 / 3.0);
    return numeric &&
           klu_refactor(column_starts(K), row_indices(K), values(K), symbolic, numeric, &common) &&
           klu_rcond(symbolic, numeric, &common) && common.rcond >= kMinReciprocalCondition;
  }

  bool umfpack_factorize(const math::SparseMat& K) {
    if (!umfpack_analyzed) umfpack->analyzePattern(K);
    umfpack_analyzed = true;
    umfpack->factorize(K);
    return umfpack->info() == Eigen::Success;
  }
};

RepeatedLu::RepeatedLu() : libraries_(std::make_unique<Libraries>()) {}

RepeatedLu::~RepeatedLu() = default;

bool RepeatedLu::factorize(const math::SparseMat& K) {
  MOREAU_ASSERT(K.rows() == K.cols() && K.isCompressed());
  Libraries& libraries = *libraries_;
  if (!libraries.symbolic && !libraries.choose(K)) return false;
  MOREAU_ASSERT(K.rows() == libraries.rows && K.nonZeros() == libraries.nonzeros);
  if (!libraries.umfpack && libraries.klu_refactorize(K)) return true;
  ++pivoted_factorizations_;
  return libraries.umfpack ? libraries.umfpack_factorize(K)
                           : libraries.klu_factorize_with_pivoting(K);
}

math::VecX RepeatedLu::solve(const math::VecX& b) const {
  MOREAU_ASSERT(b.size() == libraries_->rows);
  if (libraries_->umfpack) return libraries_->umfpack->solve(b);
  MOREAU_ASSERT(libraries_->numeric != nullptr);
  math::VecX x = b;
  klu_solve(libraries_->symbolic, libraries_->numeric, static_cast<int>(x.size()), 1, x.data(),
            &libraries_->common);
  return x;
}

bool RepeatedLu::reuses_pivots() const { return libraries_->symbolic && !libraries_->umfpack; }

}  // namespace moreau::solvers
