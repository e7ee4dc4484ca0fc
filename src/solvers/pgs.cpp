#include "moreau/solvers/pgs.hpp"

#include "moreau/contact/cone.hpp"
#include "moreau/core/assert.hpp"
#include "sweep_loop.hpp"

#include <Eigen/Eigenvalues>

#include <vector>

namespace moreau::solvers {
namespace {

/// rho_a = step / lambda_max(W_aa); 0 for a zero block, whose impulse moves nothing.
template <int d>
std::vector<double> step_lengths(const LocalProblem& problem, double step) {
  std::vector<double> rho(static_cast<std::size_t>(problem.contacts()));
  for (Index a = 0; a < problem.contacts(); ++a) {
    const Eigen::Matrix<double, d, d> W_aa = problem.W.block<d>(problem.W.diagonal(a));
    const double lambda_max = Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, d, d>>(
                                  0.5 * (W_aa + W_aa.transpose()), Eigen::EigenvaluesOnly)
                                  .eigenvalues()[d - 1];
    rho[a] = lambda_max > 0.0 ? step / lambda_max : 0.0;
  }
  return rho;
}

template <int d>
detail::SweepResult pgs_sweep(const LocalProblem& problem, const std::vector<double>& rho,
                              VecX& r) {
  double squared_change = 0.0;
  for (Index a = 0; a < problem.contacts(); ++a) {
    const contact::Block<d> r_old = r.segment<d>(d * a);
    const contact::Block<d> u_a = problem.q.segment<d>(d * a) + problem.W.row_times<d>(a, r);
    const contact::Block<d> r_new = contact::project_onto_cone<d>(
        r_old - rho[a] * contact::de_saxce_velocity<d>(u_a, problem.mu[a]), problem.mu[a]);
    // N.B. checked before the store: r keeps its last finite value.
    if (!r_new.allFinite()) return {std::sqrt(squared_change), false};
    r.segment<d>(d * a) = r_new;
    squared_change += (r_new - r_old).squaredNorm();
  }
  return {std::sqrt(squared_change), true};
}

template <int d>
SolveReport solve_pgs(const PgsOptions& options, const LocalProblem& problem, VecX& r) {
  const Stopwatch watch;
  const std::vector<double> rho = step_lengths<d>(problem, options.step);
  return detail::run_sweeps(problem, options.stop, false, watch, r,
                            [&] { return pgs_sweep<d>(problem, rho, r); });
}

}  // namespace

Pgs::Pgs(const PgsOptions& options) : options_(options) {
  // Written so that NaN is refused too.
  if (!(options.step > 0.0 && options.step < 2.0))
    throw core::Diagnostic({"PgsOptions"}, "PgsOptions.step", "a number in (0, 2)",
                           core::concat(options.step));
  detail::validate(options.stop, "PgsOptions");
}

SolveReport Pgs::solve(const LocalProblem& problem, VecX& r) const {
  MOREAU_ASSERT(r.size() == problem.size());
  return problem.dimension == 3 ? solve_pgs<3>(options_, problem, r)
                                : solve_pgs<2>(options_, problem, r);
}

}  // namespace moreau::solvers
