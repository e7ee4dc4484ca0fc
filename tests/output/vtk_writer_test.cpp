// VtkWriter's files opened by VTK's own XML reader (tests/output/read_vtk.py, run by Debian's
// /usr/bin/python3 with python3-vtk9), compared with the scene: bounds with the bodies'
// world bounding boxes, enclosed volumes with the shapes', motions with those given to the
// scene, forces, statuses with the Coulomb cone. Skipped with the reason when that Python has
// no vtk module.
#include "moreau/output/vtk_writer.hpp"

#include "moreau/geometry/aabb.hpp"
#include "moreau/math/contact_frame.hpp"
#include "moreau/math/quaternion.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;
using dynamics::Contact;
using geometry::Pose;
using math::Vec2;
using math::Vec3;
using nlohmann::json;

// Coordinates go through a rigid transform and 17-digit text: a few ulps of the lengths
// (~1 m) remain. Volumes add a few hundred such products.
constexpr double kLengthTol = 1e-12;
constexpr double kVolumeTol = 1e-12;

constexpr const char* kPython = "/usr/bin/python3";

bool python_has_vtk() {
  return std::system((std::string(kPython) + " -c 'import vtk' >/dev/null 2>&1").c_str()) == 0;
}

// Runs tests/output/<script> on path and parses the JSON it prints; fails the test if it
// does not exit 0.
json run_test_script(const std::string& script, const fs::path& path) {
  const std::string command = std::string(kPython) + " " + MOREAU_SOURCE_DIR + "/tests/output/" +
                              script + " " + path.string() + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start: " + command);
  std::string output;
  std::array<char, 4096> buffer{};
  while (const std::size_t count = std::fread(buffer.data(), 1, buffer.size(), pipe))
    output.append(buffer.data(), count);
  const int status = pclose(pipe);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << "\n" << output;
  return json::parse(output, nullptr, false);
}

json read_with_vtk(const fs::path& path) { return run_test_script("read_vtk.py", path); }

// A fresh folder per test under the system's temporary folder, removed at the end.
struct ScratchFolder {
  fs::path path =
      fs::temp_directory_path() / (std::string("moreau_vtk_") +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                                   "_" + std::to_string(getpid()));
  ScratchFolder() { fs::remove_all(path); }
  ~ScratchFolder() { fs::remove_all(path); }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
};

// Tests that read the files back with VTK: skipped, with the reason, without it.
class VtkWriterFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!python_has_vtk())
      GTEST_SKIP() << kPython << " cannot import vtk: install python3-vtk9 (scripts/install-deps"
                   << " --test) to check the files with VTK's own reader";
  }
  const ScratchFolder scratch;
};

// The tetrahedron (0,0,0), e_x, e_y, e_z, faces counter-clockwise seen from outside.
geometry::ConvexPolyhedron tetrahedron() {
  return geometry::ConvexPolyhedron({Vec3::Zero(), Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()},
                                    {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}});
}

model::Scene scene_3d() {
  model::Scene scene;
  const Pose box_pose{Vec3(1.0, 2.0, 3.0), math::from_axis_angle(Vec3(1, 2, 3), 0.5)};
  scene.bodies.push_back(
      model::make_free_body("box", geometry::Box{Vec3(0.5, 0.25, 0.1)}, 2000.0, box_pose, 3));
  scene.bodies.back().v = Vec3(1.0, 0.0, -2.0);
  scene.bodies.back().w_B = Vec3(0.3, -0.2, 2.0);
  scene.bodies.push_back(
      model::make_free_body("ball", geometry::Sphere{0.3}, 1000.0, Pose{Vec3(-1, 0, 0.3)}, 3));
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, Pose{}));
  const Pose tetra_pose{Vec3(0.0, -2.0, 1.0), math::from_axis_angle(Vec3(0, 1, 1), 2.0)};
  scene.bodies.push_back(model::make_free_body("tetra", tetrahedron(), 500.0, tetra_pose, 3));
  scene.bodies.back().w_B = Vec3(1.0, 2.0, 3.0);
  return scene;
}

