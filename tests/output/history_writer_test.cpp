// history.csv parsed back while the writer is still alive (every row flushed), with exact
// numbers (17 digits round-trip), cumulative dissipation over unrecorded steps, and
// rotations against the axis-angle they were built from.
#include "moreau/output/history_writer.hpp"

#include "moreau/math/quaternion.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using geometry::Pose;
using math::Vec3;
using ::testing::HasSubstr;

// Rotation angles come from a quaternion product and atan2: round-off of a few ulps of
// the angle, in degrees.
constexpr double kAngleTol = 1e-11;

// A file name per test under the system's temporary folder; the file is removed at the end.
struct ScratchFile {
  fs::path path =
      fs::temp_directory_path() / (std::string("moreau_history_") +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                                   "_" + std::to_string(getpid()) + ".csv");
  ~ScratchFile() { fs::remove(path); }
  ScratchFile() = default;
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
};

// The lines of the file as it is on disk now, each split at commas (no field here is
// quoted except in the header).
std::vector<std::vector<std::string>> read_rows(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream split(line);
    for (std::string field; std::getline(split, field, ',');) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

model::Scene two_blocks(int dimension) {
  model::Scene scene;
  scene.dimension = dimension;
  for (const char* name : {"left", "right"})
    scene.bodies.push_back(model::make_free_body(name, geometry::Box{Vec3(0.5, 0.5, 0.5)}, 1000.0,
                                                 Pose{Vec3(1, 2, 3)}, dimension));
  return scene;
}

dynamics::StepReport report(double contact_work) {
  dynamics::StepReport r;
  r.detected = 5;
  r.active = 3;
  r.solve.emplace();
  r.solve->status = solvers::Status::MaxIterations;
  r.solve->iterations = 17;
  r.solve->error = 1.0 / 3.0;
  r.solve->seconds = 2.5e-5;
  r.kinetic_energy = 0.1;
  r.potential_energy = 1.0 / 7.0;
  r.contact_work = contact_work;
  return r;
}

TEST(HistoryWriter, RowsParseBackExactlyAndAreOnDiskBeforeTheWriterCloses) {
  const ScratchFile scratch;
  const fs::path& path = scratch.path;
  model::Scene scene = two_blocks(3);
  HistoryWriter history(path, scene, {"right"});
  ASSERT_EQ(read_rows(path).size(), 1u);  // the header, already flushed
  scene.bodies[1].x = Vec3(0.1, 1.0 / 3.0, -2.0);
  scene.bodies[1].v = Vec3(3.0, 4.0, 0.0);
  history.record(1, 1e-3, report(-1.5), 0.5, 0.7, scene);
  history.add_unrecorded_step(report(-0.25), 0.25);
  history.record(3, 3e-3, report(-0.5), 4.0, std::sqrt(2.0), scene);

  const auto rows = read_rows(path);  // the writer is still alive
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"step",
                                               "time",
                                               "detected",
                                               "active",
                                               "solver_status",
                                               "iterations",
                                               "error",
                                               "solve_seconds",
                                               "kinetic_energy",
                                               "potential_energy",
                                               "elastic_energy",
                                               "contact_work",
                                               "dissipated_energy",
                                               "load_work",
                                               "load_factor",
                                               "right.x",
                                               "right.y",
                                               "right.z",
                                               "right.rotation_deg",
                                               "right.speed"}));
  const auto& row = rows[2];
  ASSERT_EQ(row.size(), rows[0].size());
  EXPECT_EQ(row[0], "3");
  EXPECT_EQ(std::stod(row[1]), 3e-3);
  EXPECT_EQ(row[2], "5");
  EXPECT_EQ(row[3], "3");
  EXPECT_EQ(row[4], "max-iterations");
  EXPECT_EQ(row[5], "17");
  EXPECT_EQ(std::stod(row[6]), 1.0 / 3.0);  // 17 digits: the same double, not a neighbour
  EXPECT_EQ(std::stod(row[7]), 2.5e-5);
  EXPECT_EQ(std::stod(row[9]), 1.0 / 7.0);
  EXPECT_EQ(std::stod(row[10]), 0.0);  // NSCD stores no elastic energy
  EXPECT_EQ(std::stod(row[11]), -0.5);
  EXPECT_EQ(std::stod(rows[1][12]), 1.5);
  EXPECT_EQ(std::stod(row[12]), 2.25);  // 1.5 + 0.25 (unrecorded) + 0.5
  EXPECT_EQ(history.dissipated_energy(), 2.25);
  // A step's load work shows from the next row on, with the potential energy it changes.
  EXPECT_EQ(std::stod(rows[1][13]), 0.0);
  EXPECT_EQ(std::stod(row[13]), 0.75);  // 0.5 + 0.25 (unrecorded); the last step's 4 next
  EXPECT_EQ(std::stod(row[14]), std::sqrt(2.0));
  EXPECT_EQ(std::stod(row[16]), 1.0 / 3.0);
  EXPECT_EQ(std::stod(row[19]), 5.0);  // |(3, 4, 0)|
}

