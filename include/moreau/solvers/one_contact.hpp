// The exact solution of the one-contact problem, the kernel of nonsmooth Gauss-Seidel:
//   u = W_aa r + q_a,   K* ∋ û ⊥ r ∈ K,   û = u + [mu |u_T|, 0, 0],   d = 3 or 2,
// by enumeration of the three regions of the cone (take-off, stick, slide); the slide case is
// one scalar equation in the sliding direction, a trigonometric polynomial of degree 2 whose
// roots are those of a quartic (Bonnefon & Daviet 2011, "Quartic formulation of Coulomb 3D
// frictional contact"), closed-form in 2D.
#pragma once

#include "moreau/contact/cone.hpp"
#include "moreau/math/types.hpp"

namespace moreau::solvers {

/// Where the solution of a one-contact problem lies.
enum class ContactRegion {
  TakeOff,   ///< r = 0, û(q) ∈ K*  (q_N >= 0)
  Stick,     ///< u = 0, r = -W_aa^-1 q_a ∈ K
  Slide,     ///< u_N = 0, r on the boundary of K, u_T = -s e opposite to r_T = mu r_N e
  Unsolved,  ///< no exact solution found (singular W_aa): the best candidate is returned
};

template <int d>
struct OneContactSolution {
  contact::Block<d> r;  ///< impulse, normal first, N s
  ContactRegion region = ContactRegion::Unsolved;
  double error = 0.0;  ///< one_contact_error of r, dimensionless
};

/// The natural-map error of docs/mathematics.md section 1 restricted to one contact:
///   |r - P_K(r - û)| / max(|q_a|, |r|, |u|),  u = W_aa r + q_a  (no division below epsilon).
template <int d>
double one_contact_error(const Eigen::Matrix<double, d, d>& W_aa, double mu,
                         const contact::Block<d>& q_a, const contact::Block<d>& r);

/// The one-contact problem with a fixed block W_aa (d x d, symmetric positive semi-definite)
/// and friction coefficient mu >= 0. Everything that depends on W_aa alone is prepared by the
/// constructor, so that a Gauss-Seidel solve builds one solver per contact and calls solve()
/// once per contact and sweep.
///
/// Regions are tried in order take-off, stick, slide. Slide: with r = r_N (1, mu e), |e| = 1,
/// u_N = 0 gives r_N = -q_N / D(e), D = W_NN + mu W_NT e, and u_T must be opposite to e:
///   h(e) = b + mu A e = -s e, s >= 0,   b = W_TN + W_NN p,  A = W_TT + p W_NT,  p = q_T/(-q_N),
/// (h = D u_T / (-q_N)). In 3D, e = (cos θ, sin θ) and the condition h × e = 0 reads
///   g(θ) = b1 sin θ - b2 cos θ + mu (A12 sin²θ + (A11 - A22) sin θ cos θ - A21 cos²θ) = 0,
/// solved by Newton from the warm start's direction and, when that fails, by all the roots
/// of the quartic (1 + t²)² g = 0, t = tan((θ - θ0)/2), each polished by Newton on g. In 2D,
/// e = ±1. A semi-definite or zero block makes D or the stick solve degenerate; candidates
/// are then judged by their error, and the warm start is kept if nothing does better.
template <int d>
class OneContactSolver {
 public:
  using Matrix = Eigen::Matrix<double, d, d>;
  using Vector = contact::Block<d>;

  OneContactSolver() = default;
  /// @pre W_aa symmetric positive semi-definite, mu >= 0, both finite
  OneContactSolver(const Matrix& W_aa, double mu);

  /// The solution for the free velocity q_a (m/s). r_guess (the warm start, N s) seeds the
  /// sliding direction and is returned, as Unsolved, when no candidate has a smaller error.
  OneContactSolution<d> solve(const Vector& q_a, const Vector& r_guess) const;

  const Matrix& W() const { return W_; }
  double mu() const { return mu_; }

 private:
  Matrix W_ = Matrix::Zero();
  Matrix W_inverse_ = Matrix::Zero();  ///< inverse, or pseudo-inverse when singular
  double mu_ = 0.0;
  bool regular_ = false;  ///< condition number below 1 / kSingular: stick is exact
};

extern template class OneContactSolver<2>;
extern template class OneContactSolver<3>;

}  // namespace moreau::solvers
