#include "moreau/solvers/velocity_newton.hpp"

#include "contact_loop.hpp"
#include "contact_rows.hpp"
#include "linear_operator.hpp"
#include "moreau/contact/cone.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/stop_request.hpp"
#include "moreau/solvers/repeated_lu.hpp"
#include "sweep_loop.hpp"

#include <Eigen/CholmodSupport>
#include <Eigen/IterativeLinearSolvers>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <unsupported/Eigen/IterativeSolvers>
#include <vector>

namespace moreau::solvers {
namespace {

using contact::Block;
using detail::add_generalized_impulse;
using detail::ContactRows;
using detail::for_each_contact;
using detail::local_velocity;
using math::SparseMat;
template <int d>
using BlockMat = Eigen::Matrix<double, d, d>;

// Which entries of M + sum_a H_a D_a H_a^T are stored: one triangle when every D_a is symmetric
// (the Hessian of F_k, for CHOLMOD), all of them when not (the Jacobian with the De Saxcé term's
// derivative, for RepeatedLu). The pattern is symmetric either way. Upper holds the lower
// triangle's entries, computed as Lower computes them, at their mirrored places: the same
// matrix to the bit, in the triangle a supernodal factorization takes with one transpose fewer
// (CholeskyFactor).
enum class Triangle { Lower, Upper, Full };

// CHOLMOD's Cholesky factor (Eigen's wrapper, whose factor and options its derived classes
// reach), factorized from either stored triangle of the matrix it analyzed. CHOLMOD permutes the
// matrix into its factor's order with one transpose from an upper triangle and two from a lower
// one where the factor is supernodal, the other way round where it is simplicial
// (cholmod_factorize_p): the transposes were 6 % of a calm step of the clock tower, and one
// fewer took 5 to 10 % off its solves (docs/large-structures.md, "Not done yet", "The Newton
// matrix in a calm step"). The analysis takes the lower triangle: AMD breaks its ties otherwise
// on the other one, and a small structure's answers changed in their last digits.
class CholeskyFactor : public Eigen::CholmodDecomposition<SparseMat, Eigen::Lower> {
 public:
  bool supernodal() const { return m_cholmodFactor != nullptr && m_cholmodFactor->is_super; }

  // The factorization of the matrix whose `triangle` (Lower or Upper) K stores.
  void factorize(const SparseMat& K, Triangle triangle) {
    cholmod_sparse A = Eigen::viewAsCholmod(Eigen::Ref<SparseMat>(const_cast<SparseMat&>(K)));
    A.stype = triangle == Triangle::Upper ? 1 : -1;
    cholmod_factorize_p(&A, m_shiftOffset, nullptr, 0, m_cholmodFactor, &cholmod());
    m_info = m_cholmodFactor->minor == m_cholmodFactor->n ? Eigen::Success : Eigen::NumericalIssue;
    m_factorizationIsOk = true;
  }
};

// The matrix M + sum_a H_a D_a H_a^T as a pattern, and where each term lands in it: the
// matrix is reassembled in place for every Newton step (the pattern is that of the bodies'
// graph, n_dof x n_dof, however many contacts there are).
struct HessianPattern {
  Triangle triangle = Triangle::Lower;
  SparseMat K;                    ///< values rewritten by assemble()
  std::vector<Index> mass_slot;   ///< slot of each stored entry of M, in M's storage order
  std::vector<Index> pair_start;  ///< contact a's pairs are [pair_start[a], pair_start[a + 1])
  /// Where each pair's term is kept: the terms of slot k's pairs, in contact order, are
  /// pair_term[slot_start[k] .. slot_start[k + 1]).
  std::vector<Index> term_of_pair, slot_start;
  /// Of assemble(), computed in parallel and summed into K in contact order: each contact's
  /// H_a D_a (at d ContactRows::start[a], column-major) and each pair's term of
  /// H_a D_a H_a^T.
  std::vector<double> product, pair_term;
};

// Whether entry (row, column) is computed: all of them, or the lower triangle's (stored at
// their mirrored places in Upper).
bool computed(Triangle triangle, Index row, Index column) {
  return triangle == Triangle::Full || row >= column;
}

Index slot_of(const SparseMat& K, Triangle triangle, Index row, Index column) {
  if (triangle == Triangle::Upper) std::swap(row, column);
  const int* first = K.innerIndexPtr() + K.outerIndexPtr()[column];
  const int* last = K.innerIndexPtr() + K.outerIndexPtr()[column + 1];
  const int* found = std::lower_bound(first, last, static_cast<int>(row));
  MOREAU_ASSERT(found != last && *found == row);
  return found - K.innerIndexPtr();
}

// The stored entries: in each column j of the lower triangle, M's entries, the diagonal, and
// the rows of every contact that touches j; their transpose for Upper.
SparseMat matrix_pattern(const SparseMat& M, const ContactRows& rows, Triangle triangle) {
  const Index n = M.rows();
  std::vector<std::vector<Index>> contacts_of(static_cast<std::size_t>(n));
  for (std::size_t a = 0; a + 1 < rows.start.size(); ++a)
    for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k)
      contacts_of[rows.dof[k]].push_back(static_cast<Index>(a));
  std::vector<int> outer{0}, inner;
  std::vector<Index> column;
  for (Index j = 0; j < n; ++j) {
    column.assign(1, j);
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (computed(triangle, it.row(), j)) column.push_back(it.row());
    for (const Index a : contacts_of[j])
      for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k)
        if (computed(triangle, rows.dof[k], j)) column.push_back(rows.dof[k]);
    std::sort(column.begin(), column.end());
    column.erase(std::unique(column.begin(), column.end()), column.end());
    for (const Index i : column) inner.push_back(static_cast<int>(i));
    outer.push_back(static_cast<int>(inner.size()));
  }
  const std::vector<double> zeros(inner.size(), 0.0);
  const Eigen::Map<const SparseMat> pattern(n, n, static_cast<Index>(inner.size()), outer.data(),
                                            inner.data(), zeros.data());
  if (triangle == Triangle::Upper) return pattern.transpose();
  return pattern;
}

