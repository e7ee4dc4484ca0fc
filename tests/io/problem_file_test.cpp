// Good problem files: every key reaches the run::Problem. Files are written to a temporary folder
// (with the ground-motion record they name) and read back; the expected values are those
// written, or closed forms of them (a sphere's mass, a settlement's slope).
#include "moreau/io/problem_file.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/math/quaternion.hpp"
#include "problem_file_checks.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
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

TEST_F(ProblemFileTest, EveryKeyOfA3dFileIsHonoured) {
  write("shake.csv", kRecord);
  const run::Problem p = read_problem_file(write("full.yaml", kFull3d));
  EXPECT_EQ(p.title, "Every key");
  EXPECT_EQ(p.version, 1);
  EXPECT_EQ(p.mode, run::Mode::Penalty);
  EXPECT_EQ(p.scene.dimension, 3);
  EXPECT_TRUE(p.gravity.gravity.isApprox(Vec3(0, 0, -9.5), kTol));
  EXPECT_DOUBLE_EQ(p.time_step, 2e-3);
  EXPECT_DOUBLE_EQ(p.duration, 1.5);
  EXPECT_DOUBLE_EQ(p.theta, 0.75);
  EXPECT_EQ(p.critical_step, run::CriticalStepPolicy::Substep);
  EXPECT_EQ(p.solver.name, "nsgs");
  EXPECT_DOUBLE_EQ(p.solver.stop.tolerance, 1e-6);
  EXPECT_EQ(p.solver.stop.max_iterations, 250);
  EXPECT_DOUBLE_EQ(p.solver.stop.time_limit, 3.0);
  EXPECT_EQ(p.solver.parameters.at("relaxation"), "1.2");
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
  EXPECT_EQ(p.solver.name, defaults.solver.name);
  EXPECT_DOUBLE_EQ(p.theta, 0.5);
  EXPECT_TRUE(p.scene.gravity.isApprox(Vec3(0, 0, -9.81)));
  EXPECT_EQ(p.output.every, defaults.output.every);
  EXPECT_EQ(p.output.checkpoint_every, 0) << "no checkpoints unless asked";
  EXPECT_FALSE(p.threads) << "the machine's cores, as moreau run counts them";
  EXPECT_TRUE(std::isinf(p.collapse.max_displacement));
  EXPECT_DOUBLE_EQ(p.scene.interactions.law(0, 0).friction, model::ContactLaw{}.friction);
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
