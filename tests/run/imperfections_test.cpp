// Imperfections drawn from a seed (run/imperfections.hpp): repeatable, within their settings,
// each block inside the space it filled (so that no two overlap) with the mass of its new
// size, one setting's draws independent of another's, and out-of-range settings refused.
#include "moreau/run/imperfections.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/mass_properties.hpp"
#include "moreau/geometry/shape.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace moreau::run {
namespace {

namespace fs = std::filesystem;

// A 3D running-bond wall of 18 blocks (half blocks at alternate ends) on a table tilting at
// 1 deg/s, its joints bonded with a tensile strength near its bound c / mu = 16,667 Pa.
const std::string kWall = R"(version: 1
time: {step: 1.0e-3, duration: 1.0}
interactions:
  default: {friction: 0.6, cohesion: 1.0e4, tensile_strength: 1.5e4}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
generators:
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 4}
loads:
  tilt: {rate: 1.0}
)";

class ImperfectionsTest : public ::testing::Test {
 protected:
  Problem problem(const std::string& text) const {
    const fs::path path = folder_.path() / "problem.yaml";
    std::ofstream(path) << text;
    return io::read_problem_file(path);
  }

  moreau::testing::ScratchFolder folder_;
};

Imperfections all_of_them(std::uint64_t seed) {
  Imperfections imperfections;
  imperfections.seed = seed;
  imperfections.block_size = 0.004;
  imperfections.placement = 0.001;
  imperfections.friction = 0.1;
  imperfections.rate = 0.2;
  return imperfections;
}

// Every vertex of `body` as drawn lies in `built`, the body as built, up to round-off: the
// drawn block fills part of the space of the built one, so that blocks that touched do not
// overlap.
void expect_inside(const model::Body& body, const model::Body& built) {
  const std::vector<math::Vec3> corners =
      std::holds_alternative<geometry::Box>(body.shape)
          ? geometry::ConvexPolyhedron::box(std::get<geometry::Box>(body.shape).half_extents)
                .vertices()
          : std::get<geometry::ConvexPolyhedron>(body.shape).vertices();
  for (const math::Vec3& corner : corners) {
    const math::Vec3 world = body.shape_pose().point_to_world(corner);
    const geometry::Pose pose = built.shape_pose();
    const math::Vec3 in_built = pose.orientation.conjugate() * (world - pose.position);
    EXPECT_GE(geometry::inner_distance(built.shape, in_built), -1e-12) << body.name;
  }
}

TEST_F(ImperfectionsTest, TheSameSeedDrawsTheSameProblem) {
  Problem first = problem(kWall);
  Problem second = problem(kWall);
  Problem other = problem(kWall);
  const DrawnImperfections a = apply(all_of_them(7), first);
  const DrawnImperfections b = apply(all_of_them(7), second);
  const DrawnImperfections c = apply(all_of_them(8), other);
  ASSERT_EQ(a.bodies.size(), 18U);
  for (std::size_t i = 0; i < first.scene.bodies.size(); ++i) {
    EXPECT_EQ(first.scene.bodies[i].x, second.scene.bodies[i].x);
    EXPECT_EQ(first.scene.bodies[i].mass, second.scene.bodies[i].mass);
  }
  EXPECT_EQ(a.rate_factor, b.rate_factor);
  EXPECT_NE(a.rate_factor, c.rate_factor);
  EXPECT_NE(a.bodies[3].shift, c.bodies[3].shift);
}

// Each draw within its setting; the law's friction and the load's rate by their factors; each
// block smaller and displaced by at most the placement and the room its shrinking made.
TEST_F(ImperfectionsTest, DrawsStayWithinTheirSettings) {
  const Problem built = problem(kWall);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Problem drawn_problem = problem(kWall);
    const Imperfections imperfections = all_of_them(seed);
    const DrawnImperfections drawn = apply(imperfections, drawn_problem);
    EXPECT_LE(std::abs(drawn.rate_factor - 1.0), 0.2);
    EXPECT_DOUBLE_EQ(drawn_problem.gravity.tilt_rate, drawn.rate_factor);
    ASSERT_EQ(drawn.friction_factors.size(), 1U);
    EXPECT_LE(std::abs(drawn.friction_factors[0] - 1.0), 0.1);
    EXPECT_DOUBLE_EQ(drawn_problem.scene.interactions.law(0, 0).friction,
                     0.6 * drawn.friction_factors[0]);
    std::size_t free = 0;
    for (std::size_t i = 0; i < built.scene.bodies.size(); ++i) {
      const model::Body& before = built.scene.bodies[i];
      const model::Body& after = drawn_problem.scene.bodies[i];
      if (before.motion != model::Motion::Free) {
        EXPECT_EQ(before.x, after.x);
        continue;
      }
      const BodyImperfection& body = drawn.bodies[free++];
      EXPECT_EQ(body.name, before.name);
      EXPECT_GE(body.shrink, 0.0);
      EXPECT_LT(body.shrink, 0.004);
      EXPECT_NEAR(geometry::least_width(after.shape),
                  geometry::least_width(before.shape) - body.shrink, 1e-15);
      EXPECT_LE(body.shift.norm(), 0.001);
      EXPECT_LE(body.shift.norm(), body.shrink / 2 + 1e-15) << "its room on its narrow sides";
      EXPECT_EQ(after.x, before.x + body.shift);
      expect_inside(after, before);
    }
  }
}