HessianPattern hessian_pattern(const SparseMat& M, const ContactRows& rows, Triangle triangle) {
  HessianPattern pattern{triangle, matrix_pattern(M, rows, triangle), {}, {0}, {}, {}, {}, {}};
  for (Index j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (computed(triangle, it.row(), j))
        pattern.mass_slot.push_back(slot_of(pattern.K, triangle, it.row(), j));
  std::vector<Index> pair_slot;
  for (std::size_t a = 0; a + 1 < rows.start.size(); ++a) {
    for (Index q = rows.start[a]; q < rows.start[a + 1]; ++q)
      for (Index p = rows.start[a]; p < rows.start[a + 1]; ++p)
        if (computed(triangle, p, q))
          pair_slot.push_back(slot_of(pattern.K, triangle, rows.dof[p], rows.dof[q]));
    pattern.pair_start.push_back(static_cast<Index>(pair_slot.size()));
  }
  // A counting sort of the pairs by slot, stable: each slot's pairs stay in contact order.
  pattern.slot_start.assign(static_cast<std::size_t>(pattern.K.nonZeros()) + 1, 0);
  for (const Index slot : pair_slot) ++pattern.slot_start[slot + 1];
  std::partial_sum(pattern.slot_start.begin(), pattern.slot_start.end(),
                   pattern.slot_start.begin());
  std::vector<Index> next(pattern.slot_start.begin(), pattern.slot_start.end() - 1);
  pattern.term_of_pair.resize(pair_slot.size());
  for (std::size_t pair = 0; pair < pair_slot.size(); ++pair)
    pattern.term_of_pair[pair] = next[pair_slot[pair]]++;
  return pattern;
}

// Entries of K per task of assemble()'s sums: an entry sums about ten terms, in nanoseconds.
constexpr Index kSlotsPerTask = 4096;

// K = M + sum_a H_a D_a H_a^T in place, in the entries the pattern stores: each contact's terms
// in parallel, then each entry's sum in parallel over the entries, in contact order as the loop
// over contacts on one thread added them. An open contact's terms are zeros, which leave a sum
// as it was to the bit (in rounding to nearest a sum started at +0 is never -0).
template <int d>
void assemble(const SparseMat& M, const ContactRows& rows, const std::vector<BlockMat<d>>& D,
              HessianPattern& pattern) {
  double* values = pattern.K.valuePtr();
  std::fill(values, values + pattern.K.nonZeros(), 0.0);
  std::size_t m = 0;
  for (Index j = 0; j < M.outerSize(); ++j)
    for (SparseMat::InnerIterator it(M, j); it; ++it)
      if (computed(pattern.triangle, it.row(), j)) values[pattern.mass_slot[m++]] += it.value();
  const auto open = [&](Index a) { return D[a].isZero(); };  // no stiffness
  pattern.product.resize(rows.values.size());
  pattern.pair_term.resize(pattern.term_of_pair.size());
  for_each_contact(static_cast<Index>(D.size()), [&](Index a) {
    if (open(a)) {
      for (Index pair = pattern.pair_start[a]; pair < pattern.pair_start[a + 1]; ++pair)
        pattern.pair_term[pattern.term_of_pair[pair]] = 0.0;
      return;
    }
    const Index first = rows.start[a], count = rows.start[a + 1] - first;
    const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, d, Eigen::RowMajor>> H_a(
        rows.values.data() + d * first, count, d);
    Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, d>> H_D(pattern.product.data() + d * first,
                                                             count, d);
    H_D.noalias() = H_a * D[a];
    Index pair = pattern.pair_start[a];
    for (Index q = 0; q < count; ++q)
      for (Index p = 0; p < count; ++p)
        if (computed(pattern.triangle, p, q))
          pattern.pair_term[pattern.term_of_pair[pair++]] = H_D.row(p).dot(H_a.row(q));
  });
  tbb::parallel_for(tbb::blocked_range<Index>(0, pattern.K.nonZeros(), kSlotsPerTask),
                    [&](const tbb::blocked_range<Index>& slots) {
                      for (Index k = slots.begin(); k != slots.end(); ++k)
                        for (Index term = pattern.slot_start[k]; term < pattern.slot_start[k + 1];
                             ++term)
                          values[k] += pattern.pair_term[term];
                    });
}

// A bound of max |H^T x| / |x|_M, the square root of W's largest eigenvalue, with diag(M)
// for M: lambda_max(A^T A) <= |A|_1 |A|_inf (Hölder) for A = diag(M)^-1/2 H, whose largest
// column sum is over a contact's rows and largest row sum over a degree of freedom's contacts.
// It converts the error's scale (local velocities) into the inner tolerance's (m/s weighted by
// M): where a structure moves as a whole (on a tilting table, under ground motion, in flight)
// |v|_M is many times the relative velocities the error measures.
template <int d>
double velocity_gain_bound(const ContactRows& rows, const VecX& m_diagonal) {
  VecX row_sum = VecX::Zero(m_diagonal.size());
  double column_max = 0.0;
  for (std::size_t a = 0; a + 1 < rows.start.size(); ++a) {
    Block<d> column_sum = Block<d>::Zero();
    for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k) {
      const Block<d> entries = Eigen::Map<const Block<d>>(rows.values.data() + d * k).cwiseAbs() /
                               std::sqrt(m_diagonal[rows.dof[k]]);
      column_sum += entries;
      row_sum[rows.dof[k]] += entries.sum();
    }
    column_max = std::max(column_max, column_sum.maxCoeff());
  }
  return std::sqrt(column_max * (row_sum.size() > 0 ? row_sum.maxCoeff() : 0.0));
}

// Everything one solve keeps: H per contact, the factor of M, rho, the iterates.
template <int d>
struct VelocityNewtonWorkspace {
  explicit VelocityNewtonWorkspace(const GlobalProblem& problem_);

  const GlobalProblem& problem;
  ContactRows rows;
  CholeskyFactor mass;   ///< M = L L^T, for v = M^-1 (f + H r)
  VecX delassus_normal;  ///< W_aa,NN estimate per contact, h_aN^T diag(M)^-1 h_aN
  /// Of the compliant contacts (problem.compliance): the square roots of C_a, and the
  /// friction coefficient of the scaled cone C_a^1/2 K (impulse_of()); empty without.
  VecX compliance_root, scaled_mu;
  /// A bound of |H^T x| / |x|_M (x = M^-1 g), with diag(M) for M: the largest local
  /// velocity that a residual g of the inner problem leaves in u (velocity_gain_bound()).
  double velocity_gain = 0.0;
  VecX rho;             ///< per contact
  double q_norm = 0.0;  ///< |H^T M^-1 f + w|, the error's scale
  VecX center, shift;   ///< r_k and s_a e_N of the current outer iteration
  VecX u, z, projected, gradient, dv, H_dv;
  /// Per contact, its terms of the line search's phi' and phi'' (line_derivatives()), summed
  /// in contact order after they are computed in parallel.
  Eigen::Matrix<double, 2, Eigen::Dynamic> line_terms;
  std::vector<BlockMat<d>> D;
  double kappa = 0.0;  ///< rho_a = kappa / delassus_normal_a
  /// Of the last assembled matrix (empty: none yet). A matrix built where every region is
  /// Inside or Polar does not depend on z.
  std::vector<contact::ConeRegion> regions;
  double assembled_kappa = 0.0;
  /// The kappa of the Cholesky factor in the cache where it is of this solve (0: not yet),
  /// and whether it is of the last assembled matrix.
  double factor_kappa = 0.0;
  bool factor_current = false;
  /// The Jacobian with the De Saxcé term's derivative: its blocks rho_a J_a B_a and its LU
  /// factorizations, whose library and pivots are chosen at its first use in this solve (not
  /// kept from solve to solve: the pivots of an earlier step would make the answer depend on
  /// the cache).
  std::vector<BlockMat<d>> D_de_saxce;
  RepeatedLu lu;
  double lu_kappa = 0.0;  ///< the kappa of lu's last factorization (0: none, or it failed)
};

template <int d>
VelocityNewtonWorkspace<d>::VelocityNewtonWorkspace(const GlobalProblem& problem_)
    : problem(problem_), rows(detail::contact_rows(problem_.H, d, problem_.contacts())) {
  const Index n_c = problem.contacts(), n = d * n_c;
  mass.cholmod().print = 0;  // library code never prints
  mass.compute(problem.M);
  const VecX m_diagonal = problem.M.diagonal();
  delassus_normal = VecX::Zero(n_c);
  for (Index a = 0; a < n_c; ++a)
    for (Index k = rows.start[a]; k < rows.start[a + 1]; ++k)
      delassus_normal[a] += std::pow(rows.values[d * k], 2) / m_diagonal[rows.dof[k]];
  if (problem.compliant()) {
    compliance_root = problem.compliance.cwiseSqrt();
    scaled_mu.resize(n_c);
    for (Index a = 0; a < n_c; ++a)
      scaled_mu[a] = problem.mu[a] * compliance_root[d * a + 1] / compliance_root[d * a];
  }
  velocity_gain = velocity_gain_bound<d>(rows, m_diagonal);
  for (VecX* x : {&center, &shift, &u, &z, &projected, &H_dv}) x->resize(n);
  line_terms.resize(2, n_c);
  D.resize(static_cast<std::size_t>(n_c));
  D_de_saxce.resize(static_cast<std::size_t>(n_c));
}

}  // namespace

struct VelocityNewton::Cache {
  std::optional<HessianPattern> pattern;   ///< of the last solve, with its factor's analysis
  std::optional<HessianPattern> jacobian;  ///< the same, all entries; built at its first use
  SparseMat mass_pattern;                  ///< M of the last solve (its pattern is compared)
  std::vector<Index> row_start, row_dof;   ///< ContactRows::start and dof of the last solve
  CholeskyFactor factor;
  /// Of the pattern's analysis: the flops of a factorization (CHOLMOD's count) and of a
  /// conjugate-gradient iteration preconditioned by it (two triangular solves and the product
  /// with K, 4 nnz(L) + 4 nnz of K's stored triangle).
  double factorization_flops = 0.0, iteration_flops = 0.0;
  /// The kappa a solve near its answer starts at (GlobalSolverState::penalty; 0: the
  /// options' penalty).
  double carried_kappa = 0.0;
};

