#include "moreau/output/run_folder.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <system_error>
#include <utility>

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

bool create_output_folder(const fs::path& folder) {
  std::error_code error;
  // create_directories() says "File exists" of a symbolic link to nothing.
  if (fs::is_symlink(folder, error) && !fs::exists(folder, error))
    throw core::Diagnostic(
        {folder.string()}, "",
        core::concat("cannot create the output folder: it is a symbolic link to ",
                     fs::read_symlink(folder, error).string(), ", which does not exist"));
  const bool created = fs::create_directories(folder, error);
  if (!error && !fs::is_directory(folder, error))
    error = std::make_error_code(std::errc::not_a_directory);
  if (error)
    throw core::Diagnostic({folder.string()}, "",
                           core::concat("cannot create the output folder: ", error.message()));
  return created;
}

namespace {

// Whether the open descriptor is still the folder at that path: a claim's folder left empty is
// removed as its claim ends, and a folder opened just before is then no longer anyone's.
bool is_the_folder_at(int descriptor, const fs::path& folder) {
  struct stat opened {};
  struct stat at_path {};
  return fstat(descriptor, &opened) == 0 && stat(folder.c_str(), &at_path) == 0 &&
         opened.st_dev == at_path.st_dev && opened.st_ino == at_path.st_ino;
}

}  // namespace

FolderClaim::FolderClaim(fs::path folder, bool created, int descriptor)
    : folder_(std::move(folder)), created_(created), descriptor_(descriptor) {}

// Of claims made at once, only the one whose create_directories() made the folder counts it
// as created, and a refused claim never removes it: the holder may not have written yet, and
// its later files would go into a folder of the same name that another claim made (two runs
// into one folder). The lock is the folder's (flock on the folder itself, closed on exec so
// that a child process, moreau plot's python, does not keep it).
std::optional<FolderClaim> FolderClaim::try_claim(const fs::path& folder) {
  // A folder removed between its creation and its lock by the end of the claim that held it
  // is made again; more than a few such ends in a row would be another program removing it.
  constexpr int kAttempts = 8;
  int error = 0;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const bool created = create_output_folder(folder);
    const int descriptor = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0) {
      if (is_the_folder_at(descriptor, folder)) return FolderClaim(folder, created, descriptor);
      close(descriptor);
      error = ENOENT;
      continue;
    }
    error = errno;
    if (descriptor >= 0) close(descriptor);
    if (error == EWOULDBLOCK) return std::nullopt;
    if (error == ENOENT) continue;
    if (created) rmdir(folder.c_str());
    break;
  }
  throw core::Diagnostic({folder.string()}, "",
                         core::concat("cannot claim the output folder: ", std::strerror(error)));
}

FolderClaim FolderClaim::claim(const fs::path& folder, std::string_view option) {
  std::optional<FolderClaim> claim = try_claim(folder);
  if (!claim)
    throw core::Diagnostic({folder.string()}, option,
                           "another moreau run is writing into this folder: wait for it to end, "
                           "or give another folder");
  return std::move(*claim);
}

// rmdir removes a folder only while it is empty.
FolderClaim::~FolderClaim() {
  if (descriptor_ < 0) return;
  if (created_) rmdir(folder_.c_str());
  close(descriptor_);  // releases the lock
}

FolderClaim::FolderClaim(FolderClaim&& other) noexcept
    : folder_(std::move(other.folder_)),
      created_(other.created_),
      descriptor_(std::exchange(other.descriptor_, -1)) {}

// A folder another process has claimed is skipped, and so is one that holds a run once
// claimed: the run that held the claim may have just ended there.
FolderClaim FolderClaim::unused(const std::string& base) {
  for (int n = 1;; ++n) {
    const fs::path folder = n == 1 ? fs::path(base) : fs::path(core::concat(base, '-', n));
    if (holds_any_run(folder)) continue;
    std::optional<FolderClaim> claim = try_claim(folder);
    if (claim && !holds_any_run(folder)) return std::move(*claim);
  }
}

FolderClaim claim_folder_for_new_results(const fs::path& folder, bool replace_earlier,
                                         const FolderOptions& options,
                                         const EarlierResults& earlier) {
  FolderClaim claim = FolderClaim::claim(folder, options.folder);
  if (!replace_earlier && earlier.held_in(folder))
    throw core::Diagnostic({folder.string()}, options.folder,
                           core::concat(earlier.wanted, " (this one holds ", earlier.held,
                                        "; pass ", options.overwrite, " to replace it)"),
                           folder.string());
  return claim;
}

FolderClaim claim_run_folder(const fs::path& folder, bool replace_earlier,
                             const FolderOptions& options) {
  return claim_folder_for_new_results(folder, replace_earlier, options,
                                      {holds_a_run, "a new or empty folder", "an earlier run"});
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
