// Good problem files: every key reaches the run::Problem. Files are written to a temporary folder
// (with the ground-motion record they name) and read back; the expected values are those
// written, or closed forms of them (a sphere's mass, a settlement's slope).
#include "moreau/io/problem_file.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/math/quaternion.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <sstream>
#include <string>

namespace moreau::io {
namespace {

using testing::body_named;
namespace fs = std::filesystem;
using math::Vec3;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// Values pass through a decimal text and at most a few operations: round-off only.
constexpr double kTol = 1e-12;
constexpr double kDegree = std::numbers::pi / 180.0;

class ProblemFileTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) const {
    const fs::path path = folder_ / name;
    std::ofstream(path) << text;
    return path;
  }

  const testing::ScratchFolder scratch_;
  const fs::path& folder_ = scratch_.path();
};

const char* kFull3d = R"(version: 1
title: Every key
dimension: 3
gravity: [0, 0, -9.5]
time: {step: 2.0e-3, duration: 1.5, theta: 0.75, critical_step: substep}
mode: penalty
solver: {name: nsgs, tolerance: 1.0e-6, max_iterations: 250, time_limit: 3,
         parameters: {relaxation: 1.2}}
threads: 3
materials:
  - {name: stone, density: 2400, young_modulus: 1.0e10, poisson_ratio: 0.2}
  - {name: steel, density: 7800, young_modulus: 2.0e11}
interactions:
  default: {friction: 0.6, restitution: 0.1}
  pairs:
    - {materials: [steel, stone], friction: 0.4, restitution: 0.5}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - name: ball
    shape: {type: sphere, radius: 0.1}
    material: steel
    position: [5, 0, 1]
    velocity: [1, 2, 3]
    angular_velocity: [0, 4, 0]
  - name: brick
    shape: {type: box, size: [0.4, 0.2, 0.1]}
    position: [8, 0, 1]
    orientation: {axis: [0, 2, 0], angle: 30}
  - name: wedge
    shape: {type: polyhedron, vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]}
    position: [10, 0, 0]
    orientation: {quaternion: [1, 0, 0, 0]}
  - name: table
    shape: {type: box, size: [2, 2, 0.2]}
    position: [-8, 0, 2]
    driven:
      ground_motion: {record: shake.csv, units: g, direction: [1, 0, 0], scale: 2.0,
                      baseline: none}
  - name: pulse
    shape: {type: box, size: [2, 2, 0.2]}
    position: [-12, 0, 2]
    driven:
      ricker: {peak: 0.3, units: m/s^2, frequency: 2.0, t0: 0.5, direction: [0, 1, 0]}
  - name: support
    shape: {type: box, size: [1, 1, 1]}
    position: [-16, 0, 2]
    driven:
      settlement: {time: [0, 1, 2], displacement: [[0, 0, 0], [0, 0, -0.01], [0, 0, -0.01]]}
  - name: belt
    shape: {type: box, size: [1, 1, 1]}
    position: [-20, 0, 2]
    driven: {velocity: [0.5, 0, 0], angular_velocity: [0, 0, 0.1]}
generators:
  - {type: arch, name: bridge, span: 2.0, thickness: 0.25, depth: 0.5, voussoirs: 9,
     springing_height: 0.5, material: stone, position: [0, 20, 0]}
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 2,
     position: [0, 30, 0]}
  - {type: column, radius: 0.3, drum_height: 0.5, drums: 3, sides: 8, position: [0, 40, 0]}
  - {type: tower, block: [0.5, 0.5, 0.3], blocks: 4, twist: 5, position: [0, 50, 0]}
loads:
  gravity_ramp: {duration: 0.5}
  tilt: {axis: [1, 0, 0], initial: 5, rate: 2.0, start: 0.25}
  lateral: {direction: [0, 1, 0], rate: 0.05, start: 0.5}
stop:
  collapse: {max_displacement: 0.05, max_rotation: 10, kinetic_energy: 1.0}
output: {every: 7, vtk: false, bodies: [ball, brick], checkpoint_every: 500}
)";

// time, acceleration in g: a constant 0.1 g for one second.
const char* kRecord = "# test record\ntime,accel_g\n0,0.1\n1,0.1\n";

