// FCLib HDF5 files (Acary, Brémond, Koziara, Pérignon 2014, "FCLIB: a collection of discrete
// 3D frictional contact problems"), written through Debian's libfclib and read with HDF5
// directly. Layout:
//   /fclib_local/{spacedim, W/{nzmax,m,n,nz,p,i,x}, vectors/{q,mu}}       local problems
//   /fclib_global/{spacedim, M/..., H/..., vectors/{f,w,mu}}               global problems
//   /solution/{r,u[,v]}, /guesses/{number_of_guesses, 1/{r,u[,v]}, ...}   optional
//   /guesses/1/moreau_penalty   moreau's own, optional: the state velocity-newton started
//                               the guess's solve from (solvers::GlobalSolverState::penalty)
// Matrices: nz = -2 compressed rows, -1 compressed columns, nz >= 0 triplets (i = rows,
// p = columns, as in CSparse). Not libfclib's readers: they exit the process on a failed HDF5
// call (a damaged byte in the data of a dataset: "fclib.h: 613 => ERROR: HDF5 call failed",
// exit 1) and trust the sizes they read. Every dataset is read whole after its size is checked
// against those it must agree with, and a failed read is an error naming the dataset.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/local_problem.hpp"
#include "moreau/contact/siconos_text_io.hpp"

#include <filesystem>
#include <optional>

namespace moreau::contact {

/// What an FCLib file holds.
struct FclibContents {
  ProblemData problem;           ///< validated
  std::optional<VecX> solution;  ///< /solution/r, if present
  std::optional<VecX> guess;     ///< /guesses/1/r, if present
  /// /guesses/1/moreau_penalty, if present: velocity-newton's carried proximal stiffness at
  /// the start of the run's solve of the guess (>= 0; 0: none carried)
  std::optional<double> guess_penalty;
};

/// True if the file starts with the HDF5 signature (at offset 0; user blocks are not used
/// by FCLib files). False if it cannot be read.
bool has_hdf5_signature(const std::filesystem::path& path);

/// Reads an FCLib local or global problem, its solution and first guess. The file is read in
/// a child process first (core::crash_in_child_process), so that a damaged file on which
/// libhdf5 itself crashes is refused rather than ending this process.
/// @throws core::Diagnostic (file and HDF5 path as key) if the file is not HDF5, lacks
///         /fclib_local and /fclib_global, holds inconsistent sizes or non-finite values, or
///         crashes libhdf5
FclibContents read_fclib(const std::filesystem::path& path);

/// read_fclib without the child process: a damaged file can end this process in libhdf5. For
/// the FCLib fuzz target, which must see every crash of the reading, moreau's and libhdf5's.
FclibContents read_fclib_in_process(const std::filesystem::path& path);

/// Writes `problem` as /fclib_local (W in compressed columns), and /solution/{r,u} when r is
/// given (u defaults to W r + q). Replaces an existing file.
/// @pre r and u, when given, have problem.size() entries; u only with r
/// @throws core::Diagnostic if the file cannot be written
void write_fclib_local(const std::filesystem::path& path, const LocalProblem& problem,
                       const std::optional<VecX>& r = std::nullopt,
                       const std::optional<VecX>& u = std::nullopt);

/// Writes `problem` as /fclib_global (M and H in compressed columns), and /solution/{v,u,r}
/// when r is given: v defaults to M^-1 (f + H r) (a Cholesky factorization of M), and
/// u = H^T v + w. Replaces an existing file.
/// @pre r, when given, has d n_c entries; v, only with r, has n_dof; no compliance (FCLib
///      has none: write standard_form(problem))
/// @throws core::Diagnostic if the problem is inconsistent (validate()), if M is not
///         symmetric positive definite when v must be computed, or if the file cannot be
///         written
void write_fclib_global(const std::filesystem::path& path, const GlobalProblem& problem,
                        const std::optional<VecX>& r = std::nullopt,
                        const std::optional<VecX>& v = std::nullopt);

/// Adds r as the first guess (/guesses/1, with its velocities u and, for a global problem,
/// v = M^-1 (f + H r)) to a file write_fclib_local or write_fclib_global has just written:
/// the warm start a run's solve started from, which `moreau solve --warm-start guess` starts
/// from again. For a global problem, `penalty`, when given, is the state the run's global
/// solver started from (/guesses/1/moreau_penalty), which `moreau solve` restores with it.
/// @pre r has d n_c entries; a global problem has no compliance (standard_form); penalty >= 0
/// @throws core::Diagnostic if M is not symmetric positive definite or the file cannot be
///         written
void write_fclib_guess(const std::filesystem::path& path, const LocalProblem& problem,
                       const VecX& r);
void write_fclib_guess(const std::filesystem::path& path, const GlobalProblem& problem,
                       const VecX& r, std::optional<double> penalty = std::nullopt);

}  // namespace moreau::contact