// Planar mode: a square block tilted about y, a triangle and the ground line.
model::Scene scene_2d() {
  model::Scene scene;
  scene.dimension = 2;
  const geometry::Polygon square(
      {Vec2(-0.5, -0.5), Vec2(0.5, -0.5), Vec2(0.5, 0.5), Vec2(-0.5, 0.5)});
  const geometry::Polygon triangle({Vec2(0, 0), Vec2(2, 0), Vec2(0, 1)});
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, Pose{}));
  scene.bodies.push_back(model::make_free_body(
      "square", square, 2000.0, Pose{Vec3(0, 0, 1), math::from_axis_angle(Vec3::UnitY(), 0.3)}, 2));
  scene.bodies.back().v = Vec3(0.5, 0.0, 0.0);
  scene.bodies.back().w_B = Vec3(0.0, 1.5, 0.0);
  scene.bodies.push_back(
      model::make_free_body("triangle", triangle, 2000.0, Pose{Vec3(1.5, 0, 2)}, 2));
  return scene;
}

// What the writer promises for the whole file: the union of the bodies' world boxes and
// of the ground square (half side = the largest side of that union, around its centre).
geometry::Aabb expected_bounds(const model::Scene& scene) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  geometry::Aabb box{Vec3::Constant(kInf), Vec3::Constant(-kInf)};
  for (const model::Body& body : scene.bodies) {
    if (std::holds_alternative<geometry::Plane>(body.shape)) continue;
    const geometry::Aabb b = geometry::bounding_box(body.shape, body.shape_pose());
    box = {box.lower.cwiseMin(b.lower), box.upper.cwiseMax(b.upper)};
  }
  const Vec3 centre = 0.5 * (box.lower + box.upper);
  const double half = (box.upper - box.lower).maxCoeff();
  const double half_y = scene.dimension == 2 ? 0.5 : half;
  // The ground is the plane z = 0 in both scenes.
  const Vec3 ground_lower(centre.x() - half, centre.y() - half_y, 0.0);
  const Vec3 ground_upper(centre.x() + half, centre.y() + half_y, 0.0);
  return {box.lower.cwiseMin(ground_lower), box.upper.cwiseMax(ground_upper)};
}

void expect_bounds(const json& grid, const geometry::Aabb& box) {
  const std::vector<double> bounds = grid["bounds"];
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(bounds[2 * k], box.lower[k], kLengthTol) << "axis " << k;
    EXPECT_NEAR(bounds[2 * k + 1], box.upper[k], kLengthTol) << "axis " << k;
  }
}

Vec3 tuple(const json& values, std::size_t i) {
  return {values[3 * i].get<double>(), values[3 * i + 1].get<double>(),
          values[3 * i + 2].get<double>()};
}

TEST_F(VtkWriterFiles, BodiesOfA3dSceneOpenInVtkWithTheirBoundsAndVolumes) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  writer.write(7, 0.25, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000007.vtu");
  // box 8 vertices 6 faces; UV sphere 2 + 7 x 16 vertices, 8 x 16 faces; ground 4 and 1;
  // tetrahedron 4 and 4.
  EXPECT_EQ(grid["points"], 8 + 114 + 4 + 4);
  EXPECT_EQ(grid["cells"], 6 + 128 + 1 + 4);
  for (const int type : grid["cell_types"]) EXPECT_EQ(type, 7);  // VTK_POLYGON
  expect_bounds(grid, expected_bounds(scene));
  // Closed and outward: the signed volumes are the solids'. The UV sphere is inscribed in
  // the ball, so it holds less; with 8 x 16 facets the deficit is a few percent.
  EXPECT_NEAR(grid["volumes"]["0"].get<double>(), 8 * 0.5 * 0.25 * 0.1, kVolumeTol);
  const double ball = 4.0 / 3.0 * std::numbers::pi * std::pow(0.3, 3);
  EXPECT_LT(grid["volumes"]["1"].get<double>(), ball);
  EXPECT_GT(grid["volumes"]["1"].get<double>(), 0.9 * ball);
  EXPECT_NEAR(grid["volumes"]["3"].get<double>(), 1.0 / 6.0, kVolumeTol);
}