namespace {

bool same_pattern(const SparseMat& a, const SparseMat& b) {
  return a.cols() == b.cols() && a.nonZeros() == b.nonZeros() &&
         std::equal(a.outerIndexPtr(), a.outerIndexPtr() + a.cols() + 1, b.outerIndexPtr()) &&
         std::equal(a.innerIndexPtr(), a.innerIndexPtr() + a.nonZeros(), b.innerIndexPtr());
}

// The pattern of this problem's matrix; its symbolic analysis is redone only when the pattern
// differs from the last solve's. The pattern, and where each contact's terms land in it, are
// kept while M's pattern and the degrees of freedom of every contact are the last solve's (a
// structure at rest): building them is a binary search per pair of a contact's rows, a cost
// of the order of a Newton step's on a large wall, where the warm start often needs no
// Newton step at all.
void prepare_pattern(const SparseMat& M, const ContactRows& rows, VelocityNewton::Cache& cache) {
  if (cache.pattern && same_pattern(M, cache.mass_pattern) && rows.start == cache.row_start &&
      rows.dof == cache.row_dof)
    return;
  cache.mass_pattern = M;
  cache.row_start = rows.start;
  cache.row_dof = rows.dof;
  const Triangle triangle = cache.pattern ? cache.pattern->triangle : Triangle::Lower;
  HessianPattern pattern = hessian_pattern(M, rows, triangle);
  const bool same = cache.pattern && same_pattern(pattern.K, cache.pattern->K);
  cache.pattern = std::move(pattern);
  cache.jacobian.reset();
  if (same) return;
  cache.factor.cholmod().print = 0;  // library code never prints
  if (triangle == Triangle::Lower)
    cache.factor.analyzePattern(cache.pattern->K);
  else
    cache.factor.analyzePattern(SparseMat(cache.pattern->K.transpose()));
  cache.factorization_flops = cache.factor.cholmod().fl;
  cache.iteration_flops =
      4.0 * (cache.factor.cholmod().lnz + static_cast<double>(cache.pattern->K.nonZeros()));
  const Triangle factorized = cache.factor.supernodal() ? Triangle::Upper : Triangle::Lower;
  if (factorized != triangle) cache.pattern = hessian_pattern(M, rows, factorized);
}

// rho_a = kappa / W_aa,NN; a contact without a W_aa,NN (no free degree of freedom) takes the
// mean.
template <int d>
void set_penalty(VelocityNewtonWorkspace<d>& ws, double kappa) {
  const double mean = ws.delassus_normal.size() > 0 ? ws.delassus_normal.mean() : 1.0;
  ws.kappa = kappa;
  ws.rho = ws.delassus_normal.unaryExpr([&](double c) { return kappa / (c > 0.0 ? c : mean); });
}

// Compliant contacts (problem.compliance) take no proximal term: their law, the rigid one on
// u~ = u + C r + s, is already strongly monotone in r, and gives r = P^C_K(-C^-1 (u + s)), the
// projection onto K in the norm |x|_C = |C^1/2 x| (Drake's SAP, Castro et al. 2022, eq. 19).
// With S = C^1/2, P^C_K(z) = S^-1 P_K^(S z), K^ = S K the cone of friction
// mu sqrt(C_T / C_N), and its Jacobian along -u is D_a = S^-1 J_K^(S z) S^-1, symmetric: the
// inner problem stays the minimization of a convex function, the compliant contacts' part
// that of SAP, solved in one inner solve whatever the structure's hyperstaticity.
template <int d>
bool compliant(const VelocityNewtonWorkspace<d>& ws, Index a) {
  return ws.compliance_root.size() > 0 && ws.compliance_root[d * a] > 0.0;
}

// v = M^-1 (f + H r): the velocities of the impulses r, whatever the iterate of the inner
// problem was.
template <int d>
VecX velocity_of(const VelocityNewtonWorkspace<d>& ws, const VecX& r) {
  VecX rhs = ws.problem.f;
  add_generalized_impulse<d>(ws.rows, r, rhs);
  return ws.mass.solve(rhs);
}

// z_a = r_k,a - rho_a (u_a + s_a e_N) for the local velocities u; for a compliant contact the
// same without the proximal term, scaled: z_a = -S_a^-1 (u_a + s_a e_N).
template <int d>
Block<d> multiplier_trial(const VelocityNewtonWorkspace<d>& ws, const VecX& u, Index a) {
  const Block<d> velocity = u.template segment<d>(d * a) + ws.shift.template segment<d>(d * a);
  if (compliant<d>(ws, a))
    return -velocity.cwiseQuotient(ws.compliance_root.template segment<d>(d * a));
  return ws.center.template segment<d>(d * a) - ws.rho[a] * velocity;
}

// A compliant contact's z_a change along a change du_a of the local velocities.
template <int d>
Block<d> trial_change(const VelocityNewtonWorkspace<d>& ws, const Block<d>& du_a, Index a) {
  return -du_a.cwiseQuotient(ws.compliance_root.template segment<d>(d * a));
}

// The impulse of z_a: P_K(z_a), or S_a^-1 P_K^(z_a) for a compliant contact.
template <int d>
Block<d> impulse_of(const VelocityNewtonWorkspace<d>& ws, const Block<d>& z_a, Index a) {
  if (!compliant<d>(ws, a)) return contact::project_onto_cone<d>(z_a, ws.problem.mu[a]);
  return contact::project_onto_cone<d>(z_a, ws.scaled_mu[a])
      .cwiseQuotient(ws.compliance_root.template segment<d>(d * a));
}

// The impulse's derivative along -u_a: rho_a J_K(z_a), or S_a^-1 J_K^(z_a) S_a^-1.
template <int d>
BlockMat<d> impulse_stiffness(const VelocityNewtonWorkspace<d>& ws, const Block<d>& z_a, Index a) {
  if (!compliant<d>(ws, a))
    return ws.rho[a] * contact::cone_projection_jacobian<d>(z_a, ws.problem.mu[a]);
  const Block<d> inverse_root = ws.compliance_root.template segment<d>(d * a).cwiseInverse();
  return inverse_root.asDiagonal() * contact::cone_projection_jacobian<d>(z_a, ws.scaled_mu[a]) *
         inverse_root.asDiagonal();
}

template <int d>
double cone_friction(const VelocityNewtonWorkspace<d>& ws, Index a) {
  return compliant<d>(ws, a) ? ws.scaled_mu[a] : ws.problem.mu[a];
}

// z and the impulses of z for the local velocities u.
template <int d>
void project(const VecX& u, VelocityNewtonWorkspace<d>& ws) {
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    const Block<d> z_a = multiplier_trial<d>(ws, u, a);
    ws.z.template segment<d>(d * a) = z_a;
    ws.projected.template segment<d>(d * a) = impulse_of<d>(ws, z_a, a);
  });
}

// grad F_k = M v - f - H P_K(z), with z and P_K(z) of v already in ws.
template <int d>
void compute_gradient(const VecX& v, VelocityNewtonWorkspace<d>& ws) {
  ws.gradient = ws.problem.M * v - ws.problem.f;
  add_generalized_impulse<d>(ws.rows, -ws.projected, ws.gradient);
}

// |grad F_k|_M^-1 = |M^-1 grad F_k|_M: how far v is from the velocities of P_K(z), m/s
// weighted by M, the unit of the inner tolerance.
template <int d>
double velocity_residual(const VelocityNewtonWorkspace<d>& ws) {
  return std::sqrt(std::max(ws.gradient.dot(ws.mass.solve(ws.gradient)), 0.0));
}

// The De Saxcé term s_a = mu_a |u~_T,a| at the normal component, frozen for an outer
// iteration: u~ = u + C r with the impulses r of the local velocities u (u itself where
// every contact is rigid).
template <int d>
void freeze_de_saxce(VelocityNewtonWorkspace<d>& ws, const VecX& r) {
  ws.shift.setZero();
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    Block<d> u_a = ws.u.template segment<d>(d * a);
    if (compliant<d>(ws, a))
      u_a += ws.problem.compliance.template segment<d>(d * a).cwiseProduct(
          r.template segment<d>(d * a));
    ws.shift[d * a] = ws.problem.mu[a] * u_a.template tail<d - 1>().norm();
  });
}

// A compliant contact's impulse under its exact law, K* ∋ u~ + mu |u~_T| e_N ⊥ r ∈ K with
// u~ = u + C r, and its derivative along -u_a. The law is explicit in u: the radial return of
// the trial impulse -C^-1 u onto the cone, of the tangential part alone (the spring slides at
// mu r_N with its normal force untouched: u~_N = 0 and u~_T opposite r_T on the cone, the
// slider of docs/joint-stiffness.md; a return in the norm of C would dilate the joint). With
// t = r_T / |r_T| of the trial: open, r = 0 and D = 0; sticking, r = -C^-1 u and D = C^-1;
// sliding, r = (r_N, mu r_N t) and
//   D = [[1 / C_N, 0], [mu t / C_N, mu r_N (I - t t^T) / (|r_T,trial| C_T)]],
// not symmetric (the slider's force follows the normal one): it serves the De Saxcé step.
template <int d>
struct CompliantReturn {
  Block<d> impulse = Block<d>::Zero();
  BlockMat<d> stiffness = BlockMat<d>::Zero();
};

