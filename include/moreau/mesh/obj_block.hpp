// Block geometry from a plain vertex/face list: the Wavefront OBJ files that CAD and mesh
// tools (FreeCAD, Blender, Rhino, gmsh) export, so that a block cut in a drawing needs no
// retyping. The faces are checked, not only the vertices: a face that cuts through the
// block's hull means the block drawn is not convex, and is refused.
#pragma once

#include "moreau/geometry/convex_polyhedron.hpp"

#include <filesystem>
#include <string>

namespace moreau::mesh {

/// The convex block of an OBJ file: `v x y z` lines (m, the block's local frame) and
/// `f i j k ...` faces (1-based vertex numbers, negative ones counting back from the last
/// vertex, `i/t/n` forms allowed; each face counter-clockwise seen from outside, OBJ's own
/// convention). Comments (#) and the keywords vt, vn, o, g, s, usemtl and mtllib are
/// skipped; any other line is refused. Messages number vertices as the file does (from 1)
/// and name faces by their line.
/// @param key the problem file's key, for messages about the block as a whole
/// @throws core::Diagnostic naming file:line:column for a file that cannot be read, a
///         malformed line or a face naming a missing vertex, and file:line of the first face
///         for faces that do not bound a convex solid
geometry::ConvexPolyhedron read_obj_block(const std::filesystem::path& path,
                                          const std::string& key);

}  // namespace moreau::mesh