// The mass and moments of a shrunk block are those of its new shape at the material's
// density (geometry::mass_properties), its frame's axes kept.
TEST_F(ImperfectionsTest, ABlockHasTheMassOfItsNewSize) {
  Problem drawn_problem = problem(kWall);
  apply(all_of_them(3), drawn_problem);
  for (const model::Body& body : drawn_problem.scene.bodies) {
    if (body.motion != model::Motion::Free) continue;
    const geometry::MassProperties properties = geometry::mass_properties(
        body.shape, drawn_problem.materials[static_cast<std::size_t>(body.material)].density);
    EXPECT_NEAR(body.mass, properties.mass, 1e-12 * properties.mass);
    EXPECT_NEAR(body.inertia.sum(), properties.principal_moments.sum(),
                1e-12 * properties.principal_moments.sum());
  }
}

// Changing one setting leaves the other settings' draws as they were.
TEST_F(ImperfectionsTest, OneSettingDoesNotMoveAnothersDraws) {
  Problem with_sizes = problem(kWall);
  Problem without = problem(kWall);
  Imperfections no_sizes = all_of_them(5);
  no_sizes.block_size = 0.0;
  const DrawnImperfections a = apply(all_of_them(5), with_sizes);
  const DrawnImperfections b = apply(no_sizes, without);
  EXPECT_EQ(a.friction_factors, b.friction_factors);
  EXPECT_EQ(a.rate_factor, b.rate_factor);
  EXPECT_EQ(b.bodies[2].shrink, 0.0);
  EXPECT_EQ(b.bodies[2].shift, math::Vec3::Zero()) << "no room to move in";
}

// The supports drop along gravity, each by its own draw within the setting, and the free
// bodies' draws do not move: theirs come first.
TEST_F(ImperfectionsTest, SupportsDropEachByItsOwnDraw) {
  std::string footed = kWall;
  footed.replace(footed.find("courses: 4}"), 11,
                 "courses: 4, supports: {course00: {fixed: true}}}");
  const Problem built = problem(footed);
  Problem uneven = problem(footed);
  Problem even = problem(footed);
  Imperfections with_support = all_of_them(9);
  with_support.support = 0.003;
  const DrawnImperfections drawn = apply(with_support, uneven);
  const DrawnImperfections level = apply(all_of_them(9), even);
  ASSERT_EQ(drawn.supports.size(), 4U) << "the footing course's 4 blocks, not the ground";
  std::set<double> drops;
  for (const SupportImperfection& support : drawn.supports) {
    const std::size_t i = static_cast<std::size_t>(
        std::ranges::find(built.scene.bodies, support.name, &model::Body::name) -
        built.scene.bodies.begin());
    EXPECT_GE(support.drop, 0.0);
    EXPECT_LT(support.drop, 0.003);
    EXPECT_EQ(uneven.scene.bodies[i].x,
              built.scene.bodies[i].x + support.drop * math::Vec3(0.0, 0.0, -1.0));
    drops.insert(support.drop);
  }
  EXPECT_EQ(drops.size(), drawn.supports.size()) << "each its own draw";
  ASSERT_EQ(level.bodies.size(), drawn.bodies.size());
  for (std::size_t i = 0; i < drawn.bodies.size(); ++i)
    EXPECT_EQ(level.bodies[i].shift, drawn.bodies[i].shift);
}

// A planar arch's voussoirs (polygons, prisms of unit depth) shrink with their mass as their
// area.
TEST_F(ImperfectionsTest, APlanarBlockKeepsUnitDepth) {
  Problem arch = problem(moreau::testing::kTiltingArch);
  const Problem built = problem(moreau::testing::kTiltingArch);
  const DrawnImperfections drawn = apply(all_of_them(1), arch);
  for (std::size_t i = 0, free = 0; i < arch.scene.bodies.size(); ++i) {
    const model::Body& body = arch.scene.bodies[i];
    if (body.motion != model::Motion::Free) continue;
    const double factor =
        1.0 - drawn.bodies[free++].shrink / geometry::least_width(built.scene.bodies[i].shape);
    EXPECT_NEAR(body.mass, built.scene.bodies[i].mass * factor * factor, 1e-12);
    EXPECT_EQ(body.x.y(), built.scene.bodies[i].x.y()) << "the shift stays in the x-z plane";
  }
}

TEST_F(ImperfectionsTest, SettingsOutOfRangeAreRefused) {
  const Problem wall = problem(kWall);
  const auto refused_key = [&](const Imperfections& imperfections) {
    try {
      validate(imperfections, wall, "--imperfections");
    } catch (const core::Diagnostic& error) {
      return error.key();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused_key(all_of_them(1)), "accepted");
  Imperfections wide = all_of_them(1);
  wide.block_size = 0.1;  // half the least width, 0.2 m
  EXPECT_EQ(refused_key(wide), "--imperfections block_size");
  Imperfections scattered = all_of_them(1);
  scattered.friction = 1.0;
  EXPECT_EQ(refused_key(scattered), "--imperfections friction");
  scattered.friction = 0.2;  // 1.5e4 Pa above 1e4 / (0.6 * 1.2): a tensile strength above c / mu
  EXPECT_EQ(refused_key(scattered), "--imperfections friction");
  Imperfections placed = all_of_them(1);
  placed.placement = std::nan("");
  EXPECT_EQ(refused_key(placed), "--imperfections placement");
  Imperfections rated = all_of_them(1);
  rated.rate = -0.1;
  EXPECT_EQ(refused_key(rated), "--imperfections rate");
}

}  // namespace
}  // namespace moreau::run
