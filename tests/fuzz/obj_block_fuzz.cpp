// Fuzz target of the OBJ block reader (mesh::read_obj_block): any bytes, written to a file, are
// either read into a convex block or refused with a core::Diagnostic; any other exception,
// crash, sanitizer report, leak or timeout is a finding (docs/architecture.md, "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/mesh/obj_block.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile file(".obj");
  try {
    mesh::read_obj_block(file.write(data, size), "bodies[0].shape.file");
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
