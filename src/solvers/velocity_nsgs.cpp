#include "moreau/solvers/velocity_nsgs.hpp"

#include "block_diagonal_inverse.hpp"
#include "contact_rows.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/one_contact.hpp"
#include "sweep_loop.hpp"

#include <cmath>
#include <vector>

namespace moreau::solvers {
namespace {

using contact::Block;
using detail::ContactRows;

// What a solve prepares once: H and M^-1 H by contact, each contact's one-contact solver on
// W_aa = H_a^T M^-1 H_a + C_a, and the error's scale.
template <int d>
struct VelocityNsgsWorkspace {
  VelocityNsgsWorkspace(const GlobalProblem& problem, const detail::BlockDiagonalInverse& inverse);

  const GlobalProblem& problem;
  const detail::BlockDiagonalInverse& mass_inverse;
  ContactRows H, G;  ///< G = M^-1 H
  VecX compliance;   ///< C, d n_c (zeros where the problem has none)
  std::vector<OneContactSolver<d>> contacts;
  double q_norm = 0.0;  ///< |H^T M^-1 f + w|
};

// W_aa = H_a^T G_a, over H_a's rows (G_a's rows include them, both ascending).
template <int d>
Eigen::Matrix<double, d, d> diagonal_block(const ContactRows& H, const ContactRows& G, Index a) {
  Eigen::Matrix<double, d, d> W_aa = Eigen::Matrix<double, d, d>::Zero();
  Index g = G.start[a];
  for (Index k = H.start[a]; k < H.start[a + 1]; ++k) {
    while (G.dof[g] != H.dof[k]) ++g;
    W_aa += Eigen::Map<const Block<d>>(H.values.data() + d * k) *
            Eigen::Map<const Block<d>>(G.values.data() + d * g).transpose();
  }
  return W_aa;
}

template <int d>
VelocityNsgsWorkspace<d>::VelocityNsgsWorkspace(const GlobalProblem& problem_,
                                                const detail::BlockDiagonalInverse& inverse)
    : problem(problem_),
      mass_inverse(inverse),
      H(detail::contact_rows(problem_.H, d, problem_.contacts())),
      G(inverse.times(H, d)),
      compliance(problem_.compliant() ? problem_.compliance : VecX::Zero(d * problem_.contacts())) {
  contacts.reserve(static_cast<std::size_t>(problem.contacts()));
  for (Index a = 0; a < problem.contacts(); ++a)
    contacts.emplace_back(Eigen::Matrix<double, d, d>(
                              diagonal_block<d>(H, G, a) +
                              Block<d>(compliance.segment<d>(d * a)).asDiagonal().toDenseMatrix()),
                          problem.mu[a]);
  VecX v_free(problem.dofs()), q(d * problem.contacts());
  inverse.apply(problem.f, v_free);
  detail::local_velocity<d>(H, v_free, problem.w, q);
  q_norm = q.norm();
}

// v = M^-1 (f + H r).
template <int d>
void velocity_of(const VelocityNsgsWorkspace<d>& ws, const VecX& r, VecX& v) {
  VecX rhs = ws.problem.f;
  detail::add_generalized_impulse<d>(ws.H, r, rhs);
  ws.mass_inverse.apply(rhs, v);
}

// One sweep in contact order, v kept equal to M^-1 (f + H r) up to round-off.
template <int d>
detail::SweepResult sweep(const VelocityNsgsWorkspace<d>& ws, double omega, VecX& r, VecX& v) {
  double squared_change = 0.0;
  for (Index a = 0; a < ws.problem.contacts(); ++a) {
    const Block<d> r_old = r.segment<d>(d * a);
    const OneContactSolver<d>& contact = ws.contacts[a];
    // u~_a - W_aa r_old, u~ = H^T v + w + C r (the contact's own impulse removed)
    const Block<d> q_a = detail::local_velocity<d>(ws.H, v, ws.problem.w, a) +
                         ws.compliance.template segment<d>(d * a).cwiseProduct(r_old) -
                         contact.W() * r_old;
    const Block<d> r_new = omega * contact.solve(q_a, r_old).r + (1.0 - omega) * r_old;
    // N.B. checked before the store: r keeps its last finite value.
    if (!r_new.allFinite()) return {std::sqrt(squared_change), false};
    r.segment<d>(d * a) = r_new;
    detail::add_generalized_impulse<d>(ws.G, a, Block<d>(r_new - r_old), v);
    squared_change += (r_new - r_old).squaredNorm();
  }
  return {std::sqrt(squared_change), true};
}

template <int d>
SolveReport solve_velocity_nsgs(const VelocityNsgsOptions& options, const GlobalProblem& problem,
                                VecX& r, VecX& v) {
  const Stopwatch watch;
  const detail::BlockDiagonalInverse inverse(problem.M);
  if (!inverse.positive_definite()) {
    SolveReport report;
    report.status = Status::NonFinite;
    report.error = INFINITY;
    report.seconds = watch.seconds();
    return report;
  }
  const VelocityNsgsWorkspace<d> ws(problem, inverse);
  v.resize(problem.dofs());
  velocity_of<d>(ws, r, v);
  VecX u(r.size());
  // The full measure recomputes v from r: the error is that of r, not of the drifted v.
  const auto measure = [&] {
    velocity_of<d>(ws, r, v);
    detail::local_velocity<d>(ws.H, v, problem.w, u);
    return contact::natural_map_error(d, problem.mu, r, u + ws.compliance.cwiseProduct(r),
                                      ws.q_norm);
  };
  return detail::run_sweeps(
      options.stop, options.stop_on_stagnation, watch, r,
      [&] { return sweep<d>(ws, options.relaxation, r, v); }, measure);
}

}  // namespace

VelocityNsgs::VelocityNsgs(const VelocityNsgsOptions& options) : options_(options) {
  // Written so that NaN is refused too.
  if (!(options.relaxation > 0.0 && options.relaxation < 2.0))
    throw core::Diagnostic({"VelocityNsgsOptions"}, "VelocityNsgsOptions.relaxation",
                           "a number in (0, 2)", core::concat(options.relaxation));
  detail::validate(options.stop, "VelocityNsgsOptions");
}

SolveReport VelocityNsgs::solve(const GlobalProblem& problem, VecX& r, VecX& v) const {
  MOREAU_ASSERT(r.size() == problem.dimension * problem.contacts());
  return problem.dimension == 3 ? solve_velocity_nsgs<3>(options_, problem, r, v)
                                : solve_velocity_nsgs<2>(options_, problem, r, v);
}

}  // namespace moreau::solvers
