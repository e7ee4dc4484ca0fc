// The penalty (regularized) mode of docs/mathematics.md section 2: contact forces from the
// spring-dashpot laws of penalty/ on the overlap of touching bodies, integrated explicitly
// by the symplectic (semi-implicit) Euler scheme
//   v_k+1 = v_k + h M^-1 f(x_k, v_k),   x_k+1 = x_k + h v_k+1   (orientation: exponential map),
// with Euler's equations for the rotation, w_B,k+1 = w_B,k + h J^-1 (tau_B - w_B x J w_B).
// Symplectic Euler is the leap-frog scheme of YADE and PFC written at whole steps: one force
// evaluation per step, and bounded energy error on undamped springs. Velocity Verlet was
// rejected: it needs the velocity at the end of the step to evaluate the dashpots, which
// makes it implicit (or inconsistent) with velocity-dependent laws.
// The step is limited by the stiffest contacts (critical_time_step): a step above the estimate
// is refused with the estimate in the message, or split into sub-steps when asked.
#pragma once

#include "moreau/dynamics/cohesive_joints.hpp"
#include "moreau/dynamics/contact_memory.hpp"
#include "moreau/dynamics/contact_sides.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/material.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/penalty/law_pair.hpp"

#include <string>
#include <vector>

namespace moreau::dynamics {

/// What to do with a step above the critical step.
enum class CriticalStepPolicy { Refuse, Substep };

struct PenaltyOptions {
  double h = 1e-5;  ///< time step, s: time_step_refusal (stepper.hpp)
  CriticalStepPolicy critical_step = CriticalStepPolicy::Refuse;
};

class PenaltyStepper final : public Stepper {
 public:
  /// The critical step is estimated from a bound on the highest frequency of the contact
  /// network (Gershgorin, counting every contact a body has, in the normal and tangential
  /// directions, with the rotational inertia), each direction with its own damping.
  /// @param materials the scene's materials (Body::material indexes them), for calibration
  /// @throws core::Diagnostic for a step out of range, or above the critical step of the
  ///         contacts at t = 0 when options.critical_step is Refuse
  PenaltyStepper(model::Scene& scene, PenaltyOptions options,
                 std::vector<model::Material> materials);

  /// Advances the scene by h, in as many sub-steps as the critical step needs if allowed.
  /// @throws core::Diagnostic when h exceeds the critical step and the policy is Refuse, or
  ///         when a user law fails; the scene is then left at the start of the failed step
  StepReport step() override;

  /// The contacts carrying a force in the last sub-step, with that force.
  const std::vector<Contact>& contacts() const override { return contacts_; }

  double time_step() const override { return options_.h; }

  /// The tangential states of the touching contacts, the energy dissipated so far and the
  /// intact bonds. A step's sub-steps all end inside it: nothing of them outlives the step.
  StepperState state() const override;
  void restore(const StepperState& state) override;

  /// The critical step estimate of the last sub-step's contacts, s (infinite without one).
  double critical_step() const { return critical_step_; }

  /// Sub-steps taken by the last step (1 unless the policy is Substep).
  int substeps() const { return substeps_; }

  const DissipatedEnergy& dissipated() const { return dissipated_; }

 private:
  struct Evaluation;
  std::vector<double> reach(double dt) const;
  void set_bond_reach();
  std::vector<BodyContact> detect(double dt);
  Evaluation evaluate(const std::vector<BodyContact>& detected, double dt) const;
  void break_overloaded_bonds(Evaluation& evaluation, double dt, StepReport& report);
  void set_critical_step(Evaluation& evaluation) const;
  void check_critical_step(const Evaluation& evaluation) const;
  void integrate(const Evaluation& evaluation, double dt);

  model::Scene& scene_;
  PenaltyOptions options_;
  ContactSides sides_;
  std::vector<Contact> contacts_;
  ContactMemory tangential_states_;  ///< world vectors, per contact
  double critical_step_;
  int substeps_ = 0;
  DissipatedEnergy dissipated_;
  CohesiveJoints joints_;
  std::vector<double> bond_reach_;  ///< m, per body: how far its bonds stretch at most
};

}  // namespace moreau::dynamics
