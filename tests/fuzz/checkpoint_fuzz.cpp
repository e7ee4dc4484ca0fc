// Fuzz target of the checkpoint reader (run::read_checkpoint) and of the checks of a
// checkpoint against its problem (run::check_checkpoint_matches, then, for one that passes,
// the outputs' states read as a continued run's outputs read them, and Run::restore). The target
// rewrites the input's last 8 bytes with the checksum of the bytes before them, as a program
// editing a checkpoint would: without it nearly every mutant would stop at the checksum, and the
// fuzzer would never reach the fields. Any bytes are either read or refused with a
// core::Diagnostic; any other exception, crash, sanitizer report, leak or timeout is a finding
// (docs/architecture.md, "Fuzzing").
#include "checkpoint_problem.hpp"
#include "fuzz_input.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/fnv1a.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/run/checkpoint.hpp"
#include "moreau/run/run.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  static const fuzz::InputFile file(".ck");
  static const fuzz::OutputFolder out;  // the outputs of a continued run write there
  static const std::array<run::Problem, 2> problems{fuzz::checkpoint_problem(run::Mode::Nscd),
                                                    fuzz::checkpoint_problem(run::Mode::Penalty)};
  std::vector<std::uint8_t> bytes(data, data + size);
  constexpr std::size_t kChecksumBytes = sizeof(std::uint64_t);
  if (size >= kChecksumBytes) {
    const std::uint64_t checksum =
        core::fnv1a(std::string_view(reinterpret_cast<const char*>(data), size - kChecksumBytes));
    std::memcpy(bytes.data() + size - kChecksumBytes, &checksum, kChecksumBytes);
  }
  const std::filesystem::path& path = file.write(bytes.data(), bytes.size());
  try {
    const run::Checkpoint checkpoint = run::read_checkpoint(path);
    for (const run::Problem& problem : problems) {
      try {
        run::check_checkpoint_matches(checkpoint, problem);
        run::Run run(problem);
        output::attach_outputs(run, out.path, {false, &checkpoint});
        run.restore(checkpoint);
      } catch (const core::Diagnostic&) {
      }
    }
  } catch (const core::Diagnostic&) {
  }
  return 0;
}