template <int d>
CompliantReturn<d> compliant_return(const VelocityNewtonWorkspace<d>& ws, const Block<d>& u_a,
                                    Index a) {
  const Block<d> compliance = ws.problem.compliance.template segment<d>(d * a);
  CompliantReturn<d> out;
  const Block<d> trial = -u_a.cwiseQuotient(compliance);
  if (!(trial[0] > 0.0)) return out;  // opening
  const double mu = ws.problem.mu[a], limit = mu * trial[0];
  const double slip = trial.template tail<d - 1>().norm();
  out.impulse = trial;
  out.stiffness.diagonal() = compliance.cwiseInverse();
  if (slip <= limit) return out;  // sticking
  const Eigen::Matrix<double, d - 1, 1> t = trial.template tail<d - 1>() / slip;
  out.impulse.template tail<d - 1>() = limit * t;
  out.stiffness.template block<d - 1, 1>(1, 0) = (mu / compliance[0]) * t;
  out.stiffness.template block<d - 1, d - 1>(1, 1) =
      (limit / (slip * compliance[1])) *
      (Eigen::Matrix<double, d - 1, d - 1>::Identity() - t * t.transpose());
  return out;
}

// The De Saxcé inner problem at ws.u: its term refreshed from u (rigid contacts), the compliant
// contacts' impulses of their exact law (compliant_return) with their term frozen at them, so
// that the frozen problem's z and F_k agree with it there (a symmetric step taken where the De
// Saxcé step fails starts from a consistent gradient), and every impulse in ws.projected.
template <int d>
void refresh_de_saxce(VelocityNewtonWorkspace<d>& ws) {
  freeze_de_saxce<d>(ws, ws.projected);  // the compliant contacts' terms are set below
  project<d>(ws.u, ws);
  if (!ws.problem.compliant()) return;
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    if (!compliant<d>(ws, a)) return;
    const Block<d> u_a = ws.u.template segment<d>(d * a);
    const Block<d> r_a = compliant_return<d>(ws, u_a, a).impulse;
    const Block<d> u_law = u_a + ws.problem.compliance.template segment<d>(d * a).cwiseProduct(r_a);
    ws.shift[d * a] = ws.problem.mu[a] * u_law.template tail<d - 1>().norm();
    ws.z.template segment<d>(d * a) = multiplier_trial<d>(ws, ws.u, a);
    ws.projected.template segment<d>(d * a) = r_a;
  });
}

// D_a = rho_a dP_K/dz at z_a; true when the matrix differs from the last assembled one (a
// region changed, a contact slides, or rho changed).
template <int d>
bool update_stiffness(VelocityNewtonWorkspace<d>& ws) {
  std::atomic<bool> changed = ws.regions.empty() || ws.assembled_kappa != ws.kappa;
  ws.regions.resize(static_cast<std::size_t>(ws.problem.contacts()));
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    const Block<d> z_a = ws.z.template segment<d>(d * a);
    const contact::ConeRegion region = contact::cone_region<d>(z_a, cone_friction<d>(ws, a));
    if (region == contact::ConeRegion::Boundary || region != ws.regions[a])
      changed.store(true, std::memory_order_relaxed);
    ws.regions[a] = region;
    ws.D[a] = impulse_stiffness<d>(ws, z_a, a);
  });
  ws.assembled_kappa = ws.kappa;
  return changed;
}

enum class VelocityNewtonStep { Accepted, NoDecrease, NonFinite, FactorizationFailed };

// F_k along the step, phi(t) = F_k(v + t dv), through its derivatives: u(t) = u + t H^T dv is
// linear in t, so z_a(t) = z_a - t rho_a (H^T dv)_a (compliant: trial_change) and
//   phi'(t)  = (M v - f) . dv + t dv^T M dv - sum_a r_a(z_a(t)) . (H^T dv)_a,
//   phi''(t) = dv^T M dv + sum_a (H^T dv)_a^T D_a(z_a(t)) (H^T dv)_a  >= dv^T M dv > 0,
// r_a and D_a as impulse_of and impulse_stiffness give them.
struct LineDerivatives {
  double first = 0.0, second = 0.0;
};

template <int d>
LineDerivatives line_derivatives(VelocityNewtonWorkspace<d>& ws, double linear, double dv_M_dv,
                                 double t) {
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    const Block<d> du_a = ws.H_dv.template segment<d>(d * a);
    if (compliant<d>(ws, a)) {
      const Block<d> z_a = ws.z.template segment<d>(d * a) + t * trial_change<d>(ws, du_a, a);
      ws.line_terms.col(a) << impulse_of<d>(ws, z_a, a).dot(du_a),
          du_a.dot(impulse_stiffness<d>(ws, z_a, a) * du_a);
      return;
    }
    const Block<d> z_a = ws.z.template segment<d>(d * a) - t * ws.rho[a] * du_a;
    const double mu = ws.problem.mu[a];
    ws.line_terms.col(a) << contact::project_onto_cone<d>(z_a, mu).dot(du_a),
        ws.rho[a] * du_a.dot(contact::cone_projection_jacobian<d>(z_a, mu) * du_a);
  });
  LineDerivatives out{linear + t * dv_M_dv, dv_M_dv};
  for (Index a = 0; a < ws.problem.contacts(); ++a) {
    out.first -= ws.line_terms(0, a);
    out.second += ws.line_terms(1, a);
  }
  return out;
}

// The exact line search of a convex piecewise-quadratic function (as SAP does, Castro et al.
// 2022): the step t in (0, 1] that minimizes phi, the root of the increasing phi' when it
// lies below 1, found by Newton's method on phi' safeguarded by bisection of the bracket
// phi'(lo) < 0 < phi'(hi) (Press et al., rtsafe). The full step is kept while phi'(1) <= 0,
// as Newton's method on a quadratic. Backtracking (Armijo) took tiny steps where F_k is
// stiff (large kappa on a large wall) and left inner solves unfinished; the exact
// minimizer along dv needs no tolerance on F_k's values, whose differences there are below
// its round-off.
template <int d>
VelocityNewtonStep line_search(VelocityNewtonWorkspace<d>& ws, VecX& v) {
  const double slope = ws.gradient.dot(ws.dv);
  if (!std::isfinite(slope)) return VelocityNewtonStep::NonFinite;
  if (!(slope < 0.0)) return VelocityNewtonStep::NoDecrease;
  const double dv_M_dv = ws.dv.dot(ws.problem.M * ws.dv);
  const double linear = slope + ws.projected.dot(ws.H_dv);  // (M v - f) . dv
  double t = 1.0;
  LineDerivatives at = line_derivatives<d>(ws, linear, dv_M_dv, t);
  if (!std::isfinite(at.first) || !std::isfinite(at.second)) return VelocityNewtonStep::NonFinite;
  if (at.first > 0.0) {
    constexpr int kMaxEvaluations = 50;
    double lo = 0.0, hi = 1.0;  // phi'(lo) < 0 < phi'(hi)
    for (int evaluation = 0; evaluation < kMaxEvaluations; ++evaluation) {
      const double newton = t - at.first / at.second;
      t = newton > lo && newton < hi ? newton : 0.5 * (lo + hi);
      at = line_derivatives<d>(ws, linear, dv_M_dv, t);
      if (std::abs(at.first) <= -1e-6 * slope) break;  // phi' within 1e-6 of its start
      (at.first < 0.0 ? lo : hi) = t;
      if (hi - lo <= 1e-14 * hi) break;  // a bracket at round-off
    }
    // Stopped short of the tolerance above the minimizer: phi decreases up to lo.
    if (at.first > -1e-6 * slope) t = lo;
  }
  if (!(t > 0.0)) return VelocityNewtonStep::NoDecrease;
  v += t * ws.dv;
  ws.u += t * ws.H_dv;
  return VelocityNewtonStep::Accepted;
}

// The factorization of an earlier matrix of the same solve (a CholeskyFactor or a RepeatedLu) as
// the preconditioner of an iterative solve (Eigen's preconditioner concept): nothing to compute.
template <class Factorization>
struct StaleFactor {
  const Factorization* factor = nullptr;
  template <class Matrix>
  StaleFactor& analyzePattern(const Matrix&) {
    return *this;
  }
  template <class Matrix>
  StaleFactor& factorize(const Matrix&) {
    return *this;
  }
  template <class Matrix>
  StaleFactor& compute(const Matrix&) {
    return *this;
  }
  VecX solve(const VecX& b) const { return factor->solve(b); }
  Eigen::ComputationInfo info() const { return Eigen::Success; }
};

// The relative residual |K dv + g| / |g| of an inexact Newton direction (Dembo, Eisenstat &
// Steihaug 1982): its steps converge linearly at about this rate near the solution, on a
// function whose exact line search (line_search) any descent direction serves.
constexpr double kInexactNewtonResidual = 0.1;

