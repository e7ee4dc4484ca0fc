// A staged method: cheap Gauss-Seidel sweeps first, then semismooth Newton from where they
// stopped, then the proximal point method from the best iterate so far. Each stage starts
// only if the previous one did not converge, so easy problems cost what nsgs costs and hard
// ones (stacks, where W is singular; dense granular packings) get the robust methods.
// The same idea as Siconos' hybrid solvers and Chrono's warm-started Newton, and the
// default of moreau solve on the benchmark of the FCLib collection (README).
#pragma once

#include "moreau/solvers/parameters.hpp"
#include "moreau/solvers/solver.hpp"

#include <array>
#include <memory>

namespace moreau::solvers {

struct HybridOptions {
  StopCriteria stop;  ///< tolerance and time limit of the whole; max_iterations per stage
  int sweeps = 100;   ///< nsgs sweeps of the first stage, >= 1
  /// Fischer-Burmeister (true) or Alart-Curnier Newton (false: on the FCLib collection both
  /// solve every problem, and Alart-Curnier is the faster on the hardest, docs/user-guide.md,
  /// "moreau bench").
  bool newton_fb = false;
};

/// Stages nsgs -> newton -> prox: nsgs and newton from the caller's r, prox from the best
/// iterate so far (smallest natural-map error); the report's iterations add up all stages
/// and `stages` lists them.
/// No stage is hidden: a problem that none solves ends with the last stage's status.
class Hybrid final : public Solver {
 public:
  explicit Hybrid(const HybridOptions& options);
  std::string_view name() const override { return "hybrid"; }
  SolveReport solve(const LocalProblem& problem, VecX& r) const override;

 private:
  static constexpr int kStages = 3;
  int stage_iterations(int stage) const;
  std::unique_ptr<Solver> make_stage(int stage, const StopCriteria& limits) const;

  HybridOptions options_;
  std::array<std::unique_ptr<Solver>, kStages> stages_;  ///< built once, without time limit
};

/// The registry's reader (registry.hpp): options `sweeps` and `newton` (ac, the default, or fb).
/// @throws core::Diagnostic for an unknown or out-of-range option
HybridOptions read_hybrid_options(const StopCriteria& stop, const SolverParameters& parameters);

}  // namespace moreau::solvers
