#include "moreau/solvers/one_contact.hpp"

#include "moreau/contact/local_problem.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace moreau::solvers {
namespace {

using contact::kNormal;

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
// W_aa counts as singular when its smallest eigenvalue is below kSingular times its largest:
// beyond that, -W_aa^-1 q_a has lost all but a few digits and is no exact stick solution.
constexpr double kSingular = 1e-12;
// Newton on g(θ) converges quadratically from the warm start (the previous sweep's
// direction) in 2-4 steps; 30 leaves room for the linear convergence near a double root.
constexpr int kNewtonSteps = 30;

template <int d>
using Tangent = Eigen::Matrix<double, d - 1, 1>;

/// The slide equation of the class comment for one q_a (requires q_N < 0).
template <int d>
struct SlideEquation {
  SlideEquation(const Eigen::Matrix<double, d, d>& W, double friction, const contact::Block<d>& q)
      : mu(friction), minus_q_N(-q[kNormal]), W_NN(W(0, 0)) {
    const Tangent<d> p = q.template tail<d - 1>() / minus_q_N;
    W_NT = W.template block<1, d - 1>(0, 1).transpose();
    b = W.template block<d - 1, 1>(1, 0) + W_NN * p;
    A = W.template bottomRightCorner<d - 1, d - 1>() + p * W_NT.transpose();
  }

  /// r = r_N (1, mu e) with r_N = -q_N / D(e), or nothing when D(e) <= 0 (no r_N > 0).
  std::optional<contact::Block<d>> impulse(const Tangent<d>& e) const {
    const double D = W_NN + mu * W_NT.dot(e);
    if (!(D > 0.0)) return std::nullopt;
    contact::Block<d> r;
    r[kNormal] = minus_q_N / D;
    r.template tail<d - 1>() = (mu * r[kNormal]) * e;
    return r;
  }

  /// u_T = -s e with s >= 0, i.e. h(e)·e <= 0, up to the round-off of h.
  bool opposes(const Tangent<d>& e) const {
    const Tangent<d> h = b + mu * (A * e);
    return h.dot(e) <= 16.0 * kEpsilon * (b.norm() + mu * A.norm());
  }

  double mu, minus_q_N, W_NN;
  Tangent<d> W_NT, b;
  Eigen::Matrix<double, d - 1, d - 1> A;
};

/// g(θ) = a0 + a1 cos θ + b1 sin θ + a2 cos 2θ + b2 sin 2θ: the 3D slide equation h × e = 0
/// with e = (cos θ, sin θ), from sin²θ = (1 - cos 2θ)/2, cos²θ = (1 + cos 2θ)/2.
struct TrigonometricQuadratic {
  explicit TrigonometricQuadratic(const SlideEquation<3>& s)
      : a0(0.5 * s.mu * (s.A(0, 1) - s.A(1, 0))),
        a1(-s.b[1]),
        b1(s.b[0]),
        a2(-0.5 * s.mu * (s.A(0, 1) + s.A(1, 0))),
        b2(0.5 * s.mu * (s.A(0, 0) - s.A(1, 1))) {}

  /// g(θ) and g'(θ).
  std::array<double, 2> evaluate(double theta) const {
    const double c = std::cos(theta), s = std::sin(theta);
    const double c2 = c * c - s * s, s2 = 2.0 * s * c;
    return {a0 + a1 * c + b1 * s + a2 * c2 + b2 * s2,
            -a1 * s + b1 * c - 2.0 * a2 * s2 + 2.0 * b2 * c2};
  }