// ws.dv from at most options.stale_factor_iterations iterations of conjugate gradients on the
// assembled K, stored in its triangle UpLo, preconditioned by the factor in the cache; false
// where they do not reach kInexactNewtonResidual.
template <int UpLo, int d>
bool preconditioned_conjugate_gradients(const VelocityNewtonOptions& options,
                                        const VelocityNewton::Cache& cache,
                                        VelocityNewtonWorkspace<d>& ws) {
  Eigen::ConjugateGradient<SparseMat, UpLo, StaleFactor<CholeskyFactor>> conjugate_gradients;
  conjugate_gradients.preconditioner().factor = &cache.factor;
  conjugate_gradients.setMaxIterations(options.stale_factor_iterations);
  conjugate_gradients.setTolerance(kInexactNewtonResidual);
  conjugate_gradients.compute(cache.pattern->K);
  ws.dv = conjugate_gradients.solve(-ws.gradient);
  return conjugate_gradients.info() == Eigen::Success;
}

// dv = -K^-1 g by conjugate gradients on the assembled K preconditioned by the factor of an
// earlier K of this solve at the same kappa, within options.stale_factor_iterations
// iterations (false where they do not reach kInexactNewtonResidual, or where that many
// iterations would cost more flops than the factorization they replace: small structures).
// K differs from the factorized matrix by the terms of the contacts that changed region or
// slid since, and the preconditioned matrix is the identity plus a correction of that rank:
// on the clock tower a few iterations, against a factorization that costs the time of many
// (measured in docs/large-structures.md, "A stale factor as preconditioner"). Every iterate of
// conjugate gradients started at 0 is a descent direction of F_k.
template <int d>
bool stale_factor_direction(const VelocityNewtonOptions& options, VelocityNewton::Cache& cache,
                            VelocityNewtonWorkspace<d>& ws) {
  if (options.stale_factor_iterations == 0 ||
      options.stale_factor_iterations * cache.iteration_flops > cache.factorization_flops)
    return false;
  return cache.pattern->triangle == Triangle::Upper
             ? preconditioned_conjugate_gradients<Eigen::Upper>(options, cache, ws)
             : preconditioned_conjugate_gradients<Eigen::Lower>(options, cache, ws);
}

// Factorizes the assembled matrix of ws.D into the cache; false where that fails.
template <int d>
bool refactorize(VelocityNewton::Cache& cache, VelocityNewtonWorkspace<d>& ws) {
  cache.factor.factorize(cache.pattern->K, cache.pattern->triangle);
  if (cache.factor.info() != Eigen::Success) {
    ws.regions.clear();
    ws.factor_kappa = 0.0;
    return false;
  }
  ws.factor_kappa = ws.kappa;
  ws.factor_current = true;
  return true;
}

// One Newton step on F_k from v (ws.u, z, P_K(z) and the gradient of v at hand). Its
// direction is exact from a factorization of the current matrix, or inexact from an earlier
// one (stale_factor_direction) where that suffices.
template <int d>
VelocityNewtonStep newton_step(const VelocityNewtonOptions& options, VelocityNewton::Cache& cache,
                               VelocityNewtonWorkspace<d>& ws, VecX& v) {
  if (update_stiffness<d>(ws)) {
    assemble<d>(ws.problem.M, ws.rows, ws.D, *cache.pattern);
    ws.factor_current = false;
  }
  if (ws.factor_current) {
    ws.dv = -cache.factor.solve(ws.gradient);
  } else if (ws.factor_kappa != ws.kappa || !stale_factor_direction<d>(options, cache, ws)) {
    if (!refactorize<d>(cache, ws)) return VelocityNewtonStep::FactorizationFailed;
    ws.dv = -cache.factor.solve(ws.gradient);
  }
  local_velocity<d>(ws.rows, ws.dv, VecX::Zero(ws.u.size()), ws.H_dv);
  return line_search<d>(ws, v);
}

// The De Saxcé step's direction, J dv = -G, by BiCGSTAB (van der Vorst 1992) on the assembled
// Jacobian J, preconditioned by the Cholesky factor of the frozen problem's matrix at the same
// point (M + sum_a H_a D_a H_a^T, D_a of z: rho_a J_a, the compliant contacts' S_a^-1 J_K^ S_a^-1),
// factorized where it is not current. J differs from that matrix by the De Saxcé term's
// derivative on the sliding contacts (rho_a J_a mu_a e_N t_a^T; a compliant slider's coupling to
// its normal force), and a supernodal Cholesky factorization costs a fraction of the LU of J on
// a large structure. false where BiCGSTAB does not reach kInexactNewtonResidual in
// kDeSaxceKrylovIterations, or the factorization fails: the LU then. Used on large compliant
// problems only: on the rigid clock tower's hard steps it was slower than the LU, and at
// kappa = 1e4 BiCGSTAB diverged (docs/large-structures.md, "The compliant joint's exact law").
constexpr int kDeSaxceKrylovIterations = 20;

template <int d>
bool preconditioned_de_saxce_direction(VelocityNewton::Cache& cache,
                                       VelocityNewtonWorkspace<d>& ws) {
  if (update_stiffness<d>(ws)) {
    assemble<d>(ws.problem.M, ws.rows, ws.D, *cache.pattern);
    ws.factor_current = false;
  }
  if (!ws.factor_current && !refactorize<d>(cache, ws)) return false;
  Eigen::BiCGSTAB<SparseMat, StaleFactor<CholeskyFactor>> bicgstab;
  bicgstab.preconditioner().factor = &cache.factor;
  bicgstab.setMaxIterations(kDeSaxceKrylovIterations);
  bicgstab.setTolerance(kInexactNewtonResidual);
  bicgstab.compute(cache.jacobian->K);
  ws.dv = bicgstab.solve(-ws.gradient);
  return bicgstab.info() == Eigen::Success;
}

// y = J x for the De Saxcé step's Jacobian J = M + sum_a H_a D_a H_a^T (D_a: ws.D_de_saxce),
// without assembling J: two passes over H and the product with M.
template <int d>
void de_saxce_jacobian_product(const VelocityNewtonWorkspace<d>& ws, const VecX& x, VecX& y) {
  VecX u(ws.u.size());
  local_velocity<d>(ws.rows, x, VecX::Zero(u.size()), u);
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    u.template segment<d>(d * a) = ws.D_de_saxce[a] * Block<d>(u.template segment<d>(d * a));
  });
  y = ws.problem.M * x;
  add_generalized_impulse<d>(ws.rows, u, y);
}

// The relative residual of the De Saxcé step's inexact direction, preconditioned by the stale
// LU (stale_lu_direction). 0.1, the symmetric step's, took a tenth more Newton steps on a rocking
// house's steps than 0.03, and 0.01 more GMRES iterations than they saved
// (docs/large-structures.md, "The De Saxcé step's last LU as preconditioner").
constexpr double kStaleLuResidual = 0.03;

// A De Saxcé step seeks an inexact direction (stale_lu_direction) only while the inner
// solve's residual is above this many times its tolerance: its last steps take J's own
// direction and end as far inside the tolerance as Newton's method does. Inexact to the end,
// the solves ended just inside it, and a rocking house took the other, calmer path that
// looser tolerances take (docs/large-structures.md, "The De Saxcé step's last LU as
// preconditioner").
constexpr double kInexactDirectionAbove = 100.0;

// The De Saxcé step's direction, J dv = -G, by at most options.stale_lu_iterations iterations
// of GMRES (Saad & Schultz 1986; Eigen's, preconditioned on the left, without restarts) on J
// preconditioned by the solve's last LU of J at the same kappa, J applied without being
// assembled (de_saxce_jacobian_product); false where there is no such LU or GMRES does not
// reach kStaleLuResidual. From one Newton step to the next J changes on the contacts that
// slid or changed region, and KLU's refactorization and the assembly of J cost many GMRES
// iterations on a block structure of hundreds of blocks. Not on UMFPACK's LU (large 3D
// structures), whose solve costs a tenth of its factorization: on the clock tower's hard steps
// it saved nothing (docs/large-structures.md, "The De Saxcé step's last LU as preconditioner").
template <int d>
bool stale_lu_direction(const VelocityNewtonOptions& options, VelocityNewtonWorkspace<d>& ws) {
  if (options.stale_lu_iterations == 0 || ws.lu_kappa != ws.kappa || !ws.lu.reuses_pivots())
    return false;
  const detail::LinearOperator jacobian(ws.gradient.size(), [&ws](const VecX& x, VecX& y) {
    de_saxce_jacobian_product<d>(ws, x, y);
  });
  Eigen::GMRES<detail::LinearOperator, StaleFactor<RepeatedLu>> gmres;
  gmres.preconditioner().factor = &ws.lu;
  gmres.setMaxIterations(options.stale_lu_iterations);
  gmres.set_restart(options.stale_lu_iterations);
  gmres.setTolerance(kStaleLuResidual);
  gmres.compute(jacobian);
  ws.dv = gmres.solve(-ws.gradient);
  return gmres.info() == Eigen::Success;
}

