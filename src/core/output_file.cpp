#include "moreau/core/output_file.hpp"

#include "moreau/core/diagnostic.hpp"

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <limits>
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

// The reason the last file operation failed: std::ofstream leaves errno as open(2) or write(2)
// set it (libstdc++), e.g. "Permission denied" or "No space left on device".
std::string failure_reason() {
  return errno != 0 ? std::generic_category().message(errno) : "no reason given by the system";
}

}  // namespace

void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write) {
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
    if (!out)
      throw WriteFailure({path.string()}, "",
                         "cannot open the file for writing: " + failure_reason());
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
      const std::string reason = failure_reason();
      out.close();
      discard();
      throw WriteFailure({path.string()}, "", "writing the file failed: " + reason);
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw WriteFailure({path.string()}, "", "cannot replace the file: " + error.message());
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
    throw core::Diagnostic({path_.string()}, "", "cannot be written: " + failure_reason());
  length_ = std::filesystem::file_size(path_);
  pending_ << std::setprecision(std::numeric_limits<double>::max_digits10);
}

void CsvLog::write_rows() {
  const std::string composed = pending_.str();
  pending_.str(std::string());
  errno = 0;
  file_.write(composed.data(), static_cast<std::streamsize>(composed.size()));
  file_.flush();
  if (file_) {
    length_ += composed.size();
    return;
  }
  const std::string reason = failure_reason();
  std::error_code ignored;  // the file then ends where the write stopped: the run stops too
  std::filesystem::resize_file(path_, length_, ignored);
  throw WriteFailure({path_.string()}, "", "writing failed: " + reason);
}

}  // namespace moreau::core