  double a0, a1, b1, a2, b2;
};

struct NewtonResult {
  double theta;
  bool converged;
};

/// Newton on g from theta, to machine precision (a step below 4 epsilon rad).
NewtonResult polish(const TrigonometricQuadratic& g, double theta) {
  for (int step = 0; step < kNewtonSteps; ++step) {
    const auto [value, slope] = g.evaluate(theta);
    if (value == 0.0) return {theta, true};
    if (slope == 0.0 || !std::isfinite(value / slope)) return {theta, false};
    theta -= value / slope;
    if (std::abs(value / slope) <= 4.0 * kEpsilon * std::max(1.0, std::abs(theta)))
      return {theta, true};
  }
  return {theta, false};
}

/// Every root of g, as angles: with t = tan((θ - θ0)/2),
///   (1 + t²)² g = c4 t⁴ + c3 t³ + c2 t² + c1 t + c0,
///   c4 = a0' - a1' + a2',  c3 = 2 b1' - 4 b2',  c2 = 2 a0' - 6 a2',  c1 = 2 b1' + 4 b2',
///   c0 = a0' + a1' + a2',
/// where ' are the coefficients of g(θ0 + φ). θ0 + π is the sample of largest |g|, so that
/// the leading coefficient c4 = g(θ0 + π) is far from zero and no root is at infinity.
/// The roots are the eigenvalues of the companion matrix (backward stable), polished after.
std::optional<std::array<double, 4>> quartic_roots(const TrigonometricQuadratic& g) {
  double theta_pi = 0.0, largest = 0.0;
  for (int k = 0; k < 8; ++k) {
    const double theta = k * std::numbers::pi / 4.0;
    const double value = std::abs(g.evaluate(theta)[0]);
    if (value > largest) largest = value, theta_pi = theta;
  }
  if (!(largest > 0.0)) return std::nullopt;  // g vanishes identically: no isolated root
  const double theta0 = theta_pi - std::numbers::pi;
  const double c = std::cos(theta0), s = std::sin(theta0), c2 = c * c - s * s, s2 = 2.0 * s * c;
  const double a1 = g.a1 * c + g.b1 * s, b1 = -g.a1 * s + g.b1 * c;
  const double a2 = g.a2 * c2 + g.b2 * s2, b2 = -g.a2 * s2 + g.b2 * c2;
  const std::array<double, 5> coefficient = {g.a0 + a1 + a2, 2.0 * b1 + 4.0 * b2,
                                             2.0 * g.a0 - 6.0 * a2, 2.0 * b1 - 4.0 * b2,
                                             g.a0 - a1 + a2};
  Eigen::Matrix4d companion = Eigen::Matrix4d::Zero();
  for (int k = 0; k < 4; ++k) companion(0, k) = -coefficient[3 - k] / coefficient[4];
  companion.block<3, 3>(1, 0).setIdentity();
  const Eigen::EigenSolver<Eigen::Matrix4d> eigen(companion, false);
  std::array<double, 4> roots;
  for (int k = 0; k < 4; ++k) roots[k] = theta0 + 2.0 * std::atan(eigen.eigenvalues()[k].real());
  return roots;
}

/// The best candidate so far: the smallest error wins.
template <int d>
struct Best {
  void consider(const contact::Block<d>& r, ContactRegion region, double error) {
    if (error < solution.error) solution = {r, region, error};
  }
  OneContactSolution<d> solution{contact::Block<d>::Zero(), ContactRegion::Unsolved,
                                 std::numeric_limits<double>::infinity()};
};

}  // namespace

template <int d>
double one_contact_error(const Eigen::Matrix<double, d, d>& W_aa, double mu,
                         const contact::Block<d>& q_a, const contact::Block<d>& r) {
  const contact::Block<d> u = W_aa * r + q_a;
  const contact::Block<d> u_hat = contact::de_saxce_velocity<d>(u, mu);
  const double residual = (r - contact::project_onto_cone<d>(r - u_hat, mu)).norm();
  const double scale = std::max({q_a.norm(), r.norm(), u.norm()});
  return scale < kEpsilon ? residual : residual / scale;
}

template <int d>
OneContactSolver<d>::OneContactSolver(const Matrix& W_aa, double mu) : W_(W_aa), mu_(mu) {
  // The eigenvalues of the symmetric part decide regularity; the inverse itself is of W_aa,
  // so that a slightly unsymmetric block (round-off in a file) still gets an exact stick.
  const Matrix symmetric = 0.5 * (W_aa + W_aa.transpose());
  // Fast path, without eigenvalues (a Gauss-Seidel solve builds one solver per contact, and
  // the QR iteration cost more than a whole solve of a few contacts): for a positive
  // definite block, lambda_min / lambda_max >= det / trace^d, since lambda_max <= trace and
  // the other d - 1 eigenvalues are at most trace each. Far above kSingular (the bound is
  // loose by up to d^d, and det carries round-off), the block is regular.
  const Eigen::LLT<Matrix> cholesky(symmetric);
  if (cholesky.info() == Eigen::Success) {
    const double root_determinant = cholesky.matrixLLT().diagonal().prod();
    if (root_determinant * root_determinant > 1e2 * kSingular * std::pow(symmetric.trace(), d)) {
      regular_ = true;
      W_inverse_ = W_aa.inverse();
      return;
    }
  }
  const Eigen::SelfAdjointEigenSolver<Matrix> eigen(symmetric);
  const auto& lambda = eigen.eigenvalues();  // increasing
  const double largest = std::max(lambda[d - 1], 0.0);
  regular_ = lambda[0] > kSingular * lambda[d - 1];
  if (regular_) {
    W_inverse_ = W_aa.inverse();
    return;
  }
  // Pseudo-inverse: the stick candidate is then the least-norm r with W_aa r + q_a ~ 0.
  Vector inverse_lambda = Vector::Zero();
  for (int i = 0; i < d; ++i)
    if (lambda[i] > kSingular * largest) inverse_lambda[i] = 1.0 / lambda[i];
  W_inverse_ =
      eigen.eigenvectors() * inverse_lambda.asDiagonal() * eigen.eigenvectors().transpose();
}

