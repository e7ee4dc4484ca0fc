// Seeded random well-posed local problems for solver and error tests: W = J J^T + eps I
// from a random J (so W is symmetric positive definite, like a Delassus operator of
// bodies with more degrees of freedom than constraints), q and mu uniform.
#pragma once

#include "moreau/contact/local_problem.hpp"

#include <cstdint>

namespace moreau::testing {

/// A problem with `contacts` contacts of dimension d (2 or 3); W couples each contact with
/// a few neighbours, mu in [0.1, 1], q in [-1, 1]^n.
contact::LocalProblem random_problem(int dimension, int contacts, std::uint64_t seed);

}  // namespace moreau::testing
