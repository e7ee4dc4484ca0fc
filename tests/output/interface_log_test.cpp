// interfaces.csv: its header, and one row per interface with the values of
// dynamics::find_interfaces, body names quoted by RFC 4180 where they need it.
#include "moreau/output/interface_log.hpp"

#include "moreau/math/contact_frame.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::output {
namespace {

using math::Vec3;

// A planar joint: the segment x in [0, 0.6] at z = 0 under body "top, left" (1) on "base"
// (0), loaded 3 and 1 N s at its ends over h = 0.5 s: normal force 8 N, centre of pressure
// x = 0.6 / 4 = 0.15, 0.15 from the middle: eccentricity ratio 6 (0.15) / 0.6 = 1.5.
TEST(InterfaceLog, WritesOneRowPerInterface) {
  model::Scene scene;
  scene.dimension = 2;
  scene.bodies.push_back(model::make_fixed_body("base", geometry::Plane{}, {}));
  scene.bodies.push_back(model::make_fixed_body("top, left", geometry::Plane{}, {}));
  std::vector<dynamics::Contact> contacts(2);
  for (int i = 0; i < 2; ++i) {
    dynamics::Contact& c = contacts[static_cast<std::size_t>(i)];
    c.body_a = 1;
    c.point.p = Vec3(0.6 * i, 0.0, 0.0);
    c.point.n = Vec3::UnitZ();
    c.frame = math::contact_frame(c.point.n, 2);
    c.force = Vec3(6.0 - 4.0 * i, 0.0, 0.0);
  }
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("moreau_interface_log_" + std::to_string(getpid()) + ".csv");
  {
    InterfaceLog log(path, scene);
    log.record(7, 0.35, scene, contacts);
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(path);
  std::string header, row, rest;
  std::getline(text, header);
  std::getline(text, row);
  EXPECT_EQ(header,
            "step,time,body_a,body_b,points,normal_force,shear_force,normal_x,normal_y,normal_z,"
            "shear_x,shear_y,shear_z,centre_x,centre_y,centre_z,eccentricity_ratio,in_kernel");
  const std::string names = "7,0.34999999999999998,\"top, left\",base,2,";
  ASSERT_EQ(row.substr(0, names.size()), names);
  std::vector<double> values;
  std::stringstream numbers(row.substr(names.size()));
  for (std::string field; std::getline(numbers, field, ',');) values.push_back(std::stod(field));
  // normal_force, shear_force, normal, shear, centre, eccentricity_ratio, in_kernel; the
  // closed forms above up to the round-off of a few operations.
  const std::vector<double> expected{8, 0, 0, 0, 1, 0, 0, 0, 0.15, 0, 0, 1.5, 0};
  ASSERT_EQ(values.size(), expected.size());
  for (std::size_t k = 0; k < expected.size(); ++k)
    EXPECT_NEAR(values[k], expected[k], 1e-14) << "column " << k;
  EXPECT_FALSE(std::getline(text, rest));  // one interface, one row
}

}  // namespace
}  // namespace moreau::output
