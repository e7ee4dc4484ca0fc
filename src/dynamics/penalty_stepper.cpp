#include "moreau/dynamics/penalty_stepper.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/body_motion.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/math/contact_frame.hpp"
#include "moreau/math/quaternion.hpp"
#include "moreau/penalty/calibration.hpp"
#include "moreau/penalty/critical_step.hpp"
#include "moreau/penalty/law_pair.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using model::Body;
using model::Motion;

// 1/m + (r x d) . J_W^-1 (r x d): the inverse mass a unit force along d at p meets; 0 for
// a body that does not move.
double inverse_mass_along(const Body& body, const Vec3& p, const Vec3& d, int dimension) {
  if (body.motion != Motion::Free) return 0.0;
  const Vec3 moment_B = body.q.conjugate() * (p - body.x).cross(d);
  if (dimension == 2) return 1 / body.mass + moment_B.y() * moment_B.y() / body.inertia.y();
  return 1 / body.mass + moment_B.cwiseAbs2().dot(body.inertia.cwiseInverse());
}

// One contact's force and account for a step dt, whichever law computes it.
struct ContactForce {
  Vec3 force_W = Vec3::Zero();  ///< on body A
  double normal_force = 0.0;
  Vec3 state = Vec3::Zero();  ///< world, kept for the next step
  double elastic_energy = 0.0, damping_work = 0.0, slip_work = 0.0;
  double normal_stiffness = 0.0, normal_damping = 0.0;
  double tangential_stiffness = 0.0, tangential_damping = 0.0;
};

struct ContactKinematics {
  math::Mat3 frame;  ///< [n t1 t2]
  double overlap = 0.0, overlap_rate = 0.0;
  Vec3 slip_velocity = Vec3::Zero();  ///< of A relative to B, world, tangential
  Vec3 state = Vec3::Zero();          ///< the stored state, in the current tangent plane
};

// A bonded contact (bond != nullptr) pulls as well as pushes, and its tangential law sees the
// normal force shifted by the bond's C / mu, which turns the Coulomb limit mu F_N into the
// joint's C + mu F_N (cohesive_joints.hpp).
ContactForce builtin_force(const penalty::ContactLaws& laws, const ContactKinematics& c,
                           double friction, const Bond* bond, double dt) {
  ContactForce result;
  const penalty::NormalForce normal =
      bond ? penalty::bonded_force(laws.normal, c.overlap, c.overlap_rate)
           : penalty::normal_force(laws.normal, c.overlap, c.overlap_rate);
  const double shift = bond ? cone_shift(*bond, friction) : 0.0;
  const penalty::TangentialForce tangential = penalty::tangential_force(
      laws.tangential, c.slip_velocity, c.state, normal.force + shift, friction, dt);
  result.force_W = normal.force * c.frame.col(0) + tangential.force;
  result.normal_force = normal.force;
  result.state = tangential.state;
  result.elastic_energy = (bond ? penalty::bonded_energy(laws.normal, c.overlap)
                                : penalty::elastic_energy(laws.normal, c.overlap)) +
                          tangential.elastic_energy;
  // The dashpot is the non-conservative part F - F_elastic; its power on the overlap rate
  // is >= 0 (also where the no-tension cut makes F - F_elastic = -F_elastic while the
  // bodies separate).
  result.damping_work =
      (normal.force - normal.elastic) * c.overlap_rate * dt + tangential.damping_work;
  result.slip_work = tangential.slip_work;
  result.normal_stiffness = penalty::tangent_stiffness(laws.normal, c.overlap);
  result.normal_damping = penalty::linear_damping(laws.normal, c.overlap);
  const penalty::TangentialRigidity rigidity =
      penalty::tangential_rigidity(laws.tangential, normal.force + shift);
  result.tangential_stiffness = rigidity.stiffness;
  result.tangential_damping = rigidity.damping;
  return result;
}

