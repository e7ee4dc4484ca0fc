// The PLY reader (mesh/mesh_file.hpp, read_ply_mesh), through the `blocks` generator: the
// running-bond wall as a PLY file, ASCII, binary little- and big-endian, is the OBJ file's wall
// to the bit; malformed headers, indices, faces and binary rows are refused at file:line:column
// or at the row and the byte, with vertex rows counted from 1.
#include "assembly_checks.hpp"
#include "moreau/core/concat.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace moreau::mesh {
namespace {

using checks::BlockAssemblyTest;
using checks::bytes_of;
using checks::expect_same_bodies;
using checks::float32_bytes;
using checks::wall_centres;
using core::concat;
using math::Vec3;
using testing::box_corners;
using ::testing::HasSubstr;
using testing::kBoxFaces;
using testing::obj_box;
using testing::point;

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

}  // namespace
}  // namespace moreau::mesh
