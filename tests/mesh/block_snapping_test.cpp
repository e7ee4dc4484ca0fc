// Snapping of a CAD assembly's nearly coincident faces (the `blocks` generator's `snap` key,
// mesh/block_snapping.hpp): a running-bond wall whose blocks are each moved, resized and turned
// by less than a third of the tolerance (gaps and overlaps between neighbours) is refused
// without `snap` and, with it, touches again where the exact wall touches, with its facing
// faces coplanar and no overlap; faces farther apart than the tolerance are left alone; the
// user is told what moved.
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/block_wall.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace moreau::mesh {
namespace {

namespace fs = std::filesystem;
using math::Vec3;
using testing::BoxCorners;
using ::testing::HasSubstr;

const char* kSnappingHeader = R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
materials: [{name: stone, density: 2000}]
)";
constexpr double kDensity = 2000.0;
constexpr double kTolerance = 1e-3;  // m: an export rounded to the millimetre
// The wall is 5 m long: coplanar to 1e-12 of it is round-off of coordinates of a few metres.
constexpr double kCoplanar = 1e-12 * 5.0;

class BlockSnappingTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) const {
    fs::path path = scratch_.path() / name;
    std::ofstream(path) << text;
    return path;
  }

  // The problem whose one generator reads `file`, with the generator's keys `extra`.
  run::Problem read_assembly(const std::string& file, const std::string& extra = "") const {
    return io::read_problem_file(write("assembly.yaml", std::string(kSnappingHeader) +
                                                            "generators:\n  - {type: blocks, name: "
                                                            "wall, file: " +
                                                            file + ", material: stone" + extra +
                                                            "}\n"));
  }

  std::string error_of(const std::string& file, const std::string& extra) const {
    try {
      read_assembly(file, extra);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "no error";
  }

  const testing::ScratchFolder scratch_;
};

const std::string kSnap = ", snap: " + std::to_string(kTolerance);

geometry::ConvexPolyhedron world_shape(const model::Body& body) {
  return std::get<geometry::ConvexPolyhedron>(body.shape).transformed(body.shape_pose());
}

// The distance from each point of `from` to the nearest of `to`, at most.
double farthest_from(const std::vector<Vec3>& from, const std::vector<Vec3>& to) {
  double farthest = 0.0;
  for (const Vec3& p : from) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const Vec3& q : to) nearest = std::min(nearest, (p - q).norm());
    farthest = std::max(farthest, nearest);
  }
  return farthest;
}

// The face of `block` whose outward normal is closest to `direction`.
const geometry::PolyhedronFace& face_towards(const geometry::ConvexPolyhedron& block,
                                             const Vec3& direction) {
  return *std::ranges::max_element(block.faces(), {}, [&](const geometry::PolyhedronFace& face) {
    return face.normal.dot(direction);
  });
}

// The pairs (i, j), i < j, of bodies with a contact point of gap at most kCoplanar, and each
// pair's smallest gap.
std::map<std::pair<std::size_t, std::size_t>, double> smallest_gaps(const model::Scene& scene) {
  std::map<std::pair<std::size_t, std::size_t>, double> gaps;
  for (const auto& [i, j, point] : dynamics::detect_body_contacts(
           scene, std::vector<double>(scene.bodies.size(), 0.5 * kCoplanar))) {
    const auto pair = std::minmax(i, j);
    const auto [at, added] = gaps.try_emplace({pair.first, pair.second}, point.gap);
    if (!added) at->second = std::min(at->second, point.gap);
  }
  return gaps;
}

TEST_F(BlockSnappingTest, APerturbedWallIsRefusedForOverlapWithoutSnapAndTheErrorSuggestsIt) {
  write("wall.obj", testing::wall_obj(testing::running_bond_wall(kTolerance / 3.0, 7)));
  EXPECT_THAT(error_of("wall.obj", ""),
              HasSubstr("m at t = 0 (bodies may touch, not interpenetrate); if the file's "
                        "coordinates are rounded, give the generator `snap: <tolerance in m>` to "
                        "make facing faces coplanar"));
}

