// Fuzz target of the FCLib reader (contact::read_fclib_in_process, HDF5, then the condensation of a
// global problem): any bytes, written to a file, are either read into a validated problem or
// refused with a core::Diagnostic. Any other exception, crash, sanitizer report, leak,
// timeout, or the process exiting (as libfclib's readers did on a failed HDF5 call) is a
// finding (docs/architecture.md, "Fuzzing"). HDF5 itself is not instrumented: the fuzzer sees
// the coverage of moreau's checks only.
#include "fuzz_input.hpp"
#include "moreau/contact/fclib_io.hpp"
#include "moreau/core/diagnostic.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile file(".hdf5");
  try {
    fuzz::condense(contact::read_fclib_in_process(file.write(data, size)).problem);
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
