// The OBJ and STL readers (mesh/mesh_file.hpp), through the `blocks` generator: the running-bond
// wall as a multi-solid ASCII STL file is the OBJ file's wall to round-off, as a binary STL file
// the ASCII STL wall to the bit; the faces of a welded surface go to their own blocks
// (surface_objects); malformed files are refused at file:line(:column) (binary files: at the
// triangle and the byte), naming the object, with vertex numbers counted from 1.
#include "assembly_checks.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <variant>
#include <vector>

namespace moreau::mesh {
namespace {

using checks::BlockAssemblyTest;
using checks::bytes_of;
using checks::expect_same_bodies;
using checks::float32_bytes;
using checks::two_boxes;
using checks::wall_centres;
using math::Vec3;
using testing::block_centre;
using testing::block_name;
using testing::body_named;
using testing::box_corners;
using ::testing::HasSubstr;
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

using Triangle = std::array<Vec3, 3>;

// The triangles of the boxes at `centres`, each face two, as in stl_box.
std::vector<Triangle> box_triangles(const std::vector<Vec3>& centres) {
  std::vector<Triangle> triangles;
  for (const Vec3& centre : centres) {
    const testing::BoxCorners corners = box_corners(centre);
    for (const auto& face : kBoxFaces)
      for (const std::array<int, 3> triangle :
           {std::array{face[0], face[1], face[2]}, std::array{face[0], face[2], face[3]}})
        triangles.push_back({corners[triangle[0]], corners[triangle[1]], corners[triangle[2]]});
  }
  return triangles;
}

// A binary STL file of `triangles`; its header starts with "solid", as some exporters' do.
std::string binary_stl(const std::vector<Triangle>& triangles) {
  std::string header = "solid exported by a CAD tool";
  header.resize(80, ' ');
  std::string bytes = header + bytes_of(static_cast<std::uint32_t>(triangles.size()));
  for (const Triangle& triangle : triangles) {
    bytes += std::string(12, '\0');  // the normal, which the reader does not use
    for (const Vec3& corner : triangle)
      for (int c = 0; c < 3; ++c) bytes += float32_bytes(corner[c]);
    bytes += std::string(2, '\0');
  }
  return bytes;
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

// The same wall as one binary STL file, which has no solids: its blocks are the surfaces its
// triangles close, although every block shares corners, edges and faces with its neighbours.
// The coordinates, multiples of 1/8 m below 3 m, are float32 exactly, and the reader numbers
// each block's vertices as the ASCII reader numbers a solid's: the blocks are the ASCII STL
// file's to the bit (and so the OBJ file's to 1e-12).
TEST_F(BlockAssemblyTest, TheWallInOneBinaryStlFileIsTheWallOfTheAsciiStlFile) {
  std::string ascii;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block)
      ascii += stl_box(block_name(course, block), block_centre(course, block));
  write("ascii.stl", ascii);
  write("binary.stl", binary_stl(box_triangles(wall_centres())));
  const run::Problem from_binary = read_assembly("binary.stl");
  ASSERT_EQ(from_binary.scene.bodies.size(), 100U);
  EXPECT_EQ(from_binary.scene.bodies.front().name, "wall/object001");
  EXPECT_EQ(from_binary.scene.bodies.back().name, "wall/object100");
  expect_same_bodies(from_binary, read_assembly("ascii.stl"), "binary STL");
}

TEST_F(BlockAssemblyTest, ATruncatedBinaryStlFileIsRefusedWithItsSize) {
  std::string bytes = binary_stl(box_triangles({Vec3(0, 0, 0.125)}));
  bytes.pop_back();
  EXPECT_THAT(error_of("cut.stl", bytes),
              HasSubstr("cut.stl: error: generators[0].file: expected 84 + 50 x 12 bytes for 12 "
                        "triangles, found 683"));
}

TEST_F(BlockAssemblyTest, ANonFiniteBinaryStlCoordinateIsRefusedAtItsTriangleAndByte) {
  std::vector<Triangle> triangles = box_triangles({Vec3(0, 0, 0.125)});
  triangles[2][1].y() = std::numeric_limits<double>::infinity();
  EXPECT_THAT(error_of("inf.stl", binary_stl(triangles)),
              HasSubstr("inf.stl: error: generators[0].file, triangle 3: expected a coordinate "
                        "in [-1e+06, 1e+06] (m), found inf at byte 212"));
}

// Two boxes, then a tetrahedron whose last triangle runs clockwise seen from outside, as in
// ANonConvexObjectIsRefusedWithTheFilesVertexNumbersAndLines: the binary file names the
// tetrahedron's vertex by its coordinates and the triangle by its number.
TEST_F(BlockAssemblyTest, ANonConvexSurfaceOfABinaryStlFileIsRefusedNamingItsTriangle) {
  std::vector<Triangle> triangles = box_triangles({Vec3(0, 0, 0.125), Vec3(0.5, 0, 0.125)});
  const Vec3 a(1, 0, 0), b(2, 0, 0), c(1, 1, 0), d(1, 0, 1);
  for (const Triangle& triangle :
       {Triangle{a, c, b}, Triangle{a, b, d}, Triangle{a, d, c}, Triangle{b, d, c}})
    triangles.push_back(triangle);
  EXPECT_THAT(error_of("inverted.stl", binary_stl(triangles)),
              HasSubstr("inverted.stl: error: generators[0].file, object 'object03': expected "
                        "the faces of a convex polyhedron, found the vertex (1, 0, 0) is in "
                        "front of triangle 28"));
}

TEST_F(BlockAssemblyTest, AMalformedStlFileIsRefusedAtItsLineNamingTheSolid) {
  std::string text = stl_box("base", Vec3(0, 0, 0.125));
  text.replace(text.find("    endloop"), 11, "    vertex 1 2 3\n    endloop");
  EXPECT_THAT(error_of("extra.stl", text),
              HasSubstr("extra.stl:8:5: error: generators[0].file, solid 'base': expected 3 "
                        "vertices between 'outer loop' and 'endloop', found 4"));
}

// A PLY file welded as MeshLab welds it: two stacked boxes and one beside the lower one, whose
// touching faces share their 4 vertices, so that their edges lie on faces of 2 or 3 boxes.
// Each face is joined to its own box's (surface_objects): three blocks, not one.
TEST_F(BlockAssemblyTest, BoxesOfAPlyFileSharingVerticesAreBlocksOfTheirOwn) {
  const std::vector<Vec3> centres{Vec3(0, 0, 0.125), Vec3(0, 0, 0.375), Vec3(0.5, 0, 0.125)};
  std::vector<Vec3> vertices;
  std::string faces;
  for (const Vec3& centre : centres) {
    const testing::BoxCorners corners = box_corners(centre);
    for (const auto& face : kBoxFaces) {
      faces += "4";
      for (const int corner : face) {
        const auto at = std::find(vertices.begin(), vertices.end(), corners[corner]);
        faces += ' ' + std::to_string(at - vertices.begin());
        if (at == vertices.end()) vertices.push_back(corners[corner]);
      }
      faces += '\n';
    }
  }
  std::string text = "ply\nformat ascii 1.0\nelement vertex " + std::to_string(vertices.size()) +
                     "\nproperty float x\nproperty float y\nproperty float z\nelement face 18\n"
                     "property list uchar int vertex_indices\nend_header\n";
  for (const Vec3& vertex : vertices) text += point(vertex) + '\n';
  write("welded.ply", text + faces);
  const run::Problem problem = read_assembly("welded.ply");
  ASSERT_EQ(vertices.size(), 16U);  // 8, then 4 new above and 4 new beside
  ASSERT_EQ(problem.scene.bodies.size(), 3U);
  for (std::size_t i = 0; i < centres.size(); ++i) {
    EXPECT_EQ(problem.scene.bodies[i].x, centres[i]) << i;
    EXPECT_EQ(std::get<geometry::ConvexPolyhedron>(problem.scene.bodies[i].shape).faces().size(),
              6U)
        << i;
  }
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

}  // namespace
}  // namespace moreau::mesh
