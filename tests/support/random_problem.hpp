// Seeded random well-posed problems for solver and error tests. Local: W = J J^T + eps I
// from a random J (so W is symmetric positive definite, like a Delassus operator of
// bodies with more degrees of freedom than constraints), q and mu uniform. Global: bodies
// of 6 degrees of freedom and contacts between them, in the shape of a time step's problem.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/local_problem.hpp"
#include "moreau/solvers/solver.hpp"

#include <cstdint>

namespace moreau::testing {

/// A problem with `contacts` contacts of dimension d (2 or 3); W couples each contact with
/// a few neighbours, mu in [0.1, 1], q in [-1, 1]^n.
contact::LocalProblem random_problem(int dimension, int contacts, std::uint64_t seed);

/// How the bodies' mass matrix looks.
enum class MassBlocks {
  Diagonal,  ///< a positive diagonal (rigid bodies in their principal axes)
  Full,      ///< a dense symmetric positive definite 6 x 6 block per body (other axes)
};

/// `bodies` bodies of 6 degrees of freedom (mass entries in [0.5, 2]); each contact couples
/// two of them through random 3 x 6 blocks (a Jacobian's shape); f and w uniform in [-1, 1],
/// w shifted by -1 in the normal direction so that most contacts are active; mu uniform in
/// [0.1, max_mu] (by default up to 0.7, the range of dry masonry joints).
contact::GlobalProblem random_global_problem(int bodies, int contacts, std::uint64_t seed,
                                             double max_mu = 0.7,
                                             MassBlocks mass = MassBlocks::Diagonal);

/// Stop criteria no solver meets on these problems (tolerance 1e-14, 100,000 iterations), for
/// tests of what ends a solve before its criteria do.
solvers::StopCriteria far_tolerance();

}  // namespace moreau::testing
