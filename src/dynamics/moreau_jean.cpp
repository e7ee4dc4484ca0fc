#include "moreau/dynamics/moreau_jean.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/contact/delassus.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/body_motion.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/penalty_compliance.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/math/quaternion.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <tuple>
#include <utility>

namespace moreau::dynamics {
namespace {

using math::Mat3;
using math::Vec3;
using model::Body;
using model::Motion;

// Generalized velocity of one free body: (v, w_B) in 3D, (v_x, v_z, w_y) in planar mode.
int dofs_per_body(int dimension) { return dimension == 3 ? 6 : 3; }

// d(world velocity of the body point at p) / d(generalized velocity), 3 x dofs:
// v_p = v + (R w_B) x (p - x) = v - [p - x]x R w_B.
contact::JacobianValues point_jacobian(const Body& body, const Vec3& p, int dimension) {
  const Vec3 arm = p - body.x;
  if (dimension == 2) {
    contact::JacobianValues J(3, 3);
    J << Vec3::UnitX(), Vec3::UnitZ(), Vec3::UnitY().cross(arm);
    return J;
  }
  Mat3 arm_cross;
  arm_cross << 0, -arm.z(), arm.y(), arm.z(), 0, -arm.x(), -arm.y(), arm.x(), 0;
  contact::JacobianValues J(3, 6);
  J << Mat3::Identity(), -arm_cross * body.q.toRotationMatrix();
  return J;
}

VecX inverse_mass(const Body& body, int dimension) {
  if (dimension == 2) return Eigen::Vector3d(1 / body.mass, 1 / body.mass, 1 / body.inertia.y());
  VecX m_inv(6);
  m_inv << Vec3::Constant(1 / body.mass), body.inertia.cwiseInverse();
  return m_inv;
}

// Generalized force: gravity, and the gyroscopic torque -w x (J w) in the body frame
// (Euler's equations; absent in planar mode, where w is along a principal axis).
VecX applied_force(const Body& body, const Vec3& gravity, int dimension) {
  const Vec3 weight = body.mass * gravity;
  if (dimension == 2) return Eigen::Vector3d(weight.x(), weight.z(), 0.0);
  VecX f(6);
  f << weight, -body.w_B.cross(body.inertia.cwiseProduct(body.w_B));
  return f;
}

void check_step_solver_name(const std::string& name) {
  const std::vector<std::string> names = solvers::every_solver_name();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw core::Diagnostic(
        {}, "solver.name",
        core::with_suggestion(core::concat("one of ", core::join(names)), name, names), name);
}

}  // namespace

void check_step_solver_settings(const StepSolverSettings& settings) {
  check_step_solver_name(settings.name);
  solvers::check_solver_options(settings.name, settings.parameters);
}

// Building a method refuses its options as check_solver_options does, in the same words.
StepSolvers make_step_solvers(const StepSolverSettings& settings) {
  const std::string& name = settings.name;
  check_step_solver_name(name);
  // The time limit is the step's (MoreauJean::solve), not each method's.
  solvers::StopCriteria stop = settings.stop;
  stop.time_limit = 0.0;
  if (name == solvers::kAutomaticSolver)
    return {solvers::make_solver(solvers::default_solver_name(), stop),
            solvers::make_global_solver(name, stop, settings.parameters)};
  if (solvers::is_global_solver(name))
    return {nullptr, solvers::make_global_solver(name, stop, settings.parameters)};
  return {solvers::make_solver(name, stop, settings.parameters), nullptr};
}

std::optional<std::string> theta_refusal(double theta) {
  if (theta >= 0.5 && theta <= 1.0) return std::nullopt;
  return "a number in [0.5, 1]";
}

MoreauJean::MoreauJean(model::Scene& scene, MoreauJeanOptions options,
                       std::optional<ContactSides> penalty)
    : scene_(scene), options_(std::move(options)), penalty_(std::move(penalty)) {
  if (const std::optional<std::string> expected = time_step_refusal(options_.h))
    throw core::Diagnostic({}, "time.step", *expected, core::concat(options_.h));
  if (const std::optional<std::string> expected = theta_refusal(options_.theta))
    throw core::Diagnostic({}, "time.theta", *expected, core::concat(options_.theta));
  solvers_ = make_step_solvers(options_.solver);
  const int k = dofs_per_body(scene_.dimension);
  for (const Body& body : scene_.bodies) {
    const bool is_free = body.motion == Motion::Free;
    offset_.push_back(is_free ? n_dof_ : -1);
    if (is_free) n_dof_ += k;
  }
  allowance_ = contact_allowance(scene_);
  joints_.bond_touching(scene_);
}

// LMGC90 activates a contact when its predicted gap is <= 0. A resting contact has gap 0
// and, after a solve to tolerance tol, a normal velocity of order tol |u| that may be
// positive: the strict rule then drops it for a step and the body sags (seen on a box on
// the ground: 3 of 4 corners lost after the first step). Contacts are therefore active up
// to a predicted gap of contact_allowance(); the velocity constraint keeps such a contact
// from closing, it never pulls the bodies together.
double MoreauJean::activation_threshold() const { return allowance_; }

void MoreauJean::set_prescribed_velocities(double t) {
  set_driven_velocities(scene_, t, scene_.time, options_.h);
}

// Detection distance of a body: how far its surface can move in two steps, plus the
// activation threshold so that resting contacts at a round-off gap stay seen.
// N.B. the bonds follow their points (CohesiveJoints::follow) before the contacts are made,
// so that every later lookup of a bond by key finds it.
std::vector<Contact> MoreauJean::detect_contacts() {
  const double h = options_.h;
  const double floor = 2 * activation_threshold();
  std::vector<double> margins;
  for (const Body& body : scene_.bodies) {
    const double speed = body.v.norm() + body.w_B.norm() * bounding_radius(body);
    margins.push_back(2 * h * speed + h * h * scene_.gravity.norm() + floor);
  }
  const std::vector<BodyContact> touching = detect_body_contacts(scene_, margins);
  joints_.follow(touching, scene_);
  std::vector<Contact> contacts;
  contacts.reserve(touching.size());
  for (const BodyContact& detected : touching) contacts.push_back(contact_of(detected, scene_));
  return contacts;
}

// The active set of docs/mathematics.md section 1: predicted gap g_k + h (1-theta) u_N,k below the
// activation threshold, with the velocities of t_k; and every bonded contact, which holds
// whatever the pull until its bond breaks. A penalty contact is active from a predicted gap
// g_k + h u_N,k at the end of the step (its spring pushes from the moment the bodies overlap,
// penalty_compliance.hpp), with a law that resists (penalty_resists); it rebounds by its
// dashpot, not by Newton's law.
std::vector<Contact> MoreauJean::select_active(std::vector<Contact> detected) const {
  const double h = options_.h, theta = penalty_ ? 0.0 : options_.theta;
  std::vector<Contact> active;
  for (Contact& contact : detected) {
    const Vec3 relative = scene_.bodies[contact.body_a].point_velocity(contact.point.p) -
                          scene_.bodies[contact.body_b].point_velocity(contact.point.p);
    contact.normal_velocity = contact.frame.col(0).dot(relative);
    if (contact.point.gap + h * (1 - theta) * contact.normal_velocity > activation_threshold() &&
        !joints_.find(contact.key))
      continue;
    if (penalty_) {
      if (!penalty_resists(contact, *penalty_, h)) continue;
      contact.restitution = 0.0;
    }
    active.push_back(contact);
  }
  return active;
}

// C and s of the active contacts, with the bodies' velocities of t_k: the penalty laws', or
// the compliant joints'.
ContactCompliance MoreauJean::compliance() const {
  return penalty_ ? penalty_compliance(contacts_, impulses_, *penalty_, scene_, options_.h)
                  : joint_compliance(contacts_, impulses_, scene_, options_.h);
}

VecX MoreauJean::inverse_masses() const {
  const int k = dofs_per_body(scene_.dimension);
  VecX m_inv(n_dof_);
  for (std::size_t b = 0; b < scene_.bodies.size(); ++b)
    if (offset_[b] >= 0)
      m_inv.segment(offset_[b], k) = inverse_mass(scene_.bodies[b], scene_.dimension);
  return m_inv;
}

// v_free = v_k + h M^-1 f, the applied forces evaluated at t_k: gravity is constant over a
// step, so the theta-weighting of f_k and f_k+1 only matters for the explicit gyroscopic
// term.
VecX MoreauJean::free_velocity(const VecX& V_k, const VecX& m_inv) const {
  const int k = dofs_per_body(scene_.dimension);
  VecX f(n_dof_);
  for (std::size_t b = 0; b < scene_.bodies.size(); ++b) {
    if (offset_[b] < 0) continue;
    // A body removed during the run keeps its columns, at rest and without load.
    const Body& body = scene_.bodies[b];
    f.segment(offset_[b], k) = body.motion == Motion::Free
                                   ? applied_force(body, scene_.gravity, scene_.dimension)
                                   : VecX::Zero(k);
  }
  return V_k + options_.h * m_inv.cwiseProduct(f);
}

// Row block a of H is [n t1 t2]^T (J_A - J_B) restricted to the free bodies' columns; the
// fixed and driven bodies' velocities (already set to t_k+1) go into `known`. Contacts are
// independent: computed in parallel, each into its own slots, gathered in contact order (the
// same H whatever the number of threads).
MoreauJean::ContactJacobian MoreauJean::contact_jacobian() const {
  const int d = scene_.dimension;
  const auto n = static_cast<Index>(contacts_.size());
  ContactJacobian jacobian{{d, n, n_dof_, {}}, VecX::Zero(d * n), VecX::Zero(d * n)};
  std::vector<std::array<std::optional<contact::JacobianBlock>, 2>> blocks(contacts_.size());
  tbb::parallel_for(Index{0}, n, [&](Index a) {
    const Contact& contact = contacts_[a];
    const auto frame_T = contact.frame.leftCols(d).transpose();
    Vec3 v_known = Vec3::Zero();
    int side = 0;
    for (const auto& [body_index, sign] :
         {std::pair{contact.body_a, 1.0}, std::pair{contact.body_b, -1.0}}) {
      const Body& body = scene_.bodies[body_index];
      if (offset_[body_index] < 0)
        v_known += sign * body.point_velocity(contact.point.p);
      else
        blocks[a][side++] = contact::JacobianBlock{
            a, offset_[body_index], sign * frame_T * point_jacobian(body, contact.point.p, d)};
    }
    jacobian.known.segment(d * a, d) = frame_T * v_known;
    jacobian.impact[d * a] = contact.restitution * contact.normal_velocity;
  });
  for (auto& pair : blocks)
    for (std::optional<contact::JacobianBlock>& block : pair)
      if (block) jacobian.H.blocks.push_back(std::move(*block));
  return jacobian;
}

namespace {

// The impulse 2 r_n - r_n-1 of one contact, projected onto its cone shifted by the bond's
// shift S (r + S in the cone, cohesive_joints.hpp).
Vec3 extrapolate(const Vec3& last, const Vec3& earlier, const Vec3& shift, double mu, int d) {
  Vec3 line = 2.0 * last - earlier + shift;  // in 2D its third component is 0, as all three's
  if (d == 2)
    line.head<2>() = contact::project_onto_cone<2>(line.head<2>(), mu);
  else
    line = contact::project_onto_cone<3>(line, mu);
  return line - shift;
}

}  // namespace

// The last step's impulses r_n of the contacts found again (contact_memory.hpp), or their
// linear extrapolation 2 r_n - r_n-1, projected onto the cones, where that halves the
// natural-map error of the step's problem. Where the loads change smoothly (a tilting table,
// a record between its samples) the reactions of a structure at rest change by about the
// same amount each step, and r_n is off by that change (on wall-tilt.yaml's wall at rest by
// hundreds of times the tolerance), where the extrapolation is off by its square. It is
// only taken where it is better: a method that stops within its tolerance leaves r_n - r_n-1
// with what it did not solve, and a hyperstatic structure with a change of self-stress that
// no velocity sees; doubled, step after step, such differences drove the error of a house's
// warm starts far from its solutions (docs/large-structures.md, "A step's warm start").
VecX MoreauJean::warm_start(const StepTerms& terms) const {
  const int d = scene_.dimension;
  const VecX mu = frictions();
  const VecX shifts = cone_shifts();
  VecX last = VecX::Zero(d * static_cast<Index>(contacts_.size()));
  VecX extrapolated = last;
  for (std::size_t a = 0; a < contacts_.size(); ++a) {
    const Vec3* r_n = impulses_.recall(contacts_[a].key, contacts_[a].point.p, scene_);
    if (!r_n) continue;
    const Vec3* r_earlier =
        earlier_impulses_.recall(contacts_[a].key, contacts_[a].point.p, scene_);
    last.segment(d * a, d) = r_n->head(d);
    Vec3 shift = Vec3::Zero();
    shift.head(d) = shifts.segment(d * a, d);
    extrapolated.segment(d * a, d) =
        (r_earlier ? extrapolate(*r_n, *r_earlier, shift, mu[static_cast<Index>(a)], d) : *r_n)
            .head(d);
  }
  // The same where no impulse changed in the last step (a solve its warm start met).
  if (extrapolated == last) return last;
  // The error of r in the cones shifted by the bonds, r + S, as the solvers measure it: u is
  // W r + q either way (solve_local, solve_global).
  const VecX q = terms.free_local_velocity();
  const auto error = [&](const VecX& r) {
    const VecX u = q + terms.H * terms.m_inv.cwiseProduct(terms.H.transpose() * r) +
                   terms.compliance.compliance.cwiseProduct(r);
    return contact::natural_map_error(d, mu, r + shifts, u, q.norm());
  };
  const double error_of_last = error(last);
  if (error_of_last <= options_.solver.stop.tolerance) return last;  // the solve would keep it
  return error(extrapolated) < 0.5 * error_of_last ? extrapolated : last;
}

// s h per bonded contact at its normal component, 0 elsewhere (cohesive_joints.hpp).
VecX MoreauJean::cone_shifts() const {
  const int d = scene_.dimension;
  VecX shifts = VecX::Zero(d * static_cast<Index>(contacts_.size()));
  for (std::size_t a = 0; a < contacts_.size(); ++a)
    if (const Bond* bond = joints_.find(contacts_[a].key))
      shifts[d * static_cast<Index>(a)] = options_.h * cone_shift(*bond, contacts_[a].friction);
  return shifts;
}

std::string_view MoreauJean::criterion() const {
  return solvers_.global ? solvers_.global->criterion() : solvers::kNaturalMapCriterion;
}

bool MoreauJean::uses_global_form(Index contacts) const {
  return scene_.dimension * contacts > n_dof_;
}

// Solves for r in the cones shifted by the bonds (r' = r + S, cohesive_joints.hpp), breaks the
// bonds the solution overloads, and solves again until every remaining bond holds: at most
// one solve more than the breaking passes, and one solve in a step that breaks nothing.
// solve_pass(S, r') solves the shifted problem from r'. The report sums the passes'
// iterations and times.
template <class SolvePass>
solvers::SolveReport MoreauJean::solve_with_bonds(VecX& r, StepReport& report,
                                                  SolvePass&& solve_pass) {
  solvers::SolveReport total;
  for (;;) {
    const VecX shifts = cone_shifts();
    r += shifts;
    const solvers::SolveReport pass = solve_pass(shifts, r);
    r -= shifts;
    const int iterations = total.iterations + pass.iterations;
    const double seconds = total.seconds + pass.seconds;
    total = pass;
    total.iterations = iterations;
    total.seconds = seconds;
    store_impulses(r);
    if (pass.status == solvers::Status::Interrupted) return total;
    std::vector<JointFailure> failures = joints_.failures(contacts_);
    if (failures.empty()) return total;
    joints_.apply(failures);
    for (JointFailure& failure : failures) report.failures.push_back(std::move(failure));
  }
}

VecX MoreauJean::frictions() const {
  VecX mu(static_cast<Index>(contacts_.size()));
  for (std::size_t a = 0; a < contacts_.size(); ++a) mu[a] = contacts_[a].friction;
  return mu;
}

// The local problem u = W r + q, W = H M^-1 H^T + C; a shift S moves q to q - W S. Returns
// v_k+1.
VecX MoreauJean::solve_local(const StepTerms& terms, VecX& r, StepReport& report) {
  const solvers::Solver& solver = *solvers_.local;
  const solvers::Stopwatch assembly_clock;
  problem_.dimension = scene_.dimension;
  problem_.W = contact::assemble_delassus(terms.jacobian.H, terms.m_inv);
  problem_.W.add_to_diagonal(terms.compliance.compliance);
  problem_.mu = frictions();
  const VecX q = terms.free_local_velocity();
  report.times.assembly += assembly_clock.seconds();
  report.solver = solver.name();
  report.solve = solve_with_bonds(r, report, [&](const VecX& shifts, VecX& r_shifted) {
    problem_.q = q - problem_.W * shifts;
    return solver.solve(problem_, r_shifted);
  });
  return terms.V_free + terms.m_inv.cwiseProduct(terms.H.transpose() * r);
}

// The step's problem in the form its solver takes, or, with the automatic choice, in the
// form MoreauJean::uses_global_form picks. The step's time limit, if any, is shared by all
// the methods and passes of its solve.
VecX MoreauJean::solve(const StepTerms& terms, VecX& r, StepReport& report) {
  std::optional<solvers::TimeBudget> budget;
  if (options_.solver.stop.time_limit > 0.0) budget.emplace(options_.solver.stop.time_limit);
  if (!solvers_.global ||
      (solvers_.local && !uses_global_form(static_cast<Index>(contacts_.size())))) {
    global_problem_ = contact::GlobalProblem{};
    return solve_local(terms, r, report);
  }
  assemble_global(terms, report);
  return solve_global(terms, r, report);
}

// The global problem M v = f + H^T r, u = H v + w (in the files' convention, where the
// contact Jacobian H is stored transposed), f = M v_free, w = the known and impact terms and
// the joints' shift, with the joints' compliance.
void MoreauJean::assemble_global(const StepTerms& terms, StepReport& report) {
  const solvers::Stopwatch assembly_clock;
  contact::GlobalProblem& global = global_problem_;
  global.dimension = scene_.dimension;
  global.M = math::SparseMat(n_dof_, n_dof_);
  global.M.reserve(Eigen::VectorXi::Ones(n_dof_));
  for (Index i = 0; i < n_dof_; ++i) global.M.insert(i, i) = 1.0 / terms.m_inv[i];
  global.H = terms.H.transpose();
  global.w = terms.jacobian.known + terms.jacobian.impact + terms.compliance.shift;
  global.mu = frictions();
  global.compliance = terms.compliance.compliance;
  problem_ = contact::LocalProblem{};
  problem_.dimension = scene_.dimension;
  report.times.assembly += assembly_clock.seconds();
}

// The assembled global problem by `solver`; a shift S moves f to f - H^T S and, where the
// joints are compliant (u = H v + w + C r), w to w - C S: together the local form's q - W S,
// W holding C on its diagonal. Returns v_k+1 = M^-1 (f + H^T r), which the solver returns.
// The report names the method that answered: the solver, or the one of its chain (auto).
VecX MoreauJean::solve_global(const StepTerms& terms, VecX& r, StepReport& report) {
  const solvers::GlobalSolver& solver = *solvers_.global;
  contact::GlobalProblem& global = global_problem_;
  const VecX f = terms.V_free.cwiseQuotient(terms.m_inv);
  const VecX w = global.w;
  VecX V_next;
  report.solve = solve_with_bonds(r, report, [&](const VecX& shifts, VecX& r_shifted) {
    global.f = f - global.H * shifts;
    if (global.compliant()) global.w = w - global.compliance.cwiseProduct(shifts);
    return solver.solve(global, r_shifted, V_next);
  });
  report.solver = report.solve->method.empty() ? solver.name() : report.solve->method;
  return V_next;
}

void MoreauJean::store_impulses(const VecX& r) {
  const int d = scene_.dimension;
  std::vector<ContactMemory::Entry> entries;
  for (std::size_t a = 0; a < contacts_.size(); ++a) {
    Contact& contact = contacts_[a];
    Vec3 impulse = Vec3::Zero();
    impulse.head(d) = r.segment(d * a, d);
    contact.force = impulse / options_.h;
    entries.push_back(remember(contact.key, contact.point.p, impulse, scene_));
  }
  impulses_.replace(std::move(entries));
}

// The penalty springs at the end of the step: each active contact at the overlap the step ends
// with, delta_k - h u_N,k+1, its impulse r and its slip velocity u_T,k+1 (penalty_compliance.hpp).
double MoreauJean::springs_at_end(const VecX& r, const VecX& u) const {
  const int d = scene_.dimension;
  double energy = 0.0;
  for (std::size_t a = 0; a < contacts_.size(); ++a) {
    const auto i = static_cast<math::Index>(d * a);
    Vec3 impulse = Vec3::Zero();
    impulse.head(d) = r.segment(i, d);
    energy += penalty_spring_energy(contacts_[a], -(contacts_[a].point.gap + options_.h * u[i]),
                                    impulse, u.segment(i + 1, d - 1), *penalty_, options_.h);
  }
  return energy;
}

VecX MoreauJean::generalized_velocity() const {
  VecX V(n_dof_);
  for (std::size_t b = 0; b < scene_.bodies.size(); ++b) {
    if (offset_[b] < 0) continue;
    const Body& body = scene_.bodies[b];
    if (scene_.dimension == 2)
      V.segment<3>(offset_[b]) << body.v.x(), body.v.z(), body.w_B.y();
    else
      V.segment<6>(offset_[b]) << body.v, body.w_B;
  }
  return V;
}

void MoreauJean::store_velocity(const VecX& V) {
  for (std::size_t b = 0; b < scene_.bodies.size(); ++b) {
    if (offset_[b] < 0) continue;
    Body& body = scene_.bodies[b];
    if (scene_.dimension == 2) {
      body.v = Vec3(V[offset_[b]], 0.0, V[offset_[b] + 1]);
      body.w_B = Vec3(0.0, V[offset_[b] + 2], 0.0);
    } else {
      body.v = V.segment<3>(offset_[b]);
      body.w_B = V.segment<3>(offset_[b] + 3);
    }
  }
}

// x_k+1 = x_k + h ((1-theta) v_k + theta v_k+1) for every free body; the orientation by the
// exponential map of the same combination of body-frame angular velocities. Driven bodies
// move with the same weighting of their prescribed velocities at t_k and t_k+1.
void MoreauJean::integrate_positions(const VecX& V_k, const VecX& V_next) {
  const double h = options_.h, theta = options_.theta, t = scene_.time;
  store_velocity((1 - theta) * V_k + theta * V_next);
  for (Body& body : scene_.bodies) {
    if (body.motion == Motion::Driven) {
      body.v =
          (1 - theta) * driven_velocity(body, t, t, h) + theta * driven_velocity(body, t + h, t, h);
      body.w_B = body.q.conjugate() * ((1 - theta) * body.prescribed.angular(t) +
                                       theta * body.prescribed.angular(t + h));
    }
    if (body.motion == Motion::Fixed) continue;
    body.x += h * body.v;
    body.q = math::integrate_orientation(body.q, body.w_B, h);
  }
  set_prescribed_velocities(t + h);
  store_velocity(V_next);
}

void MoreauJean::measure_energies(StepReport& report) const {
  report.kinetic_energy = kinetic_energy(scene_);
  report.potential_energy = potential_energy(scene_);
}

solvers::GlobalSolverState MoreauJean::global_solver_state() const {
  return solvers_.global ? solvers_.global->state() : solvers::GlobalSolverState{};
}

StepperState MoreauJean::state() const {
  return MoreauJeanState{impulses_.entries(), earlier_impulses_.entries(), joints_.entries(),
                         global_solver_state(), penalty_.has_value()};
}

void MoreauJean::restore(const StepperState& state) {
  const auto& own = std::get<MoreauJeanState>(state);
  impulses_.replace(own.impulses);
  earlier_impulses_.replace(own.earlier_impulses);
  joints_.replace(own.bonds);
  if (solvers_.global) solvers_.global->restore(own.solver);
}

// N.B. the last step's contacts are moved, not copied: the step replaces them anyway.
MoreauJean::Undo MoreauJean::keep_for_undo() {
  Undo undo{{}, std::move(contacts_), impulses_, earlier_impulses_, joints_, global_solver_state()};
  for (const Body& body : scene_.bodies)
    if (body.motion == Motion::Driven) undo.driven_velocities.emplace_back(body.v, body.w_B);
  return undo;
}

void MoreauJean::take_back(Undo undo) {
  auto velocities = undo.driven_velocities.begin();
  for (Body& body : scene_.bodies)
    if (body.motion == Motion::Driven) std::tie(body.v, body.w_B) = *velocities++;
  contacts_ = std::move(undo.contacts);
  impulses_ = std::move(undo.impulses);
  earlier_impulses_ = std::move(undo.earlier_impulses);
  joints_ = std::move(undo.joints);
  if (solvers_.global) solvers_.global->restore(undo.solver);
}

// One step of docs/mathematics.md section 1, as the pipeline reads.
StepReport MoreauJean::step() {
  // A step's solve can last minutes: a stop request ends it at its next iteration, and the
  // step is taken back so that the run's outputs and checkpoint stay those of the step before.
  Undo undo = keep_for_undo();
  StepReport report;
  set_prescribed_velocities(scene_.time);
  const VecX V_k = generalized_velocity();

  const solvers::Stopwatch collision_clock;
  std::vector<Contact> detected = detect_contacts();
  report.detected = static_cast<int>(detected.size());
  // N.B. every detected contact: the springs of those the step leaves out are released.
  const double springs_at_start =
      penalty_ ? penalty_spring_energy(detected, impulses_, *penalty_, scene_, options_.h)
               : joint_spring_energy(detected, impulses_, scene_, options_.h);
  contacts_ = select_active(std::move(detected));
  report.active = static_cast<int>(contacts_.size());
  report.times.collision = collision_clock.seconds();

  const solvers::Stopwatch assembly_clock;
  const ContactCompliance compliance = this->compliance();
  set_prescribed_velocities(scene_.time + options_.h);
  const VecX m_inv = inverse_masses();
  const VecX V_free = free_velocity(V_k, m_inv);
  VecX V_next = V_free;
  if (contacts_.empty()) {
    problem_ = contact::LocalProblem{};
    problem_.dimension = scene_.dimension;
    global_problem_ = contact::GlobalProblem{};
    first_guess_.resize(0);
    report.times.assembly = assembly_clock.seconds();
    earlier_impulses_ = std::exchange(impulses_, {});
  } else {
    const ContactJacobian jacobian = contact_jacobian();
    const math::SparseMat H = jacobian.H.to_sparse();
    const StepTerms terms{jacobian, H, m_inv, V_free, compliance};
    VecX r = warm_start(terms);
    earlier_impulses_ = impulses_;
    first_guess_ = r + cone_shifts();
    first_solver_state_ = global_solver_state();
    report.times.assembly = assembly_clock.seconds();
    V_next = solve(terms, r, report);
    if (report.solve->status == solvers::Status::Interrupted) {
      take_back(std::move(undo));
      throw StepInterrupted();
    }
    report.times.solve = report.solve->seconds;
    // Work of the impulses over the velocity jump: r . (u_k + u_k+1) / 2 (Moreau 1988).
    report.contact_work = 0.5 * r.dot(H * (V_k + V_next) + 2 * jacobian.known);
    report.elastic_energy = penalty_ ? springs_at_end(r, H * V_next + jacobian.known)
                                     : joint_spring_energy(compliance.compliance, r);
  }
  // The springs' energy (penalty laws', compliant joints') is stored, not dissipated:
  // contact_work is then the work of the dashpots, the sliders and the scheme's own damping
  // (StepReport::contact_work).
  report.contact_work += report.elastic_energy - springs_at_start;
  integrate_positions(V_k, V_next);
  scene_.time += options_.h;
  measure_energies(report);
  return report;
}

}  // namespace moreau::dynamics
