// Openings and course cutting for running-bond walls (course_layout.hpp).
#include "course_layout.hpp"

#include "generators_common.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace moreau::masonry::detail {
namespace {

using core::concat;

// Piers of exactly half a block, from decimal input (a jamb at 0.1 + 0.3 + 0.2 m), come out
// of the sums a few ulps short: 1e-9 of a block is accepted, as for course joints.
constexpr double kPlacementTolerance = 1e-9;

// The courses an opening takes, from its sill's to its lintel's: sill and head on course
// joints, the lintel's course inside the wall, none of them a floor's.
std::pair<int, int> opening_courses(const Opening& opening, const std::string& at,
                                    const WallFrame& frame) {
  const double h = frame.block_height;
  const double top = h * frame.courses;
  const std::optional<int> sill = course_joint_at(opening.sill, h, frame.courses);
  if (!sill)
    throw core::Diagnostic(
        {}, at + "sill",
        concat("a course joint: a multiple of the block height ", h, " m in [0, ", top, "] m"),
        concat(opening.sill));
  const double head = opening.sill + opening.height;
  const std::optional<int> lintel = course_joint_at(head, h, frame.courses);
  const std::string found = concat(opening.height, " (head at ", head, " m)");
  if (!lintel || *lintel <= *sill)
    throw core::Diagnostic({}, at + "height",
                           concat("a height that puts the head (sill + height) on a course "
                                  "joint: a multiple of the block height ",
                                  h, " m in (sill, ", top, "] m"),
                           found);
  if (*lintel >= frame.courses)
    throw core::Diagnostic(
        {}, at + "height",
        concat("a head at most ", top - h, " m, so that the lintel's course lies within the wall (",
               frame.courses, " courses of ", h, " m)"),
        found);
  for (const int floor : frame.floor_courses)
    if (floor >= *sill && floor <= *lintel)
      throw core::Diagnostic(
          {}, at + "height",
          concat("an opening and its lintel clear of the floor slab from z = ", floor * h, " to ",
                 (floor + 1) * h, " m"),
          concat(opening.height, " (the opening and its lintel from z = ", opening.sill, " to ",
                 head + h, " m)"));
  return {*sill, *lintel};
}

// The lintel over the jambs `clear`, a pier of half a block inside the wall's ends.
Span lintel_between_piers(Span clear, double bearing, const std::string& at,
                          const WallFrame& frame) {
  const Span lintel{clear.from - bearing, clear.to + bearing};
  const double pier = 0.5 * frame.block_length;
  const Span allowed{frame.piers_from.from + pier, frame.piers_from.to - pier};
  const double slack = kPlacementTolerance * frame.block_length;
  if (!(lintel.from >= allowed.from - slack && lintel.to <= allowed.to + slack))
    throw core::Diagnostic(
        {}, at + "width",
        concat("an opening whose lintel (the width and ", bearing,
               " m of bearing each side) leaves a pier of at least half a block, ", pier,
               " m, at each end: a lintel within [", allowed.from, ", ", allowed.to, "] m"),
        concat("a lintel from ", lintel.from, " to ", lintel.to, " m"));
  return lintel;
}

// Opening i checked on its own and placed. `at` is its key with a final dot:
// "openings.south[1]."
PlacedOpening place_one(const Opening& opening, int i, const WallFrame& frame, double bearing,
                        const std::string& at) {
  if (!std::isfinite(opening.centre))
    throw core::Diagnostic({}, at + "centre", "a finite value (m)", concat(opening.centre));
  require_non_negative(opening.sill, at + "sill");
  require_positive(opening.width, at + "width");
  require_positive(opening.height, at + "height");
  const auto [sill_course, lintel_course] = opening_courses(opening, at, frame);
  const Span clear{opening.centre - 0.5 * opening.width, opening.centre + 0.5 * opening.width};
  return {i, clear, lintel_between_piers(clear, bearing, at, frame), sill_course, lintel_course};
}

// Two openings whose courses meet (the lintel's included) keep half a block between their
// lintels: below the lintels the piers are then wider still, by the bearings.
void check_pier_between(const PlacedOpening& a, const PlacedOpening& b, double block_length,
                        const std::string& key) {
  const bool courses_meet = a.sill_course <= b.lintel_course && b.sill_course <= a.lintel_course;
  const double pier = std::max(a.lintel.from, b.lintel.from) - std::min(a.lintel.to, b.lintel.to);
  if (courses_meet && pier < (0.5 - kPlacementTolerance) * block_length)
    throw core::Diagnostic(
        {}, concat(key, '[', b.index, "].width"),
        concat("an opening whose lintel leaves a pier of at least half a block, ",
               0.5 * block_length, " m, beside that of ", key, '[', a.index, "] (from ",
               a.lintel.from, " to ", a.lintel.to, " m, courses ", a.sill_course, " to ",
               a.lintel_course, ')'),
        concat("a lintel from ", b.lintel.from, " to ", b.lintel.to, " m, courses ", b.sill_course,
               " to ", b.lintel_course,
               pier < 0.0 ? ", which overlaps it" : concat(", a pier of ", pier, " m")));
}

// Cuts the free stretch between two cuts at the grid's joints that keep their margins.
void cut_stretch(Span stretch, double margin_from, double margin_to,
                 const std::vector<double>& joints, std::vector<Span>& pieces) {
  double cut = stretch.from;
  for (const double x : joints)
    if (x - stretch.from >= margin_from && stretch.to - x >= margin_to) {
      pieces.push_back({cut, x});
      cut = x;
    }
  pieces.push_back({cut, stretch.to});
}

}  // namespace

