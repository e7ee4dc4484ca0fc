// Block assemblies from one CAD file (the `blocks` generator, mesh/block_assembly.hpp): a wall of
// 100 blocks exported as one multi-object OBJ file is the same 100 blocks given one by one,
// to the bit; objects without a name are numbered, two of one name and files of another
// extension or without a face are refused. Each format's reader has its tests:
// mesh_file_test.cpp (OBJ, STL), ply_mesh_test.cpp (PLY).
#include "moreau/mesh/block_assembly.hpp"

#include "assembly_checks.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace moreau::mesh {
namespace {

using checks::BlockAssemblyTest;
using checks::kHeader;
using checks::two_boxes;
using math::Vec3;
using testing::block_centre;
using testing::block_name;
using testing::body_named;
using ::testing::HasSubstr;
using testing::kBlocksPerCourse;
using testing::kCourses;
using testing::obj_box;
using testing::point;

TEST_F(BlockAssemblyTest, AWallInOneObjFileIsItsBlocksGivenOneByOne) {
  std::string assembly = "# a running-bond wall, one object per block\n";
  std::string listed = std::string(kHeader) + "bodies:\n";
  int first_vertex = 1;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block) {
      assembly += "o " + block_name(course, block) + '\n' +
                  obj_box(block_centre(course, block), first_vertex);
      first_vertex += 8;
      listed += "  - {name: " + block_name(course, block) + ", material: stone, position: [" +
                point(block_centre(course, block), ", ") +
                "], shape: {type: polyhedron, file: block.obj}}\n";
    }
  write("block.obj", obj_box(Vec3::Zero(), 1));
  write("wall.obj", assembly);
  const run::Problem from_assembly = read_assembly("wall.obj");
  const run::Problem one_by_one = io::read_problem_file(write("listed.yaml", listed));

  ASSERT_EQ(from_assembly.scene.bodies.size(), 100U);
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block) {
      const model::Body& a = body_named(from_assembly, "wall/" + block_name(course, block));
      const model::Body& b = body_named(one_by_one, block_name(course, block));
      EXPECT_EQ(a.mass, b.mass) << a.name;
      EXPECT_EQ(a.inertia, b.inertia) << a.name;
      EXPECT_EQ(a.x, b.x) << a.name;
      EXPECT_EQ(a.q.coeffs(), b.q.coeffs()) << a.name;
    }
}

TEST_F(BlockAssemblyTest, AFileWithoutFacesIsRefusedAtTheKey) {
  EXPECT_THAT(error_of("points.obj", "v 0 0 0\nv 1 0 0\n"),
              HasSubstr("assembly.yaml:5:38: error: generators[0].file: expected a file of at "
                        "least one block, found no face in it"));
}

TEST_F(BlockAssemblyTest, TwoObjectsOfOneNameAreRefused) {
  std::string text = two_boxes();
  text.replace(text.find("o second"), 8, "o first");
  EXPECT_THAT(error_of("twice.obj", text),
              HasSubstr("twice.obj:16:1: error: generators[0].file, object 'first': expected a "
                        "name no other object of the file has, found 'first' also at line 1"));
}

TEST_F(BlockAssemblyTest, ObjectsWithoutANameAreNumberedFromOne) {
  write("unnamed.obj", obj_box(Vec3(0, 0, 0.125), 1) + "o\n" + obj_box(Vec3(0.5, 0, 0.125), 9));
  const run::Problem problem = read_assembly("unnamed.obj");
  ASSERT_EQ(problem.scene.bodies.size(), 2U);
  EXPECT_EQ(problem.scene.bodies[0].name, "wall/object01");
  EXPECT_EQ(problem.scene.bodies[1].name, "wall/object02");
}

TEST_F(BlockAssemblyTest, AnExtensionOtherThanObjStlOrPlyIsRefused) {
  EXPECT_THAT(error_of("wall.off", two_boxes()),
              HasSubstr("wall.off: error: generators[0].file: expected a Wavefront OBJ (.obj), "
                        "STL (.stl, ASCII or binary) or PLY (.ply) file, found the extension "
                        "'.off'"));
}

}  // namespace
}  // namespace moreau::mesh
