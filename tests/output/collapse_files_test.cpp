// The files of a limit analysis's answer (output/collapse_files.hpp), read back as text: a
// block 0.4 x 1 m on the ground overturns at lambda = b/h (Shenton 1996, J. Eng. Mech.
// 122(7):690). The forces in forces.csv balance the block's weight and lateral load; the
// thrust line in interfaces.csv passes through the toe it turns about; the velocities in
// mechanism.csv are the collapse's; the second ParaView frame has the block moved along them
// for a twentieth of its height.
#include "moreau/output/collapse_files.hpp"

#include "moreau/io/problem_file.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using math::Vec3;

// 17 significant digits of the numbers, a few ulps of the sums of two forces.
constexpr double kForceTolerance = 1e-9;    // N, against forces of ~1e4 N
constexpr double kLengthTolerance = 1e-12;  // m, m/s, rad/s

// A CSV file's rows after its header, each split at its commas (the names have none).
std::vector<std::vector<std::string>> rows(const fs::path& file, const std::string& header) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, header) << file;
  std::vector<std::vector<std::string>> table;
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    for (std::string field; std::getline(stream, field, ',');) fields.push_back(field);
    table.push_back(fields);
  }
  return table;
}

Vec3 vector_at(const std::vector<std::string>& row, std::size_t first) {
  return {std::stod(row[first]), std::stod(row[first + 1]), std::stod(row[first + 2])};
}

std::string text_of(const fs::path& file) {
  std::ifstream in(file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The block 0.4 x 1 m, planar, mu = 0.8, under a lateral load.
run::Problem block_problem() {
  return io::read_problem_text(
      "version: 1\ndimension: 2\ntime: {step: 1.0e-3, duration: 1}\n"
      "interactions: {default: {friction: 0.8}}\nbodies:\n"
      "  - {name: ground, shape: {type: plane}, fixed: true}\n"
      "  - {name: block, shape: {type: polygon, vertices: [[-0.2, -0.5], [0.2, -0.5], "
      "[0.2, 0.5], [-0.2, 0.5]]}, position: [0.2, 0, 0.5]}\n"
      "loads: {lateral: {rate: 1}}\n",
      "collapse", ".");
}

TEST(CollapseFiles, TheBlocksForcesBalanceItsLoadsAndItsFramesMoveItAlongTheMechanism) {
  const run::Problem problem = block_problem();
  const auto contacts = limit::standing_contacts(problem.scene);
  const Vec3 direction = limit::load_pattern(problem).directions.front();
  const limit::Collapse collapse = limit::associative_collapse(
      problem.scene, contacts, direction, limit::ConeFacets::Circumscribed, 16);
  ASSERT_EQ(collapse.outcome, limit::Collapse::Outcome::Collapse);
  ASSERT_NEAR(collapse.multiplier, 0.4, 1e-9);
  const testing::ScratchFolder scratch;
  write_collapse_files(scratch.path(), problem.scene, contacts, collapse);

  const model::Body& block = problem.scene.bodies[1];
  const double weight = block.mass * problem.scene.gravity.norm();
  Vec3 on_block = Vec3::Zero();
  const auto forces =
      rows(scratch.path() / "forces.csv", "body_a,body_b,x,y,z,nx,ny,nz,normal_force,tx,ty,tz");
  EXPECT_EQ(forces.size(), collapse.forces.size());
  for (const auto& row : forces) {
    ASSERT_EQ(row.size(), 12u);
    const Vec3 on_a = std::stod(row[8]) * vector_at(row, 5) + vector_at(row, 9);
    on_block += row[0] == "block" ? on_a : Vec3(-on_a);
  }
  const Vec3 loads = block.mass * problem.scene.gravity + collapse.multiplier * weight * direction;
  EXPECT_NEAR((on_block + loads).norm(), 0.0, kForceTolerance);

  // The thrust line at collapse: the base joint's resultant, the block's weight, at the toe
  // it overturns about (x = 0 or 0.4), where its eccentricity ratio is 3.
  const auto joints = rows(scratch.path() / "interfaces.csv",
                           "step,time,body_a,body_b,points,normal_force,shear_force,normal_x,"
                           "normal_y,normal_z,shear_x,shear_y,shear_z,centre_x,centre_y,centre_z,"
                           "eccentricity_ratio,in_kernel");
  ASSERT_EQ(joints.size(), 1u);
  EXPECT_NEAR(std::stod(joints[0][5]), weight, kForceTolerance);
  EXPECT_NEAR(std::abs(std::stod(joints[0][13]) - 0.2), 0.2, kLengthTolerance);
  EXPECT_NEAR(std::stod(joints[0][16]), 3.0, 1e-9);
  EXPECT_EQ(joints[0][17], "0");

  const auto mechanism = rows(scratch.path() / "mechanism.csv", "body,vx,vy,vz,wx,wy,wz");
  ASSERT_EQ(mechanism.size(), 2u);
  EXPECT_EQ(mechanism[0][0], "ground");
  EXPECT_EQ(mechanism[1][0], "block");
  EXPECT_EQ(vector_at(mechanism[0], 1).norm() + vector_at(mechanism[0], 4).norm(), 0.0);
  EXPECT_NEAR((vector_at(mechanism[1], 1) - collapse.velocities[1]).norm(), 0.0, kLengthTolerance);
  EXPECT_NEAR((vector_at(mechanism[1], 4) - collapse.angular_velocities[1]).norm(), 0.0,
              kLengthTolerance);

  // Frame 1 at s = 1 m / 20; the block's centre moved s v there.
  const double s = 1.0 / 20.0;
  std::smatch match;
  const std::string collection = text_of(scratch.path() / "bodies.pvd");
  ASSERT_TRUE(std::regex_search(collection, match,
                                std::regex(R"re(timestep="([^"]+)"[^>]*bodies_000001\.vtu)re")));
  EXPECT_NEAR(std::stod(match[1]), s, kLengthTolerance);
  const std::string frame = text_of(scratch.path() / "bodies_000001.vtu");
  ASSERT_TRUE(std::regex_search(
      frame, match,
      std::regex(R"re(Name="displacement"[^>]*>\s*(\S+) (\S+) (\S+)\s*\n\s*(\S+) (\S+) (\S+))re")));
  // One cell per face: the ground's patch first, then the block's faces.
  EXPECT_EQ(std::stod(match[1]) + std::stod(match[2]) + std::stod(match[3]), 0.0);
  const Vec3 moved(std::stod(match[4]), std::stod(match[5]), std::stod(match[6]));
  EXPECT_NEAR((moved - s * collapse.velocities[1]).norm(), 0.0, kLengthTolerance);
  EXPECT_GT(moved.norm(), 0.01);  // the fastest point moved 5 cm: the centre a good part of it
  for (const char* file : {"contacts_000000.vtu", "interfaces_000000.vtu", "open_in_paraview.py"})
    EXPECT_TRUE(fs::exists(scratch.path() / file)) << file;
}

}  // namespace
}  // namespace moreau::output
