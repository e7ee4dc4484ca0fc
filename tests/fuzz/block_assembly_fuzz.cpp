// Fuzz target of the block assembly reader (io::read_block_assembly) and of the snapping of its
// faces (io::snap_coincident_faces, at 1 mm): any bytes, written to an OBJ, an STL and a PLY
// file, are either read and snapped into convex blocks or refused with a core::Diagnostic; any
// other exception, crash, sanitizer report, leak or timeout is a finding (docs/architecture.md,
// "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/block_assembly.hpp"
#include "moreau/io/block_snapping.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile obj(".obj");
  static const fuzz::InputFile stl(".stl");
  static const fuzz::InputFile ply(".ply");
  for (const fuzz::InputFile* file : {&obj, &stl, &ply}) {
    try {
      io::snap_coincident_faces(
          io::read_block_assembly(file->write(data, size), "generators[0].file"), 1e-3, {},
          "generators[0].file");
    } catch (const core::Diagnostic&) {
    }
  }
  return 0;
}
