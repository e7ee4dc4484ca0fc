// Masonry generators: the block layouts that problem files name in a few keys (arches, running
// bond walls, columns of drums, stacks/towers), in 3D (convex polyhedra, boxes) and in planar
// mode (convex polygons in x-z). Blocks are exact tilings: neighbour faces coincide, so a
// structure starts in contact everywhere and at zero gap. The ground is z = 0 and every
// structure is centred on x = y = 0. Fields marked "3D only" are neither used nor checked in
// planar mode. Each block's local frame is parallel to the world's, with its origin inside
// the block (the box centre, or the mean of the cross-section's corners).
#pragma once

#include "moreau/geometry/pose.hpp"
#include "moreau/geometry/shape.hpp"

#include <string>
#include <vector>

namespace moreau::masonry {

/// The most blocks a generator makes. A run's memory and time per step grow in proportion to
/// its blocks (docs/large-structures.md, "Measured"), and 100,000 blocks take gigabytes and
/// seconds per step, the most a workstation runs to the end; a count beyond is a mistake in
/// the file (1e9 blocks were allocated until the memory ran out).
/// Under a fuzzer (FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, libFuzzer's convention, defined
/// by the fuzz preset) 2,000: reading a problem takes time in proportion to its blocks (the
/// overlap check at t = 0: seconds for the largest walls in Release, far more under the
/// sanitizers), which the fuzzer reports as a hang, while every check stays as reachable with
/// fewer blocks.
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
inline constexpr int kMaxBlocks = 2'000;
#else
inline constexpr int kMaxBlocks = 100'000;
#endif
/// The most sides of a column's drum: a 1,000-sided prism differs from its cylinder by
/// r (1 - cos(pi / 1000)) = 5e-6 r, below any stone cutter's tolerance, and the contact work
/// of a pair of drums grows with the sides.
inline constexpr int kMaxSides = 1'000;

/// One generated block: its shape in its local frame and where that frame is.
struct Block {
  /// "<generator name>/<part><index>", indices zero-padded to at least 2 digits so that the
  /// names sort in generation order: "arch/voussoir07", "arch/abutment0" (x < 0) and
  /// "arch/abutment1" (x > 0), "wall/course02_block05", "wall/course04_lintel01" (the
  /// lintel of opening 1), "column/drum03", "tower/block11",
  /// "building/course07_south_block03", "building/course20_floor".
  std::string name;
  geometry::Shape shape;
  geometry::Pose pose;
  bool fixed = false;  ///< abutments or springings declared fixed
  /// A building's floor slab: the level of a storey, whose drift moreau plot draws
  /// (run::OutputSettings::storeys).
  bool floor = false;
};

enum class ArchForm { Semicircular, Pointed, Segmental };

/// An arch in the x-z plane, symmetric about x = 0 (exactly: the left half is the mirror
/// image of the right), extruded along y by `depth` in 3D. The ring between the intrados
/// (radius r) and the extrados (r + thickness) is cut by radial joints at equal angles.
/// Semicircular: centre (0, springing_height). Pointed: two arcs whose centres sit at
/// x = -+(r - span/2), each half cut into voussoirs / 2 at equal angles, the crown joint
/// vertical on x = 0 (equilateral when r = span, semicircular when r = span/2). Segmental:
/// one arc of opening 2 alpha, sin(alpha) = span / (2 r), its springings inclined skewbacks.
///
/// Voussoirs are convex: each is the quadrilateral of its four corners (the intrados and
/// extrados arcs replaced by their chords) extruded by depth, i.e. the convex hull of its
/// 8 corner points; a planar voussoir is that quadrilateral. Two neighbours share the whole
/// joint face. Rejected alternative: arcs approximated by several facets per voussoir,
/// which gives non-convex blocks (the intrados side is concave) that the contact layer does
/// not handle. The ring's area is then that of the chord polygon, slightly less than the
/// circular ring's: n (R^2 - r^2) sin(theta) / 2 for n voussoirs of angle theta.
///
/// Abutments: a block under each springing, from z = 0 up to the springing joint, from the
/// intrados springing (x = -+span/2) outward by `abutment_width`; its top is the springing
/// joint (and, beyond the joint, a horizontal face at the extrados springing's height).
///
/// @throws core::Diagnostic naming the field: span, radius, thickness, depth, voussoirs,
///         springing_height, abutment_width or dimension (see each field's range)
struct ArchSpec {
  std::string name = "arch";
  ArchForm form = ArchForm::Semicircular;
  /// m, clear span of the intrados at the springings, > 0 (semicircular: may be left 0
  /// when radius is given)
  double span = 0.0;
  /// m, intrados radius. Semicircular: 0, or span / 2 (1e-12 relative); pointed: 0 for
  /// span (equilateral), else >= span / 2; segmental: > span / 2, required.
  double radius = 0.0;
  double thickness = 0.0;  ///< m, radial ring thickness, > 0 (any: r is the intrados's)
  double depth = 1.0;      ///< m, along y, > 0 (3D only)
  /// Semicircular: >= 2 (one voussoir's chords would be a straight line); pointed: even
  /// and >= 2, so that the crown is a joint; segmental: >= 1.
  int voussoirs = 0;
  double springing_height = 0.0;  ///< m, z of the intrados springings, >= 0
  /// Abutments under the springings. Semicircular and pointed arches need
  /// springing_height > 0 for them (horizontal springings at z = 0 leave no room); a
  /// segmental arch has them under its skewbacks even at springing_height = 0.
  bool abutments = true;
  /// m, >= the springing joint's horizontal extent (thickness, or thickness sin(alpha) for
  /// a segmental arch; within 1e-9 span counts as flush); thickness if 0, so that the
  /// abutment's top is exactly the springing joint.
  double abutment_width = 0.0;
  bool fixed_springings = false;  ///< abutments fixed; without abutments: the end voussoirs
};

/// The most openings of one wall or façade. Their placement is checked pairwise (O(n^2));
/// a façade of 100 m pierced every 0.5 m has 200 openings per storey, so 1,000 is far above
/// a real wall and keeps the check (5e5 pairs) to about a millisecond.
inline constexpr int kMaxOpenings = 1'000;

/// A door or window through a wall: an empty rectangle in the wall's plane from the sill up
/// to the head (sill + height), its jambs at centre -+ width / 2. Sill and head must lie on
/// course joints (multiples of block_height, 1e-9 relative): rounding them would build
/// another opening than the one asked for, silently. A lintel, one block of one course,
/// spans the opening plus `lintel_bearing` on each side in the course above the head.
struct Opening {
  double centre = 0.0;  ///< m, along the wall's axis from the wall's middle, finite
  double sill = 0.0;    ///< m, z of the bottom, >= 0 (0 for a door), a multiple of block_height
  double width = 0.0;   ///< m, between the jambs, > 0
  double height = 0.0;  ///< m, > 0; sill + height a multiple of block_height
};

/// A running-bond wall along x on the ground: courses of blocks of `block_length`, each
/// course offset by half a block from the one below, with half blocks closing alternate
/// ends so that the wall's ends are flush. Course 0 (the lowest) starts at x = -length/2
/// with a full block. Blocks are Boxes in 3D, rectangles in planar mode.
///
/// Openings cut the courses they cross at their jambs, and their lintels cut the course
/// above the head at the lintel's ends; the running-bond joints of the rest of each course
/// stay where they were, except that a joint closer than a quarter block to a cut (or to an
/// end of the wall) is left out, so that the piece beside the cut joins its neighbour
/// (pieces are then between a quarter block and 1.25 blocks long): no sliver blocks.
/// Each lintel keeps a pier of at least half a block (the shortest block of a plain wall)
/// to the wall's ends and to any other opening's lintel whose courses meet its own.
///
/// In 3D a wall may have two leaves (leaves = 2), laid as a building's walls are (BuildingSpec,
/// "Two leaves"): the front leaf (y < 0) on the one-leaf wall's joints, the back leaf (y > 0)
/// with its joints a quarter block off, header courses of through-stones every header_every
/// courses, lintels through both leaves. Names: "<name>/courseKK_blockJJ" with one leaf;
/// with two, "<name>/courseKK_back_blockJJ", "..._front_blockJJ", the through-stones
/// "..._through_blockJJ" (a header course) and "..._through_lintelII".
///
/// @throws core::Diagnostic naming the field, "openings[i].<key>" for an opening: its sill
///         or head off the course joints, its lintel above the wall (height), its lintel
///         past the wall's ends or too close to another's (width); "leaves" (not 1 or 2, or
///         2 in planar mode), "header_every" (negative, or not 0 with one leaf)
struct WallSpec {
  std::string name = "wall";
  /// m, along x: a multiple of block_length / 2 (1e-9 relative, for decimal input; the
  /// blocks are then stretched by that fraction so that the ends stay at -+length/2)
  double length = 0.0;
  double thickness = 0.0;     ///< m, along y, > 0 (3D only)
  double block_length = 0.0;  ///< m, > 0
  double block_height = 0.0;  ///< m, > 0
  int courses = 0;            ///< >= 1; the height is courses * block_height
  /// At most kMaxOpenings; `centre` along x.
  std::vector<Opening> openings;
  /// m, how far each lintel reaches past each jamb, > 0; block_length / 2 if 0.
  double lintel_bearing = 0.0;
  int leaves = 1;        ///< 1, or 2 in 3D, across the thickness
  int header_every = 0;  ///< >= 0, two leaves only: a header course every that many; 0: none
};

/// The openings of a building's four façades, named by the compass with x east, y north.
struct Facades {
  std::vector<Opening> south;  ///< the wall at y < 0; centre along x
  std::vector<Opening> north;  ///< the wall at y > 0; centre along x
  std::vector<Opening> east;   ///< the wall at x > 0; centre along y
  std::vector<Opening> west;   ///< the wall at x < 0; centre along y
};

/// A hollow rectangular building (a tower, a storey of a house): four running-bond walls of
/// one leaf, the block `thickness` deep, or of two, standing on the ground, outer faces at
/// x = -+length/2 and y = -+width/2. Blocks are Boxes; there is no planar building (its
/// walls need y: a façade in planar mode is a WallSpec with openings).
///
/// Corners interlock: in even courses the south and north walls run the full `length` and the
/// east and west walls fit between their inner faces (width - 2 thickness); in odd courses
/// it is the other way round, so that the block at each corner belongs alternately to the
/// wall along x and to the wall along y, as quoins do.
///
/// Each wall keeps the running bond of WallSpec over its full outer length L (length or
/// width) with blocks stretched minimally: n = round(2 L / block_length) half blocks of
/// L / n, so that the joints of consecutive courses alternate and the wall ends are flush
/// (the n nominal half blocks differ from L by at most a quarter block in all). A course that fits
/// between the other walls is cut at their inner faces, and a course that runs the full length
/// keeps no joint within thickness + a quarter block of its ends, so that its corner block covers
/// the whole corner; otherwise joints are left out near cuts as in WallSpec. Openings of each
/// façade (`centre` from the building's centre along the façade) keep a pier of half a
/// block to the inner faces of the walls across.
///
/// Two leaves (leaves = 2), as in historic towers and façades of two wythes: each course of a
/// wall is an outer and an inner leaf, thickness / 2 deep each, both laid as the one-leaf
/// course (the same corners, cuts and openings), the inner leaf's joints moved by a quarter of
/// a stretched block along the wall, so that no head joint runs through both leaves, nor
/// between a leaf and the course above or below. Every header_every-th course from the ground
/// (courses header_every - 1, 2 header_every - 1, ...) is a header course: through-stones the
/// full thickness deep, laid as the one-leaf course, which tie the leaves together; 0 lays
/// none, and the leaves are then tied only by the corners and the lintels. Each lintel is
/// one through-stone across both leaves, which are both cut at its ends: two lintels, one a
/// leaf, were rejected, as they would leave the leaves untied over every opening.
///
/// Floors: a slab over the whole plan (length x width x block_height) replaces the walls'
/// course at each given height, so that it rests on the course below and carries the one
/// above, an exact tiling. Rejected alternative: a slab only between the inner faces, which
/// touches the walls at zero force at t = 0 and would fall, held by nothing but friction.
///
/// Names: "<name>/courseKK_<façade>_blockJJ" (façades in alphabetical order: east, north,
/// south, west; blocks from x or y < 0), "<name>/courseKK_<façade>_lintelII" (II the index
/// of the opening in its façade's list) and "<name>/courseKK_floor", so that names sort in
/// generation order, course by course from the ground. With two leaves every wall block
/// names where it lies across the wall: "<name>/courseKK_<façade>_inner_blockJJ", then
/// "..._outer_blockJJ", then the through-stones "..._through_blockJJ" (a header course) and
/// "..._through_lintelII".
///
/// @throws core::Diagnostic naming the field: "length" or "width" (the inner length of a
///         wall less than half a block), "thickness", "block_length", "block_height",
///         "courses", "leaves" (not 1 or 2), "header_every" (negative, or not 0 with one
///         leaf), "lintel_bearing", "floors[i]" (off the course joints or above the top
///         course), "openings.<façade>[i].<key>" as for WallSpec, and "dimension" (not 3)
struct BuildingSpec {
  std::string name = "building";
  double length = 0.0;        ///< m, outer length along x, >= 2 thickness + block_length / 2
  double width = 0.0;         ///< m, outer width along y, >= 2 thickness + block_length / 2
  double thickness = 0.0;     ///< m, of every wall, > 0
  double block_length = 0.0;  ///< m, > 0, before stretching
  double block_height = 0.0;  ///< m, > 0
  int courses = 0;            ///< >= 1, floors included; the height is courses * block_height
  int leaves = 1;             ///< 1 or 2, across the thickness
  int header_every = 0;       ///< >= 0, two leaves only: a header course every that many; 0: none
  Facades openings;
  double lintel_bearing = 0.0;  ///< m, > 0; block_length / 2 if 0
  /// m, z of each slab's bottom: multiples of block_height in [0, height - block_height]
  std::vector<double> floors;
};

/// A column of `drums` stacked on the ground: cylinders approximated by regular prisms of
/// `sides` faces (3D; a vertex on +x), or rectangles of width 2 radius in planar mode.
struct ColumnSpec {
  std::string name = "column";
  double radius = 0.0;       ///< m, circumradius of the prism, > 0
  double drum_height = 0.0;  ///< m, > 0
  int drums = 0;             ///< >= 1
  int sides = 16;            ///< >= 3 (3D only)
};

/// A stack (tower) of identical boxes, block k rotated by k twist about z (3D), or of
/// rectangles block_size.x by block_size.z in planar mode.
/// @throws core::Diagnostic naming "block_size[0]", "block_size[1]" (3D only),
///         "block_size[2]", "blocks" or "twist"
struct TowerSpec {
  std::string name = "tower";
  math::Vec3 block_size = math::Vec3::Zero();  ///< m, full lengths along x, y, z, > 0
  int blocks = 0;                              ///< >= 1
  double twist = 0.0;  ///< deg, finite, 0 for a plain stack; must be 0 in planar mode
};

/// The blocks of a structure, in the order of the names above (arch: voussoirs from x < 0
/// to x > 0, then the abutments; wall: course by course from the ground, each from x < 0 and its
/// lintels last). 3D blocks are ConvexPolyhedra or Boxes; planar ones Polygons in (x, z).
/// @param dimension 3, or 2 for polygons in the x-z plane
/// @throws core::Diagnostic naming the offending field (e.g. "thickness") for values out of
///         range, with an empty source location; the caller prefixes the problem-file key
std::vector<Block> generate_arch(const ArchSpec& spec, int dimension);
std::vector<Block> generate_wall(const WallSpec& spec, int dimension);
std::vector<Block> generate_column(const ColumnSpec& spec, int dimension);
std::vector<Block> generate_tower(const TowerSpec& spec, int dimension);
/// Building blocks course by course from the ground; each course's walls east, north, south,
/// west, each from x or y < 0 with its lintels last, or the course's floor slab.
/// @param dimension 3 (2 is refused, naming "dimension")
std::vector<Block> generate_building(const BuildingSpec& spec, int dimension);

}  // namespace moreau::masonry