std::optional<int> course_joint_at(double z, double block_height, int courses) {
  const double ratio = z / block_height;
  const double joint = std::round(ratio);
  if (!(joint >= 0.0 && joint <= courses) ||
      std::abs(ratio - joint) > kJointTolerance * std::max(1.0, ratio))
    return std::nullopt;
  return static_cast<int>(joint);
}

std::vector<PlacedOpening> place_openings(const std::vector<Opening>& openings,
                                          const WallFrame& frame, double bearing,
                                          const std::string& key) {
  if (openings.size() > static_cast<std::size_t>(kMaxOpenings))
    throw core::Diagnostic({}, key, concat("at most ", kMaxOpenings, " openings per wall"),
                           concat(openings.size()));
  std::vector<PlacedOpening> placed;
  for (std::size_t i = 0; i < openings.size(); ++i) {
    placed.push_back(
        place_one(openings[i], static_cast<int>(i), frame, bearing, concat(key, '[', i, "].")));
    for (std::size_t j = 0; j < i; ++j)
      check_pier_between(placed[j], placed.back(), frame.block_length, key);
  }
  return placed;
}

long long most_blocks_added(const std::vector<PlacedOpening>& openings) {
  long long added = 0;
  for (const PlacedOpening& opening : openings)
    added += opening.lintel_course - opening.sill_course + 2;
  return added;
}

std::vector<double> BondGrid::joints(int course) const {
  std::vector<double> x;
  for (int i = course % 2 == 0 ? 2 : 1; i < half_blocks; i += 2)
    x.push_back(length * ((i + shift) / half_blocks - 0.5));
  return x;
}

std::vector<CoursePiece> lay_course(int course, Span extent, double corner_depth,
                                    const BondGrid& grid,
                                    const std::vector<PlacedOpening>& openings,
                                    double block_length) {
  std::vector<Span> taken;
  for (const PlacedOpening& opening : openings) {
    if (course >= opening.sill_course && course < opening.lintel_course)
      taken.push_back(opening.clear);
    if (course == opening.lintel_course) taken.push_back(opening.lintel);
  }
  std::sort(taken.begin(), taken.end(),
            [](const Span& a, const Span& b) { return a.from < b.from; });
  const double min_piece = 0.25 * block_length;
  const double end_margin = corner_depth + min_piece;
  const std::vector<double> joints = grid.joints(course);
  std::vector<Span> spans;
  Span stretch{extent.from, 0.0};
  double margin_from = end_margin;
  for (const Span& cut : taken) {
    stretch.to = cut.from;
    cut_stretch(stretch, margin_from, min_piece, joints, spans);
    stretch.from = cut.to;
    margin_from = min_piece;
  }
  stretch.to = extent.to;
  cut_stretch(stretch, margin_from, end_margin, joints, spans);

  const int count = static_cast<int>(spans.size());
  std::vector<CoursePiece> pieces;
  pieces.reserve(spans.size());
  for (int j = 0; j < count; ++j)
    pieces.push_back({spans[static_cast<std::size_t>(j)], "block" + padded(j, count)});
  return pieces;
}

std::vector<CoursePiece> course_lintels(int course, const std::vector<PlacedOpening>& openings) {
  std::vector<CoursePiece> lintels;
  for (const PlacedOpening& opening : openings)
    if (course == opening.lintel_course)
      lintels.push_back(
          {opening.lintel, "lintel" + padded(opening.index, static_cast<int>(openings.size()))});
  return lintels;
}

double lintel_bearing(double bearing, double block_length) {
  require_non_negative(bearing, "lintel_bearing");
  return bearing > 0.0 ? bearing : 0.5 * block_length;
}

Band through_band(int leaves, double thickness) {
  return {leaves == 1 ? "" : "through_", 0.0, thickness};
}

std::vector<LaidBand> course_bands(int course, int leaves, int header_every, double thickness,
                                   const BondGrid& grid, const LeafNames& names) {
  const bool header = header_every > 0 && (course + 1) % header_every == 0;
  if (leaves == 1 || header) return {{through_band(leaves, thickness), grid}};
  const double leaf = 0.5 * thickness;
  // Half a half block: the inset leaf's joints a quarter block off the other's.
  const BondGrid shifted{grid.length, grid.half_blocks, 0.5};
  return {{{names.inset, leaf, leaf}, shifted}, {{names.at_face, 0.0, leaf}, grid}};
}

void check_leaves(int leaves, int header_every) {
  require_count(leaves, 1, "leaves", 2);
  require_count(header_every, 0, "header_every");
  if (leaves == 1 && header_every != 0)
    throw core::Diagnostic({}, "header_every",
                           "0 for walls of one leaf, whose every block spans the thickness "
                           "(leaves: 2 for two leaves tied by header courses)",
                           core::concat(header_every));
}

}  // namespace moreau::masonry::detail
