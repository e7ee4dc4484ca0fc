#include "moreau/limit/limit_analysis.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/mechanism.hpp"

#include <CbcModel.hpp>
#include <CbcSolver.hpp>
#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <CoinPackedMatrix.hpp>
#include <OsiClpSolverInterface.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>

namespace moreau::limit {
namespace {

using math::Vec3;

// Clp's infinite bound, COIN_DBL_MAX.
constexpr double kInfinity = std::numeric_limits<double>::max();

// The horizontal direction of a record's largest horizontal acceleration.
Vec3 peak_direction(const model::GroundMotion& ground) {
  Vec3 peak = Vec3::Zero();
  for (const Vec3& a : ground.record.acceleration)
    if (a.head<2>().norm() > peak.head<2>().norm()) peak = Vec3(a.x(), a.y(), 0.0);
  return peak.normalized();
}

// The linear program of associative_collapse, column by column: per contact c_n (>= 0), the
// tangential components on the frame's tangents (free), then lambda (free); a row per free
// body's degree of freedom (its equilibrium, in units of force_unit()), then the
// cone's rows per contact.
class Program {
 public:
  Program(const model::Scene& scene, std::size_t contacts)
      : scene_(scene), planar_(scene.dimension == 2) {
    int free_bodies = 0;
    for (std::size_t b = 0; b < scene.bodies.size(); ++b)
      if (scene.bodies[b].motion == model::Motion::Free) {
        first_row_.push_back(rows_);
        rows_ += planar_ ? 3 : 6;
        force_unit_ += scene.bodies[b].mass * scene.gravity.norm();
        ++free_bodies;
      } else {
        first_row_.push_back(-1);
      }
    equilibrium_rows_ = rows_;
    force_unit_ /= std::max(free_bodies, 1);
    per_contact_ = planar_ ? 2 : 3;
    lambda_ = per_contact_ * static_cast<int>(contacts);
    columns_ = lambda_ + 1;
  }

  int equilibrium_rows() const { return equilibrium_rows_; }
  int rows() const { return rows_; }
  int columns() const { return columns_; }
  int lambda_column() const { return lambda_; }
  int per_contact() const { return per_contact_; }
  int first_row(int body) const { return first_row_[static_cast<std::size_t>(body)]; }
  // The mean free body's weight, N: the program's numbers are then about 1, as Clp's absolute
  // tolerances (1e-7) expect.
  double force_unit() const { return force_unit_; }

  // The force f of a unit column (a direction in world) at point p on body b, sign +-1, into
  // b's equilibrium rows: the force, and its moment about the centre of mass.
  void add_force(int body, const Vec3& p, const Vec3& f, double sign, int column) {
    const int row = first_row(body);
    if (row < 0) return;
    const Vec3 moment = (p - scene_.bodies[static_cast<std::size_t>(body)].x).cross(f);
    if (planar_) {
      add(row, column, sign * f.x());
      add(row + 1, column, sign * f.z());
      add(row + 2, column, sign * moment.y());
    } else {
      for (int k = 0; k < 3; ++k) {
        add(row + k, column, sign * f[k]);
        add(row + 3 + k, column, sign * moment[k]);
      }
    }
  }

  // A body's force rows, where a load at its centre of mass enters.
  std::vector<int> force_rows(int body) const {
    const int row = first_row(body);
    return planar_ ? std::vector<int>{row, row + 1} : std::vector<int>{row, row + 1, row + 2};
  }
  Vec3 components(const Vec3& v) const { return planar_ ? Vec3(v.x(), v.z(), 0.0) : v; }

  void add(int row, int column, double value) {
    if (value == 0.0) return;
    row_index_.push_back(row);
    column_index_.push_back(column);
    elements_.push_back(value);
  }
  // A new row below the others.
  int add_row() { return rows_++; }
  // `count` new columns after the others: the first one's index.
  int add_columns(int count) {
    const int first = columns_;
    columns_ += count;
    return first;
  }
  // The equilibrium rows' entries (row, value) of each column up to lambda's: a force's
  // column, whose transpose maps the bodies' velocities to the rate of the contact's
  // relative motion along it (virtual work), and the live load's, its work.
  std::vector<std::vector<std::pair<int, double>>> equilibrium_columns() const {
    std::vector<std::vector<std::pair<int, double>>> columns(static_cast<std::size_t>(lambda_ + 1));
    for (std::size_t e = 0; e < elements_.size(); ++e)
      if (column_index_[e] <= lambda_ && row_index_[e] < equilibrium_rows_)
        columns[static_cast<std::size_t>(column_index_[e])].emplace_back(row_index_[e],
                                                                         elements_[e]);
    return columns;
  }

  CoinPackedMatrix matrix() const {
    return CoinPackedMatrix(true, row_index_.data(), column_index_.data(), elements_.data(),
                            static_cast<CoinBigIndex>(elements_.size()));
  }