TEST_F(VtkWriterFiles, PointVelocityIsTheRigidVelocityOfItsBody) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  writer.write(0, 0.0, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000000.vtu");
  const json& velocity = grid["point_data"]["velocity"];
  const json& body = grid["cell_data"]["body"];
  const json& points = grid["cell_points"];
  const json& coordinates = grid["coordinates"];
  ASSERT_EQ(points.size(), body.size());
  double worst = 0.0;
  for (std::size_t c = 0; c < points.size(); ++c) {
    const model::Body& owner = scene.bodies[body[c].get<std::size_t>()];
    for (const std::size_t p : points[c]) {
      const Vec3 expected = owner.point_velocity(tuple(coordinates, p));
      worst = std::max(worst, (tuple(velocity, p) - expected).norm());
    }
  }
  EXPECT_LT(worst, kLengthTol * 10.0);  // |w| ~ 4 rad/s times the coordinates' round-off
}

// The motion is composed and read back in double: a few ulps of the angles (~1 rad) remain.
constexpr double kAngleTolDeg = 1e-12;
constexpr double kAxisTol = 1e-14;

// The box moved by d and turned by 0.7 rad about a (world frame), the ball turned by 200
// degrees about e_x, which is 160 degrees about -e_x (the angle is reported in [0, 180]);
// the ground and the tetrahedron where they were: no displacement, no angle, no axis.
TEST_F(VtkWriterFiles, BodiesCarryTheirDisplacementAndRotationSinceTheInitialScene) {
  const model::Scene initial = scene_3d();
  model::Scene scene = initial;
  const Vec3 d(0.1, -0.2, 0.3);
  const Vec3 a = Vec3(1.0, -1.0, 2.0).normalized();
  scene.bodies[0].x += d;
  scene.bodies[0].q = math::from_axis_angle(a, 0.7) * initial.bodies[0].q;
  scene.bodies[1].q =
      math::from_axis_angle(Vec3::UnitX(), math::radians(200.0)) * initial.bodies[1].q;
  VtkWriter writer(scratch.path, initial);
  writer.write(5, 0.1, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000005.vtu");
  struct Expected {
    Vec3 displacement;
    double angle_deg;
    Vec3 axis;
  };
  const std::array<Expected, 4> expected{{{d, math::degrees(0.7), a},
                                          {Vec3::Zero(), 160.0, -Vec3::UnitX()},
                                          {Vec3::Zero(), 0.0, Vec3::Zero()},
                                          {Vec3::Zero(), 0.0, Vec3::Zero()}}};
  const json& data = grid["cell_data"];
  ASSERT_EQ(data["body"].size(), grid["cells"].get<std::size_t>());
  for (std::size_t c = 0; c < data["body"].size(); ++c) {
    const std::size_t b = data["body"][c].get<std::size_t>();
    const Expected& e = expected[b];
    EXPECT_LT((tuple(data["displacement"], c) - e.displacement).norm(), kLengthTol) << "body " << b;
    EXPECT_NEAR(data["rotation_angle"][c].get<double>(), e.angle_deg, kAngleTolDeg) << "body " << b;
    EXPECT_LT((tuple(data["rotation_axis"], c) - e.axis).norm(), kAxisTol) << "body " << b;
    if (b >= 2) {  // at rest: exactly nothing, not a round-off angle about an arbitrary axis
      EXPECT_EQ(tuple(data["displacement"], c), Vec3::Zero()) << "body " << b;
      EXPECT_EQ(data["rotation_angle"][c].get<double>(), 0.0) << "body " << b;
      EXPECT_EQ(tuple(data["rotation_axis"], c), Vec3::Zero()) << "body " << b;
    }
  }
}

// Under ground motion (a support that translates: the ground plane, moved by d_s at v_s), every
// body's relative displacement is its displacement less d_s, every vertex's relative
// velocity its velocity less v_s; the support's own are 0. Without a support the files have
// no relative arrays.
TEST_F(VtkWriterFiles, BodiesCarryTheirMotionRelativeToTheShakenSupport) {
  const model::Scene initial = scene_3d();
  model::Scene scene = initial;
  const std::size_t support = 2;
  const Vec3 d(0.1, -0.2, 0.3), d_s(0.25, 0.05, 0.0), v_s(-0.8, 0.3, 0.0);
  scene.bodies[0].x += d;
  scene.bodies[support].x += d_s;
  scene.bodies[support].v = v_s;
  VtkWriter writer(scratch.path, initial, {.plane_half_size = 0.0, .support = support});
  writer.write(5, 0.1, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000005.vtu");
  const json& cells = grid["cell_data"];
  const json& velocity = grid["point_data"]["velocity"];
  const json& relative_velocity = grid["point_data"]["relative_velocity"];
  for (std::size_t c = 0; c < cells["body"].size(); ++c) {
    const std::size_t b = cells["body"][c].get<std::size_t>();
    const Vec3 expected =
        b == support ? Vec3(Vec3::Zero()) : Vec3(tuple(cells["displacement"], c) - d_s);
    EXPECT_LT((tuple(cells["relative_displacement"], c) - expected).norm(), kLengthTol)
        << "body " << b;
    for (const std::size_t p : grid["cell_points"][c]) {
      const Vec3 expected_velocity =
          b == support ? Vec3(Vec3::Zero()) : Vec3(tuple(velocity, p) - v_s);
      EXPECT_LT((tuple(relative_velocity, p) - expected_velocity).norm(), kLengthTol)
          << "body " << b;
    }
  }
  VtkWriter absolute(scratch.path / "absolute", initial);
  absolute.write(5, 0.1, scene, {});
  const json without = read_with_vtk(absolute.folder() / "bodies_000005.vtu");
  EXPECT_FALSE(without["cell_data"].contains("relative_displacement"));
  EXPECT_FALSE(without["point_data"].contains("relative_velocity"));
}

// The relative motion is the motion seen from the support, whatever the support does: a
// body carried rigidly by a support that turns and translates (the box, turned by 0.4 rad
// about a and moved by d_s, spinning at w about its centre) has no relative displacement and
// no relative velocity, where its absolute ones are of the order of 1.
TEST_F(VtkWriterFiles, ABodyCarriedByATurningSupportHasNoRelativeMotion) {
  const model::Scene initial = scene_3d();
  model::Scene scene = initial;
  const std::size_t support = 0, carried = 3;
  const math::Quat turn = math::from_axis_angle(Vec3(1.0, 2.0, -1.0).normalized(), 0.4);
  const Vec3 d_s(0.5, -0.3, 0.2), w(0.3, -1.0, 0.5);
  model::Body& table = scene.bodies[support];
  table.x += d_s;
  table.q = turn * table.q;
  table.w_B = table.q.conjugate() * w;
  model::Body& body = scene.bodies[carried];
  body.x = table.x + turn * (body.x - initial.bodies[support].x);
  body.q = turn * body.q;
  body.v = table.point_velocity(body.x);
  body.w_B = body.q.conjugate() * w;
  VtkWriter writer(scratch.path, initial, {.plane_half_size = 0.0, .support = support});
  writer.write(1, 0.1, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000001.vtu");
  const json& cells = grid["cell_data"];
  std::size_t checked = 0;
  for (std::size_t c = 0; c < cells["body"].size(); ++c) {
    const std::size_t b = cells["body"][c].get<std::size_t>();
    if (b != support && b != carried) continue;
    EXPECT_GT(tuple(cells["displacement"], c).norm(), 0.1) << "body " << b;
    EXPECT_LT(tuple(cells["relative_displacement"], c).norm(), kLengthTol) << "body " << b;
    for (const std::size_t p : grid["cell_points"][c]) {
      EXPECT_GT(tuple(grid["point_data"]["velocity"], p).norm(), 0.1) << "body " << b;
      EXPECT_LT(tuple(grid["point_data"]["relative_velocity"], p).norm(), kLengthTol)
          << "body " << b;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 6u * 4u + 4u * 3u);  // the box's faces' corners, the tetrahedron's
}

// Planar mode: the square, initially tilted, turned by a further -0.5 rad about y.
TEST_F(VtkWriterFiles, PlanarRotationsAreAboutY) {
  const model::Scene initial = scene_2d();
  model::Scene scene = initial;
  scene.bodies[1].q = math::from_axis_angle(Vec3::UnitY(), -0.5) * initial.bodies[1].q;
  VtkWriter writer(scratch.path, initial);
  writer.write(1, 1e-3, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000001.vtu");
  const json& data = grid["cell_data"];
  int square_cells = 0;
  for (std::size_t c = 0; c < data["body"].size(); ++c) {
    if (data["body"][c] != 1) continue;
    ++square_cells;
    EXPECT_NEAR(data["rotation_angle"][c].get<double>(), math::degrees(0.5), kAngleTolDeg);
    const Vec3 axis = tuple(data["rotation_axis"], c);
    EXPECT_EQ(axis.x(), 0.0);  // rotations about y compose without an x or z part
    EXPECT_EQ(axis.z(), 0.0);
    EXPECT_NEAR(axis.y(), -1.0, kAxisTol);
  }
  EXPECT_EQ(square_cells, 6);
}

TEST_F(VtkWriterFiles, PlanarPolygonsAreUnitDepthPrisms) {
  const model::Scene scene = scene_2d();
  VtkWriter writer(scratch.path, scene);
  writer.write(1, 1e-3, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000001.vtu");
  // ground strip 4 points 1 cell; square prism 8 and 2 + 4; triangle prism 6 and 2 + 3.
  EXPECT_EQ(grid["points"], 4 + 8 + 6);
  EXPECT_EQ(grid["cells"], 1 + 6 + 5);
  expect_bounds(grid, expected_bounds(scene));
  EXPECT_NEAR(grid["volumes"]["1"].get<double>(), 1.0, kVolumeTol);  // area x unit depth
  EXPECT_NEAR(grid["volumes"]["2"].get<double>(), 1.0, kVolumeTol);
}

TEST_F(VtkWriterFiles, PlaneHalfSizeOptionSetsTheGroundSquare) {
  model::Scene scene;
  scene.bodies.push_back(model::make_fixed_body("ground", geometry::Plane{}, Pose{}));
  VtkWriter writer(scratch.path, scene, {.plane_half_size = 3.0, .support = std::nullopt});
  writer.write(0, 0.0, scene, {});
  const json grid = read_with_vtk(writer.folder() / "bodies_000000.vtu");
  expect_bounds(grid, {Vec3(-3, -3, 0), Vec3(3, 3, 0)});
}

// One contact per state: open, inside the cone, on its surface, frictionless.
std::vector<Contact> contacts_in_every_state() {
  const std::array<Vec3, 4> forces{Vec3(0, 0, 0), Vec3(2, 0.1, 0.2), Vec3(2, 0.6, 0.8),
                                   Vec3(1, 0, 0)};
  const std::array<double, 4> friction{0.5, 0.5, 0.5, 0.0};
  std::vector<Contact> contacts;
  for (std::size_t i = 0; i < forces.size(); ++i) {
    Contact c;
    c.point.p = Vec3(0.1 * i, -0.2 * i, 0.3 + i);
    c.point.n = Vec3(0.1 * i, 1.0, 0.5).normalized();
    c.frame = math::contact_frame(c.point.n);
    c.friction = friction[i];
    c.force = forces[i];
    c.body_a = static_cast<int>(i);
    c.body_b = static_cast<int>(3 - i);
    contacts.push_back(c);
  }
  return contacts;
}

TEST_F(VtkWriterFiles, ContactForcesAreWrittenInTheWorldFrame) {
  const std::vector<Contact> contacts = contacts_in_every_state();
  VtkWriter writer(scratch.path, scene_3d());
  writer.write(3, 0.006, scene_3d(), contacts);
  const json grid = read_with_vtk(writer.folder() / "contacts_000003.vtu");
  ASSERT_EQ(grid["points"], contacts.size());
  ASSERT_EQ(grid["cells"], contacts.size());
  const json& data = grid["point_data"];
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    EXPECT_EQ(grid["cell_types"][i], 1);  // VTK_VERTEX
    EXPECT_LT((tuple(grid["coordinates"], i) - c.point.p).norm(), kLengthTol);
    EXPECT_LT((tuple(data["normal"], i) - c.point.n).norm(), 1e-15);
    // The 17-digit round trip is exact.
    EXPECT_EQ(data["normal_force"][i].get<double>(), c.force[0]);
    const Vec3 tangential = c.force[1] * c.frame.col(1) + c.force[2] * c.frame.col(2);
    EXPECT_LT((tuple(data["tangential_force"], i) - tangential).norm(), 1e-12);
    EXPECT_EQ(data["body_a"][i], c.body_a);
    EXPECT_EQ(data["body_b"][i], c.body_b);
  }
  const std::vector<int> status = data["status"];
  EXPECT_EQ(status, (std::vector<int>{0, 1, 2, 2}));  // open, stick, slip, slip (mu = 0)
}

TEST_F(VtkWriterFiles, NoContactsIsAValidEmptyGrid) {
  VtkWriter writer(scratch.path, scene_2d());
  writer.write(0, 0.0, scene_2d(), {});
  const json grid = read_with_vtk(writer.folder() / "contacts_000000.vtu");
  EXPECT_EQ(grid["points"], 0);
  EXPECT_EQ(grid["cells"], 0);
}

TEST_F(VtkWriterFiles, CollectionsListEveryStepWrittenSoFar) {
  model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  const std::vector<Contact> contacts = contacts_in_every_state();
  for (int frame = 0; frame < 3; ++frame) {
    scene.bodies[0].x.z() -= 0.1;
    writer.write(10 * frame, 0.01 * frame, scene, contacts);
    // Valid after every write, as a run killed here would leave it.
    for (const char* prefix : {"bodies", "contacts", "interfaces"}) {
      const json collection = read_with_vtk(writer.folder() / (std::string(prefix) + ".pvd"));
      ASSERT_EQ(collection["datasets"].size(), static_cast<std::size_t>(frame + 1));
      const json& last = collection["datasets"].back();
      EXPECT_EQ(last["timestep"].get<double>(), 0.01 * frame);
      char name[32];
      std::snprintf(name, sizeof name, "%s_%06d.vtu", prefix, 10 * frame);
      EXPECT_EQ(last["file"], name);
    }
  }
  for (const auto& entry : fs::directory_iterator(writer.folder()))
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();
}

// A square joint [0, 1]^2 at z = 0.5 between bodies 1 and 0, its corners loaded 1, 3, 3, 1
// (N): centre of pressure ((3 + 3) / 8, (3 + 1) / 8) = (0.75, 0.5), eccentricity 0.25
// along x of a unit square, eccentricity ratio 6 (0.25) / 1 = 1.5 (outside the kernel).
std::vector<Contact> square_joint() {
  const std::array<Vec2, 4> corners{Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)};
  const std::array<double, 4> F_N{1.0, 3.0, 3.0, 1.0};
  std::vector<Contact> contacts;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    Contact c;
    c.body_a = 1;
    c.point.p = Vec3(corners[i].x(), corners[i].y(), 0.5);
    c.point.n = Vec3::UnitZ();
    c.frame = math::contact_frame(c.point.n);
    c.force = Vec3(F_N[i], 0.2, 0.0);
    contacts.push_back(c);
  }
  return contacts;
}

TEST_F(VtkWriterFiles, InterfacesAreTheCentreOfPressureThenThePolygon) {
  VtkWriter writer(scratch.path, scene_3d());
  writer.write(1, 0.5, scene_3d(), square_joint());
  const json grid = read_with_vtk(writer.folder() / "interfaces_000001.vtu");
  ASSERT_EQ(grid["points"], 5);  // the centre, then the 4 corners
  ASSERT_EQ(grid["cells"], 2);
  EXPECT_EQ(grid["cell_types"], (std::vector<int>{1, 7}));  // VTK_VERTEX, VTK_POLYGON
  EXPECT_LT((tuple(grid["coordinates"], 0) - Vec3(0.75, 0.5, 0.5)).norm(), kLengthTol);
  const json& data = grid["cell_data"];
  for (std::size_t cell = 0; cell < 2; ++cell) {
    EXPECT_NEAR(data["normal_force"][cell].get<double>(), 8.0, kLengthTol);
    // Each corner's 0.2 N along the same tangent t1: 0.8 N in the joint's plane.
    EXPECT_NEAR(tuple(data["shear_force"], cell).z(), 0.0, kLengthTol);
    EXPECT_NEAR(tuple(data["shear_force"], cell).norm(), 0.8, kLengthTol);
    EXPECT_NEAR(data["eccentricity_ratio"][cell].get<double>(), 1.5, kLengthTol);
    EXPECT_EQ(data["in_kernel"][cell], 0);
    EXPECT_EQ(data["body_a"][cell], 1);
  }
}

// damage.vtu: a joint of four points on the box (body 0) as a polygon, one of two points on
// the ground (body 2) as a line, with their maxima; points given in body_b's frame come out
// at its pose (the ground's is the identity).
TEST_F(VtkWriterFiles, DamageMapHasAPolygonPerJointWithItsMaxima) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  dynamics::JointDamage square{3, 0, {}, {}, Vec3::UnitZ(), 0.002, 0.0005};
  for (const Vec3& corner :
       {Vec3(-0.1, -0.1, 0.1), Vec3(0.1, -0.1, 0.1), Vec3(0.1, 0.1, 0.1), Vec3(-0.1, 0.1, 0.1)}) {
    square.points_a.push_back(corner);
    square.points_b.push_back(corner);
  }
  const dynamics::JointDamage segment{
      1,   2,   {Vec3::Zero(), Vec3::Zero()}, {Vec3(-1, 0, 0), Vec3(1, 0, 0)}, Vec3::UnitZ(),
      0.0, 0.03};
  writer.write_damage_map(scene, {square, segment});
  const json grid = read_with_vtk(writer.folder() / "damage.vtu");
  ASSERT_EQ(grid["cells"], 2);
  EXPECT_EQ(grid["cell_types"], (std::vector<int>{7, 3}));  // VTK_POLYGON, VTK_LINE
  const json& data = grid["cell_data"];
  EXPECT_EQ(data["body_a"], (std::vector<int>{3, 1}));
  EXPECT_EQ(data["body_b"], (std::vector<int>{0, 2}));
  EXPECT_EQ(data["max_opening"], (std::vector<double>{0.002, 0.0}));
  EXPECT_EQ(data["max_sliding"], (std::vector<double>{0.0005, 0.03}));
  // The square's centre is the box's point (0, 0, 0.1) at its pose.
  Vec3 centre = Vec3::Zero();
  for (int k = 0; k < 4; ++k) centre += tuple(grid["coordinates"], k) / 4.0;
  const Vec3 expected = scene.bodies[0].x + scene.bodies[0].q * Vec3(0.0, 0.0, 0.1);
  EXPECT_LT((centre - expected).norm(), kLengthTol) << centre.transpose();
  // The segment's ends, (-1, 0, 0) and (1, 0, 0), in either order.
  const Vec3 end = tuple(grid["coordinates"], 4), other = tuple(grid["coordinates"], 5);
  EXPECT_LT((end + other).norm(), kLengthTol);
  EXPECT_NEAR(std::abs(end.x()), 1.0, kLengthTol);
  EXPECT_NEAR(end.tail<2>().norm(), 0.0, kLengthTol);
}

// open_in_paraview.py run against a stand-in for paraview.simple
// (tests/output/run_paraview_script.py): the files it opened, each as "name array" for the
// array it is coloured by, checked to be an array of the file (of its one frame for a
// collection), and the files it hid.
struct ParaViewView {
  std::vector<std::string> coloured;
  std::vector<std::string> hidden;
};

ParaViewView open_in_paraview(const fs::path& folder) {
  const json calls = run_test_script("run_paraview_script.py", folder / "open_in_paraview.py");
  ParaViewView view;
  EXPECT_EQ(calls["readers"].size(), calls["colour"].size()) << "a file opened and not coloured";
  for (const json& colour : calls["colour"]) {
    const fs::path file = colour[0].get<std::string>();
    EXPECT_TRUE(fs::equivalent(file.parent_path(), folder)) << file;
    json grid = read_with_vtk(file);
    if (file.extension() == ".pvd") {
      EXPECT_EQ(grid["datasets"].size(), 1u) << file;
      grid = grid["datasets"][0];
    }
    const std::string association = colour[1].get<std::string>();
    EXPECT_TRUE(association == "CELLS" || association == "POINTS") << association;
    const std::string array = colour[2].get<std::string>();
    EXPECT_TRUE(grid[association == "CELLS" ? "cell_data" : "point_data"].contains(array))
        << file << " has no " << association << " " << array;
    view.coloured.push_back(file.filename().string() + " " + array);
  }
  for (const json& file : calls["hidden"])
    view.hidden.push_back(fs::path(file.get<std::string>()).filename().string());
  return view;
}

TEST_F(VtkWriterFiles, ParaViewScriptColoursEachCollectionByAnArrayOfItsFrames) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  writer.write(0, 0.0, scene, square_joint());
  const ParaViewView view = open_in_paraview(writer.folder());
  EXPECT_EQ(view.coloured,
            (std::vector<std::string>{"bodies.pvd displacement", "contacts.pvd normal_force",
                                      "interfaces.pvd eccentricity_ratio"}));
  EXPECT_EQ(view.hidden, std::vector<std::string>{});
}

// Under ground motion the bodies are coloured by their displacement relative to the support.
TEST_F(VtkWriterFiles, ParaViewScriptColoursBodiesByTheirRelativeDisplacementUnderGroundMotion) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene, {.plane_half_size = 0.0, .support = 2});
  writer.write(0, 0.0, scene, square_joint());
  const ParaViewView view = open_in_paraview(writer.folder());
  EXPECT_EQ(view.coloured, (std::vector<std::string>{"bodies.pvd relative_displacement",
                                                     "contacts.pvd normal_force",
                                                     "interfaces.pvd eccentricity_ratio"}));
}

