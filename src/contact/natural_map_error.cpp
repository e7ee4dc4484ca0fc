#include "moreau/contact/natural_map_error.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/core/assert.hpp"

#include <algorithm>
#include <limits>

namespace moreau::contact {
namespace {

template <int d>
double squared_residual(const LocalProblem& problem, const VecX& r, const VecX& u) {
  double sum = 0.0;
  for (Index a = 0; a < problem.contacts(); ++a) {
    const Block<d> r_a = r.segment<d>(d * a);
    const Block<d> u_hat = de_saxce_velocity<d>(u.segment<d>(d * a), problem.mu[a]);
    sum += (r_a - project_onto_cone<d>(r_a - u_hat, problem.mu[a])).squaredNorm();
  }
  return sum;
}

}  // namespace

double natural_map_error(const LocalProblem& problem, const VecX& r) {
  return natural_map_error(problem, r, problem.velocity(r));
}

double natural_map_error(const LocalProblem& problem, const VecX& r, const VecX& u) {
  MOREAU_ASSERT(r.size() == problem.size() && u.size() == problem.size());
  const double residual = std::sqrt(problem.dimension == 3 ? squared_residual<3>(problem, r, u)
                                                           : squared_residual<2>(problem, r, u));
  const double scale = std::max({problem.q.norm(), r.norm(), u.norm()});
  return scale < std::numeric_limits<double>::epsilon() ? residual : residual / scale;
}

}  // namespace moreau::contact