 private:
  const model::Scene& scene_;
  bool planar_;
  std::vector<int> first_row_;
  int rows_ = 0;
  int equilibrium_rows_ = 0;
  int per_contact_ = 3;
  int lambda_ = 0;
  int columns_ = 0;
  double force_unit_ = 0.0;
  std::vector<int> row_index_;
  std::vector<int> column_index_;
  std::vector<double> elements_;
};

}  // namespace

double LoadPattern::load_factor(double lambda) const {
  return kind == "tilt" ? initial_tilt + std::atan(lambda) * 180.0 / std::numbers::pi : lambda;
}

double LoadPattern::least_multiplier() const {
  return kind == "tilt" ? -std::tan(initial_tilt * std::numbers::pi / 180.0) : 0.0;
}

std::string LoadPattern::load_factor_name() const {
  if (kind == "tilt") return "tilt_angle_deg";
  return kind == "lateral" ? "lambda" : "pga_g";
}

LoadPattern load_pattern(const run::Problem& problem) {
  const model::GravityLoad& gravity = problem.gravity;
  if (gravity.gravity.isZero())
    throw core::Diagnostic({problem.path.string()}, "gravity",
                           "a gravity: the loads are in proportion to the blocks' weights", "0");
  // d/d alpha R(axis, alpha) g0 = axis x g(alpha) (model::GravityLoad::tilt_axis): from the
  // table's angle at t = 0, where the dead load is g(alpha_0), a live load lambda |g| along
  // axis x g(alpha_0), orthogonal to it, turns the sum by exactly atan(lambda).
  // g(alpha_0) is taken without a gravity ramp's factor, which is 0 at t = 0.
  if (gravity.tilts()) {
    const Vec3 start = Eigen::AngleAxisd(gravity.tilt_initial * std::numbers::pi / 180.0,
                                         gravity.tilt_axis.normalized()) *
                       gravity.gravity;
    return {"tilt", {gravity.tilt_axis.cross(start).normalized()}, gravity.tilt_initial};
  }
  if (gravity.lateral_rate > 0.0) return {"lateral", {gravity.lateral_direction}};
  if (const model::GroundMotion* ground = run::strongest_ground_motion(problem)) {
    const Vec3 direction = peak_direction(*ground);
    if (!direction.allFinite())
      throw core::Diagnostic({problem.path.string()}, "loads",
                             "a ground motion with a horizontal component, the direction of "
                             "its equivalent static load",
                             "a vertical record");
    return {"ground motion", {direction, -direction}};
  }
  throw core::Diagnostic({problem.path.string()}, "loads",
                         "a lateral load to find the collapse of: loads.tilt, loads.lateral "
                         "or a ground motion (friction resists a scaled gravity in proportion)",
                         "none");
}

std::vector<dynamics::Contact> standing_contacts(const model::Scene& scene) {
  std::vector<dynamics::Contact> contacts;
  for (const dynamics::BodyContact& detected : dynamics::touching_contacts(scene))
    contacts.push_back(dynamics::contact_of(detected, scene));
  return contacts;
}

dynamics::Bond joint_strengths(const model::Scene& scene, const dynamics::Contact& contact) {
  const model::ContactLaw& law =
      scene.interactions.law(scene.bodies[static_cast<std::size_t>(contact.body_a)].material,
                             scene.bodies[static_cast<std::size_t>(contact.body_b)].material);
  dynamics::Bond bond;  // zero: dry
  if (law.cohesion > 0.0 && contact.point.area > 0.0) {
    bond.cohesion = law.cohesion * contact.point.area;
    bond.tensile_strength = law.tensile_strength * contact.point.area;
  }
  return bond;
}

namespace {

// An index of the programs' int columns and rows into std::vector.
std::size_t at(int index) { return static_cast<std::size_t>(index); }

// The statics shared by both programs: equilibrium of every free body under the contact forces,
// its weight and lambda times its live load (in units of force_unit()), and the friction
// cones' faces, each with its row bounds; the forces' and lambda's column bounds.
struct Statics {
  Program program;
  std::vector<double> row_lower, row_upper, column_lower, column_upper;
  /// The cones' faces e_j . c_t <= mu' c_n, e_j a unit direction on the contact's tangents
  /// (t1, t2): planar +t1 and -t1, 3D the pyramid's. Contact k's face j is row
  /// first_face_row + k faces.size() + j.
  std::vector<Eigen::Vector2d> faces;
  int first_face_row = 0;
  /// |c_t| <= corner mu' c_n inside the faces: 1 planar, 1 / cos(pi / m) at the pyramid's edges
  double corner = 1.0;
  std::vector<double> mu;  ///< per contact, mu' of its faces
  /// per contact, its faces' shift by the bond's cohesion (0 for a dry contact): e_j . c_t <=
  /// mu' c_n + cohesion; its tensile strength is c_n's lower bound, -T.
  std::vector<double> cohesion;
};

// Sum of contact forces + lambda live = -dead; planar |c_t| <= mu c_n; 3D
// (cos phi_j, sin phi_j) . c_t <= mu' c_n, with mu' = mu cos(pi / m) (inscribed) or mu
// (circumscribed). With `normal_forces`, one per contact, the faces bound c_t by mu' times
// them instead, a shear strength that c_n does not change. A bonded contact's cone is
// Mohr-Coulomb's, shifted by C / mu along the normal and cut at -T (cohesive_joints.hpp):
// its faces' bound rises by C (C cos(pi / m) on the inscribed pyramid), c_n >= -T; both
// strengths times `strength_scale`, in units of force_unit().
Statics statics(const model::Scene& scene, const std::vector<dynamics::Contact>& contacts,
                const Vec3& direction, ConeFacets cone, int facets, double strength_scale,
                const std::vector<double>& normal_forces = {}) {
  Statics s{Program(scene, contacts.size()), {}, {}, {}, {}, {}, 0, 1.0, {}, {}};
  Program& program = s.program;
  const int per_contact = program.per_contact();
  const bool planar = scene.dimension == 2;
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const dynamics::Contact& c = contacts[k];
    for (int j = 0; j < per_contact; ++j) {
      const int column = static_cast<int>(k) * per_contact + j;
      program.add_force(c.body_a, c.point.p, c.frame.col(j), 1.0, column);
      program.add_force(c.body_b, c.point.p, c.frame.col(j), -1.0, column);
    }
  }
  s.row_lower.assign(at(program.equilibrium_rows()), 0.0);
  const double g = scene.gravity.norm();
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const int body = static_cast<int>(b);
    if (program.first_row(body) < 0) continue;
    const double share = scene.bodies[b].mass / program.force_unit();
    const Vec3 dead = program.components(share * scene.gravity);
    const Vec3 live = program.components(share * g * direction);
    const std::vector<int> rows = program.force_rows(body);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      s.row_lower[at(rows[k])] = -dead[static_cast<int>(k)];
      program.add(rows[k], program.lambda_column(), live[static_cast<int>(k)]);
    }
  }
  s.row_upper = s.row_lower;
  const int sides = planar ? 2 : facets;
  for (int j = 0; j < sides; ++j) {
    const double phi = 2.0 * std::numbers::pi * j / sides;
    s.faces.emplace_back(std::cos(phi), planar ? 0.0 : std::sin(phi));
  }
  s.first_face_row = program.rows();
  s.corner = planar ? 1.0 : 1.0 / std::cos(std::numbers::pi / facets);
  const double shrink =
      planar || cone == ConeFacets::Circumscribed ? 1.0 : std::cos(std::numbers::pi / facets);
  s.column_lower.assign(at(program.columns()), -kInfinity);
  s.column_upper.assign(at(program.columns()), kInfinity);
  const double unit = strength_scale / program.force_unit();
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const int first = static_cast<int>(k) * per_contact;
    const dynamics::Bond bond = joint_strengths(scene, contacts[k]);
    s.mu.push_back(contacts[k].friction * shrink);
    s.cohesion.push_back(bond.cohesion * shrink * unit);
    s.column_lower[at(first)] = -bond.tensile_strength * unit;
    for (const Eigen::Vector2d& e : s.faces) {
      const int row = program.add_row();
      if (normal_forces.empty()) program.add(row, first, -s.mu.back());
      for (int j = 1; j < per_contact; ++j) program.add(row, first + j, e[j - 1]);
      s.row_lower.push_back(-kInfinity);
      s.row_upper.push_back((normal_forces.empty() ? 0.0 : s.mu.back() * normal_forces[k]) +
                            s.cohesion.back());
    }
  }
  return s;
}

