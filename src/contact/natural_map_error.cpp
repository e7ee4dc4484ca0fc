#include "moreau/contact/natural_map_error.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/core/assert.hpp"

#include <algorithm>
#include <limits>

namespace moreau::contact {
namespace {

// sum_a |r_a - P_K(r_a - û_a)|^2, with û_a = u_hat(a).
template <int d, class VelocityHat>
double squared_residual(const VecX& mu, const VecX& r, VelocityHat u_hat) {
  double sum = 0.0;
  for (Index a = 0; a < mu.size(); ++a) {
    const Block<d> r_a = r.segment<d>(d * a);
    sum += (r_a - project_onto_cone<d>(r_a - u_hat(a), mu[a])).squaredNorm();
  }
  return sum;
}

template <int d>
double squared_true_residual(const VecX& mu, const VecX& r, const VecX& u) {
  return squared_residual<d>(
      mu, r, [&](Index a) { return de_saxce_velocity<d>(u.segment<d>(d * a), mu[a]); });
}

template <int d>
double squared_frozen_residual(const VecX& mu, const VecX& r, const VecX& u, const VecX& shift) {
  return squared_residual<d>(
      mu, r, [&](Index a) -> Block<d> { return u.segment<d>(d * a) + shift.segment<d>(d * a); });
}

double relative(double residual, double q_norm, const VecX& r, const VecX& u) {
  const double scale = std::max({q_norm, r.norm(), u.norm()});
  // A norm past the largest double (entries past 1e154 square to infinity) has no relative
  // error to offer: residual / inf would be 0, and a solver would report convergence at
  // once (four contacts with q = 1e155 q_0 converged at r = 0). Rescaling by the largest
  // entry would measure such data, err being of degree 0 in (r, u, q), but the solvers'
  // own merits (Newton's |Phi|^2, the sweeps' changes) overflow there as well: NaN, and the
  // solvers report NonFinite.
  if (!std::isfinite(scale)) return std::numeric_limits<double>::quiet_NaN();
  return scale < std::numeric_limits<double>::epsilon() ? residual : residual / scale;
}

}  // namespace

double natural_map_error(const LocalProblem& problem, const VecX& r) {
  return natural_map_error(problem, r, problem.velocity(r));
}

double natural_map_error(const LocalProblem& problem, const VecX& r, const VecX& u) {
  MOREAU_ASSERT(r.size() == problem.size() && u.size() == problem.size());
  return natural_map_error(problem.dimension, problem.mu, r, u, problem.q.norm());
}

double natural_map_error(int dimension, const VecX& mu, const VecX& r, const VecX& u,
                         double q_norm) {
  MOREAU_ASSERT(r.size() == dimension * mu.size() && u.size() == r.size());
  const double residual = std::sqrt(dimension == 3 ? squared_true_residual<3>(mu, r, u)
                                                   : squared_true_residual<2>(mu, r, u));
  return relative(residual, q_norm, r, u);
}

double frozen_natural_map_error(int dimension, const VecX& mu, const VecX& r, const VecX& u,
                                const VecX& shift, double q_norm) {
  MOREAU_ASSERT(r.size() == dimension * mu.size() && u.size() == r.size() &&
                shift.size() == r.size());
  const double residual = std::sqrt(dimension == 3 ? squared_frozen_residual<3>(mu, r, u, shift)
                                                   : squared_frozen_residual<2>(mu, r, u, shift));
  return relative(residual, q_norm, r, u);
}

}  // namespace moreau::contact
