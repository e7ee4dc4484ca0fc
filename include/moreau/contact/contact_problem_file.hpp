// The one entry point the command line uses to load a frictional-contact problem, whatever
// its format: FCLib HDF5 (local or global) or Siconos text (local or global). The format is
// told by the content (the HDF5 signature), never by the extension: the shared collection
// has Siconos text files named *.hdf5.dat.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/local_problem.hpp"

#include <filesystem>
#include <memory>
#include <optional>

namespace moreau::contact {

enum class ProblemKind { Local, Global };

/// Whether a global problem is also condensed to the local one. Only the methods of the local
/// form need W = H^T M^-1 H, which costs minutes and gigabytes for tens of thousands of
/// contacts (a 4,000-block tower: 2 minutes, more than its solve).
enum class LocalForm { Build, Skip };

struct ContactProblemFile {
  std::filesystem::path path;
  ProblemKind kind = ProblemKind::Local;  ///< what the file held
  /// The local problem (condensed when Global), validated; empty when a global problem was
  /// read with LocalForm::Skip.
  LocalProblem problem;
  std::optional<VecX> stored_solution;  ///< r stored in the file (FCLib /solution/r), if any
  std::optional<VecX> guess;            ///< the first FCLib guess (/guesses/1/r), if any
  std::optional<double> guess_penalty;  ///< FclibContents::guess_penalty
  double condensation_seconds = 0.0;    ///< wall time spent condensing a global problem, s
  /// Set when kind == Global: keeps the factorization of M, so that the global velocities
  /// v = M^-1 (f + H r) of a solution can be recovered without factoring again.
  std::shared_ptr<const Condensation> condensation;
  /// Set when kind == Global: the problem as the file holds it, for the methods that work on
  /// the global form (solvers/global_solver.hpp).
  std::optional<GlobalProblem> global;

  Index contacts() const { return global ? global->contacts() : problem.contacts(); }
  int dimension() const { return global ? global->dimension : problem.dimension; }
};

/// Reads a problem file (see the header comment for the formats).
/// @throws core::Diagnostic naming the file (and line and key for text files) if it is
///         missing, unreadable, malformed, or its global problem has M not positive definite
ContactProblemFile read_contact_problem_file(const std::filesystem::path& path,
                                             LocalForm local_form = LocalForm::Build);

}  // namespace moreau::contact
