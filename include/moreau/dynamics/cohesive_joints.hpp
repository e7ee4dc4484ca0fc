// Brittle Mohr-Coulomb joints: the mortar of a masonry model, as UDEC and 3DEC's brittle joints
// and LMGC90's IQS_MOHR_DS_CLB law treat it. Bodies in face-to-face contact at the start of a
// run, whose interaction gives a cohesion c > 0 (Pa), are bonded: each contact point i of the
// joint stands for A_i = A / n of the joint's contact area A (n points) and carries
//   tension up to  T_i = f_t A_i             (F_N >= -T_i),
//   shear   up to  C_i + mu F_N,  C_i = c A_i (|F_T| <= C_i + mu F_N),
// the Coulomb cone shifted by s_i = C_i / mu along the normal and cut at -T_i, with
// T_i <= s_i (a cut beyond the cone's apex would cut nothing; the problem file refuses it).
// Once a joint's strength is reached its bonds break for good and its points are dry Coulomb
// contacts:
//  - tension, per point: N'_i <= -T_i (1 - 1e-6), where N' are the joint's normal forces
//    spread linearly over its points (the least-squares forces with the same resultant and
//    moments): a crack opens at the most stressed point;
//  - shear, per joint: the resultant shear of its bonded points reaches their strength,
//    |sum F_T,i| >= sum (C_i + mu F_N,i) (1 - 1e-6): the joint slides as a whole, at
//    c A + mu N when every point is bonded.
// Both checks read only what statics determines. Rigid blocks leave the share of a joint's
// load among more than 3 points undetermined: the solver may add any self-equilibrated set
// of forces (a rectangle's corners warping, tangential forces pulling against each other),
// which would put one point at its strength while the joint as a whole holds. The linear
// spread removes that part (for 2 points, or 3 not in line, it is the forces themselves);
// the resultant removes it in shear. A joint twisting about its normal slides at its
// strength without breaking (its resultant stays below the sum). The 1e-6 is the accuracy
// the solvers satisfy the cone to, far below any load step.
// NSCD: the shifted cone is a change of variable, r' = r + s h e_N, u = W r' + (q - W s h e_N),
// so every solver serves unchanged; a step whose solution breaks bonds is solved again with
// them broken (moreau_jean.cpp), so that no bond ever carries more than its strength. The
// penalty mode applies the same checks to its forces (penalty_stepper.cpp).
#pragma once

#include "moreau/collision/contact_cache.hpp"
#include "moreau/dynamics/bond.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"

#include <utility>
#include <vector>

namespace moreau::dynamics {

class CohesiveJoints {
 public:
  /// Bonds the contacts with a gap of at most `allowance` (m) whose pair of materials has a
  /// cohesion: each point gets the strengths of the area it stands for (ContactPoint::area).
  /// Replaces any earlier bonds. Points without an area (spheres, an edge across an edge)
  /// bond nothing.
  /// @pre every law with a cohesion has friction > 0 and tensile_strength <= cohesion /
  ///      friction (io::read_problem_file checks it)
  void bond(const std::vector<BodyContact>& contacts, const model::Scene& scene, double allowance);

  /// bond() with the contacts of the scene as it is (the start of a run), within
  /// contact_allowance(); nothing to do, and no detection, when no law has a cohesion.
  void bond_touching(const model::Scene& scene);

  /// Keeps each bond on its point when the point's feature pair changes: the narrow phase
  /// names a corner that lies on the other body's corner (voussoirs of one section, blocks of
  /// one size stacked) after either body, whichever round-off favours in the step. A bond
  /// whose key no contact of its pair has takes the key of the pair's contact nearest its
  /// anchor, within 1e-3 of the larger body's bounding radius (a joint's points are corners,
  /// far apart; an intact bond moves by its springs' stretch at most).
  void follow(const std::vector<BodyContact>& contacts, const model::Scene& scene);

  /// The bond of the contact, or nullptr when it has none (never bonded, or broken).
  const Bond* find(const collision::ContactKey& key) const { return bonds_.find(key); }

  /// The bonds the contact forces of a step (Contact::force) break: the tension
  /// failures if there are any (the shear check is then made on the step solved again),
  /// else the joints that slide. Empty when every bond holds. A bond without a contact in
  /// the step has opened beyond detection: a tension failure.
  std::vector<JointFailure> failures(const std::vector<Contact>& contacts) const;

  /// Breaks the bonds of the failures; a shear failure breaks every bond of its pair.
  void apply(const std::vector<JointFailure>& failures);

  std::size_t intact() const { return bonds_.size(); }
  std::vector<std::pair<collision::ContactKey, Bond>> entries() const { return bonds_.entries(); }
  void replace(const std::vector<std::pair<collision::ContactKey, Bond>>& entries) {
    bonds_.replace(entries);
  }

 private:
  std::vector<JointFailure> lost_bonds(const std::vector<Contact>& contacts) const;

  collision::ContactCache<Bond> bonds_;
};

/// The cone shift s = C / mu of a bond, N (DESIGN of cohesive_joints.hpp): the Coulomb cone
/// of r + s e_N holds |F_T| <= C + mu F_N.
/// @pre friction > 0
double cone_shift(const Bond& bond, double friction);

}  // namespace moreau::dynamics
