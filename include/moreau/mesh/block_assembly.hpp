// Block assemblies drawn in CAD: one file holding every block of a structure, one convex
// block per object, in world coordinates, so that a wall or a vault exported once needs no
// splitting into a file per block. The problem file's `blocks` generator reads them.
#pragma once

#include "moreau/geometry/convex_polyhedron.hpp"
#include "moreau/math/types.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::mesh {

struct AssemblyBlock {
  /// The object's name in the file; "object03" (its place in the file, from 1, zero-padded
  /// to the width of the count and at least 2 digits) if it has none.
  std::string name;
  /// m, in the block's frame: the world's moved to `origin`. Coplanar neighbour faces (a
  /// triangulated export) are merged into one, as contact is computed on whole faces.
  geometry::ConvexPolyhedron shape;
  math::Vec3 origin;  ///< m, world: the mean of the block's vertices
};

/// The blocks of a Wavefront OBJ file (one per `o` object, or per `g` group in a file without
/// `o`; vertex numbers global across objects, as OBJ has them), of an ASCII STL file (one
/// per solid, exactly equal coordinates being one vertex), or of a binary STL or PLY file
/// (one per closed surface of its faces, as they have no objects: a wall's blocks touching
/// at their faces stay apart), chosen by the extension (.obj, .stl or .ply, any case). Each
/// block is checked convex as a single OBJ block is (read_obj_block).
/// @param key the problem file's key, for messages; a message about one object names it
/// @throws core::Diagnostic at file:line(:column), with vertex numbers as the file has them
///         (PLY's rows from 1), or in a binary file at the triangle or row and byte, for
///         another extension, a malformed line, header or truncated data, an object with no
///         face, a face naming a missing vertex, a degenerate face, a non-convex object or two
///         objects of the same name
std::vector<AssemblyBlock> read_block_assembly(const std::filesystem::path& path,
                                               const std::string& key);

}  // namespace moreau::mesh
