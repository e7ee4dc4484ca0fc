#include "moreau/contact/delassus.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace moreau::contact {

// Compressed columns filled directly, in two passes (count, then place): the blocks come in
// contact order, so each column's rows are ascending without a sort.
SparseMat BlockJacobian::to_sparse() const {
  std::vector<int> outer(static_cast<std::size_t>(columns) + 1, 0);
  for (const JacobianBlock& block : blocks)
    for (Index j = 0; j < block.values.cols(); ++j)
      outer[block.first_column + j + 1] += static_cast<int>(block.values.rows());
  std::partial_sum(outer.begin(), outer.end(), outer.begin());
  std::vector<int> next(outer.begin(), outer.end() - 1);
  std::vector<int> inner(static_cast<std::size_t>(outer.back()));
  std::vector<double> values(inner.size());
  MOREAU_ASSERT(std::is_sorted(
      blocks.begin(), blocks.end(),
      [](const JacobianBlock& a, const JacobianBlock& b) { return a.contact < b.contact; }));
  for (const JacobianBlock& block : blocks) {
    for (Index j = 0; j < block.values.cols(); ++j)
      for (Index i = 0; i < block.values.rows(); ++i) {
        const int slot = next[block.first_column + j]++;
        inner[slot] = static_cast<int>(dimension * block.contact + i);
        values[slot] = block.values(i, j);
      }
  }
  return Eigen::Map<const SparseMat>(dimension * contacts, columns, outer.back(), outer.data(),
                                     inner.data(), values.data());
}

BlockSparseMatrix assemble_delassus(const BlockJacobian& H, const VecX& m_inv) {
  const int d = H.dimension;
  MOREAU_ASSERT(m_inv.size() == H.columns);
  // The blocks of each contact, and the blocks on each column group.
  std::vector<std::vector<std::size_t>> of_contact(static_cast<std::size_t>(H.contacts));
  std::unordered_map<Index, std::vector<std::size_t>> on_group;
  for (std::size_t k = 0; k < H.blocks.size(); ++k) {
    const JacobianBlock& block = H.blocks[k];
    MOREAU_ASSERT(block.values.rows() == d &&
                  block.first_column + block.values.cols() <= H.columns);
    of_contact[block.contact].push_back(k);
    on_group[block.first_column].push_back(k);
  }
  std::vector<Index> row_start{0}, column;
  std::vector<double> values;
  std::vector<Index> neighbours;
  for (Index a = 0; a < H.contacts; ++a) {
    neighbours.assign(1, a);
    for (const std::size_t k : of_contact[a])
      for (const std::size_t l : on_group[H.blocks[k].first_column])
        neighbours.push_back(H.blocks[l].contact);
    std::sort(neighbours.begin(), neighbours.end());
    neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
    const std::size_t first = values.size();
    values.resize(first + neighbours.size() * d * d, 0.0);
    for (const std::size_t k : of_contact[a]) {
      const JacobianBlock& block_a = H.blocks[k];
      const JacobianValues H_a_M_inv =
          block_a.values * m_inv.segment(block_a.first_column, block_a.values.cols()).asDiagonal();
      for (const std::size_t l : on_group[block_a.first_column]) {
        const auto b = std::lower_bound(neighbours.begin(), neighbours.end(), H.blocks[l].contact);
        Eigen::Map<math::MatX> W_ab(values.data() + first + (b - neighbours.begin()) * d * d, d, d);
        W_ab.noalias() += H_a_M_inv * H.blocks[l].values.transpose();
      }
    }
    column.insert(column.end(), neighbours.begin(), neighbours.end());
    row_start.push_back(static_cast<Index>(column.size()));
  }
  return BlockSparseMatrix::from_block_rows(d, std::move(row_start), std::move(column),
                                            std::move(values));
}

}  // namespace moreau::contact
