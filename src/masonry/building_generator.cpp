// Hollow rectangular buildings (generators.hpp): four running-bond walls of one or two leaves
// whose courses interlock at the corners, with openings per façade and floor slabs. Each wall
// is laid out along its own axis by course_layout.hpp, then placed across it: a one-leaf
// wall along x at y = -+(width - thickness) / 2, one along y at x = -+(length - thickness) / 2.
#include "course_layout.hpp"
#include "generators_common.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/masonry/generators.hpp"

#include <algorithm>
#include <optional>

namespace moreau::masonry {
namespace {

using core::concat;
using math::Vec3;

// One of the four walls, along its own axis.
struct Facade {
  std::string name;  ///< "east", "north", "south", "west"
  bool along_x = false;
  double side = 0.0;          ///< -1 or +1: the wall stands at y < 0 or > 0 (along x), x < 0 or > 0
  double outer_length = 0.0;  ///< m, length (along x) or width
  double across = 0.0;        ///< m, the building's extent across the wall
  detail::BondGrid grid;
  std::vector<detail::PlacedOpening> openings;
};

void check_building(const BuildingSpec& spec, int dimension) {
  detail::require_dimension(dimension);
  if (dimension != 3)
    throw core::Diagnostic({}, "dimension",
                           "3: a building's four walls need the y axis (in planar mode, a "
                           "façade is a wall with openings)",
                           concat(dimension));
  detail::require_positive(spec.length, "length");
  detail::require_positive(spec.width, "width");
  detail::require_positive(spec.thickness, "thickness");
  detail::require_positive(spec.block_length, "block_length");
  detail::require_positive(spec.block_height, "block_height");
  detail::require_count(spec.courses, 1, "courses");
  detail::check_leaves(spec.leaves, spec.header_every);
  // The walls across fit between two inner faces: at least half a block, the shortest
  // block of a plain wall, and the least pier an opening leaves.
  const double least = 2.0 * spec.thickness + 0.5 * spec.block_length;
  for (const auto& [outer, key] : {std::pair{spec.length, "length"}, {spec.width, "width"}})
    if (!(outer >= least))
      throw core::Diagnostic({}, key,
                             concat("at least 2 thickness + block_length / 2 = ", least,
                                    " m, so that the walls across are at least half a block "
                                    "long between the inner faces"),
                             concat(outer));
}

// The half blocks of a wall of outer length L: round(2 L / block_length), the count whose
// blocks are stretched least (the nearest, by less than a quarter block over the wall).
int half_blocks(double outer_length, double block_length, const std::string& key) {
  const double n_half = std::round(2.0 * outer_length / block_length);
  if (n_half > 2.0 * kMaxBlocks)
    throw core::Diagnostic({}, key,
                           concat("at most ", kMaxBlocks,
                                  " blocks per course (the most blocks a generator makes), "
                                  "a length of at most ",
                                  kMaxBlocks * block_length, " m"),
                           concat(outer_length));
  return static_cast<int>(n_half);
}

// Courses taken by floor slabs, from their heights.
std::vector<int> floor_courses(const BuildingSpec& spec) {
  std::vector<int> courses;
  const double top = (spec.courses - 1) * spec.block_height;
  for (std::size_t i = 0; i < spec.floors.size(); ++i) {
    const double z = spec.floors[i];
    const std::optional<int> k = detail::course_joint_at(z, spec.block_height, spec.courses - 1);
    if (!k)
      throw core::Diagnostic({}, concat("floors[", i, ']'),
                             concat("a course joint below the top course: a multiple of the "
                                    "block height ",
                                    spec.block_height, " m in [0, ", top, "] m"),
                             concat(z));
    for (std::size_t j = 0; j < i; ++j)
      if (courses[j] == *k)
        throw core::Diagnostic({}, concat("floors[", i, ']'),
                               concat("a height other than floors[", j, "]'s"), concat(z));
    courses.push_back(*k);
  }
  return courses;
}

std::vector<Facade> facades(const BuildingSpec& spec, const std::vector<int>& floors) {
  const double bearing = detail::lintel_bearing(spec.lintel_bearing, spec.block_length);
  const detail::BondGrid along_x{spec.length,
                                 half_blocks(spec.length, spec.block_length, "length")};
  const detail::BondGrid along_y{spec.width, half_blocks(spec.width, spec.block_length, "width")};
  std::vector<Facade> walls{
      {"east", false, 1.0, spec.width, spec.length, along_y, {}},
      {"north", true, 1.0, spec.length, spec.width, along_x, {}},
      {"south", true, -1.0, spec.length, spec.width, along_x, {}},
      {"west", false, -1.0, spec.width, spec.length, along_y, {}},
  };
  const std::vector<Opening>* openings[] = {&spec.openings.east, &spec.openings.north,
                                            &spec.openings.south, &spec.openings.west};
  for (std::size_t w = 0; w < walls.size(); ++w) {
    Facade& wall = walls[w];
    const double inner = 0.5 * wall.outer_length - spec.thickness;
    const detail::WallFrame frame{
        {-inner, inner}, spec.block_length, spec.block_height, spec.courses, floors};
    wall.openings = detail::place_openings(*openings[w], frame, bearing, "openings." + wall.name);
  }
  return walls;
}

// The start of the names of course k's blocks: "<name>/courseKK_".
std::string course_prefix(const BuildingSpec& spec, int k) {
  return spec.name + "/course" + detail::padded(k, spec.courses) + "_";
}

// The pieces of course k of a wall as blocks of the band `band`.
void place_pieces(const std::vector<detail::CoursePiece>& pieces, const BuildingSpec& spec,
                  const Facade& wall, const detail::Band& band, int k, std::vector<Block>& blocks) {
  const double offset = wall.side * (0.5 * wall.across - band.inset - 0.5 * band.depth);
  const double z = (k + 0.5) * spec.block_height;
  const std::string course = course_prefix(spec, k);
  for (const detail::CoursePiece& piece : pieces) {
    const double middle = 0.5 * (piece.span.from + piece.span.to);
    const double length = piece.span.to - piece.span.from;
    const Vec3 size = wall.along_x ? Vec3(length, band.depth, spec.block_height)
                                   : Vec3(band.depth, length, spec.block_height);
    const Vec3 centre = wall.along_x ? Vec3(middle, offset, z) : Vec3(offset, middle, z);
    blocks.push_back(detail::box_block(course + wall.name + '_' + band.part + piece.part, size,
                                       geometry::Pose{centre}, 3));
  }
}

// Course k of one wall: the full outer length when the course's parity gives the corners to
// this wall (walls along x in even courses), else between the inner faces of the others;
// its bands across the thickness (the reference face the outer one), then its lintels.
void lay_wall_course(const BuildingSpec& spec, const Facade& wall, int k,
                     std::vector<Block>& blocks) {
  const bool full = (k % 2 == 0) == wall.along_x;
  const double half = 0.5 * wall.outer_length - (full ? 0.0 : spec.thickness);
  const double corner_depth = full ? spec.thickness : 0.0;
  for (const auto& [band, grid] : detail::course_bands(
           k, spec.leaves, spec.header_every, spec.thickness, wall.grid, {"outer_", "inner_"}))
    place_pieces(
        detail::lay_course(k, {-half, half}, corner_depth, grid, wall.openings, spec.block_length),
        spec, wall, band, k, blocks);
  place_pieces(detail::course_lintels(k, wall.openings), spec, wall,
               detail::through_band(spec.leaves, spec.thickness), k, blocks);
}

}  // namespace

std::vector<Block> generate_building(const BuildingSpec& spec, int dimension) {
  check_building(spec, dimension);
  const std::vector<int> floors = floor_courses(spec);
  const std::vector<Facade> walls = facades(spec, floors);
  // Each leaf of a wall's course has at most half_blocks / 2 + 2 blocks (both ends cut),
  // before the openings. In 64 bits: at most 8 (2 kMaxBlocks / 2 + 2) blocks a course times
  // kMaxBlocks courses, 8e10.
  long long per_leaf_course = 0;
  long long added_per_leaf = 0;
  for (const Facade& wall : walls) {
    per_leaf_course += wall.grid.half_blocks / 2 + 2;
    added_per_leaf += detail::most_blocks_added(wall.openings);
  }
  const long long per_course = spec.leaves * per_leaf_course;
  const long long added = spec.leaves * added_per_leaf;
  if (per_course * spec.courses + added > kMaxBlocks)
    throw core::Diagnostic({}, "courses",
                           concat("at most ", kMaxBlocks,
                                  " blocks in all (the most blocks a generator makes), at most ",
                                  kMaxBlocks / per_course, " courses of ", per_course, " blocks"),
                           concat(spec.courses));
  std::vector<Block> blocks;
  for (int k = 0; k < spec.courses; ++k) {
    if (std::find(floors.begin(), floors.end(), k) != floors.end()) {
      const Vec3 size(spec.length, spec.width, spec.block_height);
      const geometry::Pose pose{Vec3(0.0, 0.0, (k + 0.5) * spec.block_height)};
      blocks.push_back(detail::box_block(course_prefix(spec, k) + "floor", size, pose, 3));
      blocks.back().floor = true;
      continue;
    }
    for (const Facade& wall : walls) lay_wall_course(spec, wall, k, blocks);
  }
  return blocks;
}

}  // namespace moreau::masonry