// The answer's forces (x: the program's columns) and its mechanism from the bodies'
// velocities (`velocity(row)`: the velocity conjugate to an equilibrium row), scaled so that
// the fastest point moves at 1 m/s and the live load does positive work.
template <typename Velocity>
void describe(const model::Scene& scene, const std::vector<dynamics::Contact>& contacts,
              const Program& program, const double* x, Velocity velocity, Collapse& collapse) {
  const bool planar = scene.dimension == 2;
  const auto per_contact = at(program.per_contact());
  collapse.outcome = Collapse::Outcome::Collapse;
  collapse.multiplier = x[program.lambda_column()];
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const double* c = x + k * per_contact;
    const Vec3 tangential =
        program.force_unit() *
        (c[1] * contacts[k].frame.col(1) + (planar ? 0.0 : c[2]) * contacts[k].frame.col(2));
    if (c[0] != 0.0 || !tangential.isZero())
      collapse.forces.push_back({static_cast<int>(k), program.force_unit() * c[0], tangential});
  }
  collapse.velocities.assign(scene.bodies.size(), Vec3::Zero());
  collapse.angular_velocities.assign(scene.bodies.size(), Vec3::Zero());
  double live_work = 0.0;
  double fastest = 0.0;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const int row = program.first_row(static_cast<int>(b));
    if (row < 0) continue;
    const auto y = [&](int k) { return velocity(row + k); };
    collapse.velocities[b] = planar ? Vec3(y(0), 0.0, y(1)) : Vec3(y(0), y(1), y(2));
    collapse.angular_velocities[b] = planar ? Vec3(0.0, y(2), 0.0) : Vec3(y(3), y(4), y(5));
    live_work += scene.bodies[b].mass * collapse.direction.dot(collapse.velocities[b]);
    fastest = std::max(
        fastest, collapse.velocities[b].norm() + collapse.angular_velocities[b].norm() *
                                                     dynamics::bounding_radius(scene.bodies[b]));
  }
  const double scale = fastest > 0.0 ? std::copysign(1.0 / fastest, live_work) : 0.0;
  model::Scene moving = scene;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    collapse.velocities[b] *= scale;
    collapse.angular_velocities[b] *= scale;
    moving.bodies[b].v = collapse.velocities[b];
    moving.bodies[b].w_B = moving.bodies[b].q.conjugate() * collapse.angular_velocities[b];
  }
  collapse.mechanism = run::summarize(dynamics::identify_mechanism(moving, contacts), moving);
}