template <int d>
OneContactSolution<d> OneContactSolver<d>::solve(const Vector& q_a, const Vector& r_guess) const {
  const auto error_of = [&](const Vector& r) { return one_contact_error<d>(W_, mu_, q_a, r); };
  // Take-off: û(q) = (q_N + mu |q_T|, q_T) ∈ K*  ⟺  mu |q_T| <= q_N + mu |q_T|  ⟺  q_N >= 0.
  if (q_a[kNormal] >= 0.0)
    return {Vector::Zero(), ContactRegion::TakeOff, error_of(Vector::Zero())};
  // Stick: u = 0. With a singular block the pseudo-inverse solution must be checked to be one.
  const Vector r_stick = -W_inverse_ * q_a;
  const bool in_cone =
      r_stick[kNormal] >= 0.0 && r_stick.template tail<d - 1>().norm() <= mu_ * r_stick[kNormal];
  if (in_cone && regular_) return {r_stick, ContactRegion::Stick, error_of(r_stick)};
  Best<d> best;
  if (in_cone && (W_ * r_stick + q_a).norm() <= std::sqrt(kEpsilon) * q_a.norm())
    best.consider(r_stick, ContactRegion::Stick, error_of(r_stick));
  // Slide: every direction that satisfies the sign conditions is an exact solution.
  const SlideEquation<d> slide(W_, mu_, q_a);
  const auto consider_direction = [&](const Tangent<d>& e) {
    if (!slide.opposes(e)) return;
    if (const auto r = slide.impulse(e)) best.consider(*r, ContactRegion::Slide, error_of(*r));
  };
  if constexpr (d == 2) {
    consider_direction(Tangent<d>::Constant(1.0));
    consider_direction(Tangent<d>::Constant(-1.0));
  } else {
    const TrigonometricQuadratic g(slide);
    // Fast path: Newton from the direction of the warm start (or of the stick candidate).
    const Tangent<d> seed = r_guess.template tail<d - 1>().squaredNorm() > 0.0
                                ? Tangent<d>(r_guess.template tail<d - 1>())
                                : Tangent<d>(r_stick.template tail<d - 1>());
    const NewtonResult fast = polish(g, std::atan2(seed[1], seed[0]));
    consider_direction(Tangent<d>(std::cos(fast.theta), std::sin(fast.theta)));
    if (fast.converged && best.solution.region == ContactRegion::Slide) return best.solution;
    if (const auto roots = quartic_roots(g)) {
      for (const double root : *roots) {
        const double theta = polish(g, root).theta;
        consider_direction(Tangent<d>(std::cos(theta), std::sin(theta)));
      }
    }
  }
  if (best.solution.region != ContactRegion::Unsolved) return best.solution;
  // No exact solution (a singular block): keep the better of the warm start and r = 0.
  best.consider(r_guess, ContactRegion::Unsolved, error_of(r_guess));
  best.consider(Vector::Zero(), ContactRegion::Unsolved, error_of(Vector::Zero()));
  return best.solution;
}

template double one_contact_error<2>(const Eigen::Matrix2d&, double, const contact::Block<2>&,
                                     const contact::Block<2>&);
template double one_contact_error<3>(const Eigen::Matrix3d&, double, const contact::Block<3>&,
                                     const contact::Block<3>&);
template class OneContactSolver<2>;
template class OneContactSolver<3>;

}  // namespace moreau::solvers