// A block from an OBJ vertex/face list is the same block as the one written inline: the
// triangular prism of a voussoir-like wedge, 0.5 m^3 (triangle 1 m x 1 m / 2, 1 m deep), of
// 2000 kg/m^3: 1000 kg. Faces with the i/t/n forms and a negative index, comments, and the
// keywords an exporter writes.
TEST_F(ProblemFileTest, PolyhedronFromAnObjVertexFaceList) {
  write("prism.obj", R"(# exported
o prism
v 0 0 0
v 1 0 0
v 0 0 1
v 0 1 0
v 1 1 0
v 0 1 1
vn 0 -1 0
s off
f 1//1 2//1 3//1
f 4 6 5
f 1 4 5 2
f 2 5 6 -4
f 1 3 6 4
)");
  const fs::path path = write("obj.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
materials: [{name: stone, density: 2000}]
bodies:
  - {name: prism, shape: {type: polyhedron, file: prism.obj}}
  - name: inline
    position: [5, 0, 0]
    shape: {type: polyhedron, vertices: [[0, 0, 0], [1, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [0, 1, 1]]}
)");
  const run::Problem problem = read_problem_file(path);
  const model::Body& from_file = body_named(problem, "prism");
  const model::Body& inline_block = body_named(problem, "inline");
  EXPECT_NEAR(from_file.mass, 1000.0, 1000.0 * kTol);
  EXPECT_NEAR(from_file.mass, inline_block.mass, 1000.0 * kTol);
  EXPECT_TRUE(from_file.inertia.isApprox(inline_block.inertia, kTol));
  EXPECT_TRUE((from_file.x - inline_block.x + Vec3(5, 0, 0)).norm() < kTol);
}

// A vertex beyond kMaxLength is refused at its line and column in the OBJ file, as any
// coordinate of a problem file (a vertex of 1e200 m made the block's volume overflow).
TEST_F(ProblemFileTest, ObjVertexBeyondTheLargestCoordinateIsRefusedAtItsColumn) {
  write("far.obj", "v 0 0 0\nv 1 0 0\nv 0 1e200 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n");
  const fs::path path = write("far.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - {name: far, shape: {type: polyhedron, file: far.obj}}
)");
  try {
    read_problem_file(path);
    FAIL() << "a vertex of 1e200 m was read";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("far.obj:3:5: error: bodies[0].shape: expected a "
                                        "coordinate in [-1e+06, 1e+06] (m), found '1e200'"));
  }
}

TEST_F(ProblemFileTest, EveryKeyOfA3dFileIsHonoured) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("full.yaml", kFull3d));
  EXPECT_EQ(p.title, "Every key");
  EXPECT_EQ(p.version, 1);
  EXPECT_EQ(p.mode, run::Mode::Penalty);
  EXPECT_EQ(p.scene.dimension, 3);
  EXPECT_TRUE(p.gravity.gravity.isApprox(Vec3(0, 0, -9.5), kTol));
  EXPECT_DOUBLE_EQ(p.stepping.h, 2e-3);
  EXPECT_DOUBLE_EQ(p.duration, 1.5);
  EXPECT_DOUBLE_EQ(p.stepping.theta, 0.75);
  EXPECT_EQ(p.critical_step, run::CriticalStepPolicy::Substep);
  EXPECT_EQ(p.stepping.solver, "nsgs");
  EXPECT_DOUBLE_EQ(p.stepping.stop.tolerance, 1e-6);
  EXPECT_EQ(p.stepping.stop.max_iterations, 250);
  EXPECT_DOUBLE_EQ(p.stepping.stop.time_limit, 3.0);
  EXPECT_EQ(p.stepping.solver_parameters.at("relaxation"), "1.2");
  EXPECT_EQ(p.threads, 3);

  ASSERT_EQ(p.materials.size(), 2u);
  EXPECT_EQ(p.materials[0].name, "stone");
  EXPECT_DOUBLE_EQ(p.materials[0].density, 2400);
  EXPECT_DOUBLE_EQ(p.materials[0].young_modulus, 1e10);
  EXPECT_DOUBLE_EQ(p.materials[0].poisson_ratio, 0.2);
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(0, 1).friction, 0.4);
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(1, 0).restitution, 0.5);
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(0, 0).friction, 0.6);
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(1, 1).restitution, 0.1);

  EXPECT_DOUBLE_EQ(p.gravity.ramp_duration, 0.5);
  EXPECT_TRUE(p.gravity.tilt_axis.isApprox(Vec3::UnitX(), kTol));
  EXPECT_DOUBLE_EQ(p.gravity.tilt_initial, 5.0);
  EXPECT_DOUBLE_EQ(p.gravity.tilt_rate, 2.0);
  EXPECT_DOUBLE_EQ(p.gravity.tilt_start, 0.25);
  EXPECT_TRUE(p.gravity.lateral_direction.isApprox(Vec3::UnitY(), kTol));
  EXPECT_DOUBLE_EQ(p.gravity.lateral_rate, 0.05);
  EXPECT_DOUBLE_EQ(p.gravity.lateral_start, 0.5);
  EXPECT_TRUE(p.scene.gravity.isZero(kTol));  // the ramp starts at 0
  EXPECT_DOUBLE_EQ(p.collapse.max_displacement, 0.05);
  EXPECT_DOUBLE_EQ(p.collapse.max_rotation, 10);
  EXPECT_DOUBLE_EQ(p.collapse.kinetic_energy, 1.0);
  EXPECT_EQ(p.output.every, 7);
  EXPECT_EQ(p.output.checkpoint_every, 500);
  EXPECT_FALSE(p.output.vtk);
  EXPECT_THAT(p.output.bodies, ::testing::ElementsAre("ball", "brick"));
}