// The De Saxcé step's direction from J assembled: by preconditioned_de_saxce_direction on
// large compliant problems, else (or where that fails) from J's LU, kept in ws.lu for
// stale_lu_direction. false where the LU fails.
template <int d>
bool assembled_de_saxce_direction(VelocityNewton::Cache& cache, VelocityNewtonWorkspace<d>& ws) {
  assemble<d>(ws.problem.M, ws.rows, ws.D_de_saxce, *cache.jacobian);
  if (ws.problem.compliant() && cache.factorization_flops >= RepeatedLu::kKluFlops &&
      preconditioned_de_saxce_direction<d>(cache, ws))
    return true;
  ws.lu_kappa = 0.0;
  if (!ws.lu.factorize(cache.jacobian->K)) return false;
  ws.lu_kappa = ws.kappa;
  ws.dv = -ws.lu.solve(ws.gradient);
  return true;
}

// Armijo's rule on |G|^2_M^-1 along ws.dv from v (de_saxce_newton_step): v moved where it
// accepts a step, else left where it was, with s, z, P_K(z) and the gradient of v in ws.
template <int d>
VelocityNewtonStep de_saxce_line_search(VelocityNewtonWorkspace<d>& ws, VecX& v) {
  local_velocity<d>(ws.rows, ws.dv, VecX::Zero(ws.u.size()), ws.H_dv);
  const double merit = std::pow(velocity_residual<d>(ws), 2);
  const VecX v_start = v, u_start = ws.u;
  const auto merit_at_v = [&] {
    refresh_de_saxce<d>(ws);
    compute_gradient<d>(v, ws);
    return std::pow(velocity_residual<d>(ws), 2);
  };
  constexpr int kMaxHalvings = 40;
  double t = 1.0;
  for (int halving = 0; halving < kMaxHalvings; ++halving, t *= 0.5) {
    v = v_start + t * ws.dv;
    ws.u = u_start + t * ws.H_dv;
    if (merit_at_v() <= (1.0 - 1e-4 * t) * merit) return VelocityNewtonStep::Accepted;
  }
  v = v_start;
  ws.u = u_start;
  merit_at_v();
  return VelocityNewtonStep::NoDecrease;
}

// The symmetric step of an inner problem fails to contract where the De Saxcé term limits
// the outer iteration: its fixed point s_a <- mu_a |u_T,a| converges on a sliding contact at
// a rate that tends to 1 as kappa grows (mu^2 / (1 + mu^2) for a block sliding on a plane
// at kappa -> 0, 0.95 at kappa = 100 on the clock tower). This step solves the proximal
// problem of the true law instead,
//   G(v) = M v - f - H P_K(r_k - rho (H^T v + w + s(v) e_N)) = 0,  s_a(v) = mu_a |u_T,a(v)|,
// by Newton's method with the term's derivative: the Jacobian M + sum_a H_a rho_a J_a B_a H_a^T,
// B_a = I + mu_a e_N t_a^T (t_a = u_T,a / |u_T,a|; B_a = I at rest), is not symmetric and is
// factorized by RepeatedLu (KLU with reused pivots, or UMFPACK on large structures; on large
// compliant problems, preconditioned_de_saxce_direction first), where the solve's last LU does
// not give the direction (stale_lu_direction, tried where inexact_direction_allowed). Compliant
// contacts take their exact law in G and its derivative in the Jacobian (compliant_return). G
// is the gradient of no function, so the step is globalized by Armijo's rule on |G|^2_M^-1, whose
// derivative along the step is -2 |G|^2_M^-1 (the merit of Newton's method for equations; Nocedal &
// Wright 2006, sec. 11.2). A local method: it fails (NoDecrease) where the kinks of the projection
// stop it, which the caller answers with the symmetric step. Leaves s, z, P_K(z) and the gradient
// of the new v in ws.
template <int d>
VelocityNewtonStep de_saxce_newton_step(const VelocityNewtonOptions& options,
                                        VelocityNewton::Cache& cache,
                                        VelocityNewtonWorkspace<d>& ws, VecX& v,
                                        bool inexact_direction_allowed) {
  if (!cache.jacobian) cache.jacobian = hessian_pattern(ws.problem.M, ws.rows, Triangle::Full);
  for_each_contact(ws.problem.contacts(), [&](Index a) {
    const double mu = ws.problem.mu[a];
    const Block<d> u_a = ws.u.template segment<d>(d * a);
    ws.D_de_saxce[a] = compliant<d>(ws, a)
                           ? compliant_return<d>(ws, u_a, a).stiffness
                           : BlockMat<d>(ws.rho[a] *
                                         contact::cone_projection_jacobian<d>(
                                             ws.z.template segment<d>(d * a), mu) *
                                         contact::de_saxce_velocity_jacobian<d>(u_a, mu));
  });
  // An inexact direction that Armijo's rule rejects is no failure of the step: the direction
  // of J itself is tried.
  if (inexact_direction_allowed && stale_lu_direction<d>(options, ws) &&
      de_saxce_line_search<d>(ws, v) == VelocityNewtonStep::Accepted)
    return VelocityNewtonStep::Accepted;
  if (!assembled_de_saxce_direction<d>(cache, ws)) return VelocityNewtonStep::NoDecrease;
  return de_saxce_line_search<d>(ws, v);
}

struct InnerNewtonResult {
  VelocityNewtonStep step = VelocityNewtonStep::Accepted;
  int iterations = 0;
  bool finished = false;     ///< within the tolerance (not stopped by the step limit)
  bool stalled = false;      ///< a De Saxcé solve ended by de_saxce_stalled()
  bool interrupted = false;  ///< stopped by a stop request (core/stop_request.hpp)
};

// Which inner problem: F_k with the De Saxcé term frozen (symmetric steps), or the proximal
// problem of the true law (de_saxce_newton_step, the term refreshed after each step).
enum class InnerMethod { Frozen, DeSaxce };

// Whether a De Saxcé inner solve has stalled: its residual fell by less than 10 % over the
// last `stall_steps` Newton steps (0: never). Its Newton's method, on a problem that is not
// convex, stalls where the kinks of the projection cut its steps to small fractions, and ran
// to its step limit far above its tolerance, after which the outer iteration went back to
// its center anyway (docs/large-structures.md, "Stalled De Saxcé solves").
bool de_saxce_stalled(const std::vector<double>& residuals, int stall_steps) {
  const auto steps = static_cast<std::size_t>(stall_steps);
  return stall_steps > 0 && residuals.size() > steps &&
         residuals.back() > 0.9 * residuals[residuals.size() - 1 - steps];
}

// Newton steps on the inner problem until v is within `tolerance` (M-norm) of its condition,
// until a De Saxcé solve stalls (de_saxce_stalled), or until a stop is requested: each step
// is a factorization, seconds on the largest walls, so the request is not left to wait for
// the outer iteration (which then ends the solve: the iterate of an inner solve cut short is
// not the uninterrupted solve's, and a step taken with it would not be the step a continued
// run takes).
template <int d>
InnerNewtonResult inner_solve(const VelocityNewtonOptions& options, VelocityNewton::Cache& cache,
                              VelocityNewtonWorkspace<d>& ws, InnerMethod method, int max_steps,
                              double tolerance, VecX& v) {
  InnerNewtonResult result;
  if (method == InnerMethod::DeSaxce)
    refresh_de_saxce<d>(ws);
  else
    project<d>(ws.u, ws);
  compute_gradient<d>(v, ws);
  std::vector<double> residuals{velocity_residual<d>(ws)};
  while (result.iterations < max_steps && residuals.back() > tolerance) {
    result.stalled =
        method == InnerMethod::DeSaxce && de_saxce_stalled(residuals, options.de_saxce_stall_steps);
    if (result.stalled) break;
    if (core::stop_requested()) {
      result.interrupted = true;
      break;
    }
    // The De Saxcé step leaves the new v's term, projection and gradient in ws; the
    // symmetric step, taken where it fails, does not.
    const bool de_saxce_step =
        method == InnerMethod::DeSaxce &&
        de_saxce_newton_step<d>(options, cache, ws, v,
                                residuals.back() > kInexactDirectionAbove * tolerance) ==
            VelocityNewtonStep::Accepted;
    if (!de_saxce_step) {
      result.step = newton_step<d>(options, cache, ws, v);
      if (result.step != VelocityNewtonStep::Accepted) break;
      if (method == InnerMethod::DeSaxce)
        refresh_de_saxce<d>(ws);
      else
        project<d>(ws.u, ws);
      compute_gradient<d>(v, ws);
    }
    ++result.iterations;
    residuals.push_back(velocity_residual<d>(ws));
  }
  result.finished = residuals.back() <= tolerance;
  return result;
}

