#include "moreau/solvers/registry.hpp"

#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/automatic.hpp"
#include "moreau/solvers/hybrid.hpp"
#include "moreau/solvers/newton.hpp"
#include "moreau/solvers/nsgs.hpp"
#include "moreau/solvers/pgs.hpp"
#include "moreau/solvers/prox.hpp"
#include "moreau/solvers/velocity_newton.hpp"
#include "moreau/solvers/velocity_nsgs.hpp"

#include <algorithm>
#include <limits>

namespace moreau::solvers {
namespace {

NsgsOptions read_nsgs_options(const StopCriteria& stop, const SolverParameters& parameters) {
  ParameterReader read(parameters, "nsgs");
  NsgsOptions options{.stop = stop};
  options.relaxation = read.number("relaxation", options.relaxation, 1e-3, 1.999);
  options.shuffle = read.flag("shuffle", options.shuffle);
  options.seed = static_cast<std::uint64_t>(
      read.integer("seed", 0, 0, std::numeric_limits<std::int64_t>::max()));
  read.finish();
  return options;
}

PgsOptions read_pgs_options(const StopCriteria& stop, const SolverParameters& parameters) {
  ParameterReader read(parameters, "pgs");
  PgsOptions options{.stop = stop};
  options.step = read.number("step", options.step, 1e-3, 1.999);
  read.finish();
  return options;
}

ProxOptions read_prox_options(const StopCriteria& stop, const SolverParameters& parameters) {
  ParameterReader read(parameters, "prox");
  ProxOptions options{.stop = stop};
  options.sigma = read.number("sigma", options.sigma, 1e-6, 1e6);
  options.nu = read.number("nu", options.nu, 0.1, 2.0);
  options.inner_iterations =
      static_cast<int>(read.integer("inner_iterations", options.inner_iterations, 1, 1000000));
  options.inner_ratio = read.number("inner_ratio", options.inner_ratio, 1.001, 1e6);
  read.finish();
  return options;
}

VelocityNewtonOptions read_velocity_newton_options(const StopCriteria& stop,
                                                   const SolverParameters& parameters) {
  ParameterReader read(parameters, "velocity-newton");
  VelocityNewtonOptions options{.stop = stop};
  options.penalty = read.number("penalty", options.penalty, 1e-6, 1e12);
  options.max_penalty = read.number("max_penalty", options.max_penalty, options.penalty, 1e16);
  options.inner_iterations =
      static_cast<int>(read.integer("inner_iterations", options.inner_iterations, 1, 1000));
  options.de_saxce_newton = read.flag("de_saxce_newton", options.de_saxce_newton);
  options.de_saxce_stall_steps =
      static_cast<int>(read.integer("de_saxce_stall_steps", options.de_saxce_stall_steps, 0, 1000));
  options.stale_factor_iterations = static_cast<int>(
      read.integer("stale_factor_iterations", options.stale_factor_iterations, 0, 1000));
  options.stale_lu_iterations =
      static_cast<int>(read.integer("stale_lu_iterations", options.stale_lu_iterations, 0, 1000));
  options.carry_penalty = read.flag("carry_penalty", options.carry_penalty);
  read.finish();
  return options;
}

VelocityNsgsOptions read_velocity_nsgs_options(const StopCriteria& stop,
                                               const SolverParameters& parameters) {
  ParameterReader read(parameters, "velocity-nsgs");
  VelocityNsgsOptions options{.stop = stop};
  options.relaxation = read.number("relaxation", options.relaxation, 1e-3, 1.999);
  std::vector<std::string> names;
  names.reserve(kSweepCriteria.size());
  for (const SweepCriterion criterion : kSweepCriteria) names.emplace_back(to_string(criterion));
  const std::string name = read.choice("criterion", names.front(), names);
  for (const SweepCriterion criterion : kSweepCriteria)
    if (to_string(criterion) == name) options.criterion = criterion;
  read.finish();
  return options;
}

// An entry's two functions, from its method's reader of options (one per method, beside it
// or above): make builds the method with them, check only reads them (the refusals of
// check_solver_options, which builds nothing).
template <class Base, class Method, auto read_options>
std::unique_ptr<Base> make(const StopCriteria& stop, const SolverParameters& parameters) {
  return std::make_unique<Method>(read_options(stop, parameters));
}

template <auto read_options>
void check(const SolverParameters& parameters) {
  read_options(StopCriteria{}, parameters);
}

template <class Method, auto read_options>
SolverEntry local_entry(std::string name, std::string summary) {
  return {std::move(name), std::move(summary), make<Solver, Method, read_options>,
          check<read_options>};
}

template <class Method, auto read_options>
GlobalSolverEntry global_entry(std::string name, std::string summary) {
  return {std::move(name), std::move(summary), make<GlobalSolver, Method, read_options>,
          check<read_options>};
}

template <class Entry>
std::vector<std::string> names_of(std::span<const Entry> entries) {
  std::vector<std::string> names;
  for (const Entry& entry : entries) names.push_back(entry.name);
  return names;
}

// The factory of `name` among `entries`.
// @throws core::Diagnostic listing the valid names, with the closest one suggested
template <class Entry>
const Entry& find_entry(std::span<const Entry> entries, std::string_view name) {
  for (const Entry& entry : entries)
    if (entry.name == name) return entry;
  const std::vector<std::string> names = names_of(entries);
  throw core::Diagnostic(
      {}, "solver", core::with_suggestion(core::concat("one of ", core::join(names)), name, names),
      name);
}

}  // namespace

std::span<const SolverEntry> registered_solvers() {
  // N.B. the default solver comes first; `moreau bench` decides which one it is.
  static const std::vector<SolverEntry> entries = {
      local_entry<Hybrid, read_hybrid_options>(
          "hybrid", "100 nsgs sweeps, then semismooth Newton (AC), then prox, until one converges"),
      local_entry<Nsgs, read_nsgs_options>(
          "nsgs", "nonsmooth Gauss-Seidel with exact one-contact solves (Jean & Moreau 1992)"),
      local_entry<Pgs, read_pgs_options>(
          "pgs", "projected Gauss-Seidel on the cone, the game-engine baseline"),
      local_entry<Prox, read_prox_options>(
          "prox", "proximal point with inner nsgs (Siconos PROX; Acary et al. 2018)"),
      local_entry<NewtonSolver, read_newton_ac_options>(
          "newton-ac", "semismooth Newton, Alart-Curnier (Alart & Curnier 1991)"),
      local_entry<NewtonSolver, read_newton_fb_options>(
          "newton-fb", "semismooth Newton, SOC Fischer-Burmeister (Fukushima et al. 2001)"),
  };
  return entries;
}

std::vector<std::string> registered_solver_names() { return names_of(registered_solvers()); }

std::string_view default_solver_name() { return registered_solvers().front().name; }

std::unique_ptr<Solver> make_solver(std::string_view name, const StopCriteria& stop,
                                    const SolverParameters& parameters) {
  return find_entry(registered_solvers(), name).make(stop, parameters);
}

std::span<const GlobalSolverEntry> registered_global_solvers() {
  static const std::vector<GlobalSolverEntry> entries = {
      global_entry<VelocityNewton, read_velocity_newton_options>(
          "velocity-newton",
          "augmented Lagrangian in velocity space, Newton steps on M + H D H^T (CHOLMOD)"),
      global_entry<VelocityNsgs, read_velocity_nsgs_options>(
          "velocity-nsgs",
          "nonsmooth Gauss-Seidel on the velocities, no W (LMGC90's NLGS sweep; Jean 1999)"),
      global_entry<Automatic, read_automatic_options>(
          std::string(kAutomaticSolver),
          "velocity-nsgs, velocity-newton, then hybrid on W (small problems), until one converges"),
  };
  return entries;
}

std::vector<std::string> registered_global_solver_names() {
  return names_of(registered_global_solvers());
}

bool is_global_solver(std::string_view name) {
  const std::vector<std::string> names = registered_global_solver_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::unique_ptr<GlobalSolver> make_global_solver(std::string_view name, const StopCriteria& stop,
                                                 const SolverParameters& parameters) {
  return find_entry(registered_global_solvers(), name).make(stop, parameters);
}

std::vector<std::string> every_solver_name() {
  std::vector<std::string> names = registered_solver_names();
  for (std::string& name : registered_global_solver_names()) names.push_back(std::move(name));
  return names;
}

void check_solver_options(std::string_view name, const SolverParameters& parameters) {
  if (is_global_solver(name))
    find_entry(registered_global_solvers(), name).check(parameters);
  else
    find_entry(registered_solvers(), name).check(parameters);
}

}  // namespace moreau::solvers
