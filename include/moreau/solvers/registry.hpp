// Solvers by name: the list behind `--solver NAME`, `--help` and the error for an unknown
// name. One entry per method; no silent fallback from one method to another.
#pragma once

#include "moreau/solvers/global_solver.hpp"
#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/solver.hpp"

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::solvers {

struct SolverEntry {
  std::string name;
  std::string summary;  ///< one line: the method and its reference
  /// Builds the solver; reads its own options from the parameters (ParameterReader).
  std::unique_ptr<Solver> (*make)(const StopCriteria& stop, const SolverParameters& parameters);
  /// Reads the options as make does and builds nothing.
  void (*check)(const SolverParameters& parameters);
};

/// Every registered solver, the default first.
std::span<const SolverEntry> registered_solvers();

/// The names of registered_solvers(), in the same order.
std::vector<std::string> registered_solver_names();

/// The name `moreau solve` uses without --solver.
std::string_view default_solver_name();

/// @throws core::Diagnostic for an unknown name (listing the valid ones) or bad parameters
std::unique_ptr<Solver> make_solver(std::string_view name, const StopCriteria& stop,
                                    const SolverParameters& parameters = {});

/// The methods of the global problem (global_solver.hpp), which never form W.
struct GlobalSolverEntry {
  std::string name;
  std::string summary;
  std::unique_ptr<GlobalSolver> (*make)(const StopCriteria& stop,
                                        const SolverParameters& parameters);
  void (*check)(const SolverParameters& parameters);
};

std::span<const GlobalSolverEntry> registered_global_solvers();
std::vector<std::string> registered_global_solver_names();
bool is_global_solver(std::string_view name);

/// @throws core::Diagnostic for an unknown name (listing the valid ones) or bad parameters
std::unique_ptr<GlobalSolver> make_global_solver(std::string_view name, const StopCriteria& stop,
                                                 const SolverParameters& parameters = {});

/// The names of registered_solvers(), then of registered_global_solvers(): every method a
/// run's steps (dynamics::StepSolverSettings::name) and `moreau bench` take.
std::vector<std::string> every_solver_name();

/// Refuses what make_solver or make_global_solver would refuse of the name and the
/// parameters, building no solver: for a front end that checks its input before it runs.
/// @throws core::Diagnostic keyed "solver" for an unknown name (listing the methods of the
///         local form), "<name>.<key>" for a bad parameter
void check_solver_options(std::string_view name, const SolverParameters& parameters);

}  // namespace moreau::solvers