TEST_F(ProblemFileTest, ListedBodiesGetShapeMassPoseAndVelocity) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("full.yaml", kFull3d));
  EXPECT_EQ(body_named(p, "ground").motion, model::Motion::Fixed);

  const model::Body& ball = body_named(p, "ball");
  EXPECT_EQ(ball.motion, model::Motion::Free);
  EXPECT_EQ(ball.material, 1);
  EXPECT_NEAR(ball.mass, 7800 * 4.0 / 3.0 * std::numbers::pi * 1e-3, 1e-9);
  EXPECT_TRUE(ball.x.isApprox(Vec3(5, 0, 1), kTol));
  EXPECT_TRUE(ball.v.isApprox(Vec3(1, 2, 3), kTol));
  EXPECT_TRUE((ball.q * ball.w_B).isApprox(Vec3(0, 4, 0), kTol));  // given in the world

  const model::Body& brick = body_named(p, "brick");
  ASSERT_TRUE(std::holds_alternative<geometry::Box>(brick.shape));
  EXPECT_TRUE(std::get<geometry::Box>(brick.shape).half_extents.isApprox(Vec3(0.2, 0.1, 0.05)));
  EXPECT_EQ(brick.material, 0);  // the first material when none is named
  EXPECT_NEAR(brick.mass, 2400 * 0.4 * 0.2 * 0.1, 1e-9);
  const math::Quat expected = math::from_axis_angle(Vec3::UnitY(), 30 * kDegree);
  EXPECT_NEAR(brick.shape_pose().orientation.angularDistance(expected), 0.0, 1e-12);
  EXPECT_TRUE(brick.shape_pose().position.isApprox(Vec3(8, 0, 1), kTol));
  EXPECT_TRUE(std::holds_alternative<geometry::ConvexPolyhedron>(body_named(p, "wedge").shape));
}

TEST_F(ProblemFileTest, DrivenBodiesFollowTheirPrescribedMotion) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("full.yaml", kFull3d));
  for (const char* name : {"table", "pulse", "support", "belt"})
    EXPECT_EQ(body_named(p, name).motion, model::Motion::Driven) << name;
  // 0.1 g x scale 2 for 0.5 s, no baseline correction: v = 0.2 g0 t.
  EXPECT_NEAR(body_named(p, "table").prescribed.linear(0.5).x(), 0.2 * 9.80665 * 0.5, 1e-9);
  // Ricker along y: its velocity at the peak time is the integral of the first half, > 0.
  const Vec3 pulse = body_named(p, "pulse").prescribed.linear(0.5);
  EXPECT_GT(pulse.y(), 0.0);
  EXPECT_NEAR(pulse.x(), 0.0, kTol);
  // Settlement: 0.01 m in the first second, then still.
  EXPECT_TRUE(body_named(p, "support").prescribed.linear(0.5).isApprox(Vec3(0, 0, -0.01)));
  EXPECT_TRUE(body_named(p, "support").prescribed.linear(1.5).isZero(kTol));
  const model::Body& belt = body_named(p, "belt");
  EXPECT_TRUE(belt.prescribed.linear(7.0).isApprox(Vec3(0.5, 0, 0)));
  EXPECT_TRUE(belt.prescribed.angular(7.0).isApprox(Vec3(0, 0, 0.1)));
}

// A table shaken by `motion` (the ground_motion map) under a block, in 3D.
std::string shaken_table(const std::string& motion) {
  return "version: 1\ntitle: shaken\ntime: {step: 1.0e-3, duration: 1}\n"
         "materials: [{name: stone, density: 2000}]\n"
         "bodies:\n"
         "  - {name: block, shape: {type: box, size: [0.2, 0.2, 0.2]}, position: [0, 0, 0.1]}\n"
         "  - name: table\n"
         "    shape: {type: box, size: [2, 2, 0.2]}\n"
         "    position: [0, 0, -0.1]\n"
         "    driven:\n"
         "      ground_motion: " +
         motion + "\n";
}

