#include "moreau/contact/delassus.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <unordered_map>

namespace moreau::contact {

SparseMat BlockJacobian::to_sparse() const {
  std::vector<math::Triplet> entries;
  for (const JacobianBlock& block : blocks)
    for (Index j = 0; j < block.values.cols(); ++j)
      for (Index i = 0; i < block.values.rows(); ++i)
        entries.emplace_back(dimension * block.contact + i, block.first_column + j,
                             block.values(i, j));
  SparseMat H(dimension * contacts, columns);
  H.setFromTriplets(entries.begin(), entries.end());
  return H;
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
