#include "moreau/solvers/registry.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

namespace moreau::solvers {

std::span<const SolverEntry> registered_solvers() {
  // N.B. the default solver comes first; `moreau bench` decides which one it is.
  static const std::vector<SolverEntry> entries = {};
  return entries;
}

std::string_view default_solver_name() { return registered_solvers().front().name; }

std::unique_ptr<Solver> make_solver(std::string_view name, const StopCriteria& stop,
                                    const SolverParameters& parameters) {
  std::vector<std::string> names;
  for (const SolverEntry& entry : registered_solvers()) {
    if (entry.name == name) return entry.make(stop, parameters);
    names.push_back(entry.name);
  }
  std::string expected = core::concat("one of ", core::join(names));
  if (const auto suggestion = core::closest_match(name, names))
    expected += core::concat(" (did you mean '", *suggestion, "'?)");
  throw core::Diagnostic({"--solver"}, "solver", expected, name);
}

}  // namespace moreau::solvers
