// Block assemblies from one CAD file (the `blocks` generator, io/block_assembly.hpp): a wall of
// 100 blocks exported as one multi-object OBJ file is the same 100 blocks given one by one,
// to the bit; the same wall as a multi-solid ASCII STL file is the same wall to round-off;
// malformed files are refused at file:line(:column), naming the object, with vertex numbers
// counted from 1 as the file counts them.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/block_wall.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace moreau::io {
namespace {

namespace fs = std::filesystem;
using math::Vec3;
using ::testing::HasSubstr;

using testing::block_centre;
using testing::block_name;
using testing::box_corners;
using testing::kBlocksPerCourse;
using testing::kBoxFaces;
using testing::kCourses;
using testing::obj_box;
using testing::point;

// The solid of the box at `centre`: each face cut into two triangles along a diagonal.
std::string stl_box(const std::string& name, const Vec3& centre) {
  const testing::BoxCorners corners = box_corners(centre);
  std::string text = "solid " + name + '\n';
  for (const auto& face : kBoxFaces)
    for (const std::array<int, 3> triangle :
         {std::array{face[0], face[1], face[2]}, std::array{face[0], face[2], face[3]}}) {
      text += "  facet normal 0 0 0\n    outer loop\n";
      for (const int corner : triangle) text += "      vertex " + point(corners[corner]) + '\n';
      text += "    endloop\n  endfacet\n";
    }
  return text + "endsolid " + name + '\n';
}

const char* kHeader = R"(version: 1
time: {step: 1.0e-3, duration: 0.1}
materials: [{name: stone, density: 2000}]
)";

class BlockAssemblyTest : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) const {
    fs::path path = scratch_.path() / name;
    std::ofstream(path) << text;
    return path;
  }

  // The problem whose one generator reads `file`.
  run::Problem read_assembly(const std::string& file) const {
    return read_problem_file(
        write("assembly.yaml", std::string(kHeader) +
                                   "generators:\n  - {type: blocks, name: wall, file: " + file +
                                   ", material: stone}\n"));
  }

  // The message of the error that reading the assembly `file`, of `text`, raises.
  std::string error_of(const std::string& file, const std::string& text) const {
    write(file, text);
    try {
      read_assembly(file);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "no error";
  }

  const testing::ScratchFolder scratch_;
};

const model::Body& body_named(const run::Problem& problem, const std::string& name) {
  for (const model::Body& body : problem.scene.bodies)
    if (body.name == name) return body;
  throw std::runtime_error("no body " + name);
}

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
  const run::Problem one_by_one = read_problem_file(write("listed.yaml", listed));

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

// The same wall, one solid per block, each face two triangles: the triangles of a face are
// merged back into one (6 faces a block), and the blocks are those of the OBJ file to
// round-off (the hull orders the vertices otherwise, so that the sums of the mass
// properties run in another order: 1e-12 relative).
TEST_F(BlockAssemblyTest, TheWallInOneStlFileIsTheWallOfTheObjFile) {
  std::string obj, stl;
  int first_vertex = 1;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block) {
      obj += "o " + block_name(course, block) + '\n' +
             obj_box(block_centre(course, block), first_vertex);
      first_vertex += 8;
      stl += stl_box(block_name(course, block), block_centre(course, block));
    }
  write("wall.obj", obj);
  write("wall.STL", stl);
  const run::Problem from_obj = read_assembly("wall.obj");
  const run::Problem from_stl = read_assembly("wall.STL");
  ASSERT_EQ(from_stl.scene.bodies.size(), 100U);
  constexpr double kTol = 1e-12;
  for (const model::Body& a : from_obj.scene.bodies) {
    const model::Body& b = body_named(from_stl, a.name);
    EXPECT_NEAR(a.mass, b.mass, kTol * a.mass) << a.name;
    EXPECT_TRUE(a.inertia.isApprox(b.inertia, kTol)) << a.name;
    EXPECT_LT((a.x - b.x).norm(), kTol) << a.name;
    const auto& faces = std::get<geometry::ConvexPolyhedron>(b.shape).faces();
    EXPECT_EQ(faces.size(), 6U) << a.name;
  }
}

// Two boxes side by side: "first" (line 1; vertices 1-8, lines 2-9; faces, lines 10-15) and
// "second" (line 16; vertices 9-16, lines 17-24; faces, lines 25-30).
std::string two_boxes() {
  return "o first\n" + obj_box(Vec3(0, 0, 0.125), 1) + "o second\n" +
         obj_box(Vec3(0.5, 0, 0.125), 9);
}

TEST_F(BlockAssemblyTest, AFaceNamingAMissingVertexIsRefusedAtItsColumnWithTheObjectsName) {
  // Line 31 is "o third", 32 to 39 its vertices 17 to 24, 40 to 45 its faces.
  std::string text = two_boxes() + "o third\n" + obj_box(Vec3(1, 0, 0.125), 17);
  text.replace(text.rfind("f 21"), 4, "f 25");
  EXPECT_THAT(error_of("missing.obj", text),
              HasSubstr("missing.obj:45:3: error: generators[0].file, object 'third': expected a "
                        "vertex number from 1 to 24 (or -1 to -24, counting back), found '25'"));
}

