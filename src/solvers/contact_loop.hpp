// A loop over the contacts of a solve on TBB's threads (a run's --threads). Each contact's
// work writes its own slots only; sums over contacts are taken after it, in contact order, so
// that a solve is bitwise the same for any number of threads. Private to src/solvers.
#pragma once

#include "moreau/math/types.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace moreau::solvers::detail {

/// Contacts per task: a contact's work (a projection onto its cone, a few d x d products) takes
/// tens of nanoseconds and a task's scheduling about a microsecond. A loop over fewer contacts
/// runs on the calling thread.
inline constexpr math::Index kContactsPerTask = 256;

/// body(a) for a = 0 .. contacts - 1, in any order and on any thread.
template <class Body>
void for_each_contact(math::Index contacts, const Body& body) {
  tbb::parallel_for(tbb::blocked_range<math::Index>(0, contacts, kContactsPerTask),
                    [&](const tbb::blocked_range<math::Index>& range) {
                      for (math::Index a = range.begin(); a != range.end(); ++a) body(a);
                    });
}

}  // namespace moreau::solvers::detail
