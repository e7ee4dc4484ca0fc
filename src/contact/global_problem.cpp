#include "moreau/contact/global_problem.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"

#include <cmath>
#include <vector>

namespace moreau::contact {
namespace {

using core::concat;
using core::Diagnostic;

// |M - M^T|_F <= kSymmetryTolerance |M|_F. The files print M with 17+ digits, so a symmetric
// M arrives exactly symmetric; 1e-12 leaves room for round-off of an assembled M while
// refusing a genuinely unsymmetric one (CHOLMOD reads the lower triangle only and would
// silently factor a different matrix).
constexpr double kSymmetryTolerance = 1e-12;

void require_finite(const VecX& values, const core::SourceLocation& where, const std::string& key) {
  for (Index i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      throw Diagnostic(where, concat(key, '[', i, ']'), "a finite number", concat(values[i]));
}

void require_finite(const SparseMat& matrix, const core::SourceLocation& where,
                    const std::string& key) {
  for (Index col = 0; col < matrix.outerSize(); ++col)
    for (SparseMat::InnerIterator it(matrix, col); it; ++it)
      if (!std::isfinite(it.value()))
        throw Diagnostic(where, concat(key, '(', it.row(), ", ", col, ')'), "a finite number",
                         concat(it.value()));
}

void require_symmetric(const SparseMat& M, const core::SourceLocation& where) {
  const SparseMat M_T = M.transpose();
  const double asymmetry = (M - M_T).norm();
  if (asymmetry > kSymmetryTolerance * M.norm())
    throw Diagnostic(where, "M", "a symmetric matrix",
                     concat("|M - M^T| / |M| = ", asymmetry / M.norm()));
}

}  // namespace

void validate(const GlobalProblem& problem, const core::SourceLocation& where) {
  const int d = problem.dimension;
  if (d != 2 && d != 3) throw Diagnostic(where, "dimension", "2 or 3", concat(d));
  const Index n_dof = problem.dofs();
  const Index n = d * problem.contacts();
  // N.B. at least one dof: CHOLMOD's factorization of a 0x0 M in Condensation crashed.
  if (problem.M.cols() != n_dof || n_dof == 0)
    throw Diagnostic(where, "M", "a square matrix of at least 1 x 1 (one row per dof)",
                     concat(problem.M.rows(), 'x', problem.M.cols()));
  if (problem.H.rows() != n_dof || problem.H.cols() != n)
    throw Diagnostic(where, "H", concat("a ", n_dof, 'x', n, " matrix (n_dof x d n_c)"),
                     concat(problem.H.rows(), 'x', problem.H.cols()));
  if (problem.f.size() != n_dof)
    throw Diagnostic(where, "f", concat(n_dof, " values (one per dof)"), concat(problem.f.size()));
  if (problem.w.size() != n)
    throw Diagnostic(where, "w", concat(n, " values (", d, " per contact)"),
                     concat(problem.w.size()));
  require_finite(problem.M, where, "M");
  require_finite(problem.H, where, "H");
  require_finite(problem.f, where, "f");
  require_finite(problem.w, where, "w");
  require_finite(problem.mu, where, "mu");
  for (Index a = 0; a < problem.contacts(); ++a)
    if (problem.mu[a] < 0.0)
      throw Diagnostic(where, concat("mu[", a, ']'), "a friction coefficient >= 0",
                       concat(problem.mu[a]));
  if (problem.compliance.size() == 0) return;
  if (problem.compliance.size() != n)
    throw Diagnostic(where, "compliance", concat("none or ", n, " values (", d, " per contact)"),
                     concat(problem.compliance.size()));
  require_finite(problem.compliance, where, "compliance");
  for (Index a = 0; a < problem.contacts(); ++a) {
    const auto c_a = problem.compliance.segment(d * a, d).array();
    if (!((c_a > 0.0).all() || (c_a == 0.0).all()))
      throw Diagnostic(where, concat("compliance[", d * a, "..", d * a + d - 1, ']'),
                       "all > 0 (a compliant contact) or all 0 (a rigid one)",
                       concat(c_a.transpose()));
  }
}

GlobalProblem standard_form(const GlobalProblem& problem) {
  if (!problem.compliant()) return problem;
  const int d = problem.dimension;
  const Index n_dof = problem.dofs();
  std::vector<Eigen::Triplet<double>> mass, rows;
  for (Index k = 0; k < problem.M.outerSize(); ++k)
    for (SparseMat::InnerIterator it(problem.M, k); it; ++it)
      mass.emplace_back(it.row(), it.col(), it.value());
  for (Index k = 0; k < problem.H.outerSize(); ++k)
    for (SparseMat::InnerIterator it(problem.H, k); it; ++it)
      rows.emplace_back(it.row(), it.col(), it.value());
  Index dof = n_dof;
  for (Index a = 0; a < problem.contacts(); ++a) {
    if (problem.compliance[d * a] == 0.0) continue;
    for (int i = 0; i < d; ++i, ++dof) {
      mass.emplace_back(dof, dof, 1.0 / problem.compliance[d * a + i]);
      rows.emplace_back(dof, d * a + i, 1.0);
    }
  }
  GlobalProblem standard = problem;
  standard.compliance.resize(0);
  standard.M.resize(dof, dof);
  standard.M.setFromTriplets(mass.begin(), mass.end());
  standard.H.resize(dof, problem.H.cols());
  standard.H.setFromTriplets(rows.begin(), rows.end());
  standard.f.conservativeResize(dof);
  standard.f.tail(dof - n_dof).setZero();
  return standard;
}

MassFactor::MassFactor(const SparseMat& M, const core::SourceLocation& where) {
  require_symmetric(M, where);
  // A positive definite M has a positive diagonal (M_ii = e_i^T M e_i > 0). N.B. checked
  // before CHOLMOD: its analysis of an M without entries returns no factor, which Eigen's
  // CholmodSupport then dereferences (a segmentation fault on an all-zero M).
  for (Index i = 0; i < M.rows(); ++i)
    if (!(M.coeff(i, i) > 0.0))
      throw Diagnostic(where, concat("M(", i, ", ", i, ')'),
                       "a positive diagonal entry (M positive definite)", concat(M.coeff(i, i)));
  factor_.cholmod().print = 0;  // library code never prints; failures become Diagnostics
  factor_.compute(M);
  if (factor_.info() != Eigen::Success)
    throw Diagnostic(where, "M", "a symmetric positive definite matrix",
                     "one whose Cholesky factorization fails (not positive definite)");
}

Condensation::Condensation(const GlobalProblem& problem, const core::SourceLocation& where)
    : factor_(problem.M, where), H_(problem.H), f_(problem.f) {
  const SparseMat M_inv_H = factor_.solve(H_);
  const SparseMat W = H_.transpose() * M_inv_H;
  const SparseMat W_T = W.transpose();
  SparseMat W_sym = 0.5 * (W + W_T);
  W_sym.prune(0.0);
  local_.dimension = problem.dimension;
  local_.W = BlockSparseMatrix::from_sparse(W_sym, problem.dimension);
  if (problem.compliant()) local_.W.add_to_diagonal(problem.compliance);
  local_.q = H_.transpose() * factor_.solve(f_) + problem.w;
  local_.mu = problem.mu;
  validate(local_, where);
}

VecX Condensation::global_velocity(const VecX& r) const {
  MOREAU_ASSERT(r.size() == local_.size());
  return factor_.solve(f_ + H_ * r);
}

}  // namespace moreau::contact