ContactForce user_force(const penalty::UserLawSettings& user, const ContactKinematics& c,
                        const model::ContactLaw& law, double effective_mass, double dt) {
  const Vec3 t1 = c.frame.col(1), t2 = c.frame.col(2);
  moreau_contact_input input{};
  input.overlap = c.overlap;
  input.overlap_rate = c.overlap_rate;
  input.slip_velocity[0] = t1.dot(c.slip_velocity);
  input.slip_velocity[1] = t2.dot(c.slip_velocity);
  input.state[0] = t1.dot(c.state);
  input.state[1] = t2.dot(c.state);
  input.friction = law.friction;
  input.restitution = law.restitution;
  input.effective_mass = effective_mass;
  input.time_step = dt;
  input.parameters = user.parameters.data();
  input.parameter_count = static_cast<int>(user.parameters.size());
  const moreau_contact_output output = user.law->evaluate(input);
  ContactForce result;
  result.force_W = output.normal_force * c.frame.col(0) + output.tangential_force[0] * t1 +
                   output.tangential_force[1] * t2;
  result.normal_force = output.normal_force;
  result.state = output.state[0] * t1 + output.state[1] * t2;
  result.elastic_energy = output.elastic_energy;
  result.damping_work = output.damping_work;
  result.slip_work = output.slip_work;
  result.normal_stiffness = output.stiffness;
  result.normal_damping = output.damping;
  return result;
}

}  // namespace

// One direction of a contact for the critical step.
struct StiffRow {
  int body_a = 0, body_b = 0;
  double stiffness = 0.0;                             ///< N/m
  double damping = 0.0;                               ///< N s/m
  double inverse_mass_a = 0.0, inverse_mass_b = 0.0;  ///< 1/kg, along the direction
  bool tangential = false;
};

// The direction that sets the critical step, with its bounds, for the refusal message (which
// is only written when a step is refused: building it per contact cost a large part of a step;
// docs/user-guide.md, "The penalty mode").
struct CriticalRow {
  StiffRow row;
  double omega = 0.0;         ///< rad/s, the network bound
  double damping_rate = 0.0;  ///< 1/s, the network bound of eta/m
};

struct PenaltyStepper::Evaluation {
  std::vector<Contact> contacts;
  std::vector<ContactMemory::Entry> states;
  std::vector<Vec3> force_W;   ///< per body, N
  std::vector<Vec3> torque_W;  ///< per body, about its centre of mass, N m
  std::vector<StiffRow> rows;
  double critical_step = std::numeric_limits<double>::infinity();
  CriticalRow critical_row;  ///< what sets critical_step
  double elastic_energy = 0.0, damping_work = 0.0, slip_work = 0.0;
};

PenaltyStepper::PenaltyStepper(model::Scene& scene, PenaltyOptions options,
                               std::vector<model::Material> materials)
    : scene_(scene), options_(options), sides_(scene, std::move(materials)) {
  if (const std::optional<std::string> expected = time_step_refusal(options_.h))
    throw core::Diagnostic({}, "time.step", *expected, core::concat(options_.h));
  joints_.bond_touching(scene_);
  set_bond_reach();
  const Evaluation initial = evaluate(detect(options_.h), options_.h);
  critical_step_ = initial.critical_step;
  if (options_.critical_step == CriticalStepPolicy::Refuse) check_critical_step(initial);
}

// How far each body's surface may move in dt, (|v| + |w| r) dt + |g| dt^2, plus how far its
// bonds may stretch.
std::vector<double> PenaltyStepper::reach(double dt) const {
  std::vector<double> margins;
  for (std::size_t b = 0; b < scene_.bodies.size(); ++b) {
    const Body& body = scene_.bodies[b];
    const double speed = body.v.norm() + body.w_B.norm() * bounding_radius(body);
    margins.push_back(speed * dt + scene_.gravity.norm() * dt * dt + bond_reach_[b]);
  }
  return margins;
}

// Every pair of overlapping bodies: overlap, rates and stored state in the current frame,
// the force of the pair's law, and the critical step of each direction. A pair that does
// not touch yet but may close within dt counts for the critical step too, with the law's
// rigidity at the overlap it may reach (dt times its approach speed and gravity's pull, less
// the gap): otherwise a body landing, or resting at zero overlap, would take the whole step
// in the stiff spring it meets during it. That overlap is at most the smaller contact radius
// of the two bodies: no body reaches deeper into another without the model having broken
// down, and past it the laws are not defined (the springs in series of the linear law have
// no length left at twice it: a negative stiffness, a NaN damping and critical step, which
// refused a step of 0.5 s with "at most -nan s" and let a split step run unsplit). A larger
// prediction says only that dt is far beyond the critical step, which the rigidity at that
// depth still says, with finite numbers. A bonded contact acts at any gap.
// N.B. the bonds follow their points (CohesiveJoints::follow) before any force is computed,
// so that every lookup of a bond by key finds it.
std::vector<BodyContact> PenaltyStepper::detect(double dt) {
  std::vector<BodyContact> detected = detect_body_contacts(scene_, reach(dt));
  joints_.follow(detected, scene_);
  return detected;
}