// Once the damage map is written (with the frames after the first), the script opens it too,
// coloured by the joints' largest opening and hidden (its joints lie on the bodies' faces).
TEST_F(VtkWriterFiles, ParaViewScriptOpensTheDamageMapHidden) {
  const model::Scene scene = scene_3d();
  VtkWriter writer(scratch.path, scene);
  writer.write(0, 0.0, scene, square_joint());
  const dynamics::JointDamage segment{
      1,   2,   {Vec3::Zero(), Vec3::Zero()}, {Vec3(-1, 0, 0), Vec3(1, 0, 0)}, Vec3::UnitZ(),
      0.0, 0.03};
  writer.write_damage_map(scene, {segment});
  const ParaViewView view = open_in_paraview(writer.folder());
  EXPECT_EQ(view.coloured, (std::vector<std::string>{
                               "bodies.pvd displacement", "contacts.pvd normal_force",
                               "interfaces.pvd eccentricity_ratio", "damage.vtu max_opening"}));
  EXPECT_EQ(view.hidden, std::vector<std::string>{"damage.vtu"});
}

// The cone test without VTK: the relative 1e-9 on either side of the surface.
TEST(ContactStatus, OnTheConeWithinARelativeBillionthIsSlip) {
  Contact c;
  c.friction = 0.5;
  c.force = Vec3(2.0, 1.0 * (1.0 - 1e-10), 0.0);
  EXPECT_EQ(contact_status(c), ContactStatus::Slip);
  c.force = Vec3(2.0, 1.0 * (1.0 - 1e-8), 0.0);
  EXPECT_EQ(contact_status(c), ContactStatus::Stick);
  c.force = Vec3(-1e-300, 0.0, 0.0);
  EXPECT_EQ(contact_status(c), ContactStatus::Open);
}

TEST(VtkWriter, NegativePlaneSizeIsRefused) {
  const ScratchFolder scratch;
  const model::Scene empty;
  EXPECT_THROW(VtkWriter(scratch.path, empty, {.plane_half_size = -1.0, .support = std::nullopt}),
               core::Diagnostic);
  EXPECT_FALSE(fs::exists(scratch.path));  // refused before anything is created
}

}  // namespace
}  // namespace moreau::output
