// A running-bond wall of 100 boxes written as CAD files (one object or solid per block), for
// the tests of the `blocks` generator: exact, and with every block moved, resized and turned
// by amounts below a bound, as a hand-drawn or rounded export touches with gaps and overlaps.
#pragma once

#include "moreau/math/types.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::testing {

// The faces of ConvexPolyhedron::box's corner order (corner bit 0, 1, 2: +x, +y, +z), each
// counter-clockwise seen from outside.
inline constexpr std::array<std::array<int, 4>, 6> kBoxFaces{
    {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}};
// A 0.5 x 0.25 x 0.25 m block. Every coordinate of the wall is a multiple of 1/8 m, so that
// the mean of a block's corners and the corners relative to it are exact in binary: the
// blocks read from one file are then bitwise the blocks written one by one.
inline const math::Vec3 kHalfBlock(0.25, 0.125, 0.125);
inline constexpr int kCourses = 10;
inline constexpr int kBlocksPerCourse = 10;

using BoxCorners = std::array<math::Vec3, 8>;

/// The corners of the box of half extents `half` at `centre`, turned by `turn` about it.
inline BoxCorners box_corners(const math::Vec3& centre, const math::Vec3& half = kHalfBlock,
                              const math::Mat3& turn = math::Mat3::Identity()) {
  BoxCorners corners;
  for (int i = 0; i < 8; ++i)
    corners[static_cast<std::size_t>(i)] =
        centre + turn * math::Vec3((i & 1) ? half.x() : -half.x(), (i & 2) ? half.y() : -half.y(),
                                   (i & 4) ? half.z() : -half.z());
  return corners;
}

/// "x y z" as OBJ and STL write a point, or "x, y, z" for a YAML list.
inline std::string point(const math::Vec3& p, const std::string& separator = " ") {
  std::ostringstream text;
  text.precision(17);
  text << p.x() << separator << p.y() << separator << p.z();
  return text.str();
}

/// "v ..." and "f ..." lines of the box of `corners`, its vertices numbered from `first`.
inline std::string obj_box(const BoxCorners& corners, int first) {
  std::string text;
  for (const math::Vec3& corner : corners) text += "v " + point(corner) + '\n';
  for (const auto& face : kBoxFaces) {
    text += 'f';
    for (const int corner : face) text += ' ' + std::to_string(first + corner);
    text += '\n';
  }
  return text;
}

/// The exact box at `centre`.
inline std::string obj_box(const math::Vec3& centre, int first) {
  return obj_box(box_corners(centre), first);
}

/// Running bond: every other course moved by a quarter block; the wall stands on z = 0.
inline math::Vec3 block_centre(int course, int block) {
  return {-2.25 + 0.5 * block + (course % 2 == 1 ? 0.25 : 0.0), 0.0, 0.125 + 0.25 * course};
}

inline std::string block_name(int course, int block) {
  // N.B. appended rather than "c" + std::to_string(...): GCC 12 warns (-Wrestrict, a false
  // positive) about the inlined operator+ of a literal and a temporary string.
  std::string name = "c";
  name += std::to_string(course);
  name += "_b";
  name += std::to_string(block);
  return name;
}

/// The wall's blocks, course by course, each moved from its exact place by a shift, a change
/// of its half extents and a turn, each bounded so that no corner moves by more than
/// `largest_move` (m): the shift's and the half extents' components by largest_move / 6
/// (each vector then below largest_move / (2 sqrt 3) < largest_move / 3), the turn's angle by
/// largest_move / (3 |kHalfBlock|). A fixed seed draws the same wall every time; a
/// largest_move of 0 gives the exact wall.
inline std::vector<BoxCorners> running_bond_wall(double largest_move, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const auto vector = [&] { return math::Vec3(unit(random), unit(random), unit(random)); };
  std::vector<BoxCorners> wall;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block) {
      const math::Vec3 shift = largest_move / 6.0 * vector();
      const math::Vec3 resize = largest_move / 6.0 * vector();
      const double angle = largest_move / (3.0 * kHalfBlock.norm()) * unit(random);
      const math::Mat3 turn = Eigen::AngleAxisd(angle, vector().normalized()).toRotationMatrix();
      wall.push_back(box_corners(block_centre(course, block) + shift, kHalfBlock + resize, turn));
    }
  return wall;
}

/// The OBJ file of the wall, one object per block named block_name(course, block).
inline std::string wall_obj(const std::vector<BoxCorners>& wall) {
  std::string text = "# a running-bond wall, one object per block\n";
  for (std::size_t i = 0; i < wall.size(); ++i) {
    const int course = static_cast<int>(i) / kBlocksPerCourse;
    text += "o " + block_name(course, static_cast<int>(i) % kBlocksPerCourse) + '\n' +
            obj_box(wall[i], 8 * static_cast<int>(i) + 1);
  }
  return text;
}

}  // namespace moreau::testing
