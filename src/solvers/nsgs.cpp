#include "moreau/solvers/nsgs.hpp"

#include "gauss_seidel.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <random>

namespace moreau::solvers {
namespace detail {

template <int d>
std::vector<OneContactSolver<d>> prepare_contacts(const LocalProblem& problem, double sigma) {
  std::vector<OneContactSolver<d>> contacts;
  contacts.reserve(static_cast<std::size_t>(problem.contacts()));
  for (Index a = 0; a < problem.contacts(); ++a) {
    const auto W_aa = problem.W.block<d>(problem.W.diagonal(a));
    contacts.emplace_back(W_aa + sigma * Eigen::Matrix<double, d, d>::Identity(), problem.mu[a]);
  }
  return contacts;
}

template <int d>
SweepResult gauss_seidel_sweep(const LocalProblem& problem,
                               std::span<const OneContactSolver<d>> contacts,
                               std::span<const Index> order, double omega,
                               const ProximalTerm& proximal, VecX& r) {
  double squared_change = 0.0;
  for (const Index a : order) {
    const contact::Block<d> r_old = r.segment<d>(d * a);
    // Local free velocity: q_a + sum over b != a of W_ab r_b (row_times includes b = a).
    contact::Block<d> q_a = problem.q.segment<d>(d * a) + problem.W.row_times<d>(a, r) -
                            problem.W.block<d>(problem.W.diagonal(a)) * r_old;
    // PROX: (W + sigma I) r + q - sigma c has the same off-diagonal part and q_a - sigma c_a.
    if (proximal.sigma != 0.0) q_a -= proximal.sigma * proximal.center->segment<d>(d * a);
    const contact::Block<d> r_new = omega * contacts[a].solve(q_a, r_old).r + (1.0 - omega) * r_old;
    // N.B. checked before the store: r keeps its last finite value.
    if (!r_new.allFinite()) return {std::sqrt(squared_change), false};
    r.segment<d>(d * a) = r_new;
    squared_change += (r_new - r_old).squaredNorm();
  }
  return {std::sqrt(squared_change), true};
}

template std::vector<OneContactSolver<2>> prepare_contacts<2>(const LocalProblem&, double);
template std::vector<OneContactSolver<3>> prepare_contacts<3>(const LocalProblem&, double);
template SweepResult gauss_seidel_sweep<2>(const LocalProblem&,
                                           std::span<const OneContactSolver<2>>,
                                           std::span<const Index>, double, const ProximalTerm&,
                                           VecX&);
template SweepResult gauss_seidel_sweep<3>(const LocalProblem&,
                                           std::span<const OneContactSolver<3>>,
                                           std::span<const Index>, double, const ProximalTerm&,
                                           VecX&);

}  // namespace detail

namespace {

template <int d>
SolveReport solve_nsgs(const NsgsOptions& options, const LocalProblem& problem, VecX& r) {
  const Stopwatch watch;
  const auto contacts = detail::prepare_contacts<d>(problem, 0.0);
  std::vector<Index> order(static_cast<std::size_t>(problem.contacts()));
  std::iota(order.begin(), order.end(), Index{0});
  // Randomness is owned by the call: same seed, same orders. Seeded only to shuffle: seeding
  // the Mersenne twister costs more than solving a problem of a few contacts.
  std::optional<std::mt19937_64> rng;
  if (options.shuffle) rng.emplace(options.seed);
  return detail::run_sweeps(problem, options.stop, options.stop_on_stagnation, watch, r, [&] {
    if (rng) std::shuffle(order.begin(), order.end(), *rng);
    return detail::gauss_seidel_sweep<d>(problem, contacts, order, options.relaxation, {}, r);
  });
}

}  // namespace

Nsgs::Nsgs(const NsgsOptions& options) : options_(options) {
  // Written so that NaN is refused too.
  if (!(options.relaxation > 0.0 && options.relaxation < 2.0))
    throw core::Diagnostic({"NsgsOptions"}, "NsgsOptions.relaxation", "a number in (0, 2)",
                           core::concat(options.relaxation));
  detail::validate(options.stop, "NsgsOptions");
}

SolveReport Nsgs::solve(const LocalProblem& problem, VecX& r) const {
  MOREAU_ASSERT(r.size() == problem.size());
  return problem.dimension == 3 ? solve_nsgs<3>(options_, problem, r)
                                : solve_nsgs<2>(options_, problem, r);
}

}  // namespace moreau::solvers
