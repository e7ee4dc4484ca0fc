#include "moreau/contact/natural_map_error.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/core/assert.hpp"

#include <algorithm>
#include <limits>

namespace moreau::contact {
namespace {

template <int d>
double squared_residual(const VecX& mu, const VecX& r, const VecX& u) {
  double sum = 0.0;
  for (Index a = 0; a < mu.size(); ++a) {
    const Block<d> r_a = r.segment<d>(d * a);
    const Block<d> u_hat = de_saxce_velocity<d>(u.segment<d>(d * a), mu[a]);
    sum += (r_a - project_onto_cone<d>(r_a - u_hat, mu[a])).squaredNorm();
  }
  return sum;
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
  const double residual =
      std::sqrt(dimension == 3 ? squared_residual<3>(mu, r, u) : squared_residual<2>(mu, r, u));
  const double scale = std::max({q_norm, r.norm(), u.norm()});
  return scale < std::numeric_limits<double>::epsilon() ? residual : residual / scale;
}

}  // namespace moreau::contact
