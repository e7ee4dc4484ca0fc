// A simulation run of a problem as a library object: the scene, the stepper of the
// problem's mode, the loads applied before each step, body removal, the collapse monitor and
// the run's statistics, stepped one step at a time by advance(). Outputs are observers
// (output/observers.hpp) that the caller registers; `moreau run`, `moreau compare` and a program
// using the library drive the same object, so they take the same steps.
#pragma once

#include "moreau/dynamics/body_removal.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"
#include "moreau/solvers/solver.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace moreau::run {

/// What happened in one step of a run.
struct StepOutcome {
  long step = 0;      ///< its number, from 1
  double time = 0.0;  ///< s, at its end
  dynamics::StepReport report;
  std::vector<dynamics::Removal> removals;  ///< bodies removed after it
  double load_factor = 0.0;                 ///< run::load_factor() at its end
  /// J: the work that the gravity load's change from this step to the next does on the bodies
  /// where they stand, -sum m (g(next) - g(this)) . x (a tilt turns gravity, a ramp grows it;
  /// 0 under a constant gravity): what the next step's potential_energy gains without motion.
  double load_work = 0.0;
  /// the run ends after it: the problem's last step, or a collapse (not an interruption,
  /// after which a run continues from its checkpoint: Observer::interrupted)
  bool last = false;
};

class Run;

/// An output of a run: told of every step, in the order the observers were registered.
class Observer {
 public:
  virtual ~Observer() = default;
  /// After step `outcome.step` and its statistics.
  virtual void stepped(const Run& run, const StepOutcome& outcome) = 0;
  /// Adds what the output's next writes depend on to a checkpoint of the run, under the
  /// output's own name (save_output_state); the output reads it back where it is made with
  /// the checkpoint a run continues from (read_output_state), checks its values, and only then
  /// touches its files.
  virtual void save(Checkpoint& /*checkpoint*/) const {}
  /// Once, when the run is interrupted after step run.step() (RunOptions::interruption, or a
  /// step taken back because a stop request ended its solve).
  virtual void interrupted(const Run& /*run*/) {}
};

struct RunOptions {
  dynamics::RemovalBounds removal;  ///< free bodies leaving these bounds are removed
  /// Asked after each step: the name of what asks the run to end after it (e.g. "SIGINT"),
  /// or nothing to go on.
  std::function<std::optional<std::string>()> interruption;
};

class Run {
 public:
  /// A run of `problem` from its initial state (the steppers hold its scene: a Run is not
  /// moved).
  /// @throws core::Diagnostic as the steppers do (a step above the penalty mode's critical
  ///         step, a failing user law)
  explicit Run(Problem problem, RunOptions options = {});
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  /// Registers an output; it is told of the steps in registration order.
  template <class Output>
  Output& observe(std::unique_ptr<Output> output) {
    Output& registered = *output;
    observers_.push_back(std::move(output));
    return registered;
  }

  /// Continues from `checkpoint`, taken by checkpoint() of a run of the same problem
  /// (check_checkpoint_matches): the next step is the checkpoint's step + 1, bitwise
  /// the step the uninterrupted run takes. The outputs continue by their own constructors.
  void restore(const Checkpoint& checkpoint);

  /// The last step was the problem's last, a collapse criterion fired, or an interruption
  /// was asked for.
  bool finished() const;

  /// Applies the loads at the current time, takes one step, removes escaped bodies, counts
  /// broken bonds, checks the collapse criteria, and tells the observers. A step whose solve
  /// a stop request ends (core/stop_request.hpp) is not taken: the run is then interrupted
  /// after the step before, and the outcome returned is that step's.
  /// @pre !finished()
  const StepOutcome& advance();

  /// Replaces the gravity load (tilt, lateral ramp, ramp of g0) from the next step on: a
  /// program's load changed between steps. Its load factor is the one reported from then on.
  /// @throws core::Diagnostic as model::validate(GravityLoad)
  void set_gravity(model::GravityLoad gravity);

  /// Replaces the prescribed motion of a driven body from the next step on (a support moved
  /// by a program between steps).
  /// @throws core::Diagnostic naming the body when it is not driven (`motion: driven`)
  void drive(int body, model::PrescribedVelocity motion);

  /// The run's state after the last step, with the observers' (run/checkpoint.hpp).
  Checkpoint checkpoint() const;

  /// What the run did so far, with the final state of every body.
  RunSummary summary() const;

  /// How the structure moves after the last step (dynamics/mechanism.hpp), relative to the
  /// shaken support under ground motion; a collapse's summary holds the one it fired at. Found
  /// once a step, however many of the step's notes and observers ask.
  const dynamics::Mechanism& mechanism() const;

  const Problem& problem() const { return problem_; }
  const model::Scene& scene() const { return problem_.scene; }
  const dynamics::Stepper& stepper() const { return *stepper_; }
  /// The NSCD stepper; nullptr in the penalty mode.
  const dynamics::MoreauJean* nscd_stepper() const { return nscd_.get(); }
  const dynamics::RemovalBounds& removal_bounds() const { return options_.removal; }
  /// What asked the run to end early (RunOptions::interruption); empty if nothing did.
  const std::string& interrupted_by() const { return summary_.interrupted_by; }
  /// The solves' statistics so far (those of the steps before a restart's checkpoint too).
  const SolverCounts& counts() const { return summary_.counts; }
  long step() const { return step_; }         ///< the last step taken; 0 before the first
  long step_count() const { return steps_; }  ///< of the whole run (run::step_count)

 private:
  void count(const dynamics::StepReport& report);
  /// Keeps the step as summary.json's peak_motion if the structure moves faster than ever.
  void note_peak_motion();
  /// Keeps the step as summary.json's first_motion if a body moved past its share of a
  /// collapse threshold (dynamics::CollapseMonitor::moved) and the structure moves.
  void note_first_motion();
  /// Keeps the step as the last at which the structure stood, where the onset of a collapse
  /// is watched (a displacement or rotation criterion, no ground motion) and it has first
  /// stood (RunSummary::onset).
  void note_standing();
  /// The monitor's finding at this step, with its time, load factor and mechanism.
  CollapseSummary crossing(const dynamics::Collapse& found) const;
  void interrupt(std::string by);
  void remove_escaped_bodies(StepOutcome& outcome);
  math::Vec3 support_reaction() const;

  Problem problem_;
  RunOptions options_;
  std::unique_ptr<dynamics::MoreauJean> nscd_;
  std::unique_ptr<dynamics::PenaltyStepper> penalty_;
  dynamics::Stepper* stepper_ = nullptr;
  dynamics::CollapseMonitor monitor_;
  std::uint64_t problem_hash_ = 0;  ///< of the problem file; 0 for a problem built in code
  long steps_ = 0;
  long step_ = 0;
  long long broken_bonds_ = 0;
  std::optional<Standing> last_stood_;  ///< note_standing's, since the structure first stood
  mutable std::optional<dynamics::Mechanism> mechanism_;  ///< mechanism()'s, of the last step
  RunSummary summary_;  ///< the statistics so far; completed by summary()
  StepOutcome outcome_;
  std::vector<std::unique_ptr<Observer>> observers_;
  solvers::Stopwatch wall_clock_;
};

}  // namespace moreau::run
