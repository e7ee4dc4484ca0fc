// Disjoint sets (union-find) of the indices 0 .. n-1: the grouping of things joined pairwise,
// faces into surfaces or joints, bodies into rigid parts, unknowns into coupled blocks.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

namespace moreau::core {

/// Union-find with path halving (Tarjan & van Leeuwen 1984, J. ACM 31:245). A set's root is
/// its smallest member, so that sets numbered in the order of their roots come in the order of
/// their first members.
template <class Index = std::size_t>
class DisjointSets {
 public:
  explicit DisjointSets(Index count) : parent_(static_cast<std::size_t>(count)) {
    std::iota(parent_.begin(), parent_.end(), Index{0});
  }

  Index root(Index i) {
    while (parent(i) != i) i = parent(i) = parent(parent(i));
    return i;
  }

  void join(Index a, Index b) {
    const Index root_a = root(a), root_b = root(b);
    parent(std::max(root_a, root_b)) = std::min(root_a, root_b);
  }

 private:
  Index& parent(Index i) { return parent_[static_cast<std::size_t>(i)]; }

  std::vector<Index> parent_;
};

}  // namespace moreau::core
