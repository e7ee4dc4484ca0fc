// The `bodies` section of problem files (problem_bodies.cpp): shapes inline and from OBJ files,
// mass, pose and velocity, driven supports and their ground motions (records, components,
// units, pga, the --record override), each bad key refused at its place. Files are written to a
// temporary folder and read back; the expected values are those written, or closed forms of
// them (a sphere's mass, a settlement's slope).
#include "moreau/core/diagnostic.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/math/quaternion.hpp"
#include "problem_file_checks.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numbers>
#include <optional>
#include <string>

namespace moreau::io {
namespace {

using checks::kFull3d;
using checks::kRecord;
using checks::kTol;
using checks::ProblemFileTest;
using testing::body_named;
namespace fs = std::filesystem;
using math::Vec3;
using ::testing::HasSubstr;

constexpr double kDegree = std::numbers::pi / 180.0;

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

}  // namespace
}  // namespace moreau::io
