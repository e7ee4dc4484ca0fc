// Masonry generators: the block layouts that problem files name in a few keys (arches, running
// bond walls, columns of drums, stacks/towers), in 3D (convex polyhedra, boxes) and in planar
// mode (convex polygons in x-z). Blocks are exact tilings: neighbour faces coincide, so a
// structure starts in contact everywhere and at zero gap. The ground is z = 0 and every
// structure is centred on x = y = 0.
#pragma once

#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"

#include <string>
#include <vector>

namespace moreau::io {

/// One generated block: its shape in its local frame and where that frame is.
struct Block {
  std::string name;  ///< "<generator name>/<part><index>", e.g. "arch/voussoir07"
  geometry::Shape shape;
  geometry::Pose pose;
  bool fixed = false;  ///< abutments or springings declared fixed
};

enum class ArchForm { Semicircular, Pointed, Segmental };

/// An arch in the x-z plane, symmetric about x = 0, extruded along y by `depth` in 3D.
/// Voussoirs are the ring between the intrados and the extrados cut by radial joints at
/// equal angles. Pointed: two circular arcs of radius `radius` whose centres sit at
/// x = -+(radius - span/2) (equilateral when radius = span). Segmental: an arc of `radius`
/// (> span/2) rising by `rise` (from radius and span).
struct ArchSpec {
  std::string name = "arch";
  ArchForm form = ArchForm::Semicircular;
  double span = 0.0;       ///< m, clear span of the intrados at the springings, > 0
  double radius = 0.0;     ///< m, intrados radius; semicircular: span / 2 if 0
  double thickness = 0.0;  ///< m, radial ring thickness, > 0
  double depth = 1.0;      ///< m, along y (3D only)
  int voussoirs = 0;       ///< >= 1 (pointed: even, so that the crown is a joint)
  double springing_height = 0.0;  ///< m, z of the springings
  /// Abutments: blocks under each springing from z = 0 to springing_height (or a thin
  /// pad when springing_height = 0), `abutment_width` wide outward from the ring.
  bool abutments = true;
  double abutment_width = 0.0;  ///< m; thickness if 0
  bool fixed_springings = false;  ///< abutments fixed; without abutments: the end voussoirs
};

/// A running-bond wall along x on the ground: courses of blocks of `block_length`, each
/// course offset by half a block from the one below, with half blocks closing alternate
/// ends so that the wall's ends are flush.
struct WallSpec {
  std::string name = "wall";
  double length = 0.0;        ///< m, along x, > 0
  double thickness = 0.0;     ///< m, along y (3D only), > 0
  double block_length = 0.0;  ///< m, > 0
  double block_height = 0.0;  ///< m, > 0
  int courses = 0;            ///< >= 1; the height is courses * block_height
};

/// A column of `drums` stacked on the ground: cylinders approximated by regular prisms of
/// `sides` faces (3D), or rectangles of width 2 radius in planar mode.
struct ColumnSpec {
  std::string name = "column";
  double radius = 0.0;       ///< m, circumradius of the prism, > 0
  double drum_height = 0.0;  ///< m, > 0
  int drums = 0;             ///< >= 1
  int sides = 16;            ///< >= 3 (3D only)
};

/// A stack (tower) of identical boxes, each course rotated by `twist` about z (3D).
struct TowerSpec {
  std::string name = "tower";
  math::Vec3 block_size = math::Vec3::Zero();  ///< m, full lengths along x, y, z, > 0
  int blocks = 0;                              ///< >= 1
  double twist = 0.0;                          ///< deg, 0 for a plain stack
};

/// @param dimension 3, or 2 for polygons in the x-z plane
/// @throws core::Diagnostic naming the offending field (e.g. "thickness") for values out of
///         range; the caller prefixes the problem-file key
std::vector<Block> generate_arch(const ArchSpec& spec, int dimension);
std::vector<Block> generate_wall(const WallSpec& spec, int dimension);
std::vector<Block> generate_column(const ColumnSpec& spec, int dimension);
std::vector<Block> generate_tower(const TowerSpec& spec, int dimension);

}  // namespace moreau::io
