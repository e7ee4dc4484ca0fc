// The polygon meshes of OBJ, STL and PLY files before they become blocks: the vertices, the
// objects' faces and the lines (or, in a binary file, the numbers) they were read from, so
// that every message can name the file's own places and numbers (OBJ counts vertices from 1,
// across all its objects; PLY from 0, which messages turn into rows counted from 1).
#pragma once

#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/math/types.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::mesh {

/// One object of a mesh file: an OBJ `o` object or `g` group, an ASCII STL solid, or a closed
/// surface of a binary STL or a PLY file (which have no objects: see surface_objects).
struct MeshObject {
  std::string name;                     ///< as the file names it; empty if it does not
  int line = 0;                         ///< of its o, g or solid line, else of its first face;
                                        ///< 0 in a binary file
  std::vector<int> vertices;            ///< indices into MeshFile::vertices, increasing
  std::vector<std::vector<int>> faces;  ///< indices into MeshFile::vertices, CCW from outside
  std::vector<int> face_lines;          ///< parallel to faces in a text file, else empty
  std::vector<int> face_numbers;        ///< parallel to faces in a binary file, else empty:
                                        ///< its place among the file's faces, from 1
};

/// What a file names its vertices and faces by, in messages.
enum class MeshFormat {
  Obj,        ///< vertices by number from 1, faces by line
  AsciiStl,   ///< vertices by coordinates and line, facets by line
  BinaryStl,  ///< vertices by coordinates, triangles by number from 1
  AsciiPly,   ///< vertices by row from 1, faces by line
  BinaryPly   ///< vertices by row from 1, faces by row from 1
};

struct MeshFile {
  std::filesystem::path path;
  MeshFormat format = MeshFormat::Obj;
  std::vector<math::Vec3> vertices;  ///< m, as written
  std::vector<int> vertex_lines;     ///< parallel to vertices in a text file: where each was
                                     ///< first written; empty in a binary file
  std::vector<MeshObject> objects;
};

/// How an OBJ file is cut into objects: all its faces one object (a single block, whose every
/// vertex must be on a face), or one object per `o` (per `g` in a file without `o`), holding
/// the vertices its faces use.
enum class ObjObjects { Whole, Each };

/// @throws core::Diagnostic at file:line:column for a malformed line or a face naming a
///         missing vertex, and at an `o` line that no face follows
MeshFile read_obj_mesh(const std::filesystem::path& path, const std::string& key,
                       ObjObjects objects);

/// Each solid of an ASCII STL file, or each closed surface (surface_objects) of a binary
/// one; exactly equal coordinates are one vertex of a solid or surface. A file is binary when
/// its size is 84 + 50 n bytes for the count n at bytes 80 to 83 (a binary header may start
/// with "solid" too), or when it holds a NUL byte (a binary file cut short).
/// @throws core::Diagnostic at file:line:column for a malformed ASCII line or an empty solid;
///         for a binary file of the wrong size or with a coordinate that is not finite, naming
///         the triangle and its byte offset
MeshFile read_stl_mesh(const std::filesystem::path& path, const std::string& key);

/// Each closed surface (surface_objects) of a PLY file (ASCII, binary_little_endian or
/// binary_big_endian 1.0): its `vertex` element's x, y and z, of any scalar type, and its
/// `face` element's `vertex_indices` (or `vertex_index`) lists; other elements, properties
/// and comments are skipped.
/// @throws core::Diagnostic at file:line:column for a malformed header or ASCII row, a
///         missing x, y, z or vertex list, or an index out of range; in a binary file, at the
///         element and row (from 1) and the byte offset, for truncated data
MeshFile read_ply_mesh(const std::filesystem::path& path, const std::string& key);

/// The objects of a mesh without objects (binary STL, PLY): its faces grouped into the closed
/// surfaces they bound, numbered by their first face, each face keeping its line or number
/// (the MeshObject fields of the mesh's format, parallel to `faces`). Faces are joined across
/// their edges: an edge on two faces joins them; where blocks touch, an edge is on the faces
/// of several blocks, and each face is joined with the one its block's inside turns to (see
/// the .cpp). So blocks that touch at a vertex, an edge or a face, as in a wall, stay apart.
std::vector<MeshObject> surface_objects(const MeshFile& mesh,
                                        const std::vector<std::vector<int>>& faces,
                                        const std::vector<int>& face_places);

/// The convex block of `object`, its vertices moved by -origin: the checks of
/// geometry::convexity_defect, with vertices and faces named as the file names them.
/// @param key the key for messages, naming the object if the file has several
/// @throws core::Diagnostic at the object's first face if its faces do not bound a convex
///         solid
geometry::ConvexPolyhedron convex_block(const MeshFile& mesh, const MeshObject& object,
                                        const math::Vec3& origin, const std::string& key);

}  // namespace moreau::mesh
