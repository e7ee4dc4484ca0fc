// The courses of a running-bond wall with openings, along the wall's own axis: where the
// openings and their lintels sit (checked against the wall and each other) and how each
// course is cut into blocks around them. Shared by the wall and the building generators
// (generators.hpp describes the rules; this is their arithmetic).
#pragma once

#include "moreau/masonry/generators.hpp"

#include <optional>
#include <string>
#include <vector>

namespace moreau::masonry::detail {

/// An interval [from, to] along a wall's axis, m.
struct Span {
  double from = 0.0;
  double to = 0.0;
};

/// An opening placed in its wall: its jambs, its lintel's ends and the courses it takes.
struct PlacedOpening {
  int index = 0;          ///< in the wall's list, for the lintel's name
  Span clear;             ///< the jambs, m
  Span lintel;            ///< the lintel's ends: clear widened by the bearing, m
  int sill_course = 0;    ///< the lowest course the opening cuts
  int lintel_course = 0;  ///< the course above the head, where the lintel lies
};

/// The dimensions of a wall that its openings are checked against, along its axis.
struct WallFrame {
  Span piers_from;            ///< m, the lintels keep a pier to these ends (the wall's ends, or the
                              ///< inner faces of the walls across in a building)
  double block_length = 0.0;  ///< m, nominal: the minimum pier is half of it
  double block_height = 0.0;  ///< m
  int courses = 0;
  std::vector<int> floor_courses;  ///< courses taken by a floor slab, which no opening may cut
};

/// The openings checked and placed. `key` prefixes the fields in the messages ("openings",
/// "openings.south"); `bearing` is the lintel's bearing past each jamb (m, > 0).
/// @throws core::Diagnostic naming "<key>[i].<field>" (see WallSpec) or "<key>" for more
///         than kMaxOpenings
std::vector<PlacedOpening> place_openings(const std::vector<Opening>& openings,
                                          const WallFrame& frame, double bearing,
                                          const std::string& key);

/// The running-bond joints of a wall of outer length `length` centred on 0, measured in
/// `half_blocks` units u = length / half_blocks: course k has joints at
/// -length/2 + u (i + shift) for the 0 < i < half_blocks of the parity of k (even courses
/// start with a full block).
struct BondGrid {
  double length = 0.0;
  int half_blocks = 0;
  /// In half blocks, in [0, 1): 1/2 moves every joint by a quarter block, off those of the
  /// unshifted grid in the same course and in the courses above and below (an inner leaf's)
  double shift = 0.0;
  /// The joints of course k, increasing; the exact form length ((i + shift) / n - 1/2)
  /// puts the ends of an unshifted grid at exactly -+length/2.
  std::vector<double> joints(int course) const;
};

/// The most blocks the openings add to the plain wall's courses: a cut of a course adds at
/// most one piece (the stretches each side of it hold the joints of the one it split, less
/// those it takes or moves), and a lintel's course has the lintel too.
long long most_blocks_added(const std::vector<PlacedOpening>& openings);

/// A block of one wall course: its span along the wall and the end of its name
/// ("block07", "lintel01").
struct CoursePiece {
  Span span;
  std::string part;
};

/// The blocks of course k of a wall that spans `extent`, lintels left out: the course cut at
/// the jambs of the openings it crosses and at the ends of the lintels it holds, each free
/// stretch between cuts keeping the grid's joints that lie at least a quarter block
/// (block_length / 4) from its ends, and at least corner_depth + a quarter block from an end
/// of `extent` (a building's full-length course keeps its corner block whole).
/// @pre the openings come from place_openings for a wall that contains `extent`'s courses
std::vector<CoursePiece> lay_course(int course, Span extent, double corner_depth,
                                    const BondGrid& grid,
                                    const std::vector<PlacedOpening>& openings,
                                    double block_length);

/// The lintels that course k holds, in the order of their openings. Apart from lay_course's
/// blocks, so that a two-leaf wall lays one lintel through both leaves.
std::vector<CoursePiece> course_lintels(int course, const std::vector<PlacedOpening>& openings);

/// Sills, heads and floors lie on course joints, as the wall's length on half blocks:
/// decimal input (a sill of 0.9 m in courses of 0.3 m) is not an exact multiple in binary,
/// so 1e-9 relative is accepted.
inline constexpr double kJointTolerance = 1e-9;

/// The course joint at height z (m) counted from the ground: z / block_height if that is a
/// whole number (within kJointTolerance) in [0, courses], else nothing.
std::optional<int> course_joint_at(double z, double block_height, int courses);

/// A band of a wall across its thickness: a leaf, or the whole thickness.
struct Band {
  std::string part;    ///< in the names before the piece's ("blockJJ"): "", "inner_", ...
  double inset = 0.0;  ///< m, from the wall's reference face to the band's
  double depth = 0.0;  ///< m, across the wall
};

/// A band with the bond grid its course is laid on.
struct LaidBand {
  Band band;
  BondGrid grid;
};

/// The names of a two-leaf wall's leaves: the one at the reference face and the other.
struct LeafNames {
  std::string at_face, inset;
};

/// The band of lintels and of header courses: the whole thickness, "through_" with two
/// leaves (each lintel one through-stone across both).
Band through_band(int leaves, double thickness);

/// The bands of course k of a wall `thickness` deep laid on `grid` (generators.hpp, "Two
/// leaves"): the through band for one leaf or a header course (every header_every-th from
/// the ground), else the two leaves, thickness / 2 each, the inset one first (as the names
/// sort) with its joints a quarter block off the other's.
std::vector<LaidBand> course_bands(int course, int leaves, int header_every, double thickness,
                                   const BondGrid& grid, const LeafNames& names);

/// @throws core::Diagnostic naming "leaves" (not 1 or 2) or "header_every" (negative, or not
///         0 with one leaf)
void check_leaves(int leaves, int header_every);

/// The lintel's bearing: `bearing`, or half a block if 0.
/// @throws core::Diagnostic naming "lintel_bearing" unless finite and >= 0
double lintel_bearing(double bearing, double block_length);

}  // namespace moreau::masonry::detail