// The exact wall's touching pairs touch again with coplanar facing faces; no pair overlaps;
// every block keeps its name and place in the list, and its volume within the bounds that
// its vertices' moves allow.
TEST_F(BlockSnappingTest, ASnappedPerturbedWallTouchesWhereTheExactWallTouchesWithoutOverlap) {
  const std::vector<BoxCorners> perturbed = testing::running_bond_wall(kTolerance / 3.0, 7);
  write("exact.obj", testing::wall_obj(testing::running_bond_wall(0.0, 7)));
  write("wall.obj", testing::wall_obj(perturbed));
  const run::Problem exact = read_assembly("exact.obj");
  const run::Problem snapped = read_assembly("wall.obj", kSnap);
  ASSERT_EQ(snapped.scene.bodies.size(), exact.scene.bodies.size());
  for (std::size_t i = 0; i < exact.scene.bodies.size(); ++i)
    EXPECT_EQ(snapped.scene.bodies[i].name, exact.scene.bodies[i].name);

  const auto exact_gaps = smallest_gaps(exact.scene);
  const auto snapped_gaps = smallest_gaps(snapped.scene);
  // 90 head joints and 9 bed joints of two blocks each side but at the ends.
  EXPECT_EQ(exact_gaps.size(), 90U + 9U * 19U);
  for (const auto& [pair, gap] : snapped_gaps)
    EXPECT_GE(gap, -kCoplanar) << snapped.scene.bodies[pair.first].name << " overlaps "
                               << snapped.scene.bodies[pair.second].name;
  for (const auto& [pair, exact_gap] : exact_gaps) {
    const model::Body& a = snapped.scene.bodies[pair.first];
    const model::Body& b = snapped.scene.bodies[pair.second];
    const auto found = snapped_gaps.find(pair);
    ASSERT_NE(found, snapped_gaps.end()) << a.name << " no longer touches " << b.name;
    EXPECT_LE(found->second, kCoplanar) << a.name << ", " << b.name;
    // Facing faces: across the joint's axis in the exact wall (x for a head joint, z for a bed
    // joint).
    const Vec3 apart = exact.scene.bodies[pair.second].x - exact.scene.bodies[pair.first].x;
    const Vec3 axis = std::abs(apart.z()) > 0.1 ? Vec3(0, 0, apart.z()) : Vec3(apart.x(), 0, 0);
    const geometry::ConvexPolyhedron shape_a = world_shape(a), shape_b = world_shape(b);
    const geometry::PolyhedronFace& face_a = face_towards(shape_a, axis);
    const geometry::PolyhedronFace& face_b = face_towards(shape_b, -axis);
    EXPECT_LE((face_a.normal + face_b.normal).norm(), 1e-12) << a.name << ", " << b.name;
    for (const int v : face_b.vertices)
      EXPECT_LE(std::abs(face_a.normal.dot(shape_b.vertices()[static_cast<std::size_t>(v)]) -
                         face_a.offset),
                kCoplanar)
          << a.name << ", " << b.name;
  }

  // A convex body whose vertices all lie within m of the box B's corners, and B's corners
  // within m of its vertices, lies between B shrunk and B grown by m along its own axes
  // (it is in B + ball(m) and contains B - ball(m)): (a - 2m)(b - 2m)(c - 2m) <= V <=
  // (a + 2m)(b + 2m)(c + 2m), with a, b, c the box's edges.
  double largest_move = 0.0;
  for (std::size_t i = 0; i < perturbed.size(); ++i) {
    const model::Body& body = snapped.scene.bodies[i];
    const BoxCorners& box = perturbed[i];
    const std::vector<Vec3> corners(box.begin(), box.end());
    const std::vector<Vec3> vertices = world_shape(body).vertices();
    const double m = std::max(farthest_from(corners, vertices), farthest_from(vertices, corners));
    largest_move = std::max(largest_move, m);
    const double a = (box[1] - box[0]).norm(), b = (box[2] - box[0]).norm(),
                 c = (box[4] - box[0]).norm();
    const double volume = body.mass / kDensity;
    EXPECT_LE(volume, (a + 2 * m) * (b + 2 * m) * (c + 2 * m)) << body.name;
    EXPECT_GE(volume, (a - 2 * m) * (b - 2 * m) * (c - 2 * m)) << body.name;
  }
  // Each corner moves onto the mean planes of its joints, means of planes within tolerance / 3
  // of the exact ones where their faces are (0.32 mm at most in this wall, measured): a move
  // above the tolerance would be a bed joint's mean plane tilted away from its faces.
  EXPECT_LT(largest_move, kTolerance) << largest_move;
  EXPECT_GT(largest_move, 0.0);
}