// The velocity the law applies to: u~ = u + C r where contacts are compliant, u where not.
template <int d>
VecX law_velocity(const VelocityNewtonWorkspace<d>& ws, const VecX& r) {
  if (!ws.problem.compliant()) return ws.u;
  return ws.u + ws.problem.compliance.cwiseProduct(r);
}

// r in K, v = M^-1 (f + H r), u = H^T v + w and the natural-map error of r, on the law's
// velocity u + C r where contacts are compliant.
template <int d>
double measure(VelocityNewtonWorkspace<d>& ws, const VecX& r, VecX& v) {
  v = velocity_of<d>(ws, r);
  local_velocity<d>(ws.rows, v, ws.problem.w, ws.u);
  return contact::natural_map_error(d, ws.problem.mu, r, law_velocity<d>(ws, r), ws.q_norm);
}

template <int d>
void project_onto_cones(const VecX& mu, VecX& r) {
  for_each_contact(mu.size(), [&](Index a) {
    r.segment<d>(d * a) = contact::project_onto_cone<d>(r.segment<d>(d * a), mu[a]);
  });
}

// What a converged solve that started near its answer leaves to the next one: the kappa of
// its last outer iteration, or a tenth of it where one outer iteration cut the error more
// than 5 times (a softer kappa would have done, at fewer Newton steps an inner solve). A
// solve from farther off leaves nothing: the kappa a cold start climbs to is not what the
// calm steps after it need (a wall at rest's first step climbed to 1e6, and its next steps,
// started there, set it oscillating by a few 1e-8 J within the tolerance; at 10 it sinks).
void carry_kappa(const VelocityNewtonOptions& options, int outer_iterations, double first_rate,
                 double last_kappa, VelocityNewton::Cache& cache) {
  cache.carried_kappa = outer_iterations == 1 && first_rate < 0.2
                            ? std::max(options.penalty, last_kappa / 10)
                            : last_kappa;
}

// stall_steps > 0: stops as Stagnated once that many Newton steps have not halved the error
// (the last halved one: an error that halves again and again is converging, however slowly).
template <int d>
SolveReport solve_global(const VelocityNewtonOptions& options, VelocityNewton::Cache& cache,
                         const GlobalProblem& problem, VecX& r, VecX& v, int stall_steps) {
  const Stopwatch clock;
  SolveReport report;
  VelocityNewtonWorkspace<d> ws(problem);
  if (ws.mass.info() != Eigen::Success) {
    report.status = Status::NonFinite;
    report.error = INFINITY;
    report.seconds = clock.seconds();
    return report;
  }
  prepare_pattern(problem.M, ws.rows, cache);
  const VecX v_free = ws.mass.solve(problem.f);
  local_velocity<d>(ws.rows, v_free, problem.w, ws.u);
  ws.q_norm = ws.u.norm();
  const double scale = std::sqrt(std::max(v_free.dot(problem.M * v_free), 0.0));
  project_onto_cones<d>(problem.mu, r);
  report.error = measure<d>(ws, r, v);
  // With carry_penalty, a warm start near the answer (a calm time step) starts at the kappa
  // where the last such solve ended (carry_kappa). Started at the options' 10, the clock tower's
  // calm steps took 12 to 20 Newton steps to climb a decade per outer iteration to the 1e5 its
  // softest modes need, where a wall converges at 10; started at a fixed 1e4, the wall's steps took
  // half as many again (docs/large-structures.md, "Not done yet").
  constexpr double kNearAnswer = 10.0;
  const bool near_answer = report.error < kNearAnswer * options.stop.tolerance;
  const bool carries_kappa = options.carry_penalty && near_answer;
  // kappa's factor wherever it changes (raised, lowered, its ceiling lifted). Near the answer a
  // decade: a calm step needs the stiff kappa of the structure's softest modes, and each outer
  // iteration on the way costs a few Newton steps whatever its kappa. From farther off a
  // third of one: there joints open and close, the inner solves at a stiff kappa cost tens of
  // Newton steps or fail and are undone, and a step reaches the tolerance on the way up before
  // them (measured on the clock tower's hard steps and a rocking house's:
  // docs/large-structures.md, "Not done yet").
  const double kappa_factor = near_answer ? 10.0 : 3.0;
  double kappa = carries_kappa && cache.carried_kappa > 0.0
                     ? std::clamp(cache.carried_kappa, options.penalty, options.max_penalty)
                     : options.penalty;
  double kappa_ceiling = options.max_penalty;
  set_penalty<d>(ws, kappa);
  double last_kappa = kappa;  // of the last outer iteration
  int outer_iterations = 0;
  double first_rate = 1.0;  // the error's ratio over the first outer iteration
  VecX best = r;
  double best_error = report.error;
  double halved_error = report.error;  // the error last halved, at Newton step halved_at
  int halved_at = 0;
  // Compliant contacts' exact law is explicit in u (compliant_return): the De Saxcé step solves
  // it from the first inner solve, where the frozen problem would start its fixed point.
  InnerMethod method =
      options.de_saxce_newton && problem.compliant() ? InnerMethod::DeSaxce : InnerMethod::Frozen;
  bool on_error_scale = false;       // the inner tolerance on the error's scale too
  int slow_at_ceiling = 0;           // slow outer iterations in a row at a lowered kappa_ceiling
  bool de_saxce_retry = false;       // the inner solve is the retry of an unfinished De Saxcé one
  double de_saxce_below = INFINITY;  // the error under which a De Saxcé solve may start
  for (;;) {
    if (options.stop.record_history) report.error_history.push_back(report.error);
    if (const auto status = stop_reason(options.stop, report, clock)) {
      report.status = *status;
      break;
    }
    freeze_de_saxce<d>(ws, r);
    ws.center = r;
    // 0.1 of the outer error on v's scale |v|_M, above the round-off of the gradient
    // M v - f - H P_K(z), about 1e-16 |v|_M. Once an outer iteration has not lowered the
    // error, also on the error's own scale, whose local velocities
    // a residual g changes by at most velocity_gain |g|_M^-1: where a structure moves as a
    // whole (on a tilting table, under ground motion, in flight) the relative velocities the
    // error measures are a small part of v, and a tolerance on |v|_M alone ends every inner
    // solve before it starts while the multiplier updates alone drive the error up.
    // Where nothing moves yet (no applied force, v = 0: the first step of a gravity ramp on
    // compliant joints) |v|_M is 0, and so would the tolerance be: the error's scale then.
    const double error_scale = std::max({ws.q_norm, r.norm(), ws.u.norm()});
    const double v_norm = std::max(scale, std::sqrt(v.dot(problem.M * v)));
    const double v_scale =
        v_norm > 0.0 || !(ws.velocity_gain > 0.0) ? v_norm : error_scale / ws.velocity_gain;
    const double tolerance =
        std::max(0.1 * report.error *
                     (on_error_scale ? std::min(v_scale, error_scale / ws.velocity_gain) : v_scale),
                 1e-15 * v_scale);
    const int steps =
        std::min(options.inner_iterations, options.stop.max_iterations - report.iterations);
    const InnerMethod used = method;
    last_kappa = kappa;
    const InnerNewtonResult inner = inner_solve<d>(options, cache, ws, used, steps, tolerance, v);
    report.iterations += inner.iterations;
    if (inner.interrupted) {
      report.status = Status::Interrupted;
      break;
    }
    // A line search that finds no decrease ends the inner solve where it is (the round-off
    // floor of a stiff F_k); the multiplier update from there is still a proximal step.
    if (inner.step == VelocityNewtonStep::NonFinite ||
        inner.step == VelocityNewtonStep::FactorizationFailed) {
      report.status = Status::NonFinite;
      break;
    }
    r = ws.projected;
    const double error = measure<d>(ws, r, v);
    on_error_scale = on_error_scale || !(error < report.error);
    // The De Saxcé step for the next inner solve where the fixed point limits (an exact
    // inner solve, and the frozen problem's error below half the true one), and for as long
    // as it makes progress (an exact De Saxcé solve that lowered the error: going back to the
    // frozen problem there gives the fixed point back its hold). At any error: bounded to
    // near the tolerance, a rocking house's steps sat for the whole iteration limit far above
    // it while the frozen problem's error was below it (docs/large-structures.md, "The De
    // Saxcé step at any error"); where its Newton's method stalls far out, the inner solve
    // does not finish and the frozen problem takes over.
    const bool fixed_point_limits =
        options.de_saxce_newton && inner.finished &&
        contact::frozen_natural_map_error(d, problem.mu, r, law_velocity<d>(ws, r), ws.shift,
                                          ws.q_norm) < 0.5 * error;
    const bool de_saxce_progresses =
        used == InnerMethod::DeSaxce && inner.finished && error < report.error;
    method = (fixed_point_limits || de_saxce_progresses) && error < de_saxce_below
                 ? InnerMethod::DeSaxce
                 : InnerMethod::Frozen;
    // An inner solve that did not finish at a stiff kappa can leave a worse iterate than its
    // center (at a stiff kappa Newton's steps on F_k shrink to tiny fractions between the
    // kinks of thousands of contacts on a large wall): back to the center, with a softer proximal
    // step and kappa bounded there (lifted again below). An unfinished De Saxcé inner solve is
    // retried once at the softer kappa, where its problem (not convex) is better conditioned:
    // on a house's rocking steps most such retries finished, where the frozen problem's
    // fixed point had led back to the stiffer kappa and to the same unfinished solve. Retried
    // again at a softer kappa still, an FCLib sphere packing's unfinished solves went down
    // to kappa = 100 (docs/large-structures.md, "Unfinished De Saxcé solves"). A stalled
    // De Saxcé solve goes back too where its iterate is better: kept, it and the frozen solve
    // after it repeated each other to the iteration limit on a random problem.
    if (!inner.finished && (inner.stalled || !(error < report.error)) && kappa > options.penalty) {
      kappa = std::max(kappa / kappa_factor, options.penalty);
      kappa_ceiling = kappa;
      set_penalty<d>(ws, kappa);
      de_saxce_retry = used == InnerMethod::DeSaxce && !de_saxce_retry;
      method = de_saxce_retry ? InnerMethod::DeSaxce : InnerMethod::Frozen;
      r = ws.center;
      measure<d>(ws, r, v);
      continue;
    }
    // At kappa's floor (and for compliant contacts, which have no proximal term to soften) an
    // unfinished De Saxcé solve is undone too, and the De Saxcé step waits until the frozen
    // problem's fixed point has brought the error 10 times below where that solve started:
    // Newton's method on that problem (not convex) converges from near its answer. Taken as
    // they came, on a house's rocking steps on stiff joints, the unfinished De Saxcé solves
    // and the frozen ones after them undid each other to the iteration limit
    // (docs/large-structures.md, "Stiffer joints").
    if (!inner.finished && (inner.stalled || !(error < report.error)) &&
        used == InnerMethod::DeSaxce) {
      de_saxce_below = 0.1 * report.error;
      method = InnerMethod::Frozen;
      r = ws.center;
      measure<d>(ws, r, v);
      continue;
    }
    de_saxce_retry = false;
    if (inner.step == VelocityNewtonStep::NoDecrease && !(error < report.error)) {
      report.error = error;
      report.status = Status::LineSearchFailure;
      break;
    }
    // Slow outer convergence of exact inner solves: a stiffer proximal step (its rate is
    // 1 / (1 + kappa lambda)). An inner solve that did not finish says kappa is already as
    // stiff as Newton's method handles in its step limit, for a while: after
    // kSlowIterationsAtCeiling slow iterations in a row at that bound it is tried
    // kappa_factor times higher. The kinks that stopped Newton's method move with the
    // iterate, and the proximal rate at the lowered bound can hold a solve for good (a step of
    // the tilted wall's collapse, docs/large-structures.md, "The De Saxcé step at any error").
    constexpr int kSlowIterationsAtCeiling = 3;
    const bool slow = inner.finished && error > 0.2 * report.error;
    if (++outer_iterations == 1) first_rate = error / report.error;
    slow_at_ceiling =
        slow && kappa == kappa_ceiling && kappa < options.max_penalty ? slow_at_ceiling + 1 : 0;
    if (slow_at_ceiling == kSlowIterationsAtCeiling) {
      kappa_ceiling = std::min(kappa_factor * kappa_ceiling, options.max_penalty);
      slow_at_ceiling = 0;
    }
    if (slow && kappa < kappa_ceiling) {
      kappa = std::min(kappa_factor * kappa, kappa_ceiling);
      set_penalty<d>(ws, kappa);
    }
    report.error = error;
    if (error < best_error) {
      best = r;
      best_error = error;
    }
    if (error < 0.5 * halved_error) {
      halved_error = error;
      halved_at = report.iterations;
    }
    if (stall_steps > 0 && report.iterations - halved_at >= stall_steps) {
      report.status = Status::Stagnated;
      break;
    }
  }
  // A solve that did not converge returns its best iterate, as the staged methods do, and
  // v always belongs to the returned r. N.B. written so that a NaN error (an inner solve on
  // M * 1e300 returned inf and NaN impulses) returns the best iterate too.
  if (!(report.error <= best_error)) r = best;
  report.error = measure<d>(ws, r, v);
  if (carries_kappa && report.converged() && report.iterations > 0)
    carry_kappa(options, outer_iterations, first_rate, last_kappa, cache);
  report.seconds = clock.seconds();
  return report;
}