// Loads the statics into `simplex` and maximizes lambda.
void solve_largest_multiplier(const Statics& s, ClpSimplex& simplex) {
  std::vector<double> objective(at(s.program.columns()), 0.0);
  objective[at(s.program.lambda_column())] = 1.0;
  simplex.setLogLevel(0);
  simplex.loadProblem(s.program.matrix(), s.column_lower.data(), s.column_upper.data(),
                      objective.data(), s.row_lower.data(), s.row_upper.data());
  simplex.setOptimizationDirection(-1.0);  // maximize lambda
  ClpSolve method;
  method.setPresolveType(ClpSolve::presolveOn);
  // The barrier method, then a crossover to a vertex, whose duals are a mechanism of few
  // moving parts: on a house's programs far faster than the simplex method of Clp's automatic
  // choice (measured in docs/limit-analysis.md, "Cost, and the choice of Clp").
  method.setSolveType(ClpSolve::useBarrier);
  simplex.initialSolve(method);
}

}  // namespace

Collapse associative_collapse(const model::Scene& scene,
                              const std::vector<dynamics::Contact>& contacts, const Vec3& direction,
                              ConeFacets cone, int facets, double strength_scale) {
  MOREAU_ASSERT(facets >= 3 && strength_scale > 0.0);
  const Statics s = statics(scene, contacts, direction, cone, facets, strength_scale);
  ClpSimplex simplex;
  solve_largest_multiplier(s, simplex);

  Collapse collapse;
  collapse.direction = direction;
  collapse.strength_scale = strength_scale;
  if (simplex.status() == 1) return collapse;  // primal infeasible
  if (simplex.status() == 2) {
    collapse.outcome = Collapse::Outcome::NoCollapse;
    return collapse;
  }
  MOREAU_ASSERT(simplex.status() == 0);  // optimal: bounded and feasible
  // The duals of the equilibrium rows are the bodies' virtual velocities (the principle of
  // virtual work: the program's dual is the kinematic one), up to a positive factor once the
  // live load does positive work on them.
  const double* price = simplex.getRowPrice();
  describe(
      scene, contacts, s.program, simplex.getColSolution(), [price](int row) { return price[row]; },
      collapse);
  return collapse;
}

namespace {

// The live load's least power on a mechanism of the non-associative program (rates sum to 1):
// it excludes mechanisms on which the live load does no work, where lambda is arbitrary.
constexpr double kLeastLiveWork = 1e-4;
// A rate (an opening, a face's slip) of a mechanism is one where it exceeds this share of its
// fastest velocity.
constexpr double kRateShare = 1e-9;
// The fictitious-friction iteration's relaxation of the normal forces it draws the shear
// strengths from: N <- (N + c_n) / 2. Without it the iteration cycles on walls.
constexpr double kRelaxation = 0.5;
// Normal forces (in units of the mean block's weight) that change by less than this from one
// fictitious program to the next have settled: ten times Clp's feasibility tolerance.
constexpr double kForceTolerance = 1e-6;

// The complementarity program of non-associative limit analysis without its
// complementarities: the statics, the bodies' velocities u, per contact its opening rate
// d_k = A_n^T u >= 0 and slips z_kj >= 0 along -e_j with A_t^T u = -sum_j z_kj e_j (no
// dilatancy: slipping leaves d_k alone), the rates summing to 1 and the live load doing
// work on them, lambda from the least multiplier searched to upper.
struct Complementarity {
  Statics s;
  MovingBonds bonds = MovingBonds::Hold;  ///< what the bonded contacts that move keep
  int velocity = 0;                       ///< first column of u, one per equilibrium row
  int opening = 0;                        ///< first column of d
  int slip = 0;  ///< first column of z, contact k's face j at slip + k faces + j
  /// The statics' columns up to lambda's, each its equilibrium rows: the transposes
  /// A_n^T u, A_t^T u and the live load's work.
  std::vector<std::vector<std::pair<int, double>>> columns;

  int faces() const { return static_cast<int>(s.faces.size()); }
  int contacts() const { return static_cast<int>(s.mu.size()); }
  // Contact k's normal force column.
  int normal(int k) const { return s.program.per_contact() * k; }
  int face_row(int k, int j) const { return s.first_face_row + faces() * k + j; }

