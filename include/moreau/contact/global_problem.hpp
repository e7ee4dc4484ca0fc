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
  /// Empty (every contact rigid), or d n_c values C >= 0, m/(N s), that make the law's
  /// velocity u = H^T v + w + C r: compliant joints (dynamics/joint_compliance.hpp). A
  /// contact's d values are all > 0 (compliant) or all 0 (rigid). The condensation's W
  /// gains C (the regularized Delassus operator of Lacoursière's SPOOK and Drake's SAP).
  VecX compliance;

  Index contacts() const { return mu.size(); }
  Index dofs() const { return M.rows(); }
  /// u = H^T v + w, the local velocities of the global velocities v (without C r).
  VecX local_velocity(const VecX& v) const { return H.transpose() * v + w; }
  /// Whether some contact is compliant.
  bool compliant() const { return compliance.size() > 0 && (compliance.array() > 0.0).any(); }
};

/// The same problem without `compliance`, in the form FCLib and Siconos know: each compliant
/// contact a gets d auxiliary degrees of freedom y_a of mass C_a^-1, no applied force, and
/// the identity in H, so that C_a^-1 y_a = r_a gives y_a = C_a r_a and u_a = H_a^T v + w_a +
/// y_a. The auxiliary dofs follow the problem's, in contact order: v's first problem.dofs()
/// entries are the bodies'. A problem without compliant contacts is returned as it is.
/// @pre validate(problem, ...) passed
GlobalProblem standard_form(const GlobalProblem& problem);

/// Checks sizes (at least one dof), finiteness, mu >= 0 and the compliance's form
/// (positive definiteness is checked by MassFactor).
/// @throws core::Diagnostic naming `where` and the offending key (M, H, f, w, mu,
///         compliance)
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

/// The local problem of a global one, W = H^T M^-1 H + C and q = H^T M^-1 f + w, computed with a
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
