// Fuzz target of the ground-motion record readers (ground_motion/acceleration_record.hpp): any
// bytes, written to a file, are either read as a record or refused with a core::Diagnostic, by each
// layout (CSV of 2 columns along a direction, in g, and of 4 columns, in m/s^2; a single
// column at a constant step; a PEER NGA .AT2 file); any other exception, crash, sanitizer
// report, leak or timeout is a finding (docs/architecture.md, "Fuzzing").
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile file(".csv");
  const std::filesystem::path& path = file.write(data, size);
  try {
    ground_motion::read_acceleration_record(path, ground_motion::AccelerationUnit::G,
                                            math::Vec3(1.0, 0.0, 0.0));
  } catch (const core::Diagnostic&) {
  }
  try {
    ground_motion::read_acceleration_record(
        path, ground_motion::AccelerationUnit::MetresPerSecondSquared);
  } catch (const core::Diagnostic&) {
  }
  try {
    ground_motion::read_single_column_record(path, ground_motion::AccelerationUnit::G, 0.01,
                                             math::Vec3(0.0, 1.0, 0.0));
  } catch (const core::Diagnostic&) {
  }
  try {
    ground_motion::read_at2_record(path, math::Vec3(1.0, 0.0, 0.0));
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
