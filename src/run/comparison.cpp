#include "moreau/run/comparison.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/solvers/solver.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace moreau::run {

void scale_stiffness(Problem& problem, double factor) {
  MOREAU_ASSERT(factor > 0.0);
  problem.scene.interactions.for_each_law([factor](model::ContactLaw& law) {
    for (std::optional<double>* stiffness :
         {&law.penalty.normal.stiffness, &law.penalty.normal.stiffness_per_area,
          &law.penalty.tangential.stiffness, &law.penalty.tangential.stiffness_per_area})
      if (*stiffness) **stiffness *= factor;
  });
  for (model::Material& material : problem.materials) material.young_modulus *= factor;
}

std::vector<ComparisonRun> comparison_runs(const Problem& problem,
                                           const std::vector<double>& stiffness_factors) {
  Problem nscd = problem;
  nscd.mode = Mode::Nscd;
  Problem penalty = problem;
  penalty.critical_step = CriticalStepPolicy::Substep;
  std::vector<ComparisonRun> runs{{"nscd", std::move(nscd)}, {"penalty", penalty}};
  for (const double factor : stiffness_factors) {
    Problem scaled = penalty;
    scale_stiffness(scaled, factor);
    runs.push_back({core::concat("penalty k x", factor), std::move(scaled)});
  }
  return runs;
}

SubstepForecast forecast_substeps(const Problem& problem) {
  model::Scene scene = problem.scene;
  scene.gravity = problem.gravity.at(scene.time);
  dynamics::PenaltyStepper stepper(scene, {problem.time_step, CriticalStepPolicy::Substep},
                                   problem.materials);
  const solvers::Stopwatch clock;
  stepper.step();
  return {stepper.substeps(), stepper.critical_step(), clock.seconds()};
}

FinalStateDistance final_state_distance(const Problem& problem, const RunSummary& reference,
                                        const RunSummary& other) {
  FinalStateDistance distance;
  for (std::size_t b = 0; b < problem.scene.bodies.size(); ++b) {
    if (problem.scene.bodies[b].motion != model::Motion::Free) continue;
    const BodySummary& theirs = reference.bodies[b];
    const BodySummary& mine = other.bodies[b];
    distance.position = std::max(distance.position, (mine.position - theirs.position).norm());
    distance.rotation =
        std::max(distance.rotation,
                 math::degrees(math::rotation_angle(theirs.orientation, mine.orientation)));
  }
  return distance;
}

}  // namespace moreau::run