PenaltyStepper::Evaluation PenaltyStepper::evaluate(const std::vector<BodyContact>& detected,
                                                    double dt) const {
  const int dimension = scene_.dimension;
  Evaluation evaluation;
  evaluation.force_W.assign(scene_.bodies.size(), Vec3::Zero());
  evaluation.torque_W.assign(scene_.bodies.size(), Vec3::Zero());
  const double pull = scene_.gravity.norm() * dt * dt;
  for (const auto& [i, j, point] : detected) {
    const Body& a = scene_.bodies[i];
    const Body& b = scene_.bodies[j];
    const model::ContactLaw& law = scene_.interactions.law(a.material, b.material);
    const collision::ContactKey key{i, j, point.feature.key()};
    ContactKinematics c;
    c.frame = math::contact_frame(point.n, dimension);
    const Vec3 n = c.frame.col(0);
    const Vec3 u = a.point_velocity(point.p) - b.point_velocity(point.p);
    c.overlap_rate = -n.dot(u);
    const Bond* bond = joints_.find(key);
    const bool touching = point.gap < 0.0 || bond;
    c.overlap = touching ? -point.gap
                         : std::min(std::max(0.0, c.overlap_rate) * dt + pull - point.gap,
                                    std::min(sides_.radius(i), sides_.radius(j)));
    if (c.overlap <= 0.0 && !bond) continue;
    c.slip_velocity = u - n.dot(u) * n;
    if (const Vec3* stored = tangential_states_.recall(key, point.p, scene_))
      c.state = penalty::rotate_into_tangent_plane(*stored, n);

    const ContactForce result =
        law.penalty.user
            ? user_force(*law.penalty.user, c, law,
                         penalty::effective_mass(sides_.side(i).mass, sides_.side(j).mass), dt)
            : builtin_force(sides_.laws(i, j, c.overlap, point.area), c, law.friction, bond, dt);

    evaluation.rows.push_back({i, j, result.normal_stiffness, result.normal_damping,
                               inverse_mass_along(a, point.p, n, dimension),
                               inverse_mass_along(b, point.p, n, dimension), false});
    for (int t = 1; t < dimension; ++t)
      evaluation.rows.push_back({i, j, result.tangential_stiffness, result.tangential_damping,
                                 inverse_mass_along(a, point.p, c.frame.col(t), dimension),
                                 inverse_mass_along(b, point.p, c.frame.col(t), dimension), true});
    if (!touching) continue;  // no force yet: its rigidity only bounds the step
    evaluation.force_W[i] += result.force_W;
    evaluation.force_W[j] -= result.force_W;
    evaluation.torque_W[i] += (point.p - a.x).cross(result.force_W);
    evaluation.torque_W[j] -= (point.p - b.x).cross(result.force_W);
    evaluation.states.push_back(remember(key, point.p, result.state, scene_));
    evaluation.elastic_energy += result.elastic_energy;
    evaluation.damping_work += result.damping_work;
    evaluation.slip_work += result.slip_work;
    Contact contact{.body_a = i,
                    .body_b = j,
                    .point = point,
                    .frame = c.frame,
                    .friction = law.friction,
                    .restitution = law.restitution,
                    .key = key,
                    .normal_velocity = -c.overlap_rate};
    contact.force = c.frame.transpose() * result.force_W;
    evaluation.contacts.push_back(contact);
  }
  set_critical_step(evaluation);
  return evaluation;
}