// `pga` scales the record so that its largest horizontal acceleration is the target: a
// record of peak 0.25 g (|(0.15, 0.2)| g at t = 0.5, the vertical 0.5 g not counted) scaled
// to 0.4 g takes the factor 1.6, vertical included.
TEST_F(ProblemFileTest, PgaScalesTheRecordToItsTargetPeak) {
  write("three.csv", "t,ax,ay,az\n0,0.1,0,0.5\n0.5,0.15,0.2,0\n1,0,0,0\n");
  const run::Problem p = read_problem_file(
      write("pga.yaml", shaken_table("{record: three.csv, units: g, pga: 0.4, baseline: none}")));
  ASSERT_EQ(p.ground_motions.size(), 1u);
  const model::GroundMotion& ground = p.ground_motions.front();
  EXPECT_EQ(ground.body, "table");
  EXPECT_EQ(ground.source, "three.csv");
  EXPECT_NEAR(ground.scale, 1.6, kTol);
  EXPECT_NEAR(ground.peak_horizontal() / 9.80665, 0.4, kTol);
  EXPECT_NEAR(ground.peak_vertical() / 9.80665, 0.8, kTol);
  // The velocity follows the scaled record: a trapezoid of 1.6 (0.1 + 0.15) g / 2 over 0.5 s.
  EXPECT_NEAR(body_named(p, "table").prescribed.linear(0.5).x(), 1.6 * 0.125 * 9.80665 * 0.5, 1e-9);
}