// The bed joint between two courses of a running bond is one cluster, however many blocks
// meet in it: 90 head joints and 9 bed joints.
TEST_F(BlockSnappingTest, TheNoteCountsTheJointsAndNamesTheBlockThatMovedMost) {
  write("wall.obj", testing::wall_obj(testing::running_bond_wall(kTolerance / 3.0, 7)));
  const run::Problem snapped = read_assembly("wall.obj", kSnap);
  // No warning: no corner moved by more than half the tolerance (0.32 mm at most).
  ASSERT_EQ(snapped.warnings.size(), 1U);
  const run::InputWarning& note = snapped.warnings.front();
  EXPECT_EQ(note.severity, run::InputWarning::Severity::Note);
  EXPECT_THAT(note.text(), HasSubstr("assembly.yaml:5:"));
  EXPECT_THAT(note.text(),
              HasSubstr("note: generators[0].snap: 99 joints snapped (facing faces within 0.001 "
                        "m made coplanar); the largest vertex move is "));
  EXPECT_THAT(note.text(), HasSubstr(" m, of wall/c"));
}

// Two boxes side by side, the second `gap` (m) to the right of the first (< 0: overlapping).
std::string two_boxes(double gap) {
  return "o left\n" + testing::obj_box(Vec3(0, 0, 0.125), 1) + "o right\n" +
         testing::obj_box(Vec3(0.5 + gap, 0, 0.125), 9);
}

TEST_F(BlockSnappingTest, AGapWithinTheToleranceIsClosedHalfwayAcrossIt) {
  write("pair.obj", two_boxes(0.5 * kTolerance));
  const run::Problem problem = read_assembly("pair.obj", kSnap);
  const geometry::ConvexPolyhedron left = world_shape(problem.scene.bodies[0]);
  const geometry::ConvexPolyhedron right = world_shape(problem.scene.bodies[1]);
  // Two faces of equal areas: the common plane is the mean of theirs.
  const double middle = 0.25 + 0.25 * kTolerance;
  for (const Vec3& x : left.vertices())
    if (x.x() > 0.0) {
      EXPECT_NEAR(x.x(), middle, 1e-15);
    }
  for (const Vec3& x : right.vertices())
    if (x.x() < 0.5) {
      EXPECT_NEAR(x.x(), middle, 1e-15);
    }
  EXPECT_NEAR(problem.scene.bodies[0].mass, kDensity * (0.5 + 0.25 * kTolerance) * 0.0625, 1e-12);
}

TEST_F(BlockSnappingTest, FacesFartherApartThanTheToleranceAreNotSnapped) {
  write("apart.obj", two_boxes(1.5 * kTolerance));
  const run::Problem snapped = read_assembly("apart.obj", kSnap);
  const run::Problem as_drawn = read_assembly("apart.obj");
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(snapped.scene.bodies[i].x, as_drawn.scene.bodies[i].x);
    EXPECT_EQ(world_shape(snapped.scene.bodies[i]).vertices(),
              world_shape(as_drawn.scene.bodies[i]).vertices());
  }
  ASSERT_EQ(snapped.warnings.size(), 1U);
  EXPECT_THAT(snapped.warnings[0].text(),
              HasSubstr("note: generators[0].snap: no faces of two blocks face each other within "
                        "0.001 m: nothing snapped"));
  write("overlap.obj", two_boxes(-1.5 * kTolerance));
  EXPECT_THAT(error_of("overlap.obj", kSnap), HasSubstr("overlap by 0.0015"));
}

