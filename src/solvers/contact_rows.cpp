#include "contact_rows.hpp"

#include "moreau/core/assert.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <tuple>

namespace moreau::solvers::detail {

namespace {

// The number of rows that contact a's d columns touch: the size of the union of their sorted
// row indices.
Index count_contact_rows(const SparseMat& H, int d, Index a) {
  MOREAU_ASSERT(d <= 3);
  std::array<const int*, 3> next{}, last{};
  for (int j = 0; j < d; ++j) {
    const Index column = d * a + j;
    next[j] = H.innerIndexPtr() + H.outerIndexPtr()[column];
    last[j] = H.innerIndexPtr() + (H.isCompressed()
                                       ? H.outerIndexPtr()[column + 1]
                                       : H.outerIndexPtr()[column] + H.innerNonZeroPtr()[column]);
  }
  Index count = 0;
  for (;;) {
    int row = -1;
    for (int j = 0; j < d; ++j)
      if (next[j] != last[j] && (row < 0 || *next[j] < row)) row = *next[j];
    if (row < 0) return count;
    ++count;
    for (int j = 0; j < d; ++j)
      if (next[j] != last[j] && *next[j] == row) ++next[j];
  }
}

// Contact a's rows, ascending, and its d values on each into dof and values.
void write_contact_rows(const SparseMat& H, int d, Index a,
                        std::vector<std::tuple<Index, int, double>>& entries, Index* dof,
                        double* values) {
  entries.clear();
  for (int j = 0; j < d; ++j)
    for (SparseMat::InnerIterator it(H, d * a + j); it; ++it)
      entries.emplace_back(it.row(), j, it.value());
  std::sort(entries.begin(), entries.end());
  Index count = 0;
  for (const auto& [row, j, value] : entries) {
    if (count == 0 || dof[count - 1] != row) dof[count++] = row;
    values[d * (count - 1) + j] += value;
  }
}

}  // namespace

// In parallel, bitwise the same for any number of threads: each contact's rows are counted,
// then written into their place in contact order.
ContactRows contact_rows(const SparseMat& H, int d, Index contacts) {
  ContactRows rows;
  rows.start.assign(static_cast<std::size_t>(contacts) + 1, 0);
  for_each_contact(contacts, [&](Index a) { rows.start[a + 1] = count_contact_rows(H, d, a); });
  std::partial_sum(rows.start.begin(), rows.start.end(), rows.start.begin());
  rows.dof.resize(static_cast<std::size_t>(rows.start.back()));
  rows.values.assign(rows.dof.size() * static_cast<std::size_t>(d), 0.0);
  tbb::parallel_for(tbb::blocked_range<Index>(0, contacts, kContactsPerTask),
                    [&](const tbb::blocked_range<Index>& range) {
                      std::vector<std::tuple<Index, int, double>> entries;
                      for (Index a = range.begin(); a != range.end(); ++a)
                        write_contact_rows(H, d, a, entries, rows.dof.data() + rows.start[a],
                                           rows.values.data() + d * rows.start[a]);
                    });
  return rows;
}

}  // namespace moreau::solvers::detail