  int add_row(double lower, double upper) {
    s.row_lower.push_back(lower);
    s.row_upper.push_back(upper);
    return s.program.add_row();
  }
};

Complementarity complementarity(const model::Scene& scene,
                                const std::vector<dynamics::Contact>& contacts,
                                const Collapse& associative, ConeFacets cone, int facets,
                                MovingBonds bonds, double least_multiplier) {
  Complementarity p{
      statics(scene, contacts, associative.direction, cone, facets, associative.strength_scale),
      bonds,
      0,
      0,
      0,
      {}};
  Program& program = p.s.program;
  const int n = p.contacts();
  const int m = p.faces();
  const int per_contact = program.per_contact();
  p.velocity = program.add_columns(program.equilibrium_rows());
  p.opening = program.add_columns(n);
  p.slip = program.add_columns(m * n);
  p.columns = program.equilibrium_columns();
  const auto add_transpose = [&](int row, int column) {
    for (const auto& [body_row, value] : p.columns[at(column)])
      program.add(row, p.velocity + body_row, value);
  };
  for (int k = 0; k < n; ++k) {
    int row = p.add_row(0.0, 0.0);
    add_transpose(row, p.normal(k));
    program.add(row, p.opening + k, -1.0);
    for (int t = 1; t < per_contact; ++t) {
      row = p.add_row(0.0, 0.0);
      add_transpose(row, p.normal(k) + t);
      for (int j = 0; j < m; ++j) program.add(row, p.slip + m * k + j, p.s.faces[at(j)][t - 1]);
    }
  }
  const int rates = p.add_row(1.0, 1.0);
  for (int column = p.opening; column < program.columns(); ++column)
    program.add(rates, column, 1.0);
  add_transpose(p.add_row(kLeastLiveWork, kInfinity), program.lambda_column());
  p.s.column_lower.resize(at(program.columns()), 0.0);
  p.s.column_upper.resize(at(program.columns()), 1.0);
  for (int column = p.velocity; column < p.opening; ++column) {
    p.s.column_lower[at(column)] = -kInfinity;
    p.s.column_upper[at(column)] = kInfinity;
  }
  const auto lambda = at(program.lambda_column());
  p.s.column_lower[lambda] = std::min(least_multiplier, associative.multiplier);
  p.s.column_upper[lambda] = associative.multiplier;
  return p;
}

std::vector<double> least_multiplier_objective(const Complementarity& p) {
  std::vector<double> objective(at(p.s.program.columns()), 0.0);
  objective[at(p.s.program.lambda_column())] = 1.0;
  return objective;
}

// The largest normal force of each contact over the statically admissible fields with lambda
// within p's bounds (one linear program a contact, warm-started from the last): the big-M
// constants of the mixed-integer program, which then cut none of its solutions, since no
// solution's multiplier exceeds the associative one. Empty where one of them is unbounded
// (a self-stress).
std::vector<double> largest_normal_forces(const Complementarity& p) {
  const Statics& s = p.s;
  std::vector<double> objective(s.column_lower.size(), 0.0);
  ClpSimplex simplex;
  simplex.setLogLevel(0);
  simplex.loadProblem(s.program.matrix(), s.column_lower.data(), s.column_upper.data(),
                      objective.data(), s.row_lower.data(), s.row_upper.data());
  simplex.setOptimizationDirection(-1.0);
  std::vector<double> largest;
  const int per_contact = s.program.per_contact();
  for (int k = 0; k < static_cast<int>(s.mu.size()); ++k) {
    if (k > 0) simplex.setObjectiveCoefficient((k - 1) * per_contact, 0.0);
    simplex.setObjectiveCoefficient(k * per_contact, 1.0);
    simplex.primal();
    if (simplex.status() != 0) return {};
    largest.push_back(simplex.getColSolution()[at(k * per_contact)]);
  }
  return largest;
}

// The complementarities as binaries with big-M bounds (the forces' largest values C_k, a
// bond's strengths T_k and c_k, the faces' shift): y_k (the contact may open): d_k <= y_k,
// c_n + T_k <= (C_k + T_k) (1 - y_k); w_kj (it may slip along -e_j): z_kj <= w_kj,
// mu' c_n + c_k - e_j . c_t <= S_k (1 - w_kj), S_k = (mu' C_k + c_k) (1 + corner) the faces'
// largest slack. At a contact with no force every face holds, and slips along
// faces that share no edge could cancel into rates that move nothing: only faces that share
// one, at most two, may slip together (planar: one way at a time). With brittle bonds
// (MovingBonds::Break) a binary b_k >= y_k, w_kj says the contact moves, and then its bond is
// broken: c_n >= -T_k (1 - b_k), e_j . c_t - mu' c_n <= c_k (1 - b_k), and it opens at c_n = 0
// and slips on the dry cone's faces (T_k and c_k left out of the rows above). Returns the
// first binary's column.
int add_complementarities(Complementarity& p, const std::vector<double>& largest) {
  Program& program = p.s.program;
  const int n = p.contacts();
  const int m = p.faces();
  const int per_contact = program.per_contact();
  const bool brittle = p.bonds == MovingBonds::Break;
  const int open = program.add_columns(n);
  const int slides = program.add_columns(m * n);
  const int moves = brittle ? program.add_columns(n) : 0;
  p.s.column_lower.resize(at(program.columns()), 0.0);
  p.s.column_upper.resize(at(program.columns()), 1.0);
  for (int k = 0; k < n; ++k) {
    const int normal = p.normal(k);
    const double big = largest[at(k)];
    const double mu = p.s.mu[at(k)];
    const double tension = -p.s.column_lower[at(normal)];
    const double cohesion = p.s.cohesion[at(k)];
    const double shear = mu * big + cohesion;  // the largest |c_t| on the faces
    const double slack = shear * (1.0 + p.s.corner);
    // The strengths of a contact that moves.
    const double moving_tension = brittle ? 0.0 : tension;
    const double moving_cohesion = brittle ? 0.0 : cohesion;
    p.s.column_upper[at(normal)] = big;
    for (int t = 1; t < per_contact; ++t) {
      p.s.column_lower[at(normal + t)] = -p.s.corner * shear;
      p.s.column_upper[at(normal + t)] = p.s.corner * shear;
    }
    int row = p.add_row(-kInfinity, 0.0);
    program.add(row, p.opening + k, 1.0);
    program.add(row, open + k, -1.0);
    row = p.add_row(-kInfinity, big);
    program.add(row, normal, 1.0);
    program.add(row, open + k, big + moving_tension);
    for (int j = 0; j < m; ++j) {
      const Eigen::Vector2d& e = p.s.faces[at(j)];
      row = p.add_row(-kInfinity, 0.0);
      program.add(row, p.slip + m * k + j, 1.0);
      program.add(row, slides + m * k + j, -1.0);
      row = p.add_row(-kInfinity, slack - moving_cohesion);
      program.add(row, normal, mu);
      for (int t = 1; t < per_contact; ++t) program.add(row, normal + t, -e[t - 1]);
      program.add(row, slides + m * k + j, slack);
    }
    if (brittle) {
      for (int binary = 0; binary <= m; ++binary) {  // b_k >= y_k, b_k >= w_kj
        row = p.add_row(-kInfinity, 0.0);
        program.add(row, binary == m ? open + k : slides + m * k + binary, 1.0);
        program.add(row, moves + k, -1.0);
      }
      row = p.add_row(-kInfinity, tension);
      program.add(row, normal, -1.0);
      program.add(row, moves + k, tension);
      for (int j = 0; j < m; ++j) program.add(p.face_row(k, j), moves + k, cohesion);
    }
    for (int i = 0; i < m; ++i)
      for (int j = i + 1; j < m; ++j) {
        if (m > 2 && (j == i + 1 || (i == 0 && j == m - 1))) continue;  // share an edge
        row = p.add_row(-kInfinity, 1.0);
        program.add(row, slides + m * k + i, 1.0);
        program.add(row, slides + m * k + j, 1.0);
      }
    if (m == 3) {  // any two of three faces share an edge
      row = p.add_row(-kInfinity, 2.0);
      for (int j = 0; j < m; ++j) program.add(row, slides + m * k + j, 1.0);
    }
  }
  return open;
}

// A mechanism's modes: which contacts open and along which faces each slips.
struct Modes {
  std::vector<bool> opens;
  std::vector<bool> slides;  ///< contact k's face j at k faces + j
  bool operator==(const Modes&) const = default;
};

// The complementarity program with its binaries fixed, a linear program, loaded once and
// solved for each mechanism's modes, the dual simplex method starting from the last.
class ModesProgram {
 public:
  explicit ModesProgram(const Complementarity& p) : p_(p) {
    const std::vector<double> objective = least_multiplier_objective(p);
    simplex_.setLogLevel(0);
    simplex_.loadProblem(p.s.program.matrix(), p.s.column_lower.data(), p.s.column_upper.data(),
                         objective.data(), p.s.row_lower.data(), p.s.row_upper.data());
  }

