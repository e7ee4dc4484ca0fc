#include "moreau/mesh/obj_block.hpp"

#include "mesh_file.hpp"

namespace moreau::mesh {

geometry::ConvexPolyhedron read_obj_block(const std::filesystem::path& path,
                                          const std::string& key) {
  const MeshFile mesh = read_obj_mesh(path, key, ObjObjects::Whole);
  return convex_block(mesh, mesh.objects.front(), math::Vec3::Zero(), key);
}

}  // namespace moreau::mesh
