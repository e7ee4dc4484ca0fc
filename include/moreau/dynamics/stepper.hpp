// What the two time steppers (NSCD: moreau_jean.hpp; penalty: penalty_stepper.hpp) have in
// common: a step that advances the scene by h and reports, and the contacts of that step,
// so that `moreau run`, the outputs and the stop criteria serve both modes.
#pragma once

#include "moreau/collision/contact_cache.hpp"
#include "moreau/collision/contact_point.hpp"
#include "moreau/dynamics/bond.hpp"
#include "moreau/dynamics/contact_memory.hpp"
#include "moreau/solvers/global_solver.hpp"
#include "moreau/solvers/solver.hpp"

#include <cmath>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace moreau::dynamics {

/// The rule of the time step h, s, of both steppers: nothing where it is a positive, finite
/// number, else what a refusal expects. The steppers refuse it keyed "time.step", which
/// run::Run places where the problem file gave the step; the problem reader refuses it there.
inline std::optional<std::string> time_step_refusal(double h) {
  if (h > 0.0 && std::isfinite(h)) return std::nullopt;
  return "a positive number (s)";
}

/// A contact of the current step, with its frame and the force it transmitted in the step.
struct Contact {
  int body_a = 0;  ///< the normal points from body_b towards body_a
  int body_b = 0;
  collision::ContactPoint point;
  math::Mat3 frame;  ///< columns [n t1 t2]; in planar mode [n t 0]
  double friction = 0.0;
  double restitution = 0.0;
  collision::ContactKey key;     ///< persistent: body pair and feature pair
  double normal_velocity = 0.0;  ///< u_N at the start of the step, m/s
  /// N, contact frame (normal first), on body_a: in NSCD the impulse of the step over h (the
  /// force averaged over the step); in the penalty mode the force of the last sub-step.
  math::Vec3 force = math::Vec3::Zero();
};

/// Wall time of the parts of a step, s.
struct StepTimes {
  double collision = 0.0;  ///< NSCD: broad and narrow phase, active set
  /// NSCD: H, W = H M^-1 H^T, q, warm start; penalty: detection, contact forces, integration
  double assembly = 0.0;
  double solve = 0.0;  ///< the local solver (0 in the penalty mode)
};

/// What one step did.
struct StepReport {
  int detected = 0;  ///< contact points within the detection distance
  int active = 0;    ///< contacts in the local problem, or carrying a force
  /// The solve of the step's contact problem: none without one (no active contact, or the
  /// penalty mode, which has no problem to solve).
  std::optional<solvers::SolveReport> solve;
  std::string_view solver;        ///< the method that solved the step; empty without a solve
  double kinetic_energy = 0.0;    ///< J, at the end of the step
  double potential_energy = 0.0;  ///< J, of gravity, relative to z = 0 (x = 0 along g)
  /// J, work of the impulses in the step (NSCD), or of the dissipative part of the contact
  /// forces (penalty: dashpots and slip, and with implicit steps or compliant joints the
  /// backward Euler scheme's own damping: the impulses' work less the change of
  /// elastic_energy); <= 0: dissipated.
  double contact_work = 0.0;
  /// J, stored in the contact springs: the penalty laws', or NSCD's compliant joints' (0 with
  /// rigid contacts).
  double elastic_energy = 0.0;
  std::vector<JointFailure> failures;  ///< cohesive bonds that broke in the step
  StepTimes times;
};

/// The energy the contacts dissipated since the start, J (>= 0 each; penalty mode).
struct DissipatedEnergy {
  double damping = 0.0;  ///< by the normal and tangential dashpots
  double slip = 0.0;     ///< by frictional slip
};

/// The intact bonds of the cohesive joints (cohesive_joints.hpp), ordered by key.
using BondEntries = std::vector<std::pair<collision::ContactKey, Bond>>;

/// What MoreauJean carries from one step to the next besides the scene.
struct MoreauJeanState {
  /// The last step's contacts with their impulses r (N s, contact frame, normal first), the
  /// warm start of the next solve.
  std::vector<ContactMemory::Entry> impulses;
  /// The impulses of the step before, extrapolated with the last ones into the next solve's
  /// warm start where that is better (MoreauJean::warm_start).
  std::vector<ContactMemory::Entry> earlier_impulses;
  BondEntries bonds;
  /// The global solver's (solvers::GlobalSolver::state()); empty without one.
  solvers::GlobalSolverState solver;
  /// Whether the contacts followed the penalty laws (the implicit penalty integration), not
  /// the rigid law.
  bool penalty = false;
};

/// What PenaltyStepper carries from one step to the next besides the scene.
struct PenaltyState {
  /// The touching contacts with their tangential states as the tangential laws left them
  /// (penalty::TangentialForce::state, world vectors).
  std::vector<ContactMemory::Entry> tangential_states;
  DissipatedEnergy dissipated;
  BondEntries bonds;
};

/// What a stepper carries from one step to the next besides the scene, so that a run
/// continued from a checkpoint takes bitwise the steps the uninterrupted run takes: the
/// alternative of the stepper that took it.
using StepperState = std::variant<MoreauJeanState, PenaltyState>;

/// The intact bonds of either stepper's state.
inline const BondEntries& intact_bonds(const StepperState& state) {
  return std::visit([](const auto& own) -> const BondEntries& { return own.bonds; }, state);
}

/// A time stepper of a scene it holds by reference.
/// Thrown by a step whose solve a stop request ended (solvers::Status::Interrupted): the step
/// is not taken, and the scene and the stepper are as the step before left them, so that a
/// checkpoint taken now continues the run bitwise as if nothing had happened.
struct StepInterrupted : std::exception {
  const char* what() const noexcept override { return "the step was interrupted"; }
};

class Stepper {
 public:
  virtual ~Stepper() = default;
  /// Advances the scene by one step h.
  /// @throws StepInterrupted when a stop is requested during the step's solve
  virtual StepReport step() = 0;
  /// The contacts of the last step.
  virtual const std::vector<Contact>& contacts() const = 0;
  /// The time step h, s.
  virtual double time_step() const = 0;
  /// What the next steps depend on besides the scene (checkpoints).
  virtual StepperState state() const = 0;
  /// Continues from `state` (taken by state() of a stepper of the same kind and scene at the
  /// step the scene is now at); the contacts of the last step are not restored: the next
  /// step recomputes them.
  /// @throws std::bad_variant_access for the state of the other kind of stepper
  virtual void restore(const StepperState& state) = 0;
};

}  // namespace moreau::dynamics
