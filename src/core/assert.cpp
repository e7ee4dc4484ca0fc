#include "moreau/core/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace moreau::core {

void assertion_failed(const char* condition, const char* file, int line) {
  // The one place library code writes to a stream: the process is about to abort and the
  // failed invariant is all that is left to report.
  std::fprintf(stderr, "%s:%d: internal error: assertion failed: %s\n", file, line, condition);
  std::abort();
}

}  // namespace moreau::core
