// The Moreau-Jean time-stepping scheme (Moreau 1988; Jean 1999, "The non-smooth contact
// dynamics method", CMAME 177, section 3), the theta-method of docs/mathematics.md section 1:
//   v_free = v_k + h M^-1 ((1-theta) f_k + theta f_k+1)
//   v_k+1  = v_free + M^-1 H^T r,   r solving the local problem with W = H M^-1 H^T,
//            q = H v_free + [e u_N,k, 0, 0] per active contact (Newton impact law)
//   x_k+1  = x_k + h ((1-theta) v_k + theta v_k+1),  orientation by the exponential map.
// Active contacts: predicted gap g_k + h (1-theta) u_N,k <= 1e-6 L, L the mean size of the
// free bodies (LMGC90's rule with a round-off allowance: see activation_threshold()), and the
// bonded contacts of cohesive joints (cohesive_joints.hpp), whose cone is shifted.
// Planar mode (dimension 2) runs the same code with the degrees of freedom (v_x, v_z, w_y)
// and 2-component contacts.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/contact/delassus.hpp"
#include "moreau/dynamics/cohesive_joints.hpp"
#include "moreau/dynamics/contact_memory.hpp"
#include "moreau/dynamics/contact_sides.hpp"
#include "moreau/dynamics/joint_compliance.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/solvers/automatic.hpp"
#include "moreau/solvers/registry.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace moreau::dynamics {

using math::Index;
using math::VecX;

/// The default time limit of a step's solve, s: a step takes at most five minutes, after
/// which it keeps the best answer found and counts as not converged. Five minutes is above
/// the longest steps that converged in the measured runs of the largest bundled structures
/// (docs/large-structures.md), and bounds a W-based fallback that runs on without
/// converging.
inline constexpr double kStepTimeLimit = 300.0;

/// The solvers of a Moreau-Jean step, one per form; null for a form that is not used.
struct StepSolvers {
  std::unique_ptr<solvers::Solver> local;
  std::unique_ptr<solvers::GlobalSolver> global;
};

/// How a Moreau-Jean step's contact problem is solved: the method, its stop criteria and its
/// own options.
struct StepSolverSettings {
  /// A name of solvers::every_solver_name(): solvers::kAutomaticSolver lets the stepper choose
  /// the form of each step's problem (MoreauJean::uses_global_form); another name solves
  /// every step by that method in its form.
  std::string name{solvers::kAutomaticSolver};
  /// Each method's tolerance and iteration limit; the time limit is the step's: all the
  /// methods and passes of a step's solve share it (solvers::TimeBudget).
  solvers::StopCriteria stop{.time_limit = kStepTimeLimit};
  solvers::SolverParameters parameters;  ///< the named method's own options
};

/// The solvers that settings.name names: with solvers::kAutomaticSolver, the default method
/// of the local form and the automatic choice of the global one (MoreauJean::uses_global_form
/// picks between them each step); otherwise the named one, and null for the other form.
/// @throws core::Diagnostic as check_step_solver_settings
StepSolvers make_step_solvers(const StepSolverSettings& settings);

/// Refuses what make_step_solvers would, building nothing.
/// @throws core::Diagnostic keyed "solver.name" for an unknown name, "<name>.<key>" for a bad
///         parameter (solvers::check_solver_options)
void check_step_solver_settings(const StepSolverSettings& settings);

/// The rule of theta, as time_step_refusal's of h: nothing where it is in [0.5, 1], else what a
/// refusal (keyed "time.theta") expects.
std::optional<std::string> theta_refusal(double theta);

struct MoreauJeanOptions {
  double h = 1e-3;     ///< time step, s: time_step_refusal (stepper.hpp)
  double theta = 0.5;  ///< theta_refusal; 0.5 conserves energy of smooth motion
  StepSolverSettings solver;
};

class MoreauJean final : public Stepper {
 public:
  /// With `penalty`, every contact follows the scene's penalty laws instead of the rigid
  /// Signorini-Coulomb law (penalty_compliance.hpp, the implicit penalty integration; take
  /// theta = 1 for its backward Euler step); without, the rigid law and the compliant joints.
  /// @throws core::Diagnostic for options out of range or an unknown solver
  MoreauJean(model::Scene& scene, MoreauJeanOptions options,
             std::optional<ContactSides> penalty = std::nullopt);

  /// Advances the scene by one step h.
  /// @throws StepInterrupted (the step not taken) when a stop is requested during its solve
  StepReport step() override;

  /// The active contacts of the last step, with their forces (impulse / h).
  const std::vector<Contact>& contacts() const override { return contacts_; }

  double time_step() const override { return options_.h; }

  /// The impulses of the last step's contacts, which warm-start the next solve, and the
  /// intact bonds.
  StepperState state() const override;
  void restore(const StepperState& state) override;

  /// The local problem of the last step (empty when it had no active contact or was solved in
  /// the global form alone), for dumps; with bonded contacts, in the shifted variable
  /// r' = r + s h e_N (cohesive_joints.hpp).
  const contact::LocalProblem& local_problem() const { return problem_; }

  /// The global problem of the last step when it was solved in that form, also where a
  /// method on W then took the step over (empty otherwise): M, H = the transpose of the
  /// contact Jacobian, f = M v_free, w = the known and impact terms of u; with bonded
  /// contacts, in the shifted variable as local_problem().
  const contact::GlobalProblem& global_problem() const { return global_problem_; }

