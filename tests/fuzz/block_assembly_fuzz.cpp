// Fuzz target of the block assembly reader (mesh::read_block_assembly) and of the snapping of its
// faces (mesh::snap_coincident_faces, at 1 mm): any bytes, written to an OBJ, an STL and a PLY
// file, are either read and snapped into convex blocks or refused with a core::Diagnostic; any
// other exception, crash, sanitizer report, leak or timeout is a finding (docs/architecture.md,
// "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/mesh/block_assembly.hpp"
#include "moreau/mesh/block_snapping.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile obj(".obj");
  static const fuzz::InputFile stl(".stl");
  static const fuzz::InputFile ply(".ply");
  for (const fuzz::InputFile* file : {&obj, &stl, &ply}) {
    try {
      mesh::snap_coincident_faces(
          mesh::read_block_assembly(file->write(data, size), "generators[0].file"), 1e-3, {},
          "generators[0].file");
    } catch (const core::Diagnostic&) {
    }
  }
  return 0;
}
