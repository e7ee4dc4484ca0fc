// The one error measure of docs/mathematics.md section 1, the convergence test of every solver and
// the number compared with Siconos (its fc3d_compute_error / fc2d_compute_error).
#pragma once

#include "moreau/contact/local_problem.hpp"

namespace moreau::contact {

/// err(r) = | r - P_K(r - û(W r + q)) |_2 / max(|q|, |r|, |u|),
/// the norm over all contacts, with no division when the denominator is below machine
/// epsilon. Zero exactly at solutions; dimensionless. NaN when a norm overflows (entries
/// of r, u or q past about 1e154): no relative error is measured there.
/// @pre r.size() == problem.size()
double natural_map_error(const LocalProblem& problem, const VecX& r);

/// The same, with u = W r + q already at hand (saves one product with W).
/// @pre r.size() == u.size() == problem.size()
double natural_map_error(const LocalProblem& problem, const VecX& r, const VecX& u);

/// The same from its parts, for methods that never form W (the global form, where
/// u = H^T v + w with v the velocities of r and q = H^T M^-1 f + w): dimension d, the
/// friction coefficients, r, u and |q|.
/// @pre r.size() == u.size() == d mu.size()
double natural_map_error(int dimension, const VecX& mu, const VecX& r, const VecX& u,
                         double q_norm);

/// The same with the De Saxcé term held fixed: û = u + shift instead of u + mu |u_T| e_N,
/// the error of the convex problem a proximal method's inner iteration solves (its shift
/// frozen at an earlier iterate's slip).
/// @pre r.size() == u.size() == shift.size() == d mu.size()
double frozen_natural_map_error(int dimension, const VecX& mu, const VecX& r, const VecX& u,
                                const VecX& shift, double q_norm);

}  // namespace moreau::contact