SolveReport solve_route(const VelocityNewtonOptions& options, VelocityNewton::Cache& cache,
                        const GlobalProblem& problem, VecX& r, VecX& v, int stall_steps = 0) {
  return problem.dimension == 3 ? solve_global<3>(options, cache, problem, r, v, stall_steps)
                                : solve_global<2>(options, cache, problem, r, v, stall_steps);
}

}  // namespace

VelocityNewton::VelocityNewton(const VelocityNewtonOptions& options)
    : options_(options), cache_(std::make_unique<Cache>()) {
  detail::validate(options.stop, "VelocityNewtonOptions");
  if (!(options.penalty > 0.0) || !(options.max_penalty >= options.penalty) ||
      options.inner_iterations < 1 || options.de_saxce_stall_steps < 0 ||
      options.stale_factor_iterations < 0 || options.stale_lu_iterations < 0)
    throw core::Diagnostic(
        {"VelocityNewtonOptions"}, "VelocityNewtonOptions",
        "penalty > 0, max_penalty >= penalty, inner_iterations >= 1, "
        "de_saxce_stall_steps >= 0, stale_factor_iterations >= 0, stale_lu_iterations >= 0",
        core::concat(options.penalty, ", ", options.max_penalty, ", ", options.inner_iterations,
                     ", ", options.de_saxce_stall_steps, ", ", options.stale_factor_iterations,
                     ", ", options.stale_lu_iterations));
}

VelocityNewton::~VelocityNewton() = default;

GlobalSolverState VelocityNewton::state() const { return {.penalty = cache_->carried_kappa}; }

void VelocityNewton::restore(const GlobalSolverState& state) {
  cache_->carried_kappa = state.penalty;
}

SolveReport VelocityNewton::solve(const GlobalProblem& problem, VecX& r, VecX& v) const {
  MOREAU_ASSERT(r.size() == problem.dimension * problem.contacts());
  if (!problem.compliant()) return solve_route(options_, *cache_, problem, r, v);
  // Compliant contacts take the direct route first, with at most half the Newton steps, and
  // leave it once 100 of them have not halved the error (more than a whole step takes where
  // the direct route converges). Joints whose period is a fraction of the step are
  // near-rigid there (inner solves unfinished, errors that stall), where the standard form,
  // each compliant contact a rigid one with auxiliary dofs, takes the rigid law's proximal
  // outer iteration and converges. It costs several times the direct route's Newton steps
  // on the calm steps the direct route solves, so it is not the start
  // (docs/large-structures.md, "Stiffer joints").
  constexpr int kDirectRouteStallSteps = 100;
  VelocityNewtonOptions direct = options_;
  direct.stop.max_iterations = std::max(1, options_.stop.max_iterations / 2);
  SolveReport report = solve_route(direct, *cache_, problem, r, v, kDirectRouteStallSteps);
  VelocityNewtonOptions rest = options_;
  rest.stop.max_iterations = options_.stop.max_iterations - report.iterations;
  if (report.converged() || report.status == Status::Interrupted ||
      report.status == Status::TimeLimit || rest.stop.max_iterations < 1)
    return report;
  if (options_.stop.time_limit > 0.0)
    rest.stop.time_limit = std::max(options_.stop.time_limit - report.seconds, 1e-3);
  const GlobalProblem standard = contact::standard_form(problem);
  VecX r_standard = r, v_standard;
  SolveReport second = solve_route(rest, *cache_, standard, r_standard, v_standard);
  second.stages = core::concat(name(), ' ', report.iterations, " (", to_string(report.status),
                               "), its standard form ", second.iterations);
  second.iterations += report.iterations;
  second.seconds += report.seconds;
  report.error_history.insert(report.error_history.end(), second.error_history.begin(),
                              second.error_history.end());
  second.error_history = std::move(report.error_history);
  if (second.error <= report.error) {
    r = r_standard;
    v = v_standard.head(problem.dofs());
  } else {
    second.status = report.status;
    second.error = report.error;
  }
  return second;
}

}  // namespace moreau::solvers
