#include "moreau/limit/limit_analysis.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/mechanism.hpp"

#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <CoinPackedMatrix.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

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
    force_unit_ /= std::max(free_bodies, 1);
    per_contact_ = planar_ ? 2 : 3;
    lambda_ = per_contact_ * static_cast<int>(contacts);
  }

  int equilibrium_rows() const { return rows_; }
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

  CoinPackedMatrix matrix() const {
    return CoinPackedMatrix(true, row_index_.data(), column_index_.data(), elements_.data(),
                            static_cast<CoinBigIndex>(elements_.size()));
  }

 private:
  const model::Scene& scene_;
  bool planar_;
  std::vector<int> first_row_;
  int rows_ = 0;
  int per_contact_ = 3;
  int lambda_ = 0;
  double force_unit_ = 0.0;
  std::vector<int> row_index_;
  std::vector<int> column_index_;
  std::vector<double> elements_;
};

}  // namespace

double LoadPattern::load_factor(double lambda) const {
  return kind == "tilt" ? std::atan(lambda) * 180.0 / std::numbers::pi : lambda;
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
  const Vec3 down = gravity.gravity.normalized();
  // R(axis, alpha) g0 = g0 + alpha axis x g0 + O(alpha^2) (model::GravityLoad::tilt_axis).
  if (gravity.tilts()) return {"tilt", {gravity.tilt_axis.cross(down).normalized()}};
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

Collapse associative_collapse(const model::Scene& scene,
                              const std::vector<dynamics::Contact>& contacts, const Vec3& direction,
                              ConeFacets cone, int facets) {
  MOREAU_ASSERT(facets >= 3);
  if (scene.interactions.has_cohesion())
    throw core::Diagnostic({}, "interactions",
                           "contact laws without cohesion (moreau limit does not model bonded "
                           "joints yet)",
                           "a cohesion");
  Program program(scene, contacts.size());
  const int per_contact = program.per_contact();
  const bool planar = scene.dimension == 2;
  // Equilibrium: sum of contact forces + lambda live = -dead.
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const dynamics::Contact& c = contacts[k];
    for (int j = 0; j < per_contact; ++j) {
      const int column = static_cast<int>(k) * per_contact + j;
      program.add_force(c.body_a, c.point.p, c.frame.col(j), 1.0, column);
      program.add_force(c.body_b, c.point.p, c.frame.col(j), -1.0, column);
    }
  }
  std::vector<double> row_lower(static_cast<std::size_t>(program.equilibrium_rows()), 0.0);
  const double g = scene.gravity.norm();
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const int body = static_cast<int>(b);
    if (program.first_row(body) < 0) continue;
    const double share = scene.bodies[b].mass / program.force_unit();
    const Vec3 dead = program.components(share * scene.gravity);
    const Vec3 live = program.components(share * g * direction);
    const std::vector<int> rows = program.force_rows(body);
    for (std::size_t k = 0; k < rows.size(); ++k) {
      row_lower[static_cast<std::size_t>(rows[k])] = -dead[static_cast<int>(k)];
      program.add(rows[k], program.lambda_column(), live[static_cast<int>(k)]);
    }
  }
  std::vector<double> row_upper = row_lower;
  // The cones: planar |c_t| <= mu c_n; 3D (cos phi_j, sin phi_j) . c_t <= mu' c_n, with
  // mu' = mu cos(pi / m) (inscribed) or mu (circumscribed).
  const int sides = planar ? 2 : facets;
  const double shrink =
      planar || cone == ConeFacets::Circumscribed ? 1.0 : std::cos(std::numbers::pi / facets);
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const int first = static_cast<int>(k) * per_contact;
    for (int j = 0; j < sides; ++j) {
      const int row = program.add_row();
      const double phi = 2.0 * std::numbers::pi * j / sides;
      program.add(row, first, -contacts[k].friction * shrink);
      program.add(row, first + 1, planar ? (j == 0 ? 1.0 : -1.0) : std::cos(phi));
      if (!planar) program.add(row, first + 2, std::sin(phi));
      row_lower.push_back(-kInfinity);
      row_upper.push_back(0.0);
    }
  }
  const int columns = program.lambda_column() + 1;
  std::vector<double> column_lower(static_cast<std::size_t>(columns), -kInfinity);
  std::vector<double> column_upper(static_cast<std::size_t>(columns), kInfinity);
  for (std::size_t k = 0; k < contacts.size(); ++k)
    column_lower[k * static_cast<std::size_t>(per_contact)] = 0.0;
  std::vector<double> objective(static_cast<std::size_t>(columns), 0.0);
  objective.back() = 1.0;

  ClpSimplex simplex;
  simplex.setLogLevel(0);
  simplex.loadProblem(program.matrix(), column_lower.data(), column_upper.data(), objective.data(),
                      row_lower.data(), row_upper.data());
  simplex.setOptimizationDirection(-1.0);  // maximize lambda
  ClpSolve method;
  method.setPresolveType(ClpSolve::presolveOn);
  // The barrier method, then a crossover to a vertex, whose duals are a mechanism of few
  // moving parts: on a house's programs far faster than the simplex method of Clp's automatic
  // choice (measured in docs/limit-analysis.md, "Cost, and the choice of Clp").
  method.setSolveType(ClpSolve::useBarrier);
  simplex.initialSolve(method);

  Collapse collapse;
  collapse.direction = direction;
  if (simplex.status() == 1) return collapse;  // primal infeasible
  if (simplex.status() == 2) {
    collapse.outcome = Collapse::Outcome::NoCollapse;
    return collapse;
  }
  MOREAU_ASSERT(simplex.status() == 0);  // optimal: bounded and feasible
  collapse.outcome = Collapse::Outcome::Collapse;
  const double* x = simplex.getColSolution();
  collapse.multiplier = x[program.lambda_column()];
  for (std::size_t k = 0; k < contacts.size(); ++k) {
    const double* c = x + k * static_cast<std::size_t>(per_contact);
    const Vec3 tangential =
        program.force_unit() *
        (c[1] * contacts[k].frame.col(1) + (planar ? 0.0 : c[2]) * contacts[k].frame.col(2));
    if (c[0] != 0.0 || !tangential.isZero())
      collapse.forces.push_back({static_cast<int>(k), program.force_unit() * c[0], tangential});
  }
  // The duals of the equilibrium rows are the bodies' virtual velocities (the principle of
  // virtual work: the program's dual is the kinematic one), up to a positive factor once the
  // live load does positive work on them.
  const double* price = simplex.getRowPrice();
  collapse.velocities.assign(scene.bodies.size(), Vec3::Zero());
  collapse.angular_velocities.assign(scene.bodies.size(), Vec3::Zero());
  double live_work = 0.0;
  double fastest = 0.0;
  for (std::size_t b = 0; b < scene.bodies.size(); ++b) {
    const int row = program.first_row(static_cast<int>(b));
    if (row < 0) continue;
    const double* y = price + row;
    collapse.velocities[b] = planar ? Vec3(y[0], 0.0, y[1]) : Vec3(y[0], y[1], y[2]);
    collapse.angular_velocities[b] = planar ? Vec3(0.0, y[2], 0.0) : Vec3(y[3], y[4], y[5]);
    live_work += scene.bodies[b].mass * direction.dot(collapse.velocities[b]);
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
  return collapse;
}

}  // namespace moreau::limit
