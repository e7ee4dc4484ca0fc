#include "moreau/mesh/block_assembly.hpp"

#include "mesh_file.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/convex_hull.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace moreau::mesh {
namespace {

using core::concat;
using math::Vec3;

// Two faces whose unit normals differ by less than this are one plane: a triangulation
// of one flat face, whose triangles' normals differ by rounding only.
constexpr double kCoplanarNormals = 1e-12;

MeshFile read_mesh(const std::filesystem::path& path, const std::string& key) {
  std::string extension = path.extension().string();
  std::ranges::transform(extension, extension.begin(),
                         [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".obj") return read_obj_mesh(path, key, ObjObjects::Each);
  if (extension == ".stl") return read_stl_mesh(path, key);
  if (extension == ".ply") return read_ply_mesh(path, key);
  throw core::Diagnostic({path.string()}, key,
                         "a Wavefront OBJ (.obj), STL (.stl, ASCII or binary) or PLY (.ply) file",
                         concat("the extension '", extension, "'"));
}

// "object07": the place in the file counts from 1, as OBJ's vertex numbers do.
std::string numbered_name(std::size_t index, std::size_t count) {
  const std::string digits = std::to_string(index + 1);
  const std::size_t width = std::max<std::size_t>(2, std::to_string(count).size());
  return concat("object", std::string(width - std::min(width, digits.size()), '0'), digits);
}

// The block with maximal faces: its hull (which merges coplanar faces) if two neighbour
// faces lie in one plane, else the block as drawn, so that a block of polygonal faces keeps
// its vertices and faces in the file's order.
geometry::ConvexPolyhedron with_maximal_faces(geometry::ConvexPolyhedron block) {
  for (const geometry::PolyhedronEdge& edge : block.edges())
    if (block.faces()[static_cast<std::size_t>(edge.left)].normal.dot(
            block.faces()[static_cast<std::size_t>(edge.right)].normal) > 1.0 - kCoplanarNormals)
      return geometry::convex_hull(block.vertices());
  return block;
}

Vec3 mean_vertex(const MeshFile& mesh, const MeshObject& object) {
  Vec3 sum = Vec3::Zero();
  for (const int v : object.vertices) sum += mesh.vertices[static_cast<std::size_t>(v)];
  return sum / static_cast<double>(object.vertices.size());
}

}  // namespace

std::vector<AssemblyBlock> read_block_assembly(const std::filesystem::path& path,
                                               const std::string& key) {
  const MeshFile mesh = read_mesh(path, key);
  std::vector<AssemblyBlock> blocks;
  std::map<std::string, int> name_lines;
  for (std::size_t i = 0; i < mesh.objects.size(); ++i) {
    const MeshObject& object = mesh.objects[i];
    std::string name = object.name.empty() ? numbered_name(i, mesh.objects.size()) : object.name;
    const std::string object_key =
        concat(key, mesh.format == MeshFormat::AsciiStl ? ", solid '" : ", object '", name, "'");
    if (const auto [at, added] = name_lines.try_emplace(name, object.line); !added)
      throw core::Diagnostic({path.string(), object.line, 1}, object_key,
                             "a name no other object of the file has",
                             concat("'", name, "' also at line ", at->second));
    const Vec3 origin = mean_vertex(mesh, object);
    blocks.push_back({std::move(name),
                      with_maximal_faces(convex_block(mesh, object, origin, object_key)), origin});
  }
  return blocks;
}

}  // namespace moreau::mesh
