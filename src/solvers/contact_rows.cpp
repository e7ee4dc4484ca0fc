#include "contact_rows.hpp"

#include <algorithm>
#include <tuple>

namespace moreau::solvers::detail {

ContactRows contact_rows(const SparseMat& H, int d, Index contacts) {
  ContactRows rows;
  std::vector<std::tuple<Index, int, double>> entries;
  for (Index a = 0; a < contacts; ++a) {
    entries.clear();
    for (int j = 0; j < d; ++j)
      for (SparseMat::InnerIterator it(H, d * a + j); it; ++it)
        entries.emplace_back(it.row(), j, it.value());
    std::sort(entries.begin(), entries.end());
    for (const auto& [row, j, value] : entries) {
      if (rows.dof.size() == static_cast<std::size_t>(rows.start.back()) ||
          rows.dof.back() != row) {
        rows.dof.push_back(row);
        rows.values.resize(rows.values.size() + d, 0.0);
      }
      rows.values[rows.values.size() - d + j] += value;
    }
    rows.start.push_back(static_cast<Index>(rows.dof.size()));
  }
  return rows;
}

}  // namespace moreau::solvers::detail