  // The least multiplier at which a mechanism of these modes has consistent forces: the
  // normal forces of the contacts that open are at their least (zero, a bond's -T), those of
  // the contacts that slip along -e_j lie on face j, and no other contact moves; with brittle
  // bonds a contact that moves is dry. False where it has none.
  bool solve(const Modes& modes) {
    const Complementarity& p = p_;
    const int m = p.faces();
    for (int k = 0; k < p.contacts(); ++k) {
      const bool opens = modes.opens[at(k)];
      bool moves = opens;
      for (int j = 0; j < m; ++j) moves = moves || modes.slides[at(m * k + j)];
      const bool dry = p.bonds == MovingBonds::Break && moves;
      const auto normal = at(p.normal(k));
      const double least = dry ? 0.0 : p.s.column_lower[normal];
      simplex_.setColumnLower(p.normal(k), least);
      simplex_.setColumnUpper(p.normal(k), opens ? least : p.s.column_upper[normal]);
      simplex_.setColumnUpper(p.opening + k, opens ? p.s.column_upper[at(p.opening + k)] : 0.0);
      for (int j = 0; j < m; ++j) {
        const bool slides = modes.slides[at(m * k + j)];
        const auto face = at(p.face_row(k, j));
        const double bound = p.s.row_upper[face] - (dry ? p.s.cohesion[at(k)] : 0.0);
        simplex_.setRowUpper(p.face_row(k, j), bound);
        simplex_.setRowLower(p.face_row(k, j), slides ? bound : p.s.row_lower[face]);
        simplex_.setColumnUpper(p.slip + m * k + j,
                                slides ? p.s.column_upper[at(p.slip + m * k + j)] : 0.0);
      }
    }
    if (solved_)
      simplex_.dual();
    else
      simplex_.initialSolve();
    solved_ = true;
    return simplex_.status() == 0;
  }

  const double* solution() const { return simplex_.getColSolution(); }