// With a shaken support, relative_kinetic_energy follows kinetic_energy: the free bodies'
// kinetic energy in the frame that translates with the support, 1/2 m |v - v_s|^2 plus their
// spin's (unchanged by a translating frame). Both blocks (1,000 kg) ride the support at v_s,
// the right one with 0.3 m/s more along x and a spin.
TEST(HistoryWriter, UnderGroundMotionTheKineticEnergyRelativeToTheSupportFollows) {
  const ScratchFile scratch;
  model::Scene scene = two_blocks(3);
  scene.bodies.push_back(
      model::make_fixed_body("table", geometry::Box{Vec3(2, 2, 0.1)}, Pose{Vec3(0, 0, -0.1)}));
  scene.bodies.back().motion = model::Motion::Driven;
  HistoryWriter history(scratch.path, scene, {"right"}, 2);
  const Vec3 v_s(0.4, -0.2, 0.05);
  scene.bodies[2].v = v_s;
  scene.bodies[0].v = v_s;
  scene.bodies[1].v = v_s + Vec3(0.3, 0.0, 0.0);
  scene.bodies[1].w_B = Vec3(0.0, 0.0, 2.0);
  history.record(1, 1e-3, report(0.0), 0.0, 0.0, scene);
  const auto rows = read_rows(scratch.path);
  ASSERT_EQ(rows[0][8], "kinetic_energy");
  ASSERT_EQ(rows[0][9], "relative_kinetic_energy");
  ASSERT_EQ(rows[0][10], "potential_energy");
  const double spin = 0.5 * scene.bodies[1].inertia.z() * 4.0;
  EXPECT_NEAR(std::stod(rows[1][9]), 0.5 * 1000.0 * 0.09 + spin, 1e-12 * (45.0 + spin));
  EXPECT_EQ(std::stod(rows[1][8]), 0.1) << "the step's own, as reported";
}

TEST(HistoryWriter, RotationIn3dIsTheAngleSinceTheStart) {
  const ScratchFile scratch;
  const fs::path& path = scratch.path;
  model::Scene scene = two_blocks(3);
  HistoryWriter history(path, scene, {"left", "right"});
  const math::Quat turn = math::from_axis_angle(Vec3(1, 1, 0), 30.0 * std::numbers::pi / 180);
  scene.bodies[0].q = turn * scene.bodies[0].q;
  history.record(1, 1e-3, report(0.0), 0.0, 0.0, scene);
  const auto row = read_rows(path).back();
  EXPECT_NEAR(std::stod(row[18]), 30.0, kAngleTol);  // left.rotation_deg
  EXPECT_NEAR(std::stod(row[23]), 0.0, kAngleTol);   // right.rotation_deg
}

