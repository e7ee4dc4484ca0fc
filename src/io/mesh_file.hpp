// The polygon meshes of OBJ and ASCII STL files before they become blocks: the vertices, the
// objects' faces and the lines they were read from, so that every message can name the
// file's own lines and numbers (OBJ counts vertices from 1, across all its objects).
#pragma once

#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/math/types.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::io {

/// One object of a mesh file: an OBJ `o` object or `g` group, or an STL solid.
struct MeshObject {
  std::string name;                     ///< as the file names it; empty if it does not
  int line = 0;                         ///< of its o, g or solid line, else of its first face
  std::vector<int> vertices;            ///< indices into MeshFile::vertices, increasing
  std::vector<std::vector<int>> faces;  ///< indices into MeshFile::vertices, CCW from outside
  std::vector<int> face_lines;          ///< parallel to faces
};

struct MeshFile {
  std::filesystem::path path;
  bool stl = false;                  ///< STL names vertices by coordinates, OBJ by number
  std::vector<math::Vec3> vertices;  ///< m, as written
  std::vector<int> vertex_lines;     ///< parallel to vertices: where each was first written
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

/// Each solid of an ASCII STL file; exactly equal coordinates are one vertex.
/// @throws core::Diagnostic at file:line:column for a malformed line, an empty solid or a
///         binary STL file
MeshFile read_stl_mesh(const std::filesystem::path& path, const std::string& key);

/// The convex block of `object`, its vertices moved by -origin: the checks of
/// geometry::convexity_defect, with vertices and faces named as the file names them.
/// @param key the key for messages, naming the object if the file has several
/// @throws core::Diagnostic at the object's first face if its faces do not bound a convex
///         solid
geometry::ConvexPolyhedron convex_block(const MeshFile& mesh, const MeshObject& object,
                                        const math::Vec3& origin, const std::string& key);

}  // namespace moreau::io
