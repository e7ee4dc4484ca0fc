#include "moreau/solvers/prox.hpp"

#include "gauss_seidel.hpp"
#include "moreau/core/assert.hpp"
#include "sweep_loop.hpp"

#include <cmath>
#include <numeric>
#include <optional>

namespace moreau::solvers {
namespace {

/// w_bar, the mean diagonal entry of W (units of W); 1 for an all-zero diagonal.
template <int d>
double typical_stiffness(const LocalProblem& problem) {
  double sum = 0.0;
  for (Index a = 0; a < problem.contacts(); ++a)
    sum += problem.W.block<d>(problem.W.diagonal(a)).trace();
  return sum > 0.0 ? sum / static_cast<double>(problem.size()) : 1.0;
}

struct InnerResult {
  bool finished = false;  ///< the sweep change fell below the inner tolerance
  bool finite = true;
};

/// Gauss-Seidel sweeps on the regularized problem around center = r.
template <int d>
InnerResult inner_solve(const LocalProblem& problem, const ProxOptions& options, double alpha,
                        double inner_tolerance, const VecX& center, VecX& r) {
  const auto contacts = detail::prepare_contacts<d>(problem, alpha);
  std::vector<Index> order(static_cast<std::size_t>(problem.contacts()));
  std::iota(order.begin(), order.end(), Index{0});
  for (int sweep = 0; sweep < options.inner_iterations; ++sweep) {
    const detail::SweepResult result =
        detail::gauss_seidel_sweep<d>(problem, contacts, order, 1.0, {alpha, &center}, r);
    if (!result.finite) return {false, false};
    if (result.change <= inner_tolerance * r.norm()) return {true, true};
  }
  return {false, true};
}

template <int d>
SolveReport solve_prox(const ProxOptions& options, const LocalProblem& problem, VecX& r) {
  const Stopwatch watch;
  const StopCriteria& stop = options.stop;
  SolveReport report;
  VecX u(problem.size()), center(problem.size());
  const auto measure = [&] {
    detail::compute_velocity(problem, r, u);
    return contact::natural_map_error(problem, r, u);
  };
  const double w_bar = typical_stiffness<d>(problem);
  report.error = measure();
  double alpha = options.sigma * std::pow(report.error, options.nu) * w_bar;
  std::optional<Status> cut_short;
  while (std::isfinite(report.error) && report.error > stop.tolerance &&
         report.iterations < stop.max_iterations && !(cut_short = watch.cut_short(stop))) {
    ++report.iterations;
    center = r;
    const InnerResult inner =
        inner_solve<d>(problem, options, alpha, report.error / options.inner_ratio, center, r);
    report.error = measure();
    if (stop.record_history) report.error_history.push_back(report.error);
    if (!inner.finite) break;
    alpha =
        inner.finished ? options.sigma * std::pow(report.error, options.nu) * w_bar : 10.0 * alpha;
  }
  report.status = !std::isfinite(report.error) || !r.allFinite() ? Status::NonFinite
                  : report.error <= stop.tolerance               ? Status::Converged
                  : report.iterations >= stop.max_iterations     ? Status::MaxIterations
                  : cut_short                                    ? *cut_short
                                                                 : Status::NonFinite;
  report.seconds = watch.seconds();
  return report;
}

}  // namespace

Prox::Prox(const ProxOptions& options) : options_(options) {
  const auto require = [](bool valid, const char* key, const char* expected, double found) {
    if (!valid) throw core::Diagnostic({"ProxOptions"}, key, expected, core::concat(found));
  };
  // Written so that NaN is refused too.
  require(options.sigma > 0.0, "ProxOptions.sigma", "a number > 0", options.sigma);
  require(options.nu > 0.0 && options.nu <= 2.0, "ProxOptions.nu", "a number in (0, 2]",
          options.nu);
  require(options.inner_iterations >= 1, "ProxOptions.inner_iterations", "a whole number >= 1",
          options.inner_iterations);
  require(options.inner_ratio > 1.0, "ProxOptions.inner_ratio", "a number > 1",
          options.inner_ratio);
  detail::validate(options.stop, "ProxOptions");
}

SolveReport Prox::solve(const LocalProblem& problem, VecX& r) const {
  MOREAU_ASSERT(r.size() == problem.size());
  return problem.dimension == 3 ? solve_prox<3>(options_, problem, r)
                                : solve_prox<2>(options_, problem, r);
}

}  // namespace moreau::solvers
