// Siconos numerics (Acary et al., Debian's libsiconos-numerics-dev 4.4) behind moreau's
// Solver interface, so that `moreau bench --with-siconos` runs the peer in the same process,
// on the same LocalProblem, with the same tolerance, and measures its answer with moreau's
// error. Benchmarks and cross-checks only: moreau never uses Siconos as its engine.
#pragma once

#include "moreau/solvers/solver.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace moreau::peers {

/// "siconos-nsgs", "siconos-nsn-ac", "siconos-nsn-fb", "siconos-prox" (FC3D); of these only
/// "siconos-nsgs" exists for FC2D (Siconos' fc2d NSGS).
std::span<const std::string> siconos_solver_names();

/// Whether the named Siconos solver handles problems of this contact dimension.
bool siconos_supports(std::string_view name, int dimension);

/// A Siconos solver with tolerance and iteration limit from stop. Siconos has no wall-time
/// limit: stop.time_limit is not applied to it (benchmarks say so).
/// The report's error is moreau's natural_map_error of Siconos' reactions, and its status is
/// Converged exactly when that error is <= stop.tolerance (Siconos' own verdict, which may
/// rest on a cheaper error estimate, is not taken on trust).
/// @throws core::Diagnostic for an unknown name
std::unique_ptr<solvers::Solver> make_siconos_solver(std::string_view name,
                                                     const solvers::StopCriteria& stop);

/// Siconos' own error of reactions r (fc3d_compute_error / fc2d_compute_error). Given |q|,
/// Siconos 4.4 divides the residual by max(|q|, |r|, |u|), as natural_map_error does: the
/// two are independent implementations of one measure.
double siconos_error(const contact::LocalProblem& problem, const math::VecX& r);

}  // namespace moreau::peers
