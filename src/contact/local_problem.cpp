#include "moreau/contact/local_problem.hpp"

#include "moreau/core/concat.hpp"

#include <cmath>

namespace moreau::contact {
namespace {

using core::concat;
using core::Diagnostic;

void require_finite(const double* values, Index count, const core::SourceLocation& where,
                    const std::string& key) {
  for (Index i = 0; i < count; ++i)
    if (!std::isfinite(values[i]))
      throw Diagnostic(where, concat(key, '[', i, ']'), "a finite number", concat(values[i]));
}

}  // namespace

void validate(const LocalProblem& problem, const core::SourceLocation& where) {
  const int d = problem.dimension;
  if (d != 2 && d != 3) throw Diagnostic(where, "dimension", "2 or 3", concat(d));
  if (problem.W.block_size() != d)
    throw Diagnostic(where, "W", concat(d, 'x', d, " blocks"),
                     concat(problem.W.block_size(), 'x', problem.W.block_size(), " blocks"));
  const Index n = d * problem.contacts();
  if (problem.q.size() != n)
    throw Diagnostic(where, "q", concat(n, " values (", d, " per contact)"),
                     concat(problem.q.size()));
  if (problem.W.rows() != n)
    throw Diagnostic(where, "W", concat("a ", n, 'x', n, " matrix"),
                     concat(problem.W.rows(), " rows"));
  require_finite(problem.q.data(), n, where, "q");
  require_finite(problem.mu.data(), problem.contacts(), where, "mu");
  const SparseMat W = problem.W.to_sparse();
  require_finite(W.valuePtr(), W.nonZeros(), where, "W (stored value)");
  for (Index a = 0; a < problem.contacts(); ++a)
    if (problem.mu[a] < 0.0)
      throw Diagnostic(where, concat("mu[", a, ']'), "a friction coefficient >= 0",
                       concat(problem.mu[a]));
}

}  // namespace moreau::contact
