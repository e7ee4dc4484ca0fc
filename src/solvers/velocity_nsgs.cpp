#include "moreau/solvers/velocity_nsgs.hpp"

#include "block_diagonal_inverse.hpp"
#include "contact_rows.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/one_contact.hpp"
#include "sweep_loop.hpp"

#include <algorithm>
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

// q_a = u~_a - W_aa r_a, u~ = H^T v + w + C r: contact a's local velocity with its own impulse
// r_a removed, the others' frozen.
template <int d>
Block<d> free_velocity(const VelocityNsgsWorkspace<d>& ws, const VecX& v, const Block<d>& r_a,
                       Index a) {
  return detail::local_velocity<d>(ws.H, v, ws.problem.w, a) +
         ws.compliance.template segment<d>(d * a).cwiseProduct(r_a) - ws.contacts[a].W() * r_a;
}

// One sweep in contact order, v kept equal to M^-1 (f + H r) up to round-off.
template <int d>
detail::SweepResult sweep(const VelocityNsgsWorkspace<d>& ws, double omega, VecX& r, VecX& v) {
  double squared_change = 0.0;
  for (Index a = 0; a < ws.problem.contacts(); ++a) {
    const Block<d> r_old = r.segment<d>(d * a);
    const OneContactSolver<d>& contact = ws.contacts[a];
    const Block<d> r_new =
        omega * contact.solve(free_velocity<d>(ws, v, r_old, a), r_old).r + (1.0 - omega) * r_old;
    // N.B. checked before the store: r keeps its last finite value.
    if (!r_new.allFinite()) return {std::sqrt(squared_change), false};
    r.segment<d>(d * a) = r_new;
    detail::add_generalized_impulse<d>(ws.G, a, Block<d>(r_new - r_old), v);
    squared_change += (r_new - r_old).squaredNorm();
  }
  return {std::sqrt(squared_change), true};
}

// LMGC90's convergence check of its NLGS (mod_nlgs_3D.f90: solve_nlgs(i_check),
// compute_convergence_norms_nlgs, check_convergence_nlgs), on v = M^-1 (f + H r): a pass that
// updates nothing, in which each contact solves its one-contact problem against the current
// impulses of the others. With r_a its impulse, r'_a that solution, dv_a = W_aa (r_a - r'_a)
// the change of its local velocity the update would make, rbar_a = (r_a + r'_a) / 2, and n
// the contacts whose rbar_a is not zero:
//   QuadDV   = sqrt(sum |dv_a|^2 / n) / QuadWR,
//              QuadWR^2 = sum (|W_aa r_a|^2 + |W_aa r'_a|^2) / 2n
//   QuadDVR  = sqrt(sum |dv_a|^2 |rbar_a|^2 / n) / MeanWRR,
//              MeanWRR = sum (r_a.W_aa r_a + r'_a.W_aa r'_a) / 2n
//   MeanDVoR = sum rbar_a.dv_a / (n MeanWRR)
//   MaxmDV, MaxmDVR: QuadDV and QuadDVR with the largest contact's term for the mean.
// "Quad" converges when |MeanDVoR|, QuadDV and QuadDVR are below the tolerance; "QM/16" when
// MaxmDV and MaxmDVR are also below 16.666 times it. Returned: the largest of those ratios
// (the Maxm ones divided by 16.666), compared with the tolerance as the natural-map error is.
// With no impulse, before or after, nothing would change: 0, as LMGC90 converges there.
template <int d>
double lmgc90_check(const VelocityNsgsWorkspace<d>& ws, SweepCriterion criterion, const VecX& r,
                    const VecX& v) {
  double dv_dv = 0.0, dv_dv_rr = 0.0, dv_r = 0.0, wr_wr = 0.0, wr_r = 0.0;
  double max_dv_dv = 0.0, max_dv_dv_rr = 0.0;
  Index n = 0;
  for (Index a = 0; a < ws.problem.contacts(); ++a) {
    const Block<d> r_old = r.segment<d>(d * a);
    const OneContactSolver<d>& contact = ws.contacts[a];
    const Block<d> r_new = contact.solve(free_velocity<d>(ws, v, r_old, a), r_old).r;
    const Block<d> r_mean = 0.5 * (r_old + r_new);
    if (r_mean.isZero(0.0)) continue;
    ++n;
    const Block<d> wr_old = contact.W() * r_old, wr_new = contact.W() * r_new;
    const Block<d> dv = wr_old - wr_new;
    const double dv_dv_a = dv.squaredNorm(), dv_dv_rr_a = dv_dv_a * r_mean.squaredNorm();
    dv_dv += dv_dv_a;
    dv_dv_rr += dv_dv_rr_a;
    max_dv_dv = std::max(max_dv_dv, dv_dv_a);
    max_dv_dv_rr = std::max(max_dv_dv_rr, dv_dv_rr_a);
    dv_r += r_mean.dot(dv);
    wr_wr += 0.5 * (wr_old.squaredNorm() + wr_new.squaredNorm());
    wr_r += 0.5 * (wr_old.dot(r_old) + wr_new.dot(r_new));
  }
  if (n == 0 || !(wr_wr > 0.0) || !(wr_r > 0.0)) return 0.0;
  const double quad_wr = std::sqrt(wr_wr / n), mean_wrr = wr_r / n;
  double check = std::max(
      {std::abs(dv_r) / wr_r, std::sqrt(dv_dv / n) / quad_wr, std::sqrt(dv_dv_rr / n) / mean_wrr});
  if (criterion == SweepCriterion::Lmgc90Qm16) {
    constexpr double kMaximumOverMean = 16.666;  // LMGC90's bound on the Maxm norms
    check = std::max({check, std::sqrt(max_dv_dv) / quad_wr / kMaximumOverMean,
                      std::sqrt(max_dv_dv_rr) / mean_wrr / kMaximumOverMean});
  }
  return check;
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
  const auto sweep_once = [&] { return sweep<d>(ws, options.relaxation, r, v); };
  if (options.criterion == SweepCriterion::NaturalMap)
    return detail::run_sweeps(options.stop, options.stop_on_stagnation, watch, r, sweep_once,
                              measure);
  SolveReport report =
      detail::run_sweeps(options.stop, options.stop_on_stagnation, watch, r, sweep_once, [&] {
        velocity_of<d>(ws, r, v);
        return lmgc90_check<d>(ws, options.criterion, r, v);
      });
  report.criterion = to_string(options.criterion);
  // The criterion's value decided; the error reported is the law's, measured on the same r.
  report.error = measure();
  if (!std::isfinite(report.error)) report.status = Status::NonFinite;
  report.seconds = watch.seconds();
  return report;
}

}  // namespace

std::string_view to_string(SweepCriterion criterion) {
  switch (criterion) {
    case SweepCriterion::NaturalMap:
      return kNaturalMapCriterion;
    case SweepCriterion::Lmgc90Quad:
      return "lmgc90-quad";
    case SweepCriterion::Lmgc90Qm16:
      return "lmgc90-qm16";
  }
  return "unknown";
}

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
