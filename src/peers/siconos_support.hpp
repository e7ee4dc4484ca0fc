// What the local (siconos_solver.cpp) and global (siconos_global_solver.cpp) Siconos peers
// share: copies of moreau's data into the malloc'd storage Siconos frees itself, solver
// options that are released completely, and the error for an unknown solver name.
#pragma once

#include "moreau/math/types.hpp"
#include "moreau/solvers/solver.hpp"

#include <NumericsMatrix.h>
#include <SolverOptions.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::peers {

/// A malloc'd copy of `values`, for the vectors Siconos' problem structures own and free.
double* malloc_copy(const math::VecX& values);

/// A Siconos sparse matrix (NM_SPARSE, triplet origin, as Siconos builds from FCLib's
/// triplet files) holding the entries of `A`.
NumericsMatrix* to_numerics_sparse(const math::SparseMat& A);

/// Siconos 4.4's solver_options_delete frees what an options structure points to but not the
/// structure, nor the structures of its internal solvers (LeakSanitizer shows both): this
/// deleter frees those too.
struct SolverOptionsDeleter {
  void operator()(SolverOptions* options) const;
};
using SiconosOptions = std::unique_ptr<SolverOptions, SolverOptionsDeleter>;

/// solver_options_create(solver_id) with the tolerance and iteration cap of moreau's
/// StopCriteria (Siconos has no wall-time limit).
SiconosOptions make_options(int solver_id, double tolerance, int max_iterations);

/// @throws core::Diagnostic (key "solver") naming the valid choices and the closest one
[[noreturn]] void throw_unknown_solver(std::string_view name, std::span<const std::string> names);

/// moreau's verdict on a Siconos answer r of moreau's natural-map error `error`: NonFinite,
/// or Converged exactly when the error is within the tolerance, else MaxIterations (Siconos'
/// own verdict, which may rest on a cheaper error estimate, is not taken on trust).
solvers::Status judged_status(const math::VecX& r, double error, double tolerance);

/// The names of a table of methods (each with a `name`), in the table's order.
template <class Method>
std::vector<std::string> names_of(const std::vector<Method>& methods) {
  std::vector<std::string> names;
  names.reserve(methods.size());
  for (const Method& method : methods) names.push_back(method.name);
  return names;
}

}  // namespace moreau::peers
