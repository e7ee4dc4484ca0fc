// The Coulomb cone K = {x : |x_T| <= mu x_N} (normal first), its projection, and the
// De Saxcé modified velocity, for contact blocks of size d = 2 or 3.
#pragma once

#include "moreau/math/types.hpp"

#include <cmath>

namespace moreau::contact {

template <int d>
using Block = Eigen::Matrix<double, d, 1>;

/// Where x lies for the projection onto K_mu = {x : |x_T| <= mu x_N}.
enum class ConeRegion {
  Inside,    ///< |x_T| <= mu x_N: x in K (stick)
  Polar,     ///< mu |x_T| <= -x_N: x in the polar cone, projected to 0 (take-off)
  Boundary,  ///< otherwise: projected onto the surface of K (slide), and then |x_T| > 0
};

template <int d>
ConeRegion cone_region(const Block<d>& x, double mu) {
  const double x_N = x[0];
  const double norm_T = x.template tail<d - 1>().norm();
  // N.B. x_N >= 0 is tested too: with mu = 0 and x_N < 0, norm_T <= mu x_N reads 0 <= -0.
  if (x_N >= 0.0 && norm_T <= mu * x_N) return ConeRegion::Inside;
  if (mu * norm_T <= -x_N) return ConeRegion::Polar;
  return ConeRegion::Boundary;
}

/// Euclidean projection onto K_mu, in closed form (e.g. Acary & Brogliato 2008, sec. 12.1):
///   |x_T| <= mu x_N         x           (inside: stick)
///   mu |x_T| <= -x_N        0           (in the polar cone: take-off)
///   otherwise               (a, mu a x_T/|x_T|),  a = (x_N + mu |x_T|) / (1 + mu^2)  (slide)
/// With mu = 0, K is the half-line x_T = 0, x_N >= 0 and the same formulas hold.
template <int d>
Block<d> project_onto_cone(const Block<d>& x, double mu) {
  const ConeRegion region = cone_region<d>(x, mu);
  if (region == ConeRegion::Inside) return x;
  if (region == ConeRegion::Polar) return Block<d>::Zero();
  const double norm_T = x.template tail<d - 1>().norm();
  const double a = (x[0] + mu * norm_T) / (1.0 + mu * mu);
  Block<d> projection;
  projection[0] = a;
  projection.template tail<d - 1>() = (mu * a / norm_T) * x.template tail<d - 1>();
  return projection;
}

/// The Jacobian dP_K/dx of project_onto_cone at x, symmetric with eigenvalues in [0, 1]:
/// I inside K (stick), 0 in the polar cone (take-off), and on the slide region, with
/// t = |x_T|, n = x_T / t and a as above (differentiating (a, mu a n)),
///   dP/dx = 1/(1 + mu^2) [1, mu n^T; mu n, mu^2 n n^T] + [0, 0; 0, (mu a / t)(I - n n^T)].
/// On the boundaries between regions, where P_K is not differentiable, it returns the
/// Jacobian of the region project_onto_cone selects: an element of Clarke's generalized
/// Jacobian, which is what a semismooth Newton method needs (Qi & Sun 1993).
template <int d>
Eigen::Matrix<double, d, d> cone_projection_jacobian(const Block<d>& x, double mu) {
  using Matrix = Eigen::Matrix<double, d, d>;
  const ConeRegion region = cone_region<d>(x, mu);
  if (region == ConeRegion::Inside) return Matrix::Identity();
  if (region == ConeRegion::Polar) return Matrix::Zero();
  const double norm_T = x.template tail<d - 1>().norm();
  const Eigen::Matrix<double, d - 1, 1> n = x.template tail<d - 1>() / norm_T;
  const double a = (x[0] + mu * norm_T) / (1.0 + mu * mu);
  Block<d> direction;  // (1, mu n): dP/dx = direction direction^T / (1 + mu^2) + curvature
  direction << 1.0, mu * n;
  Matrix J = direction * direction.transpose() / (1.0 + mu * mu);
  J.template bottomRightCorner<d - 1, d - 1>() +=
      (mu * a / norm_T) * (Eigen::Matrix<double, d - 1, d - 1>::Identity() - n * n.transpose());
  return J;
}

/// û = u + [mu |u_T|, 0, 0] (De Saxcé & Feng 1991): with it, the Coulomb law with its
/// non-associated sliding rule becomes the cone complementarity K* ∋ û ⊥ r ∈ K.
template <int d>
Block<d> de_saxce_velocity(const Block<d>& u, double mu) {
  Block<d> u_hat = u;
  u_hat[0] += mu * u.template tail<d - 1>().norm();
  return u_hat;
}

/// dû/du of de_saxce_velocity: I + mu e_N t^T with t = u_T / |u_T|, and I at u_T = 0 (the
/// subgradient 0 of |u_T| there).
template <int d>
Eigen::Matrix<double, d, d> de_saxce_velocity_jacobian(const Block<d>& u, double mu) {
  Eigen::Matrix<double, d, d> jacobian = Eigen::Matrix<double, d, d>::Identity();
  if (const double speed = u.template tail<d - 1>().norm(); speed > 0.0)
    jacobian.template block<1, d - 1>(0, 1) = (mu / speed) * u.template tail<d - 1>().transpose();
  return jacobian;
}

}  // namespace moreau::contact