// OBJ's vertex numbers are global: an object's faces may name vertices written before its
// `o` line.
TEST_F(BlockAssemblyTest, AnObjectMayUseVerticesWrittenBeforeIt) {
  std::string text =
      "v 0 0 0\nv 1 0 0\nv 0 1 0\no tetra\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\n"
      "f 2 3 4\n";
  write("shared.obj", text);
  const run::Problem problem = read_assembly("shared.obj");
  ASSERT_EQ(problem.scene.bodies.size(), 1U);
  EXPECT_EQ(problem.scene.bodies[0].name, "wall/tetra");
  EXPECT_NEAR(problem.scene.bodies[0].mass, 2000.0 / 6.0, 1e-9);
}

TEST_F(BlockAssemblyTest, AnObjectWithoutFacesIsRefusedAtItsLine) {
  EXPECT_THAT(error_of("empty.obj", "o lonely\n" + two_boxes()),
              HasSubstr("empty.obj:1:1: error: generators[0].file: expected faces after an "
                        "object's 'o' line, found none in object 'lonely'"));
}

TEST_F(BlockAssemblyTest, AFileWithoutFacesIsRefusedAtTheKey) {
  EXPECT_THAT(error_of("points.obj", "v 0 0 0\nv 1 0 0\n"),
              HasSubstr("assembly.yaml:5:38: error: generators[0].file: expected a file of at "
                        "least one block, found no face in it"));
}

TEST_F(BlockAssemblyTest, ANonConvexObjectIsRefusedWithTheFilesVertexNumbersAndLines) {
  // A tetrahedron (vertices 9 to 12, faces at lines 21 to 24) whose last face runs clockwise
  // seen from outside, so that vertex 9 is in front of it.
  const std::string text = "o first\n" + obj_box(Vec3(0, 0, 0.125), 1) +
                           "o second\nv 1 0 0\nv 2 0 0\nv 1 1 0\nv 1 0 1\n"
                           "f 9 11 10\nf 9 10 12\nf 9 12 11\nf 10 12 11\n";
  EXPECT_THAT(error_of("inverted.obj", text),
              HasSubstr("inverted.obj:21:1: error: generators[0].file, object 'second': expected "
                        "the faces of a convex polyhedron, found vertex 9 is in front of the face "
                        "at line 24"));
}

TEST_F(BlockAssemblyTest, ADegenerateFaceIsRefusedAtItsLine) {
  std::string text = two_boxes();
  text.replace(text.find("f 9 13 15 11"), 12, "f 9 13 13 11");
  EXPECT_THAT(error_of("degenerate.obj", text),
              HasSubstr("degenerate.obj:25:1: error: generators[0].file, object 'second': "
                        "expected the faces of a convex polyhedron, found the face at line 25: a "
                        "repeated vertex"));
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

TEST_F(BlockAssemblyTest, GroupsAreTheBlocksOfAFileWithoutObjects) {
  std::string text = "g default\n" + two_boxes();
  text.replace(text.find("o first"), 7, "g first");
  text.replace(text.find("o second"), 8, "g second");
  write("groups.obj", text);
  const run::Problem problem = read_assembly("groups.obj");
  ASSERT_EQ(problem.scene.bodies.size(), 2U);
  EXPECT_EQ(problem.scene.bodies[0].name, "wall/first");
  EXPECT_EQ(problem.scene.bodies[1].name, "wall/second");
}

TEST_F(BlockAssemblyTest, AnExtensionOtherThanObjOrStlIsRefused) {
  EXPECT_THAT(error_of("wall.ply", two_boxes()),
              HasSubstr("wall.ply: error: generators[0].file: expected a Wavefront OBJ (.obj) or "
                        "ASCII STL (.stl) file, found the extension '.ply'"));
}

TEST_F(BlockAssemblyTest, AMalformedStlFileIsRefusedAtItsLineNamingTheSolid) {
  std::string text = stl_box("base", Vec3(0, 0, 0.125));
  text.replace(text.find("    endloop"), 11, "    vertex 1 2 3\n    endloop");
  EXPECT_THAT(error_of("extra.stl", text),
              HasSubstr("extra.stl:8:5: error: generators[0].file, solid 'base': expected 3 "
                        "vertices between 'outer loop' and 'endloop', found 4"));
}

TEST_F(BlockAssemblyTest, ABinaryStlFileIsRefused) {
  std::string bytes(84 + 50, '\0');
  bytes.replace(0, 5, "solid");
  bytes[80] = 1;
  EXPECT_THAT(error_of("binary.stl", bytes),
              HasSubstr("binary.stl: error: generators[0].file: expected an ASCII STL file, "
                        "found a binary STL file (export ASCII STL, or OBJ)"));
}

// The one-block `shape.file` form counts vertices from 1 too, as its file does.
TEST_F(BlockAssemblyTest, ASingleObjBlocksDefectNamesItsVerticesFromOne) {
  // A tetrahedron whose last face runs clockwise seen from outside.
  write("tetra.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 4 3\n");
  try {
    read_problem_file(write("tetra.yaml", std::string(kHeader) +
                                              "bodies:\n  - {name: t, shape: {type: polyhedron, "
                                              "file: tetra.obj}}\n"));
    FAIL() << "a clockwise face was read";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(),
                HasSubstr("tetra.obj:5:1: error: bodies[0].shape: expected the faces of a convex "
                          "polyhedron, found vertex 1 is in front of the face at line 8"));
  }
}

}  // namespace
}  // namespace moreau::io