 private:
  const Complementarity& p_;
  ClpSimplex simplex_;
  bool solved_ = false;
};

// The modes of the mechanism of a program on the statics whose duals are the velocities
// (`price`): the contacts whose opening rate and the faces whose multipliers exceed
// kRateShare of the fastest velocity. `price` may be a fictitious program's: statics() lays
// out its equilibrium and face rows as those of p.s, whatever bounds its faces have.
Modes modes_of(const Complementarity& p, const double* price) {
  const Program& program = p.s.program;
  double fastest = 0.0;
  double live_work = 0.0;
  const auto& columns = p.columns;
  for (int row = 0; row < program.equilibrium_rows(); ++row)
    fastest = std::max(fastest, std::abs(price[row]));
  for (const auto& [row, value] : columns[at(program.lambda_column())])
    live_work += value * price[row];
  const double sign = live_work < 0.0 ? -1.0 : 1.0;
  Modes modes;
  const int m = p.faces();
  for (int k = 0; k < p.contacts(); ++k) {
    double opening = 0.0;
    for (const auto& [row, value] : columns[at(p.normal(k))]) opening += sign * value * price[row];
    modes.opens.push_back(opening > kRateShare * fastest);
    for (int j = 0; j < m; ++j)
      modes.slides.push_back(std::abs(price[p.face_row(k, j)]) > kRateShare * fastest);
  }
  return modes;
}

// The answer of a solved complementarity program.
void describe_mechanism(const model::Scene& scene, const std::vector<dynamics::Contact>& contacts,
                        const Complementarity& p, const double* x, Collapse& collapse) {
  const int velocity = p.velocity;
  describe(
      scene, contacts, p.s.program, x, [x, velocity](int row) { return x[velocity + row]; },
      collapse);
}

// Where the fictitious-friction iteration starts: the associative collapse's normal forces;
// those of the weights alone with the least sum (no self-stress), from which a joint that the
// weights do not press has no strength; or none at all, every joint frictionless at first,
// from which the iteration reaches mechanisms that both others miss (a wall with a window).
enum class Start { Associative, Weights, Frictionless };

// The normal forces of `start` in the force unit of p's program, the weights' with the
// bonds' strengths times `strength_scale`; empty where its program has no solution.
std::vector<double> starting_normal_forces(const model::Scene& scene,
                                           const std::vector<dynamics::Contact>& contacts,
                                           const Complementarity& p, const Collapse& associative,
                                           ConeFacets cone, int facets, double strength_scale,
                                           Start start) {
  std::vector<double> normal(contacts.size(), 0.0);
  if (start == Start::Frictionless) return normal;
  if (start == Start::Associative) {
    for (const ContactForce& force : associative.forces)
      normal[at(force.contact)] = force.normal / p.s.program.force_unit();
    return normal;
  }
  Statics s = statics(scene, contacts, associative.direction, cone, facets, strength_scale);
  std::vector<double> objective(at(s.program.columns()), 0.0);
  for (int k = 0; k < p.contacts(); ++k) objective[at(p.normal(k))] = 1.0;
  const auto lambda = at(s.program.lambda_column());
  s.column_lower[lambda] = s.column_upper[lambda] = 0.0;
  ClpSimplex simplex;
  simplex.setLogLevel(0);
  simplex.loadProblem(s.program.matrix(), s.column_lower.data(), s.column_upper.data(),
                      objective.data(), s.row_lower.data(), s.row_upper.data());
  simplex.initialSolve();
  if (simplex.status() != 0) return {};
  for (int k = 0; k < p.contacts(); ++k) normal[at(k)] = simplex.getColSolution()[p.normal(k)];
  return normal;
}

// One step of the fictitious-friction iteration on the program of `fictitious`: the
// strengths' normal forces N moved half way to the program's c_n (kRelaxation), and the
// faces' bounds mu' N (+ a bond's shift) set in `simplex`.
// Returns the largest change of N.
double relax_strengths(const Complementarity& p, const Statics& fictitious, const double* x,
                       std::vector<double>& normal, ClpSimplex& simplex) {
  double change = 0.0;
  for (int k = 0; k < p.contacts(); ++k) {
    double& n = normal[at(k)];
    const double relaxed = (1.0 - kRelaxation) * n + kRelaxation * x[p.normal(k)];
    change = std::max(change, std::abs(relaxed - n));
    n = relaxed;
    for (int j = 0; j < p.faces(); ++j)
      simplex.setRowUpper(p.face_row(k, j), fictitious.mu[at(k)] * n + fictitious.cohesion[at(k)]);
  }
  return change;
}

// The least multiplier found by the fictitious-friction iteration, with the solution of the
// complementarity program (its columns before the binaries) that has it.
struct Candidate {
  double multiplier = kInfinity;
  std::vector<double> x;
};

// The iteration of Gilbert, Casapulla and Ahmed (limit_analysis.hpp) from each start, on the
// bonded joints' programs and, with brittle bonds, on the dry joints' too (strengths times 0).
Candidate fictitious_friction(const model::Scene& scene,
                              const std::vector<dynamics::Contact>& contacts,
                              const Collapse& associative, ConeFacets cone, int facets,
                              const Complementarity& p, int iterations) {
  Candidate least;
  const int lambda = p.s.program.lambda_column();
  ModesProgram consistent(p);
  std::vector<double> strength_scales{associative.strength_scale};
  if (p.bonds == MovingBonds::Break) strength_scales.push_back(0.0);
  for (const double strength_scale : strength_scales)
    for (const Start start : {Start::Associative, Start::Weights, Start::Frictionless}) {
      std::vector<double> normal = starting_normal_forces(scene, contacts, p, associative, cone,
                                                          facets, strength_scale, start);
      if (normal.empty()) continue;
      const Statics fictitious =
          statics(scene, contacts, associative.direction, cone, facets, strength_scale, normal);
      ClpSimplex simplex;
      solve_largest_multiplier(fictitious, simplex);
      Modes tried;
      for (int iteration = 0; iteration < iterations && simplex.status() == 0; ++iteration) {
        Modes modes = modes_of(p, simplex.getRowPrice());
        if (modes != tried && consistent.solve(modes) &&
            consistent.solution()[lambda] < least.multiplier) {
          least.multiplier = consistent.solution()[lambda];
          least.x.assign(consistent.solution(), consistent.solution() + p.s.program.columns());
        }
        tried = std::move(modes);
        if (relax_strengths(p, fictitious, simplex.getColSolution(), normal, simplex) <=
            kForceTolerance)
          break;
        simplex.dual();
      }
    }
  return least;
}

// The binaries of the mixed-integer program that a solution of its continuous part takes:
// y_k = 1 where the contact opens, w_kj = 1 where it slips along -e_j, and with brittle bonds
// b_k = 1 where it does either.
std::vector<double> with_binaries(const Complementarity& p, std::vector<double> x) {
  const int m = p.faces();
  for (int k = 0; k < p.contacts(); ++k) x.push_back(x[at(p.opening + k)] > 0.0 ? 1.0 : 0.0);
  for (int k = 0; k < p.contacts(); ++k)
    for (int j = 0; j < m; ++j) x.push_back(x[at(p.slip + m * k + j)] > 0.0 ? 1.0 : 0.0);
  if (p.bonds == MovingBonds::Break)
    for (int k = 0; k < p.contacts(); ++k) {
      bool moves = x[at(p.opening + k)] > 0.0;
      for (int j = 0; j < m; ++j) moves = moves || x[at(p.slip + m * k + j)] > 0.0;
      x.push_back(moves ? 1.0 : 0.0);
    }
  return x;
}

}  // namespace

