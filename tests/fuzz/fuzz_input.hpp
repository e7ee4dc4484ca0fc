// What the fuzz targets share: the input as a file, for the readers that take a path, and
// the condensation of a global problem read.
#pragma once

#include "moreau/contact/global_problem.hpp"
#include "moreau/contact/siconos_text_io.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <variant>

namespace moreau::fuzz {

/// A file of the system's temporary folder, named after the process (two fuzzers may run at
/// once), rewritten with each input and removed at exit.
class InputFile {
 public:
  explicit InputFile(const std::string& extension)
      : path_(std::filesystem::temp_directory_path() /
              ("moreau-fuzz-" + std::to_string(getpid()) + extension)) {}
  ~InputFile() {
    std::error_code ignored;  // a destructor must not throw
    std::filesystem::remove(path_, ignored);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Replaces the file's bytes by the input's and returns its path.
  const std::filesystem::path& write(const std::uint8_t* data, std::size_t size) const {
    std::ofstream(path_, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path_;
  }

 private:
  std::filesystem::path path_;
};

/// Condenses a global problem as `moreau solve` does once it is read (Condensation factorizes
/// M): what the readers validate must be something it takes, or refuses with a Diagnostic.
inline void condense(const contact::ProblemData& data) {
  if (const auto* global = std::get_if<contact::GlobalProblem>(&data))
    contact::Condensation(*global, {"fuzz"});
}

}  // namespace moreau::fuzz
