// The Moreau-Jean time-stepping scheme (Moreau 1988; Jean 1999, "The non-smooth contact
// dynamics method", CMAME 177, section 3), the theta-method of DESIGN.md section 1:
//   v_free = v_k + h M^-1 ((1-theta) f_k + theta f_k+1)
//   v_k+1  = v_free + M^-1 H^T r,   r solving the local problem with W = H M^-1 H^T,
//            q = H v_free + [e u_N,k, 0, 0] per active contact (Newton impact law)
//   x_k+1  = x_k + h ((1-theta) v_k + theta v_k+1),  orientation by the exponential map.
// Active contacts: predicted gap g_k + h (1-theta) u_N,k <= 1e-6 L, L the mean size of the
// free bodies (LMGC90's rule with a round-off allowance: see activation_threshold()).
// Planar mode (dimension 2) runs the same code with the degrees of freedom (v_x, v_z, w_y)
// and 2-component contacts.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/solvers/registry.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace moreau::dynamics {

using math::Index;
using math::VecX;

struct MoreauJeanOptions {
  double h = 1e-3;     ///< time step, s, > 0
  double theta = 0.5;  ///< in [0.5, 1]; 0.5 conserves energy of smooth motion
  std::string solver{solvers::default_solver_name()};  ///< a name of the solver registry
  solvers::StopCriteria stop;
  solvers::SolverParameters solver_parameters;
};

/// A contact of the current step, with its frame and, once solved, its impulse.
struct Contact {
  int body_a = 0;  ///< the normal points from body_b towards body_a
  int body_b = 0;
  collision::ContactPoint point;
  math::Mat3 frame;  ///< columns [n t1 t2]; in planar mode [n t 0]
  double friction = 0.0;
  double restitution = 0.0;
  std::uint64_t key = 0;                    ///< persistent: body pair and feature pair
  math::Vec3 impulse = math::Vec3::Zero();  ///< r in the contact frame, N s (normal first)
};

/// What one step did.
struct StepReport {
  int detected = 0;               ///< contact points within the detection distance
  int active = 0;                 ///< contacts in the local problem
  solvers::SolveReport solve;     ///< empty (converged, 0 iterations) without active contacts
  double kinetic_energy = 0.0;    ///< J, at the end of the step
  double potential_energy = 0.0;  ///< J, of gravity, relative to z = 0 (x = 0 along g)
  double contact_work = 0.0;      ///< J, work of the impulses in the step (<= 0: dissipated)
};

class MoreauJean {
 public:
  /// @throws core::Diagnostic for options out of range or an unknown solver
  MoreauJean(model::Scene& scene, MoreauJeanOptions options);

  /// Advances the scene by one step h.
  StepReport step();

  /// The active contacts of the last step, with their impulses.
  const std::vector<Contact>& contacts() const { return contacts_; }

 private:
  double activation_threshold() const;
  std::vector<Contact> detect_contacts() const;
  VecX generalized_velocity() const;
  void store_velocity(const VecX& V);
  void integrate_positions(const VecX& V_k, const VecX& V_next);

  model::Scene& scene_;
  MoreauJeanOptions options_;
  std::unique_ptr<solvers::Solver> solver_;
  std::vector<Contact> contacts_;
  std::unordered_map<std::uint64_t, math::Vec3> warm_start_;
  std::vector<Index> offset_;  ///< first degree of freedom of each free body, -1 otherwise
  Index n_dof_ = 0;
  double length_scale_ = 1.0;  ///< m, mean size of the free bodies, for the detection floor
};

}  // namespace moreau::dynamics
