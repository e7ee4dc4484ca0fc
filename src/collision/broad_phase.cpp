#include "moreau/collision/broad_phase.hpp"

#include <algorithm>
#include <numeric>

namespace moreau::collision {
namespace {

using geometry::Aabb;

// The axis of largest variance of the (finite) box centres.
int sweep_axis(std::span<const Aabb> boxes) {
  math::Vec3 sum = math::Vec3::Zero(), sum_squares = math::Vec3::Zero();
  double count = 0.0;
  for (const Aabb& box : boxes) {
    if (!box.lower.allFinite() || !box.upper.allFinite()) continue;
    const math::Vec3 centre = 0.5 * (box.lower + box.upper);
    sum += centre;
    sum_squares += centre.cwiseAbs2();
    count += 1.0;
  }
  if (count == 0.0) return 0;
  const math::Vec3 variance = sum_squares / count - (sum / count).cwiseAbs2();
  int axis = 0;
  variance.maxCoeff(&axis);
  return axis;
}

}  // namespace

std::vector<std::pair<int, int>> overlapping_pairs(std::span<const Aabb> boxes) {
  const int axis = sweep_axis(boxes);
  std::vector<int> order(boxes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](int i, int j) { return boxes[i].lower[axis] < boxes[j].lower[axis]; });
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> open;
  for (const int i : order) {
    // Intervals that ended before this one starts can meet no later box either.
    std::erase_if(open, [&](int j) { return boxes[j].upper[axis] < boxes[i].lower[axis]; });
    for (const int j : open)
      if (boxes[i].overlaps(boxes[j])) pairs.emplace_back(std::min(i, j), std::max(i, j));
    open.push_back(i);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace moreau::collision
