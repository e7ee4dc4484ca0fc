// The global frictional-contact problem (Siconos' GFC3D, FCLib's fclib_global) and its
// condensation to the local problem of local_problem.hpp (Acary & Brogliato 2008, sec. 10.1):
//   M v = f + H r,   u = H^T v + w,   K* ∋ û ⊥ r ∈ K  per contact,
// with M (n_dof x n_dof) symmetric positive definite and H (n_dof x d n_c). Eliminating v,
//   u = H^T M^-1 H r + (H^T M^-1 f + w) = W r + q.
// N.B. the global convention writes H for what docs/mathematics.md's stepper calls H^T (there H
// maps velocities to local velocities); the files store this one, so it is kept here.
#pragma once

#include "moreau/contact/local_problem.hpp"
#include "moreau/core/diagnostic.hpp"

#include <Eigen/CholmodSupport>

namespace moreau::contact {

struct GlobalProblem {
  int dimension = 3;  ///< d: 3, or 2 in planar mode
  SparseMat M;        ///< n_dof x n_dof, symmetric positive definite (mass, or iteration matrix)
  SparseMat H;        ///< n_dof x (d n_c): column block a maps contact a's impulse to the dofs
  VecX f;             ///< n_dof, the free term of M v = f + H r
  VecX w;             ///< d n_c, the constant term of u = H^T v + w
  VecX mu;            ///< n_c, friction coefficients >= 0

  Index contacts() const { return mu.size(); }
  Index dofs() const { return M.rows(); }
  /// u = H^T v + w, the local velocities of the global velocities v.
  VecX local_velocity(const VecX& v) const { return H.transpose() * v + w; }
};

/// The problem of compliant contacts, u = H^T v + w + C r with C = diag(compliance) (a joint
/// of finite stiffness, dynamics/joint_compliance.hpp), written as a global problem of the
/// standard form: each compliant contact a gets d auxiliary degrees of freedom y_a of mass
/// C_a^-1, no applied force, and the identity in H, so that M_y y_a = r_a gives y_a = C_a r_a and
/// u_a = H_a^T v + w_a + y_a. Its condensation has W + C (the regularized Delassus operator
/// of Lacoursière's SPOOK and of Drake's SAP), and every global solver and the FCLib format
/// serve it unchanged. The auxiliary dofs follow the problem's, in contact order; v's first
/// problem.dofs() entries are the bodies'.
/// @param compliance d n_c values >= 0, m/(N s); a contact's d values are all > 0 (compliant)
///        or all 0 (rigid: no auxiliary dof)
GlobalProblem with_compliance(const GlobalProblem& problem, const VecX& compliance);

/// Checks sizes (at least one dof), finiteness and mu >= 0 (positive definiteness is checked
/// by MassFactor).
/// @throws core::Diagnostic naming `where` and the offending key (M, H, f, w, mu)
void validate(const GlobalProblem& problem, const core::SourceLocation& where);

/// The Cholesky factor of a global problem's M (CHOLMOD, supernodal), for v = M^-1 (f + H r).
class MassFactor {
 public:
  /// @throws core::Diagnostic (key "M") when M is not symmetric or not positive definite
  MassFactor(const SparseMat& M, const core::SourceLocation& where);
  MassFactor(const MassFactor&) = delete;
  MassFactor& operator=(const MassFactor&) = delete;

  /// M^-1 b
  VecX solve(const VecX& b) const { return factor_.solve(b); }
  SparseMat solve(const SparseMat& B) const { return factor_.solve(B); }

 private:
  Eigen::CholmodSupernodalLLT<SparseMat> factor_;
};

/// The local problem of a global one, W = H^T M^-1 H and q = H^T M^-1 f + w, computed with a
/// sparse Cholesky factorization of M (CHOLMOD, supernodal) that is kept to recover the
/// global velocity v = M^-1 (f + H r) from any impulses r.
///
/// W is symmetrized, W <- (W + W^T)/2: H^T (M^-1 H) is symmetric in exact arithmetic and
/// solvers may rely on it; only round-off is removed. Not copyable (it owns the factor).
class Condensation {
 public:
  /// @pre validate(problem, where) passed
  /// @throws core::Diagnostic (key "M") when M is not symmetric or not positive definite
  Condensation(const GlobalProblem& problem, const core::SourceLocation& where);
  Condensation(const Condensation&) = delete;
  Condensation& operator=(const Condensation&) = delete;

  /// The condensed problem (validated), of the global problem's dimension and contacts.
  const LocalProblem& local() const { return local_; }

  /// v = M^-1 (f + H r), the global velocities for the impulses r.
  /// @pre r.size() == local().size()
  VecX global_velocity(const VecX& r) const;

 private:
  MassFactor factor_;
  SparseMat H_;
  VecX f_;
  LocalProblem local_;
};

}  // namespace moreau::contact