// The highest frequency of the contact network bounds the step, and a body held by many
// contacts vibrates faster than any one of them suggests (a cube on its four corners rocks
// at omega^2 = 6 k/m, one corner alone gives 4 k/m). Gershgorin's theorem on
// K^1/2 H M^-1 H^T K^1/2, whose rows are the contact directions a, bounds omega^2 by
//   Omega_a^2 = sum over the bodies g of a of sqrt(k_a w_ag) S_g,
//   S_g = sum over the directions b touching g of sqrt(k_b w_bg),
// w_ag the inverse mass body g opposes to a unit force along a (|W_ab| <= sum over shared g
// of sqrt(w_ag w_bg) by Cauchy-Schwarz). The dashpots crowd the same way: the damping rate
// eta/m is bounded by Gamma_a, the same sums with eta for k. The symplectic Euler condition
// omega^2 h^2 + 2 (eta/m) h < 4 (critical_step.hpp) with both bounds gives each direction's
// limit: critical_time_step with k = Omega^2 m and eta = Gamma m on the direction's mass m.
// Stiff, heavily damped joints (e = 0 on masonry) are limited by their dashpots, not their
// springs.
void PenaltyStepper::set_critical_step(Evaluation& evaluation) const {
  std::vector<double> S(scene_.bodies.size(), 0.0), D(scene_.bodies.size(), 0.0);
  for (const StiffRow& row : evaluation.rows) {
    S[row.body_a] += std::sqrt(row.stiffness * row.inverse_mass_a);
    S[row.body_b] += std::sqrt(row.stiffness * row.inverse_mass_b);
    D[row.body_a] += std::sqrt(row.damping * row.inverse_mass_a);
    D[row.body_b] += std::sqrt(row.damping * row.inverse_mass_b);
  }
  const auto bound = [](double coefficient, const StiffRow& row, double sum_a, double sum_b) {
    return std::sqrt(coefficient * row.inverse_mass_a) * sum_a +
           std::sqrt(coefficient * row.inverse_mass_b) * sum_b;
  };
  for (const StiffRow& row : evaluation.rows) {
    const double mass = 1 / (row.inverse_mass_a + row.inverse_mass_b);
    const double omega_squared = bound(row.stiffness, row, S[row.body_a], S[row.body_b]);
    const double damping_rate = bound(row.damping, row, D[row.body_a], D[row.body_b]);
    const double critical =
        penalty::critical_time_step(omega_squared * mass, damping_rate * mass, mass);
    if (critical >= evaluation.critical_step) continue;
    evaluation.critical_step = critical;
    evaluation.critical_row = {row, std::sqrt(omega_squared), damping_rate};
  }
}

void PenaltyStepper::check_critical_step(const Evaluation& evaluation) const {
  if (options_.h <= evaluation.critical_step) return;
  const CriticalRow& critical = evaluation.critical_row;
  const StiffRow& row = critical.row;
  throw core::Diagnostic(
      {}, "time.step",
      core::concat("a step of at most ", evaluation.critical_step,
                   " s, the critical step estimate of the stiffest contact (contact ",
                   scene_.bodies[row.body_a].name, " / ", scene_.bodies[row.body_b].name,
                   row.tangential ? ", tangential" : ", normal", ": k = ", row.stiffness,
                   " N/m, eta = ", row.damping,
                   " N s/m, m = ", 1 / (row.inverse_mass_a + row.inverse_mass_b),
                   " kg; with its neighbours omega <= ", critical.omega,
                   " rad/s, eta/m <= ", critical.damping_rate,
                   " 1/s); or time.critical_step: substep to split each step"),
      core::concat(options_.h, " s at t = ", scene_.time, " s"));
}

// Symplectic Euler: velocities from the forces at the start of the sub-step, positions
// from the new velocities. Planar mode keeps v_y = 0 and w along y exactly.
void PenaltyStepper::integrate(const Evaluation& evaluation, double dt) {
  for (std::size_t index = 0; index < scene_.bodies.size(); ++index) {
    Body& body = scene_.bodies[index];
    if (body.motion == Motion::Free) {
      body.v += dt * (evaluation.force_W[index] / body.mass + scene_.gravity);
      const Vec3 torque_B = body.q.conjugate() * evaluation.torque_W[index] -
                            body.w_B.cross(body.inertia.cwiseProduct(body.w_B));
      body.w_B += dt * torque_B.cwiseQuotient(body.inertia);
      if (scene_.dimension == 2) {
        body.v.y() = 0.0;
        body.w_B = Vec3(0.0, body.w_B.y(), 0.0);
      }
    }
    if (body.motion == Motion::Fixed) continue;
    body.x += dt * body.v;
    body.q = math::integrate_orientation(body.q, body.w_B, dt);
  }
}

