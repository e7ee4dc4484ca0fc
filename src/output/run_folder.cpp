#include "moreau/output/run_folder.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <charconv>
#include <system_error>

namespace moreau::output {

namespace fs = std::filesystem;

// The error_code forms: a path that cannot be read (no permission, a file where a folder is
// expected) holds nothing instead of throwing std::filesystem_error.
bool holds_a_run(const fs::path& folder) {
  std::error_code ignored;
  return fs::exists(folder / "summary.json", ignored) ||
         fs::exists(folder / "history.csv", ignored);
}

bool holds_any_run(const fs::path& folder) {
  if (holds_a_run(folder)) return true;
  std::error_code error;
  for (fs::directory_iterator entry(folder, error), end; !error && entry != end;
       entry.increment(error))
    if (entry->is_directory(error) && holds_a_run(entry->path())) return true;
  return false;
}

fs::path unused_folder(const std::string& base) {
  fs::path out = base;
  for (int n = 2; holds_any_run(out); ++n) out = core::concat(base, '-', n);
  return out;
}

void create_output_folder(const fs::path& folder) {
  std::error_code error;
  // create_directories() says "File exists" of a symbolic link to nothing.
  if (fs::is_symlink(folder, error) && !fs::exists(folder, error))
    throw core::Diagnostic(
        {folder.string()}, "",
        core::concat("cannot create the output folder: it is a symbolic link to ",
                     fs::read_symlink(folder, error).string(), ", which does not exist"));
  fs::create_directories(folder, error);
  if (!error && !fs::is_directory(folder, error))
    error = std::make_error_code(std::errc::not_a_directory);
  if (error)
    throw core::Diagnostic({folder.string()}, "",
                           core::concat("cannot create the output folder: ", error.message()));
}

std::vector<fs::path> checkpoints_after(const fs::path& folder, long step) {
  std::vector<fs::path> later;
  std::error_code error;
  for (fs::directory_iterator entry(folder, error), end; !error && entry != end;
       entry.increment(error)) {
    const std::string name = entry->path().filename().string();
    const std::string prefix = "checkpoint-";
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    // A number past `long` is no name a run writes (its steps stop at run::kMaxStepCount).
    long at = 0;
    const auto [parsed_end, parse_error] =
        std::from_chars(digits.data(), digits.data() + digits.size(), at);
    if (parse_error == std::errc{} && parsed_end == digits.data() + digits.size() && at > step)
      later.push_back(entry->path());
  }
  if (error)
    throw core::Diagnostic({folder.string()}, "",
                           core::concat("cannot list the folder: ", error.message()));
  return later;
}

void remove_output_file(const fs::path& file) {
  std::error_code error;
  fs::remove(file, error);
  if (error)
    throw core::Diagnostic({file.string()}, "",
                           core::concat("cannot remove the file: ", error.message()));
}

}  // namespace moreau::output
