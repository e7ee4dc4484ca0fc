// One block from an OBJ file (mesh::read_obj_block, a body's `shape.file`): its convexity
// defect names the file's vertices counted from 1 and the face's line, as the assemblies' do.
#include "moreau/mesh/obj_block.hpp"

#include "assembly_checks.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace moreau::mesh {
namespace {

using checks::BlockAssemblyTest;
using checks::kHeader;
using ::testing::HasSubstr;

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
