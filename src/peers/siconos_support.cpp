#include "siconos_support.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <cstdlib>

namespace moreau::peers {

double* malloc_copy(const math::VecX& values) {
  auto* data =
      static_cast<double*>(std::malloc(sizeof(double) * std::max<math::Index>(values.size(), 1)));
  std::copy(values.data(), values.data() + values.size(), data);
  return data;
}

NumericsMatrix* to_numerics_sparse(const math::SparseMat& A) {
  NumericsMatrix* matrix =
      NM_create(NM_SPARSE, static_cast<int>(A.rows()), static_cast<int>(A.cols()));
  NM_triplet_alloc(matrix, A.nonZeros());
  for (math::Index col = 0; col < A.outerSize(); ++col)
    for (math::SparseMat::InnerIterator it(A, col); it; ++it)
      NM_zentry(matrix, static_cast<int>(it.row()), static_cast<int>(col), it.value(), 0.0);
  return matrix;
}

void SolverOptionsDeleter::operator()(SolverOptions* options) const {
  if (!options) return;
  // N.B. before solver_options_delete, which frees the array of internal solvers.
  for (std::size_t k = 0; k < options->numberOfInternalSolvers; ++k) {
    (*this)(options->internalSolvers[k]);
    options->internalSolvers[k] = nullptr;
  }
  solver_options_delete(options);
  std::free(options);
}

SiconosOptions make_options(int solver_id, double tolerance, int max_iterations) {
  SiconosOptions options(solver_options_create(solver_id));
  options->iparam[SICONOS_IPARAM_MAX_ITER] = max_iterations;
  options->dparam[SICONOS_DPARAM_TOL] = tolerance;
  return options;
}

void throw_unknown_solver(std::string_view name, std::span<const std::string> names) {
  throw core::Diagnostic(
      {"--solvers"}, "solver",
      core::with_suggestion(core::concat("one of ", core::join(names)), name, names), name);
}

solvers::Status judged_status(const math::VecX& r, double error, double tolerance) {
  if (!r.allFinite()) return solvers::Status::NonFinite;
  return error <= tolerance ? solvers::Status::Converged : solvers::Status::MaxIterations;
}

}  // namespace moreau::peers
