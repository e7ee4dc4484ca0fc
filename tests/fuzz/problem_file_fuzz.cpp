// Fuzz target of the problem-file reader (io::read_problem_text, docs/problem-files.md): any
// bytes are either read into a problem or refused with a core::Diagnostic; any other
// exception, crash, sanitizer report, leak or timeout is a finding (docs/architecture.md,
// "Fuzzing"). Each input is read twice, as written and with the penalty mode forced (moreau run
// --mode penalty), whose calibration checks only run then.
#include "moreau/core/diagnostic.hpp"
#include "moreau/io/problem_file.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace moreau;
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const std::optional<run::Mode> mode : {std::optional<run::Mode>(), {run::Mode::Penalty}}) {
    try {
      io::read_problem_text(text, "fuzz.yaml", MOREAU_FUZZ_PROBLEM_FOLDER, {.mode = mode});
    } catch (const core::Diagnostic&) {
    }
  }
  return 0;
}
