// A comparison of the two modes on one problem (`moreau compare`): the runs it makes, among
// them the penalty runs of a stiffness sweep, which show how the penalty answer depends on
// k_n (docs/user-guide.md, "The penalty mode"), and how far each run ends from the NSCD one.
#pragma once

#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <string>
#include <vector>

namespace moreau::run {

/// One run of a comparison.
struct ComparisonRun {
  std::string label;  ///< "nscd", "penalty" or "penalty k x<factor>"
  Problem problem;
};

/// Multiplies every stiffness of the penalty laws by `factor`: the explicit ones (normal and
/// tangential, per contact and per unit area of joint, of the default law and of every pair)
/// and the materials' Young's moduli, from
/// which the calibrated laws take theirs (k_n is proportional to E in both calibrations).
/// @pre factor > 0
void scale_stiffness(Problem& problem, double factor);

/// The runs comparing the modes on `problem` (read in the penalty mode, whose checks include
/// the NSCD ones): "nscd", the problem in NSCD; "penalty", the problem in the penalty mode,
/// taking as many sub-steps as its critical step requires, so that both modes share the
/// file's time step and output rhythm; then, for each of `stiffness_factors` in order,
/// "penalty k x<factor>", that penalty run with every stiffness scaled by the factor.
/// @pre every factor > 0
std::vector<ComparisonRun> comparison_runs(const Problem& problem,
                                           const std::vector<double>& stiffness_factors);

/// The cost of the explicit penalty steps of `problem` foreseen before it runs, from its first
/// step taken on a copy of its scene: the sub-steps it takes (as many as the critical step of
/// the contacts that touch or may close within it requires), the critical step of its last
/// sub-step and its wall time. Contacts stiffen as they close (Hertz's law has no stiffness at
/// zero overlap) and bodies meet later, so that the run may take more (RunSummary::substeps).
struct SubstepForecast {
  long substeps_per_step = 1;
  double critical_step = 0.0;     ///< s; infinite when no contact limits the step
  double seconds_per_step = 0.0;  ///< s, wall time
};

/// @throws core::Diagnostic as the explicit stepper does (a failing user law)
SubstepForecast forecast_substeps(const Problem& problem);

/// How far a run ended from a reference run of the same problem, over its free bodies.
struct FinalStateDistance {
  double position = 0.0;  ///< m, the largest distance between a body's two final positions
  double rotation = 0.0;  ///< deg, the largest rotation between a body's two final orientations
};

/// The distance between the final states of two runs of `problem` (the bodies of both
/// summaries are those of `problem`, in its order).
FinalStateDistance final_state_distance(const Problem& problem, const RunSummary& reference,
                                        const RunSummary& other);

}  // namespace moreau::run