// Faces that meet at an edge are no joint, even when rounding overlaps them by a sliver: a
// box on top of another, 0.5 tolerance to the right of its end (the side faces at x = 0.25
// and 0.2505, facing each other, overlap by nothing), must not tilt either side face.
TEST_F(BlockSnappingTest, FacesThatOnlyShareAnEdgeAreNotAJoint) {
  write("stacked.obj", "o low\n" + testing::obj_box(Vec3(0, 0, 0.125), 1) + "o high\n" +
                           testing::obj_box(Vec3(0.5 + 0.5 * kTolerance, 0, 0.375), 9));
  const run::Problem problem = read_assembly("stacked.obj", kSnap);
  ASSERT_FALSE(problem.warnings.empty());
  EXPECT_THAT(problem.warnings[0].text(), HasSubstr("nothing snapped"));
}

// A small block on a large one: the area-weighted plane stays near the large face, so the
// small block moves by 16/17 of the gap, more than half the tolerance: a warning names it.
TEST_F(BlockSnappingTest, AMoveOfMoreThanHalfTheToleranceIsWarnedAboutNamingTheBlock) {
  const double gap = 0.8 * kTolerance;
  write("small_on_large.obj",
        "o large\n" +
            testing::obj_box(testing::box_corners(Vec3(0, 0, 0.5), Vec3(0.5, 0.5, 0.5)), 1) +
            "o small\n" +
            testing::obj_box(
                testing::box_corners(Vec3(0, 0, 1.0 + gap + 0.125), Vec3(0.125, 0.125, 0.125)), 9));
  const run::Problem problem = read_assembly("small_on_large.obj", kSnap);
  ASSERT_EQ(problem.warnings.size(), 2U);
  EXPECT_THAT(problem.warnings[0].text(), HasSubstr("1 joints snapped"));
  EXPECT_THAT(problem.warnings[1].text(),
              HasSubstr("warning: generators[0].snap: wall/small moved by "));
  EXPECT_THAT(problem.warnings[1].text(),
              HasSubstr(" m, more than half the snap tolerance (1 blocks in all): are its faces "
                        "meant to touch?"));
  // The common plane z = 1 + gap / 17: areas 1 and 1/16.
  EXPECT_NEAR(std::ranges::min(world_shape(problem.scene.bodies[1]).vertices(), {},
                               [](const Vec3& x) { return x.z(); })
                  .z(),
              1.0 + gap / 17.0, 1e-15);
}

// A block 0.5 mm thick between two blocks: its faces are within the tolerance of each other,
// so both join the joint of the blocks above and below, and one plane would flatten it.
TEST_F(BlockSnappingTest, ABlockThinnerThanTheToleranceIsRefusedByName) {
  write("thin.obj",
        "o low\n" + testing::obj_box(Vec3(0, 0, 0.125), 1) + "o thin\n" +
            testing::obj_box(testing::box_corners(Vec3(0, 0, 0.25025), Vec3(0.25, 0.125, 0.00025)),
                             9) +
            "o high\n" + testing::obj_box(Vec3(0, 0, 0.2505 + 0.125), 17));
  EXPECT_THAT(error_of("thin.obj", kSnap),
              HasSubstr("assembly.yaml:5:38: error: generators[0].file, block 'thin': expected "
                        "a block thicker than the snap tolerance (0.001 m), found two of its "
                        "faces in one joint: snapping would flatten it (give a smaller snap)"));
}

TEST_F(BlockSnappingTest, ASnapThatIsNotAPositiveLengthIsRefusedAtItsKey) {
  write("pair.obj", two_boxes(0.0));
  EXPECT_THAT(error_of("pair.obj", ", snap: 0"),
              HasSubstr("assembly.yaml:5:71: error: generators[0].snap: expected a positive "
                        "number (m), found '0'"));
  EXPECT_THAT(error_of("pair.obj", ", snap: -1e-3"),
              HasSubstr("error: generators[0].snap: expected a positive number (m)"));
}

}  // namespace
}  // namespace moreau::mesh
