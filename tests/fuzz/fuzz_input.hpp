// What the fuzz targets share: the input as a file, for the readers that take a path, a
// folder for what a target writes, and the condensation of a global problem read.
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

/// A path in the system's temporary folder, named after the process (two fuzzers may run at
/// once) and ending in `suffix`.
inline std::filesystem::path scratch_path(const std::string& suffix) {
  return std::filesystem::temp_directory_path() /
         ("moreau-fuzz-" + std::to_string(getpid()) + suffix);
}

/// A file at scratch_path, rewritten with each input and removed at exit.
class InputFile {
 public:
  explicit InputFile(const std::string& extension) : path_(scratch_path(extension)) {}
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

/// A folder at scratch_path for the files a target writes (a run's outputs), removed with them
/// at exit.
struct OutputFolder {
  const std::filesystem::path path = scratch_path("-run");
  ~OutputFolder() {
    std::error_code ignored;  // a destructor must not throw
    std::filesystem::remove_all(path, ignored);
  }
};

/// Condenses a global problem as `moreau solve` does once it is read (Condensation factorizes
/// M): what the readers validate must be something it takes, or refuses with a Diagnostic.
inline void condense(const contact::ProblemData& data) {
  if (const auto* global = std::get_if<contact::GlobalProblem>(&data))
    contact::Condensation(*global, {"fuzz"});
}

}  // namespace moreau::fuzz