// 100 degrees per row about +y: 100, 200, 300, not 100, -160, -60.
TEST(HistoryWriter, PlanarRotationIsSignedAndContinuesPastHalfATurn) {
  const ScratchFile scratch;
  const fs::path& path = scratch.path;
  model::Scene scene = two_blocks(2);
  HistoryWriter history(path, scene, {"left"});
  const math::Quat q0 = scene.bodies[0].q;
  for (int row = 1; row <= 3; ++row) {
    scene.bodies[0].q =
        math::from_axis_angle(Vec3::UnitY(), row * 100.0 * std::numbers::pi / 180) * q0;
    history.record(row, row * 1e-3, report(0.0), 0.0, 0.0, scene);
  }
  scene.bodies[0].q = math::from_axis_angle(Vec3::UnitY(), -0.5) * q0;
  history.record(4, 4e-3, report(0.0), 0.0, 0.0, scene);
  const auto rows = read_rows(path);
  EXPECT_NEAR(std::stod(rows[1][18]), 100.0, kAngleTol);
  EXPECT_NEAR(std::stod(rows[2][18]), 200.0, kAngleTol);
  EXPECT_NEAR(std::stod(rows[3][18]), 300.0, kAngleTol);
  // From 300 the nearest angle equal to -0.5 rad modulo a turn is 360 - 28.6...
  EXPECT_NEAR(std::stod(rows[4][18]), 360.0 - 0.5 * 180 / std::numbers::pi, kAngleTol);
}

TEST(HistoryWriter, NotFiniteNumbersAreWrittenAsNanAndInf) {
  const ScratchFile scratch;
  const fs::path& path = scratch.path;
  const model::Scene scene = two_blocks(3);
  HistoryWriter history(path, scene, {});
  dynamics::StepReport r = report(0.0);
  r.solve->error = std::numeric_limits<double>::quiet_NaN();
  r.kinetic_energy = std::numeric_limits<double>::infinity();
  history.record(1, 1e-3, r, 0.0, 0.0, scene);
  const auto row = read_rows(path).back();
  EXPECT_EQ(row[6], "nan");
  EXPECT_EQ(row[8], "inf");
}

// A step without a solve (no active contact, or the penalty mode) reports none, not a solve.
TEST(HistoryWriter, AStepThatSolvedNothingSaysSo) {
  const ScratchFile scratch;
  const model::Scene scene = two_blocks(3);
  HistoryWriter history(scratch.path, scene, {});
  dynamics::StepReport r = report(0.0);
  r.solve.reset();
  history.record(1, 1e-3, r, 0.0, 0.0, scene);
  const auto row = read_rows(scratch.path).back();
  EXPECT_EQ(row[4], "none");
  EXPECT_EQ(row[5], "0");  // iterations
  EXPECT_EQ(row[6], "0");  // error
  EXPECT_EQ(row[7], "0");  // solve_seconds
}

TEST(HistoryWriter, NamesWithCommasAreQuotedInTheHeader) {
  const ScratchFile scratch;
  const fs::path& path = scratch.path;
  model::Scene scene = two_blocks(3);
  scene.bodies[0].name = "pier \"A\", top";
  HistoryWriter history(path, scene, {scene.bodies[0].name});
  std::ifstream in(path);
  std::string header;
  std::getline(in, header);
  EXPECT_THAT(header, HasSubstr(",\"pier \"\"A\"\", top.x\","));
}

TEST(HistoryWriter, UnknownBodyIsADiagnosticWithTheNearestName) {
  const model::Scene scene = two_blocks(3);
  try {
    const ScratchFile scratch;
    HistoryWriter history(scratch.path, scene, {"rigt"});
    FAIL() << "expected a Diagnostic";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("'rigt'"));
    EXPECT_THAT(error.what(), HasSubstr("right"));
  }
}

TEST(HistoryWriter, UnwritablePathIsADiagnostic) {
  const model::Scene scene = two_blocks(3);
  EXPECT_THROW(HistoryWriter("/nonexistent-folder/history.csv", scene, {}), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::output
