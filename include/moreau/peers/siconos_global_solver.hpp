// Siconos numerics' solvers of the global problem (GFC3D: M v = f + H r, u = H^T v + w;
// Acary et al., Debian's libsiconos-numerics-dev 4.4) behind moreau's GlobalSolver
// interface, so that `moreau bench --with-siconos` runs them beside velocity-newton on the
// global FCLib files, in the same process, with the same tolerance, and measures their
// answers with moreau's error. Benchmarks and cross-checks only.
#pragma once

#include "moreau/solvers/global_solver.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace moreau::peers {

/// "siconos-gfc3d-nsgs-wr", "siconos-gfc3d-prox-wr" (Siconos' local NSGS and PROX on the
/// problem Siconos condenses itself, "with reformulation"), "siconos-gfc3d-nsn-ac"
/// (semismooth Newton on the global Alart-Curnier function), "siconos-gfc3d-admm"
/// (alternating direction method of multipliers in velocity space). 3D only: Siconos 4.4
/// has no global solver for 2D.
std::span<const std::string> siconos_global_solver_names();

/// Whether the named Siconos global solver handles problems of this contact dimension.
/// @throws core::Diagnostic for an unknown name
bool siconos_global_supports(std::string_view name, int dimension);

/// A Siconos global solver with tolerance and iteration limit from stop (stop.time_limit is
/// not applied: Siconos has none). The report's error is moreau's natural_map_error of
/// Siconos' reactions r on the condensed problem (W = H^T M^-1 H, q = H^T M^-1 f + w), and
/// its status is Converged exactly when that error is <= stop.tolerance; v is returned as
/// M^-1 (f + H r) of those reactions, as GlobalSolver promises (not Siconos' own iterate).
/// Its time includes what Siconos does inside its driver, the condensation of the "-wr"
/// solvers included. Its solve's problem has no compliance (GFC3D has none: solve
/// contact::standard_form(problem)).
/// @throws core::Diagnostic for an unknown name
std::unique_ptr<solvers::GlobalSolver> make_siconos_global_solver(
    std::string_view name, const solvers::StopCriteria& stop);

/// Siconos' own error of (r, v) on the global problem (gfc3d_compute_error):
/// |M v - H r - f| / max(|f|, |M v|, |H r|) + |r - P_K(r - û)| / max(|u|, |r|), with u
/// recomputed as H^T v + w. Not the natural-map error of the condensed problem (its second
/// term has another denominator, and its first vanishes only when v = M^-1 (f + H r)).
/// @pre problem.dimension == 3, r.size() == 3 n_c, v.size() == n_dof
double siconos_global_error(const contact::GlobalProblem& problem, const math::VecX& r,
                            const math::VecX& v);

}  // namespace moreau::peers
