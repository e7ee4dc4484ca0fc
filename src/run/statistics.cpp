#include "moreau/run/statistics.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::run {

void SolverCounts::add_step(const dynamics::StepReport& report) {
  if (!report.solve) return;
  const solvers::SolveReport& solve = *report.solve;
  ++solves;
  if (!solve.converged()) ++not_converged;
  // A NaN error is the worst and stays so (every comparison with it is false).
  if (std::isnan(solve.error) || solve.error > worst_error) worst_error = solve.error;
  total_iterations += solve.iterations;
  max_iterations = std::max(max_iterations, solve.iterations);
  ++answered_by[std::string(report.solver)];
}

MechanismSummary summarize(const dynamics::Mechanism& mechanism, const model::Scene& scene) {
  const auto name = [&](int body) { return scene.bodies[static_cast<std::size_t>(body)].name; };
  const auto joints = [&](const std::vector<dynamics::JointMotion>& motions) {
    std::vector<JointSummary> named;
    named.reserve(motions.size());
    for (const dynamics::JointMotion& joint : motions)
      named.push_back({name(joint.body_a), name(joint.body_b), joint.position, joint.direction});
    return named;
  };
  MechanismSummary summary{dynamics::describe(mechanism, scene),
                           {},
                           joints(mechanism.hinges),
                           joints(mechanism.sliding)};
  for (const dynamics::MovingPart& part : mechanism.parts) {
    PartSummary& named = summary.parts.emplace_back();
    named.bodies.reserve(part.bodies.size());
    for (int body : part.bodies) named.bodies.push_back(name(body));
    named.turns = part.turns;
    named.axis_point = part.axis_point;
    named.direction = part.direction;
  }
  return summary;
}

}  // namespace moreau::run