  /// The impulses the last step's solve started from (the last step's, remembered per
  /// contact), in the variable of the problems above, for dumps: a dumped problem solved
  /// from them, by a global solver restored to first_solver_state(), repeats the run's solve.
  const VecX& first_guess() const { return first_guess_; }

  /// The global solver's state (GlobalSolver::state()) the last step's solve started from.
  const solvers::GlobalSolverState& first_solver_state() const { return first_solver_state_; }

  /// Whether the automatic choice solves a step with these contacts in the global form.
  /// Where contacts are few per body (d n_c <= n_dof: granular packings), not: the local
  /// method on W. Where the problem is hyperstatic (d n_c > n_dof: masonry, where W is
  /// rank-deficient and its graph far denser than the bodies'), the step is solved in velocity
  /// space, without W: Newton's steps on M + H D H^T of size n_dof instead of W's d n_c
  /// (solvers/automatic.hpp; measured in docs/large-structures.md, "How moreau chooses").
  bool uses_global_form(Index contacts) const;

  const MoreauJeanOptions& options() const { return options_; }

  /// What decides that its solves converge (solvers::SolveReport::criterion): the global
  /// solver's where it has one, the natural map of every local one otherwise.
  std::string_view criterion() const;

 private:
  /// The rows of the active contacts: u = H V + known, and the impact term of q.
  struct ContactJacobian {
    contact::BlockJacobian H;  ///< d n_contacts x n_dof
    VecX known;                ///< relative velocity due to fixed and driven bodies at t_k+1
    VecX impact;               ///< [e u_N,k, 0, 0] per contact (Newton's law)
  };

  double activation_threshold() const;
  void set_prescribed_velocities(double t);
  std::vector<Contact> detect_contacts();
  std::vector<Contact> select_active(std::vector<Contact> detected) const;
  ContactCompliance compliance() const;
  VecX inverse_masses() const;
  VecX free_velocity(const VecX& V_k, const VecX& m_inv) const;
  ContactJacobian contact_jacobian() const;
  VecX cone_shifts() const;
  /// The free velocities and the known terms of u for one step's solve.
  struct StepTerms {
    const ContactJacobian& jacobian;
    const math::SparseMat& H;  ///< jacobian.H as a sparse matrix
    const VecX& m_inv;
    const VecX& V_free;
    const ContactCompliance& compliance;  ///< C and s of the compliant contacts
    /// u~ = H V_free + known + impact + s, the local velocities of zero impulses (the local
    /// problem's q).
    VecX free_local_velocity() const {
      return H * V_free + jacobian.known + jacobian.impact + compliance.shift;
    }
  };
  VecX warm_start(const StepTerms& terms) const;
  VecX frictions() const;
  VecX solve(const StepTerms& terms, VecX& r, StepReport& report);
  VecX solve_local(const StepTerms& terms, VecX& r, StepReport& report);
  void assemble_global(const StepTerms& terms, StepReport& report);
  VecX solve_global(const StepTerms& terms, VecX& r, StepReport& report);
  template <class SolvePass>
  solvers::SolveReport solve_with_bonds(VecX& r, StepReport& report, SolvePass&& pass);
  /// J, penalty mode: the springs' energy at the end of the step of impulses r and contact
  /// velocities u.
  double springs_at_end(const VecX& r, const VecX& u) const;
  void store_impulses(const VecX& r);
  /// What a step changes before it integrates the positions (the driven bodies' velocities,
  /// the contacts, the impulses, the bonds), as the step before left it; keep_for_undo()
  /// moves the contacts out.
  struct Undo {
    std::vector<std::pair<math::Vec3, math::Vec3>> driven_velocities;  ///< v, w_B in body order
    std::vector<Contact> contacts;
    ContactMemory impulses;
    ContactMemory earlier_impulses;
    CohesiveJoints joints;
    solvers::GlobalSolverState solver;
  };
  solvers::GlobalSolverState global_solver_state() const;
  Undo keep_for_undo();
  void take_back(Undo undo);
  VecX generalized_velocity() const;
  void store_velocity(const VecX& V);
  void integrate_positions(const VecX& V_k, const VecX& V_next);
  void measure_energies(StepReport& report) const;

  model::Scene& scene_;
  MoreauJeanOptions options_;
  StepSolvers solvers_;
  std::vector<Contact> contacts_;
  contact::LocalProblem problem_;
  contact::GlobalProblem global_problem_;
  ContactMemory impulses_;          ///< of the last step, the next solve's warm start
  ContactMemory earlier_impulses_;  ///< of the step before, for the extrapolated warm start
  VecX first_guess_;                ///< of the last step's solve
  /// of the last step's solve
  solvers::GlobalSolverState first_solver_state_;
  std::vector<Index> offset_;  ///< first degree of freedom of each free body, -1 otherwise
  Index n_dof_ = 0;
  double allowance_ = 0.0;  ///< m, contact_allowance of the scene at the start
  CohesiveJoints joints_;
  std::optional<ContactSides> penalty_;  ///< the penalty laws' calibration, in penalty mode
};

}  // namespace moreau::dynamics