// moreau run --record: another file in place of the ground motion's record, in the layout
// its extension and header give, along the ground motion's direction, in its units unless the
// override gives others, scaled by the file's pga as its own record would be; a problem whose
// ground motion has no single record to replace is refused.
TEST_F(ProblemFileTest, ARecordOverrideReplacesTheGroundMotionsRecord) {
  write("own.csv", "t,a\n0,0.1\n1,0.1\n");
  write("other.csv", "t,a\n0,0\n0.5,0.2\n1,-0.1\n");
  write("world.csv", "t,ax,ay,az\n0,0,0,0\n0.5,0.3,0.4,0\n1,0,0,0\n");
  write("column.txt", "0\n100\n-50\n");
  const fs::path problem =
      write("own.yaml",
            shaken_table("{record: own.csv, units: g, direction: [0, 1, 0], baseline: none}"));
  const auto replaced = [&](const std::string& file,
                            std::optional<ground_motion::AccelerationUnit> units,
                            std::optional<double> time_step) {
    return read_problem_file(problem,
                             {.record = RecordOverride{{folder_ / file}, units, time_step}})
        .ground_motions.front();
  };
  const model::GroundMotion other = replaced("other.csv", std::nullopt, std::nullopt);
  EXPECT_EQ(other.source, (folder_ / "other.csv").string());
  EXPECT_TRUE(other.record.acceleration[1].isApprox(Vec3(0.0, 0.2 * 9.80665, 0.0), kTol));
  const model::GroundMotion world = replaced("world.csv", std::nullopt, std::nullopt);
  EXPECT_TRUE(world.record.acceleration[1].isApprox(9.80665 * Vec3(0.3, 0.4, 0.0), kTol));
  const model::GroundMotion column =
      replaced("column.txt", ground_motion::AccelerationUnit::CentimetresPerSecondSquared, 0.01);
  EXPECT_EQ(column.record.time, (std::vector<double>{0.0, 0.01, 0.02}));
  EXPECT_TRUE(column.record.acceleration[1].isApprox(Vec3(0.0, 1.0, 0.0), kTol));

  const fs::path scaled = write(
      "pga.yaml", shaken_table("{record: own.csv, units: g, direction: [1, 0, 0], pga: 0.4}"));
  const run::Problem p =
      read_problem_file(scaled, {.record = RecordOverride{{folder_ / "other.csv"}, {}, {}}});
  EXPECT_NEAR(p.ground_motions.front().peak_horizontal() / 9.80665, 0.4, kTol);

  const auto refused = [&](const fs::path& file, const std::string& replacement) {
    try {
      read_problem_file(file, {.record = RecordOverride{{folder_ / replacement}, {}, {}}});
    } catch (const core::Diagnostic& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  EXPECT_THAT(refused(problem, "none.csv"), HasSubstr("--record: expected a record file"));
  EXPECT_THAT(refused(problem, "column.txt"), HasSubstr("time_step"));
  const fs::path listed =
      write("components.yaml",
            shaken_table("{components: [{record: own.csv, units: g, direction: [1, 0, 0]}]}"));
  EXPECT_THAT(refused(listed, "other.csv"), HasSubstr("--record replaces one record"));
  std::string pulse =
      shaken_table("{peak: 0.3, units: g, frequency: 2, t0: 0.5, direction: [1, 0, 0]}");
  pulse.replace(pulse.find("ground_motion"), std::string("ground_motion").size(), "ricker");
  EXPECT_THAT(refused(write("ricker.yaml", pulse), "other.csv"),
              HasSubstr("a Ricker pulse has none"));
  const fs::path still = write("still.yaml",
                               "version: 1\ntime: {step: 1.0e-3, duration: 1}\nbodies:\n"
                               "  - {name: ball, shape: {type: sphere, radius: 0.1}}\n");
  EXPECT_THAT(refused(still, "other.csv"), HasSubstr("none in this problem"));
}

// An .AT2 component along x and a single column along y, sampled at other times, shake one
// table together: the record is their sum at every time of either.
TEST_F(ProblemFileTest, ComponentsFromAt2AndSingleColumnFilesAddUp) {
  write("ns.AT2",
        "PEER NGA STRONG MOTION DATABASE RECORD\nTest, 1/1/2000, Station, 000\n"
        "ACCELERATION TIME SERIES IN UNITS OF G\nNPTS=    3, DT=   .5000 SEC\n"
        "  .1000000E+00  .2000000E+00 -.1000000E+00\n");
  write("ew.txt", "accel\n0.0\n1.0\n0.0\n0.0\n0.0\n");
  const run::Problem p = read_problem_file(
      write("components.yaml",
            shaken_table("{components: [{record: ns.AT2, direction: [1, 0, 0]},\n"
                         "                {record: ew.txt, units: m/s^2, time_step: 0.25,\n"
                         "                 direction: [0, 1, 0]}], scale: 2}")));
  ASSERT_EQ(p.ground_motions.size(), 1u);
  const model::GroundMotion& ground = p.ground_motions.front();
  EXPECT_EQ(ground.source, "ns.AT2 + ew.txt");
  EXPECT_EQ(ground.record.time, (std::vector<double>{0.0, 0.25, 0.5, 0.75, 1.0}));
  // At 0.25 s: x halfway between 0.1 g and 0.2 g, y the single column's 1 m/s^2; times 2.
  EXPECT_TRUE(ground.record.acceleration[1].isApprox(Vec3(2 * 0.15 * 9.80665, 2.0, 0.0), kTol));
  EXPECT_NEAR(ground.duration(), 1.0, kTol);
  EXPECT_NEAR(ground.shortest_step(), 0.25, kTol);
}

// moreau run --record given twice: a PEER pair replaces the ground motion's one record, its
// first file along x and its second along y whatever the motion's direction, summed at every
// time of either; a 4-column CSV file (a direction of its own) cannot be a component, nor can
// four files be one event's.
TEST_F(ProblemFileTest, ARecordOverrideOfAPairActsAlongXAndY) {
  write("own.csv", "t,a\n0,0.1\n1,0.1\n");
  write("h1.AT2",
        "PEER NGA STRONG MOTION DATABASE RECORD\nTest, 1/1/2000, Station, 000\n"
        "ACCELERATION TIME SERIES IN UNITS OF G\nNPTS=    3, DT=   .5000 SEC\n"
        "  .1000000E+00  .2000000E+00 -.1000000E+00\n");
  write("h2.csv", "t,a\n0,0\n0.25,0.4\n1,0\n");
  write("world.csv", "t,ax,ay,az\n0,0,0,0\n1,0,0,0\n");
  const fs::path problem =
      write("own.yaml",
            shaken_table("{record: own.csv, units: g, direction: [0, 0, 1], baseline: none}"));
  const model::GroundMotion pair =
      read_problem_file(
          problem, {.record = RecordOverride{{folder_ / "h1.AT2", folder_ / "h2.csv"}, {}, {}}})
          .ground_motions.front();
  EXPECT_EQ(pair.source, (folder_ / "h1.AT2").string() + " + " + (folder_ / "h2.csv").string());
  EXPECT_EQ(pair.record.time, (std::vector<double>{0.0, 0.25, 0.5, 1.0}));
  // At 0.25 s: x halfway between 0.1 g and 0.2 g, y the CSV's 0.4 g (the problem's units).
  EXPECT_TRUE(pair.record.acceleration[1].isApprox(9.80665 * Vec3(0.15, 0.4, 0.0), kTol));

  const auto refused = [&](std::vector<fs::path> files) {
    try {
      read_problem_file(problem, {.record = RecordOverride{std::move(files), {}, {}}});
    } catch (const core::Diagnostic& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  EXPECT_THAT(refused({folder_ / "h1.AT2", folder_ / "world.csv"}),
              HasSubstr("a component along one direction"));
  EXPECT_THAT(
      refused({folder_ / "h1.AT2", folder_ / "h2.csv", folder_ / "h2.csv", folder_ / "h2.csv"}),
      HasSubstr("2 or 3 components of an event"));
}

// Most records outside the PEER database are in cm/s^2 (gal): the same samples read in
// cm/s^2 are 0.01 times those read in m/s^2, in a CSV file and in a single column, and a
// Ricker pulse's peak too. An unknown unit is refused with the three it could be.
TEST_F(ProblemFileTest, RecordsInGalAreAHundredthOfMetresPerSecondSquared) {
  write("table.csv", "t,a\n0,0\n0.5,250\n1,-100\n");
  write("column.txt", "a\n0\n250\n-100\n");
  const auto record = [&](const std::string& motion) {
    const run::Problem p = read_problem_file(write("gal.yaml", shaken_table(motion)));
    return p.ground_motions.front().record;
  };
  for (const std::string file : {"record: table.csv", "record: column.txt, time_step: 0.5"}) {
    const model::AccelerationRecord gal =
        record("{" + file + ", units: \"cm/s^2\", direction: [1, 0, 0]}");
    const model::AccelerationRecord metres =
        record("{" + file + ", units: \"m/s^2\", direction: [1, 0, 0]}");
    ASSERT_EQ(gal.time, metres.time) << file;
    ASSERT_EQ(gal.acceleration.size(), 3u) << file;
    EXPECT_NEAR(gal.acceleration[1].x(), 2.5, kTol) << file;
    for (std::size_t i = 0; i < gal.acceleration.size(); ++i)
      EXPECT_TRUE(gal.acceleration[i].isApprox(0.01 * metres.acceleration[i], kTol)) << file;
  }
  // The Ricker pulse peaks at t0, a sample of the step: 300 cm/s^2 = 3 m/s^2.
  std::string pulse = shaken_table("");
  pulse.replace(pulse.find("ground_motion: "), std::string::npos,
                "ricker: {peak: 300, units: \"cm/s^2\", frequency: 2.0, t0: 0.5, "
                "direction: [1, 0, 0]}\n");
  const run::Problem ricker = read_problem_file(write("ricker.yaml", pulse));
  double peak = 0.0;
  for (const Vec3& a : ricker.ground_motions.front().record.acceleration)
    peak = std::max(peak, a.norm());
  EXPECT_NEAR(peak, 3.0, 1e-9);
  try {
    record("{record: table.csv, units: gal, direction: [1, 0, 0]}");
    ADD_FAILURE() << "a unit named gal was accepted";
  } catch (const core::Diagnostic& diagnostic) {
    EXPECT_THAT(diagnostic.what(), HasSubstr("ground_motion.units"));
    EXPECT_THAT(diagnostic.what(), HasSubstr("cm/s^2"));
  }
}

TEST_F(ProblemFileTest, GroundMotionKeysThatContradictAreRefusedAtTheirKey) {
  write("ns.AT2",
        "PEER NGA STRONG MOTION DATABASE RECORD\nTest\n"
        "ACCELERATION TIME SERIES IN UNITS OF G\nNPTS=    2, DT=   .5000 SEC\n .1E+00 .2E+00\n");
  write("flat.csv", "t,ax,ay,az\n0,0,0,0.1\n1,0,0,0.1\n");
  const auto error = [&](const std::string& motion) -> std::string {
    try {
      read_problem_file(write("bad.yaml", shaken_table(motion)));
    } catch (const core::Diagnostic& diagnostic) {
      return diagnostic.what();
    }
    return "";
  };
  EXPECT_THAT(
      error("{record: ns.AT2, units: g, direction: [1, 0, 0]}"),
      HasSubstr("bad.yaml:11:46: error: bodies[1].driven.ground_motion.units: a PEER NGA "
                ".AT2 file's header gives its units (g) and time step: leave this key out"));
  EXPECT_THAT(error("{record: ns.AT2, direction: [1, 0, 0], scale: 2, pga: 0.3}"),
              HasSubstr("ground_motion.pga: give either scale or pga, not both"));
  EXPECT_THAT(error("{direction: [1, 0, 0]}"),
              HasSubstr("ground_motion: expected either record (one component) or components (a "
                        "list of them), found neither"));
  EXPECT_THAT(error("{record: flat.csv, units: g, pga: 0.3}"),
              HasSubstr("ground_motion.pga: expected a PGA reached with a scale of at most 1000 "
                        "(the record's own horizontal PGA is 0 g), found 0.3 g"));
  EXPECT_THAT(error("{components: [{record: ns.AT2, direction: [1, 0, 0]}], units: g}"),
              HasSubstr("ground_motion.units: with components, each component takes its own"));
  EXPECT_THAT(error("{record: ns.AT2, direction: [1, 0, 0], time_step: 0.01}"),
              HasSubstr("ground_motion.time_step: a PEER NGA .AT2 file's header gives"));
}

// A generated structure's supports settle or stay: an arch's right abutment sinks 5 cm over
// 10 s while its left one stays, and a wall's foundation course is fixed, block by block.
TEST_F(ProblemFileTest, GeneratedSupportsAreFixedOrDrivenByTheirPart) {
  const run::Problem p = read_problem_file(write("supports.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 1}
materials: [{name: stone, density: 2000}]
generators:
  - type: arch
    span: 2
    thickness: 0.25
    depth: 0.5
    voussoirs: 9
    springing_height: 0.5
    supports:
      abutment0: {fixed: true}
      abutment1: {driven: {settlement: {time: [0, 10], displacement: [[0, 0, 0], [0, 0, -0.05]]}}}
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 3, position: [0, 5, 0],
     supports: {course00: {fixed: true}}}
)"));
  EXPECT_EQ(body_named(p, "arch/abutment0").motion, model::Motion::Fixed);
  const model::Body& sinking = body_named(p, "arch/abutment1");
  EXPECT_EQ(sinking.motion, model::Motion::Driven);
  EXPECT_TRUE(sinking.prescribed.linear(5.0).isApprox(Vec3(0, 0, -0.005), kTol));
  EXPECT_TRUE(sinking.v.isApprox(Vec3(0, 0, -0.005), kTol));  // from t = 0
  EXPECT_EQ(body_named(p, "arch/voussoir04").motion, model::Motion::Free);
  int fixed = 0;
  for (const model::Body& body : p.scene.bodies)
    if (body.name.starts_with("wall/")) {
      EXPECT_EQ(body.motion == model::Motion::Fixed, body.name.starts_with("wall/course00_"))
          << body.name;
      fixed += body.motion == model::Motion::Fixed;
    }
  EXPECT_EQ(fixed, 4);  // 1.6 m of 0.4 m blocks, course 0 starts with a full block
}

// A generated course under a record: every block of the course follows it, and the ground
// motion names one of them, a body of the scene, which history.csv and the measures relative
// to the shaken support follow ("wall/course00", the part, made moreau run refuse the file
// that moreau check had accepted).
TEST_F(ProblemFileTest, AGeneratedSupportUnderARecordNamesOneOfItsBlocks) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("shaken-wall.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 1}
materials: [{name: stone, density: 2000}]
generators:
  - {type: wall, length: 1.6, thickness: 0.2, block: [0.4, 0.2], courses: 3,
     supports: {course00: {driven: {ground_motion: {record: shake.csv, units: g,
                                                    direction: [1, 0, 0]}}}}}
)"));
  ASSERT_EQ(p.ground_motions.size(), 1u);
  const model::Body& support = body_named(p, p.ground_motions.front().body);
  EXPECT_EQ(support.name, "wall/course00_block00");
  for (const model::Body& body : p.scene.bodies)
    if (body.name.starts_with("wall/course00_")) {
      EXPECT_EQ(body.motion, model::Motion::Driven) << body.name;
      EXPECT_TRUE(body.prescribed.linear(0.5).isApprox(support.prescribed.linear(0.5), kTol))
          << body.name;
    }
}

TEST_F(ProblemFileTest, SupportsNamingNoBlockOrTwoMotionsAreRefused) {
  const auto error = [&](const std::string& supports) -> std::string {
    try {
      read_problem_file(write("bad.yaml",
                              "version: 1\ntime: {step: 1.0e-3, duration: 1}\n"
                              "materials: [{name: stone, density: 2000}]\n"
                              "generators:\n  - {type: column, radius: 0.3, "
                              "drum_height: 0.5, drums: 3, supports: " +
                                  supports + "}\n"));
    } catch (const core::Diagnostic& diagnostic) {
      return diagnostic.what();
    }
    return "";
  };
  EXPECT_THAT(error("{drum3: {fixed: true}}"),
              HasSubstr("generators[0].supports.drum3: no block of column is named column/drum3 "
                        "or column/drum3_...: the blocks are column/drum00 to column/drum02"));
  EXPECT_THAT(error("{drum00: {fixed: true, driven: {velocity: [0, 0, 0]}}}"),
              HasSubstr("generators[0].supports.drum00: expected exactly one of fixed: true or "
                        "driven, found both"));
}

TEST_F(ProblemFileTest, GeneratorsAddNamedBlocksAtTheirPosition) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("full.yaml", kFull3d));
  int arch = 0, wall = 0, column = 0, tower = 0;
  for (const model::Body& body : p.scene.bodies) {
    if (body.name.starts_with("bridge/")) {
      ++arch;
      EXPECT_EQ(body.material, 0);
      EXPECT_NEAR(body.shape_pose().position.y(), 20.0, 0.5) << body.name;
    }
    wall += body.name.starts_with("wall/");
    column += body.name.starts_with("column/");
    tower += body.name.starts_with("tower/");
  }
  EXPECT_GE(arch, 9);  // the voussoirs, and the abutments
  EXPECT_GE(wall, 8);  // 2 courses of 4 blocks, with half blocks at alternate ends
  EXPECT_EQ(column, 3);
  EXPECT_EQ(tower, 4);
}

TEST_F(ProblemFileTest, PlanarFileTakesPolygonsAndRotationsAboutY) {
  const run::Problem p = read_problem_file(write("planar.yaml", R"(version: 1
dimension: 2
gravity: [0, 0, -10]
time: {step: 1.0e-3, duration: 0.5}
bodies:
  - {name: ground, shape: {type: plane}, fixed: true}
  - name: block
    shape: {type: polygon, vertices: [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]}
    position: [0, 0, 2]
    orientation: {angle: 90}
    angular_velocity: [0, 1, 0]
generators:
  - {type: tower, block: [0.5, 0.3], blocks: 3, position: [3, 0, 0]}
)"));
  EXPECT_EQ(p.title, "planar");  // the file's stem without a title
  EXPECT_EQ(p.scene.dimension, 2);
  ASSERT_EQ(p.materials.size(), 1u);  // the default material
  EXPECT_DOUBLE_EQ(p.materials[0].density, 2500);
  const model::Body& block = body_named(p, "block");
  EXPECT_NEAR(block.mass, 2500.0, 1e-9);  // 1 m^2 per metre of depth
  const math::Quat expected = math::from_axis_angle(Vec3::UnitY(), std::numbers::pi / 2);
  EXPECT_NEAR(block.shape_pose().orientation.angularDistance(expected), 0.0, 1e-12);
  EXPECT_EQ(p.scene.bodies.size(), 5u);
}

TEST_F(ProblemFileTest, DefaultsApplyToOmittedKeys) {
  const run::Problem p = read_problem_file(write("minimal.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - {name: ball, shape: {type: sphere, radius: 0.1}}
)"));
  const run::Problem defaults;
  EXPECT_EQ(p.mode, run::Mode::Nscd);
  EXPECT_EQ(p.stepping.solver, defaults.stepping.solver);
  EXPECT_DOUBLE_EQ(p.stepping.theta, 0.5);
  EXPECT_TRUE(p.scene.gravity.isApprox(Vec3(0, 0, -9.81)));
  EXPECT_EQ(p.output.every, defaults.output.every);
  EXPECT_EQ(p.output.checkpoint_every, 0) << "no checkpoints unless asked";
  EXPECT_FALSE(p.threads) << "the machine's cores, as moreau run counts them";
  EXPECT_TRUE(std::isinf(p.collapse.max_displacement));
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(0, 0).friction, model::ContactLaw{}.friction);
}

TEST_F(ProblemFileTest, ErrorsCarryFileLineColumnAndKeyPath) {
  const fs::path path = write("bad.yaml", R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
bodies:
  - name: ball
    shape: {type: sphere, radius: -1}
)");
  try {
    read_problem_file(path);
    FAIL() << "no error";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.where().line, 5);
    EXPECT_EQ(error.where().column, 35);
    EXPECT_EQ(error.key(), "bodies[0].shape.radius");
    EXPECT_THAT(error.what(), StartsWith(path.string() + ":5:35: error: "));
    EXPECT_THAT(error.what(), HasSubstr("expected a positive number (m), found '-1'"));
  }
}

// The example of docs/problem-files.md is a file users copy: it must read.
TEST_F(ProblemFileTest, DocumentedExampleReads) {
  std::ifstream doc(fs::path(MOREAU_SOURCE_DIR) / "docs/problem-files.md");
  std::stringstream text;
  text << doc.rdbuf();
  const std::string all = text.str();
  const std::size_t section = all.find("## A complete example");
  ASSERT_NE(section, std::string::npos);
  const std::size_t begin = all.find("```yaml\n", section) + 8;
  const std::size_t end = all.find("```", begin);
  const run::Problem p = read_problem_file(write("example.yaml", all.substr(begin, end - begin)));
  EXPECT_EQ(p.title, "Semicircular arch under self-weight");
  EXPECT_EQ(body_named(p, "ball").material, 1);
}

}  // namespace
}  // namespace moreau::io
