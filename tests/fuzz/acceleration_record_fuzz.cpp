// Fuzz target of the ground-motion record reader (io::read_acceleration_record): any bytes,
// written to a file, are either read as a record or refused with a core::Diagnostic, by both
// layouts (2 columns along a direction, in g; 4 columns, in m/s^2); any other exception,
// crash, sanitizer report, leak or timeout is a finding (docs/architecture.md, "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/acceleration_record.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile file(".csv");
  const std::filesystem::path& path = file.write(data, size);
  try {
    io::read_acceleration_record(path, io::AccelerationUnit::G, math::Vec3(1.0, 0.0, 0.0));
  } catch (const core::Diagnostic&) {
  }
  try {
    io::read_acceleration_record(path, io::AccelerationUnit::MetresPerSecondSquared);
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
