#include "moreau/benchmark/bench_solver.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"

#include <algorithm>
#ifdef MOREAU_WITH_SICONOS
#include "moreau/peers/siconos_global_solver.hpp"
#include "moreau/peers/siconos_solver.hpp"
#endif

namespace moreau::benchmark {
namespace {

std::vector<BenchSolver> make_moreau_solvers(const std::vector<std::string>& names,
                                             const solvers::StopCriteria& stop,
                                             const solvers::SolverParameters& parameters) {
  std::vector<BenchSolver> list;
  for (const std::string& name : names) {
    if (solvers::is_global_solver(name)) {
      solvers::check_solver_options(name, parameters);  // bad parameters fail before any run
      list.push_back(
          {name, nullptr, [=] { return solvers::make_global_solver(name, stop, parameters); }});
    } else {
      list.push_back({name, solvers::make_solver(name, stop, parameters), {}});
    }
  }
  return list;
}

#ifdef MOREAU_WITH_SICONOS
// Peers are made by name like our solvers.
void add_siconos_solvers(const std::vector<std::string>& siconos_names,
                         const solvers::StopCriteria& stop, std::vector<BenchSolver>& list) {
  const auto chosen = [&](const std::string& name) {
    return siconos_names.empty() ||
           std::find(siconos_names.begin(), siconos_names.end(), name) != siconos_names.end();
  };
  std::vector<std::string> known;
  for (const std::string& name : peers::siconos_solver_names()) {
    known.push_back(name);
    if (chosen(name)) list.push_back({name, peers::make_siconos_solver(name, stop), {}, true});
  }
  for (const std::string& name : peers::siconos_global_solver_names()) {
    known.push_back(name);
    if (chosen(name))
      list.push_back(
          {name, nullptr, [=] { return peers::make_siconos_global_solver(name, stop); }, true});
  }
  for (const std::string& name : siconos_names)
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw core::Diagnostic({"--siconos-solvers"}, "siconos-solvers",
                             core::concat("one of ", core::join(known)), name);
}
#endif

}  // namespace

std::vector<BenchSolver> make_bench_solvers(const BenchSolverChoice& choice,
                                            const solvers::StopCriteria& stop,
                                            const solvers::SolverParameters& parameters) {
  std::vector<BenchSolver> list = make_moreau_solvers(choice.names, stop, parameters);
  if (!choice.with_siconos) return list;
#ifdef MOREAU_WITH_SICONOS
  add_siconos_solvers(choice.siconos_names, stop, list);
#else
  throw core::Diagnostic({"--with-siconos"}, "with-siconos",
                         "a moreau built with Siconos numerics (apt-get install "
                         "libsiconos-numerics-dev, then configure again)",
                         "a build without it");
#endif
  return list;
}

bool supports(const BenchSolver& solver, const contact::ContactProblemFile& file) {
  if (solver.make_global && !file.global) return false;
#ifdef MOREAU_WITH_SICONOS
  const int dimension = file.problem.dimension;
  if (solver.siconos)
    return solver.make_global ? peers::siconos_global_supports(solver.name, dimension)
                              : peers::siconos_supports(solver.name, dimension);
#endif
  return true;
}

}  // namespace moreau::benchmark