MinimumCollapse nonassociative_collapse(const model::Scene& scene,
                                        const std::vector<dynamics::Contact>& contacts,
                                        const Collapse& associative, ConeFacets cone, int facets,
                                        int iterations, double seconds, MovingBonds bonds,
                                        double least_multiplier) {
  MOREAU_ASSERT(associative.outcome == Collapse::Outcome::Collapse && facets >= 3 &&
                iterations >= 1 && seconds >= 0.0);
  Complementarity p =
      complementarity(scene, contacts, associative, cone, facets, bonds, least_multiplier);
  MinimumCollapse minimum;
  minimum.collapse.direction = associative.direction;
  minimum.collapse.strength_scale = associative.strength_scale;
  Candidate least = fictitious_friction(scene, contacts, associative, cone, facets, p, iterations);
  const std::vector<double> largest =
      seconds > 0.0 ? largest_normal_forces(p) : std::vector<double>{};
  if (largest.size() == contacts.size()) {
    const int first_binary = add_complementarities(p, largest);
    const std::vector<double> objective = least_multiplier_objective(p);
    OsiClpSolverInterface solver;
    solver.loadProblem(p.s.program.matrix(), p.s.column_lower.data(), p.s.column_upper.data(),
                       objective.data(), p.s.row_lower.data(), p.s.row_upper.data());
    for (int column = first_binary; column < p.s.program.columns(); ++column)
      solver.setInteger(column);
    solver.messageHandler()->setLogLevel(0);
    CbcModel model(solver);
    model.setLogLevel(0);
    if (!least.x.empty()) {
      const std::vector<double> start = with_binaries(p, least.x);
      model.setBestSolution(start.data(), static_cast<int>(start.size()), least.multiplier, true);
    }
    CbcSolverUsefulData parameters;
    CbcMain0(model, parameters);
    parameters.noPrinting_ = true;
    const std::string limit = core::concat(seconds);
    // Cbc's own driver: its presolve, cuts and heuristics, one thread, within `seconds`.
    // Its preprocessing is off: its postsolve prints to stdout whatever the log level.
    const char* arguments[] = {"moreau", "-log",        "0",      "-preprocess", "off",
                               "-sec",   limit.c_str(), "-solve", "-quit"};
    CbcMain1(
        9, arguments, model, [](CbcModel*, int) { return 0; }, parameters);
    const double* x = model.bestSolution();
    if (x && x[p.s.program.lambda_column()] <= least.multiplier) {
      least.multiplier = x[p.s.program.lambda_column()];
      least.x.assign(x, x + p.s.program.columns());
    }
    minimum.proven = x && model.isProvenOptimal();
    minimum.lower_bound = minimum.proven
                              ? least.multiplier
                              : std::max(p.s.column_lower[at(p.s.program.lambda_column())],
                                         model.getBestPossibleObjValue());
    if (!x && model.isProvenInfeasible()) {
      minimum.unsolved =
          "no mechanism has consistent forces at any multiplier up to the associative one";
      return minimum;
    }
  }
  if (least.x.empty()) {
    minimum.unsolved =
        core::concat("no mechanism found (", iterations, " fictitious programs from each start",
                     seconds > 0.0 ? core::concat(", ", seconds, " s of Cbc") : "", ")");
    return minimum;
  }
  describe_mechanism(scene, contacts, p, least.x.data(), minimum.collapse);
  return minimum;
}

}  // namespace moreau::limit
