// The solvers a benchmark runs: moreau's methods of both forms and, in a build with Siconos
// numerics, Siconos' (peers/), made by name with the same stop criteria.
#pragma once

#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/solvers/global_solver.hpp"
#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/solver.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace moreau::benchmark {

/// One solver of a benchmark. A method of the local form has `local`, one of the global form
/// `make_global`: a new instance for every solve, so that each repetition of a timed solve
/// starts cold (velocity-newton keeps the symbolic factorization of its last matrix pattern).
struct BenchSolver {
  std::string name;
  std::unique_ptr<solvers::Solver> local;
  std::function<std::unique_ptr<solvers::GlobalSolver>()> make_global;
  bool siconos = false;  ///< a Siconos peer, solved in a child process (peers/isolated_solve.hpp)
};

/// Which solvers a benchmark runs.
struct BenchSolverChoice {
  std::vector<std::string> names;  ///< moreau's methods of either form, by registered name
  bool with_siconos = false;       ///< also Siconos' solvers of both forms
  /// With with_siconos, only these Siconos solvers (a subset leaves out a peer that fails on
  /// some problems: Siconos 4.4's NSN-FB asserts on the condensed problems of hyperstatic
  /// walls); empty: all of them.
  std::vector<std::string> siconos_names;
};

/// The chosen solvers, moreau's in the order of `choice.names`, then Siconos' local ones and
/// its global ones in the order of peers/.
/// @throws core::Diagnostic for an unknown name or bad parameters (before any run), an
///         unknown Siconos name, or with_siconos in a build without Siconos
std::vector<BenchSolver> make_bench_solvers(const BenchSolverChoice& choice,
                                            const solvers::StopCriteria& stop,
                                            const solvers::SolverParameters& parameters);

/// Whether `solver` runs on `file`: methods of the global form need the file's global
/// problem; Siconos' solvers, a dimension they handle.
bool supports(const BenchSolver& solver, const contact::ContactProblemFile& file);

}  // namespace moreau::benchmark
