#include "moreau/core/output_file.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/diagnostic.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace moreau::core {
namespace {

// The step in the first column of a row; nullopt for the header or a damaged row.
std::optional<long> row_step(const std::string& row) {
  long step = 0;
  const auto [end, error] = std::from_chars(row.data(), row.data() + row.size(), step);
  if (error != std::errc{} || end == row.data() || (end != row.data() + row.size() && *end != ','))
    return std::nullopt;
  return step;
}

// The reason a file operation failed, from the errno it left: std::ofstream leaves errno as
// open(2) or write(2) set it (libstdc++), e.g. "Permission denied" or "No space left on device".
std::string failure_reason(int error) {
  return error != 0 ? std::generic_category().message(error) : "no reason given by the system";
}

// The process's SpaceReserve, if one is held; writes on any thread may free it.
std::mutex reserve_mutex;
SpaceReserve* process_reserve = nullptr;  // guarded by reserve_mutex

// One try of write_output_file: nullopt when the file was written, else errno and what failed.
struct FailedWrite {
  int error = 0;
  std::string message;
};

std::optional<FailedWrite> write_through_temporary(
    const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  std::filesystem::path temporary = path;
  temporary += ".partial";
  // A temporary that could not be written whole goes: none is left behind, and on a full disk
  // it would hold the space a checkpoint or the summary needs.
  const auto discard = [&temporary] {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
  };
  {
    errno = 0;
    std::ofstream out(temporary);
    if (!out) {
      const int error = errno;
      return FailedWrite{error, "cannot open the file for writing: " + failure_reason(error)};
    }
    errno = 0;  // what a successful open(2) may leave is no reason a write failed
    try {
      write(out);
    } catch (...) {
      out.close();
      discard();
      throw;
    }
    out.flush();
    if (!out) {
      const int error = errno;
      out.close();
      discard();
      return FailedWrite{error, "writing the file failed: " + failure_reason(error)};
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) return FailedWrite{error.value(), "cannot replace the file: " + error.message()};
  return std::nullopt;
}

}  // namespace

SpaceReserve::SpaceReserve(std::filesystem::path path, std::uintmax_t bytes)
    : path_(std::move(path)) {
  const int descriptor = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (descriptor < 0) return;
  held_ = ::posix_fallocate(descriptor, 0, static_cast<off_t>(bytes)) == 0;
  ::close(descriptor);
  std::error_code ignored;
  if (!held_) {
    std::filesystem::remove(path_, ignored);
    return;
  }
  const std::lock_guard lock(reserve_mutex);
  MOREAU_ASSERT(process_reserve == nullptr);
  process_reserve = this;
}

SpaceReserve::~SpaceReserve() {
  const std::lock_guard lock(reserve_mutex);
  if (process_reserve == this) process_reserve = nullptr;
  std::error_code ignored;
  if (held_) std::filesystem::remove(path_, ignored);
}

bool SpaceReserve::held() const {
  const std::lock_guard lock(reserve_mutex);
  return held_;
}

std::optional<std::string> SpaceReserve::freed_by() const {
  const std::lock_guard lock(reserve_mutex);
  return freed_by_;
}

bool SpaceReserve::free_for(const std::filesystem::path& file, int error) {
  if (error != ENOSPC && error != EDQUOT) return false;
  const std::lock_guard lock(reserve_mutex);
  if (process_reserve == nullptr || !process_reserve->held_) return false;
  std::error_code ignored;
  std::filesystem::remove(process_reserve->path_, ignored);
  process_reserve->held_ = false;
  process_reserve->freed_by_ = file.string() + ": " + failure_reason(error);
  return true;
}

void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write) {
  std::optional<FailedWrite> failed = write_through_temporary(path, write);
  if (failed && SpaceReserve::free_for(path, failed->error))
    failed = write_through_temporary(path, write);
  if (failed) throw WriteFailure({path.string()}, "", failed->message);
}

long last_row_step(const std::filesystem::path& csv) {
  std::ifstream in(csv);
  long last = 0;
  for (std::string row; std::getline(in, row);)
    if (const auto step = row_step(row)) last = *step;
  return last;
}

// The rows are kept as the prefix of the file they are (a run writes its steps in order), cut
// where the first row past `step` begins, or a row cut short by a kill (no step, a step that
// does not parse, no end of line). In place (resize_file): a continuation on a full disk needs
// no space for it, where a rewritten copy failed and left the folder half continued.
void keep_rows_up_to_step(const std::filesystem::path& csv, long step) {
  if (!std::filesystem::exists(csv)) return;
  std::ifstream in(csv, std::ios::binary);
  if (!in) throw core::Diagnostic({csv.string()}, "", "cannot be read");
  std::uintmax_t kept = 0;
  bool header = true;
  for (std::string row; std::getline(in, row); header = false) {
    if (in.eof()) break;  // no end of line: cut short
    const auto row_at = row_step(row);
    if (!header && !(row_at && *row_at <= step)) break;
    kept += row.size() + 1;
  }
  std::error_code error;
  if (kept < std::filesystem::file_size(csv, error)) std::filesystem::resize_file(csv, kept, error);
  if (error)
    throw core::Diagnostic(
        {csv.string()}, "",
        "cannot drop the rows past step " + std::to_string(step) + ": " + error.message());
}

CsvLog::CsvLog(std::filesystem::path path, std::string_view header,
               std::optional<long> continue_after)
    : path_(std::move(path)) {
  if (continue_after) keep_rows_up_to_step(path_, *continue_after);
  // A file cut before the end of its header (a kill as it was created) starts again.
  std::error_code missing;
  const bool continued = continue_after && std::filesystem::file_size(path_, missing) > 0;
  errno = 0;
  file_.open(path_, continued ? std::ios::app : std::ios::trunc);
  if (!continued) file_ << header << std::flush;
  if (!file_)
    throw core::Diagnostic({path_.string()}, "", "cannot be written: " + failure_reason(errno));
  length_ = std::filesystem::file_size(path_);
  pending_ << std::setprecision(std::numeric_limits<double>::max_digits10);
}

void CsvLog::write_rows() {
  const std::string composed = pending_.str();
  pending_.str(std::string());
  int error = append(composed);
  if (error != 0 && SpaceReserve::free_for(path_, error)) error = append(composed);
  if (error != 0)
    throw WriteFailure({path_.string()}, "", "writing failed: " + failure_reason(error));
}

int CsvLog::append(const std::string& text) {
  errno = 0;
  if (!file_.is_open()) {
    file_.clear();
    file_.open(path_, std::ios::app);
  }
  file_.write(text.data(), static_cast<std::streamsize>(text.size()));
  file_.flush();
  if (file_) {
    length_ += text.size();
    return 0;
  }
  const int error = errno;
  // The stream may still hold bytes it could not write, which a later flush would put past
  // the cut: it is closed before the cut, and opened again (appending) for the next write.
  file_.close();
  std::error_code ignored;
  std::filesystem::resize_file(path_, length_, ignored);
  return error;
}

}  // namespace moreau::core
