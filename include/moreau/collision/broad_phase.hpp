// Broad phase: the pairs of bodies whose bounding boxes overlap, the only pairs the narrow
// phase examines.
//
// Sweep and prune on one axis (Baraff 1992, PhD thesis, section 6.2; Cohen et al. 1995,
// I-COLLIDE): sort the boxes by their lower bound on the axis, sweep in that order keeping
// the boxes whose interval is still open, and test each new box against those on the other
// two axes. The axis is the one along which the box centres spread most (largest variance,
// Ericson 2005, "Real-Time Collision Detection", section 7.5.2), so that few intervals are
// open at once. Cost O(n log n + n a), a the mean number of open intervals: O(n log n) for
// scenes spread along some direction (walls, arches, towers, granular beds), degrading
// towards all pairs only when everything overlaps on every axis. Unbounded boxes (planes)
// stay open for the whole sweep and meet every box, which is what a ground needs.
// Rejected: a uniform grid, which needs a cell size and degrades for mixed sizes (a ground
// plane, large blocks and small grains in one scene).
#pragma once

#include "moreau/geometry/aabb.hpp"

#include <span>
#include <utility>
#include <vector>

namespace moreau::collision {

/// The pairs (i, j), i < j, of boxes that overlap (closed boxes: touching counts), sorted
/// lexicographically, so that the result does not depend on the sort's tie-breaking.
/// Callers inflate the boxes by the detection distance first (Aabb::inflated).
std::vector<std::pair<int, int>> overlapping_pairs(std::span<const geometry::Aabb> boxes);

}  // namespace moreau::collision
