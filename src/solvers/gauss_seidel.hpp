// The nonsmooth Gauss-Seidel sweep (Jean & Moreau 1992), shared by nsgs and by prox, whose
// inner problems are the same sweep on W + sigma I, q - sigma r_center. Private to
// src/solvers.
#pragma once

#include "moreau/solvers/one_contact.hpp"
#include "moreau/solvers/solver.hpp"
#include "sweep_loop.hpp"

#include <span>
#include <vector>

namespace moreau::solvers::detail {

/// The proximal term of PROX: the problem W + sigma I, q - sigma center (sigma in units of W).
/// sigma = 0 is the problem itself.
struct ProximalTerm {
  double sigma = 0.0;
  const VecX* center = nullptr;  ///< r_center, size n; unused when sigma = 0
};

/// One OneContactSolver per contact, on W_aa + sigma I: the diagonal-block work done once per
/// solve rather than once per sweep.
template <int d>
std::vector<OneContactSolver<d>> prepare_contacts(const LocalProblem& problem, double sigma);

/// One sweep in the given order: each contact's problem is solved exactly with the other
/// impulses frozen, then relaxed, r_a <- omega r_a_new + (1 - omega) r_a_old.
template <int d>
SweepResult gauss_seidel_sweep(const LocalProblem& problem,
                               std::span<const OneContactSolver<d>> contacts,
                               std::span<const Index> order, double omega,
                               const ProximalTerm& proximal, VecX& r);

}  // namespace moreau::solvers::detail
