// Block assemblies from one CAD file (the `blocks` generator, mesh/block_assembly.hpp): a wall of
// 100 blocks exported as one multi-object OBJ file is the same 100 blocks given one by one,
// to the bit; the same wall as a multi-solid ASCII STL file is the same wall to round-off, as
// a binary STL file the ASCII STL wall to the bit, and as a PLY file (ASCII, binary little-
// and big-endian) the OBJ wall to the bit; malformed files are refused at file:line(:column)
// (binary files: at the triangle or row and the byte), naming the object, with vertex numbers
// counted from 1.
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"
#include "support/block_wall.hpp"
#include "support/scratch_folder.hpp"
#include "support/test_problems.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace moreau::mesh {
namespace {

using testing::body_named;
namespace fs = std::filesystem;
using core::concat;
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

// The bytes of `value`, least significant first, or most significant first if `big_endian`.
template <class Unsigned>
std::string bytes_of(Unsigned value, bool big_endian = false) {
  std::string bytes;
  for (std::size_t b = 0; b < sizeof(Unsigned); ++b)
    bytes += static_cast<char>((value >> (8 * b)) & 0xFFU);
  if (big_endian) std::reverse(bytes.begin(), bytes.end());
  return bytes;
}

std::string float32_bytes(double value, bool big_endian = false) {
  return bytes_of(std::bit_cast<std::uint32_t>(static_cast<float>(value)), big_endian);
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

enum class PlyEncoding { Ascii, LittleEndian, BigEndian };

// The boxes at `centres` as one PLY file, 8 vertices and 6 quads a box, with properties and an
// element that the reader skips (colours, texture coordinates, a material).
std::string ply(const std::vector<Vec3>& centres, PlyEncoding encoding) {
  const bool ascii = encoding == PlyEncoding::Ascii;
  const bool big_endian = encoding == PlyEncoding::BigEndian;
  std::string text = std::string("ply\nformat ") +
                     (ascii        ? "ascii"
                      : big_endian ? "binary_big_endian"
                                   : "binary_little_endian") +
                     " 1.0\ncomment a running-bond wall\nobj_info exported for a test\n" +
                     "element vertex " + std::to_string(8 * centres.size()) +
                     "\nproperty float x\nproperty float y\nproperty uchar red\n"
                     "property float32 z\nelement face " +
                     std::to_string(6 * centres.size()) +
                     "\nproperty list uchar int vertex_indices\n"
                     "property list uint8 double texcoord\nelement material 1\n"
                     "property ushort shininess\nend_header\n";
  std::ostringstream rows;
  rows.precision(17);
  for (const Vec3& centre : centres)
    for (const Vec3& corner : box_corners(centre)) {
      if (ascii)
        rows << corner.x() << ' ' << corner.y() << " 200 " << corner.z() << '\n';
      else
        rows << float32_bytes(corner.x(), big_endian) << float32_bytes(corner.y(), big_endian)
             << '\xC8' << float32_bytes(corner.z(), big_endian);
    }
  for (std::size_t box = 0; box < centres.size(); ++box)
    for (const auto& face : kBoxFaces) {
      if (ascii)
        rows << '4';
      else
        rows << '\x04';
      for (const int corner : face) {
        const auto index = static_cast<std::uint32_t>(8 * box + static_cast<std::size_t>(corner));
        if (ascii)
          rows << ' ' << index;
        else
          rows << bytes_of(index, big_endian);
      }
      if (ascii)
        rows << " 2 0.5 0.25\n";
      else
        rows << '\x02' << std::string(16, '\x3F');
    }
  if (ascii)
    rows << "7\n";
  else
    rows << bytes_of(std::uint16_t{7}, big_endian);
  return text + rows.str();
}

std::vector<Vec3> wall_centres() {
  std::vector<Vec3> centres;
  for (int course = 0; course < kCourses; ++course)
    for (int block = 0; block < kBlocksPerCourse; ++block)
      centres.push_back(block_centre(course, block));
  return centres;
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
    return io::read_problem_file(
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

// Expects the bodies of `a` and `b` to be the same, in the same order, to the bit.
void expect_same_bodies(const run::Problem& a, const run::Problem& b, const std::string& what) {
  ASSERT_EQ(a.scene.bodies.size(), b.scene.bodies.size()) << what;
  for (std::size_t i = 0; i < a.scene.bodies.size(); ++i) {
    const model::Body& p = a.scene.bodies[i];
    const model::Body& q = b.scene.bodies[i];
    EXPECT_EQ(p.mass, q.mass) << what << ' ' << p.name;
    EXPECT_EQ(p.inertia, q.inertia) << what << ' ' << p.name;
    EXPECT_EQ(p.x, q.x) << what << ' ' << p.name;
    EXPECT_EQ(p.q.coeffs(), q.q.coeffs()) << what << ' ' << p.name;
    EXPECT_EQ(std::get<geometry::ConvexPolyhedron>(p.shape).vertices(),
              std::get<geometry::ConvexPolyhedron>(q.shape).vertices())
        << what << ' ' << p.name;
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

// The same wall as one PLY file, 8 vertices and 6 quads a block as in the OBJ file, in each
// encoding: float32 holds the coordinates exactly, so the blocks are the OBJ file's to the bit.
TEST_F(BlockAssemblyTest, TheWallInOnePlyFileIsTheWallOfTheObjFile) {
  std::string obj;
  int first_vertex = 1;
  for (const Vec3& centre : wall_centres()) {
    obj += "o\n" + obj_box(centre, first_vertex);
    first_vertex += 8;
  }
  write("wall.obj", obj);
  const run::Problem from_obj = read_assembly("wall.obj");
  for (const auto& [encoding, file] :
       {std::pair{PlyEncoding::Ascii, "ascii.ply"}, std::pair{PlyEncoding::LittleEndian, "le.ply"},
        std::pair{PlyEncoding::BigEndian, "be.PLY"}}) {
    write(file, ply(wall_centres(), encoding));
    const run::Problem from_ply = read_assembly(file);
    expect_same_bodies(from_ply, from_obj, file);
    for (std::size_t i = 0; i < from_ply.scene.bodies.size(); ++i)
      EXPECT_EQ(from_ply.scene.bodies[i].name, from_obj.scene.bodies[i].name) << file;
  }
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

// Line 3 is the vertex element, 9 the face element, 11 end_header; the 16 vertices are lines
// 12 to 27, the 12 faces 28 to 39.
std::string two_boxes_ply() {
  std::string text =
      "ply\nformat ascii 1.0\nelement vertex 16\nproperty double x\n"
      "property double y\nproperty double z\nproperty uchar alpha\ncomment faces\n"
      "element face 12\nproperty list uchar uint vertex_index\nend_header\n";
  for (const Vec3& centre : {Vec3(0, 0, 0.125), Vec3(0.5, 0, 0.125)})
    for (const Vec3& corner : box_corners(centre)) text += point(corner) + " 255\n";
  for (int box = 0; box < 2; ++box)
    for (const auto& face : kBoxFaces) {
      text += "4";
      for (const int corner : face) text += ' ' + std::to_string(8 * box + corner);
      text += '\n';
    }
  return text;
}

TEST_F(BlockAssemblyTest, APlyFileOfTwoBoxesIsTwoBlocks) {
  write("boxes.ply", two_boxes_ply());
  const run::Problem problem = read_assembly("boxes.ply");
  ASSERT_EQ(problem.scene.bodies.size(), 2U);
  EXPECT_EQ(problem.scene.bodies[1].name, "wall/object02");
  EXPECT_EQ(problem.scene.bodies[1].x, Vec3(0.5, 0, 0.125));
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

TEST_F(BlockAssemblyTest, AMalformedPlyHeaderIsRefusedAtItsLineAndColumn) {
  std::string text = two_boxes_ply();
  text.replace(text.find("double y"), 6, "dobule");
  EXPECT_THAT(error_of("type.ply", text),
              HasSubstr("type.ply:5:10: error: generators[0].file: expected a PLY type: char, "
                        "uchar, short, ushort, int, uint, float, double, or int8, uint8, int16, "
                        "uint16, int32, uint32, float32, float64, found 'dobule'"));
  text = two_boxes_ply();
  text.erase(text.find("format ascii 1.0\n"), 17);
  EXPECT_THAT(error_of("format.ply", text),
              HasSubstr("format.ply:10:1: error: generators[0].file: expected a 'format "
                        "ascii|binary_little_endian|binary_big_endian 1.0' line, found "
                        "'end_header'"));
  text = two_boxes_ply();
  text.replace(text.find("property double z"), 17, "property double w");
  EXPECT_THAT(error_of("z.ply", text),
              HasSubstr("z.ply:3:1: error: generators[0].file: expected the scalar properties x, "
                        "y and z of element 'vertex', found no property z"));
  text = two_boxes_ply();
  text.replace(text.find("vertex_index"), 12, "corners");
  EXPECT_THAT(error_of("list.ply", text),
              HasSubstr("list.ply:9:1: error: generators[0].file: expected a property 'list "
                        "<type> <type> vertex_indices' (or vertex_index) of element 'face', "
                        "found none"));
}

TEST_F(BlockAssemblyTest, APlyIndexOutOfRangeIsRefusedAtItsLineAndColumn) {
  std::string text = two_boxes_ply();
  text.replace(text.rfind("4 12"), 4, "4 16");
  EXPECT_THAT(error_of("range.ply", text),
              HasSubstr("range.ply:39:3: error: generators[0].file, face 12 (1-based), property "
                        "'vertex_index': expected a vertex index below the vertex count, 16 (PLY "
                        "counts from 0), found '16'"));
}

TEST_F(BlockAssemblyTest, ATruncatedBinaryPlyFileIsRefusedAtItsRowAndByte) {
  const std::string bytes = ply({Vec3(0, 0, 0.125)}, PlyEncoding::BigEndian);
  const std::size_t header = bytes.find("end_header\n") + 11;
  // 8 vertices of 13 bytes, then faces of 1 + 16 + 1 + 16 bytes: the 6th face's last index
  // starts at byte header + 104 + 5 * 34 + 13.
  const std::size_t cut = header + 104 + 5 * std::size_t{34} + 15;
  EXPECT_THAT(error_of("cut.ply", bytes.substr(0, cut)),
              HasSubstr(concat("cut.ply: error: generators[0].file, face 6 (1-based), property "
                               "'vertex_indices': expected 4 bytes at byte ",
                               cut - 2, ", found the end of the file at byte ", cut)));
}

TEST_F(BlockAssemblyTest, APlyFaceOfTwoVerticesIsRefusedAtItsCount) {
  std::string text = two_boxes_ply();
  text.replace(text.rfind("4 12 13 15 14"), 13, "2 12 13");
  EXPECT_THAT(error_of("edge.ply", text),
              HasSubstr("edge.ply:39:1: error: generators[0].file, face 12 (1-based), property "
                        "'vertex_index': expected a face of at least 3 vertices, found '2'"));
}

// Bytes after the rows the header declares are a sign of a wrong count, not to be ignored.
TEST_F(BlockAssemblyTest, BytesAfterTheLastRowOfABinaryPlyFileAreRefused) {
  const std::string bytes = ply({Vec3(0, 0, 0.125)}, PlyEncoding::LittleEndian);
  EXPECT_THAT(error_of("long.ply", bytes + "xyz"),
              HasSubstr(concat("long.ply: error: generators[0].file: expected the end of the file "
                               "after the rows the header declares, found 3 more bytes at byte ",
                               bytes.size())));
}

// A PLY file's message names vertices by their rows counted from 1 (the 9th vertex row is the
// second box's corner below its top face, which now faces down) and faces by their lines.
TEST_F(BlockAssemblyTest, ANonConvexPlySurfaceIsRefusedWithItsVertexRowsAndFaceLines) {
  std::string text = two_boxes_ply();
  text.replace(text.rfind("4 12 13 15 14"), 13, "4 12 14 15 13");  // the last face, reversed
  EXPECT_THAT(error_of("twisted.ply", text),
              HasSubstr("twisted.ply:34:1: error: generators[0].file, object 'object02': "
                        "expected the faces of a convex polyhedron, found vertex 9 (1-based) is "
                        "in front of the face at line 39"));
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

TEST_F(BlockAssemblyTest, AnExtensionOtherThanObjStlOrPlyIsRefused) {
  EXPECT_THAT(error_of("wall.off", two_boxes()),
              HasSubstr("wall.off: error: generators[0].file: expected a Wavefront OBJ (.obj), "
                        "STL (.stl, ASCII or binary) or PLY (.ply) file, found the extension "
                        "'.off'"));
}

TEST_F(BlockAssemblyTest, AMalformedStlFileIsRefusedAtItsLineNamingTheSolid) {
  std::string text = stl_box("base", Vec3(0, 0, 0.125));
  text.replace(text.find("    endloop"), 11, "    vertex 1 2 3\n    endloop");
  EXPECT_THAT(error_of("extra.stl", text),
              HasSubstr("extra.stl:8:5: error: generators[0].file, solid 'base': expected 3 "
                        "vertices between 'outer loop' and 'endloop', found 4"));
}

// The one-block `shape.file` form counts vertices from 1 too, as its file does.
TEST_F(BlockAssemblyTest, ASingleObjBlocksDefectNamesItsVerticesFromOne) {
  // A tetrahedron whose last face runs clockwise seen from outside.
  write("tetra.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 4 3\n");
  try {
    io::read_problem_file(write(
        "tetra.yaml", std::string(kHeader) + "bodies:\n  - {name: t, shape: {type: polyhedron, "
                                             "file: tetra.obj}}\n"));
    FAIL() << "a clockwise face was read";
  } catch (const core::Diagnostic& error) {
    EXPECT_THAT(error.what(),
                HasSubstr("tetra.obj:5:1: error: bodies[0].shape: expected the faces of a convex "
                          "polyhedron, found vertex 1 is in front of the face at line 8"));
  }
}

}  // namespace
}  // namespace moreau::mesh
