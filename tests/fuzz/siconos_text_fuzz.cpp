// Fuzz target of the Siconos text reader (contact::parse_siconos_text, the body of
// read_siconos_text, then the condensation of a global problem): any bytes are either read
// into a validated problem or refused with a core::Diagnostic; any other exception, crash,
// sanitizer report, leak or timeout is a finding (docs/architecture.md, "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/contact/siconos_text_io.hpp"
#include "moreau/core/diagnostic.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  try {
    fuzz::condense(contact::parse_siconos_text(
        std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.dat"));
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