StepperState PenaltyStepper::state() const {
  return PenaltyState{tangential_states_.entries(), dissipated_, joints_.entries()};
}

void PenaltyStepper::restore(const StepperState& state) {
  const auto& own = std::get<PenaltyState>(state);
  tangential_states_.replace(own.tangential_states);
  dissipated_ = own.dissipated;
  joints_.replace(own.bonds);
  set_bond_reach();
}

// A bond stretches by F_N / k before it breaks at F_N = -T: twice T / k (k the linear law's
// stiffness at the contact, calibrated as at first touch) keeps it detected until then,
// dashpot included, so that CohesiveJoints never mistakes a bond under load for a lost one.
// The bond's point stands for the area c A_i / c of its joint (Bond::cohesion).
void PenaltyStepper::set_bond_reach() {
  bond_reach_.assign(scene_.bodies.size(), 0.0);
  for (const auto& [key, bond] : joints_.entries()) {
    const model::ContactLaw& law = scene_.interactions.law(scene_.bodies[key.body_a].material,
                                                           scene_.bodies[key.body_b].material);
    const penalty::ContactLaws laws =
        sides_.laws(key.body_a, key.body_b, 0.0, bond.cohesion / law.cohesion);
    const double stretch = 2 * bond.tensile_strength / penalty::tangent_stiffness(laws.normal, 0.0);
    for (const int body : {key.body_a, key.body_b})
      bond_reach_[body] = std::max(bond_reach_[body], stretch);
  }
}

// The forces of a sub-step with the bonds they break broken, as NSCD solves a step again
// (cohesive_joints.hpp): no bond carries more than its strength.
void PenaltyStepper::break_overloaded_bonds(Evaluation& evaluation, double dt, StepReport& report) {
  for (;;) {
    std::vector<JointFailure> failures = joints_.failures(evaluation.contacts);
    if (failures.empty()) return;
    joints_.apply(failures);
    for (JointFailure& failure : failures) report.failures.push_back(std::move(failure));
    evaluation = evaluate(detect(dt), dt);
  }
}

// N.B. the forces are evaluated with the candidate sub-step before the step is chosen: the
// tangential laws integrate the slip over it, and a user law may depend on it. They are
// evaluated again when the step is split.
StepReport PenaltyStepper::step() {
  StepReport report;
  const double t_end = scene_.time + options_.h;
  double remaining = options_.h;
  substeps_ = 0;
  while (remaining > 0.0) {
    const solvers::Stopwatch clock;
    set_driven_velocities(scene_, scene_.time, scene_.time, remaining);
    Evaluation evaluation = evaluate(detect(remaining), remaining);
    double dt = remaining;
    if (remaining > evaluation.critical_step) {
      if (options_.critical_step == CriticalStepPolicy::Refuse) check_critical_step(evaluation);
      dt = remaining / std::ceil(remaining / evaluation.critical_step);
      set_driven_velocities(scene_, scene_.time, scene_.time, dt);
      evaluation = evaluate(detect(dt), dt);
    }
    break_overloaded_bonds(evaluation, dt, report);
    integrate(evaluation, dt);
    report.times.assembly += clock.seconds();
    tangential_states_.replace(std::move(evaluation.states));
    contacts_ = std::move(evaluation.contacts);
    critical_step_ = evaluation.critical_step;
    dissipated_.damping += evaluation.damping_work;
    dissipated_.slip += evaluation.slip_work;
    report.contact_work -= evaluation.damping_work + evaluation.slip_work;
    report.elastic_energy = evaluation.elastic_energy;
    scene_.time += dt;
    remaining -= dt;
    // Round-off of the sub-steps' sum must not cost an extra sub-step of 1e-20 s.
    if (remaining <= 1e-9 * options_.h) remaining = 0.0;
    ++substeps_;
  }
  scene_.time = t_end;
  report.detected = report.active = static_cast<int>(contacts_.size());
  report.kinetic_energy = kinetic_energy(scene_);
  report.potential_energy = potential_energy(scene_);
  return report;
}

}  // namespace moreau::dynamics
