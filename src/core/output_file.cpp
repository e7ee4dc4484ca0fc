#include "moreau/core/output_file.hpp"

#include "moreau/core/diagnostic.hpp"

#include <cerrno>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
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
  {
    errno = 0;
    std::ofstream out(temporary);
    if (!out)
      throw core::Diagnostic({path.string()}, "",
                             "cannot open the file for writing: " + failure_reason());
    errno = 0;  // what a successful open(2) may leave is no reason a write failed
    write(out);
    out.flush();
    if (!out)
      throw core::Diagnostic({path.string()}, "", "writing the file failed: " + failure_reason());
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error)
    throw core::Diagnostic({path.string()}, "", "cannot replace the file: " + error.message());
}

long last_row_step(const std::filesystem::path& csv) {
  std::ifstream in(csv);
  long last = 0;
  for (std::string row; std::getline(in, row);)
    if (const auto step = row_step(row)) last = *step;
  return last;
}

// A row cut short by a kill (no step, or a step that does not parse) is dropped too.
void keep_rows_up_to_step(const std::filesystem::path& csv, long step) {
  if (!std::filesystem::exists(csv)) return;
  std::ifstream in(csv);
  if (!in) throw core::Diagnostic({csv.string()}, "", "cannot be read");
  std::vector<std::string> kept;
  for (std::string row; std::getline(in, row);) {
    const auto row_at = row_step(row);
    if (kept.empty() || (row_at && *row_at <= step)) kept.push_back(row);
  }
  write_output_file(csv, [&](std::ostream& out) {
    for (const std::string& row : kept) out << row << '\n';
  });
}

std::ofstream open_csv_log(const std::filesystem::path& path, std::string_view header,
                           std::optional<long> continue_after) {
  const bool continued = continue_after && std::filesystem::exists(path);
  if (continued) keep_rows_up_to_step(path, *continue_after);
  errno = 0;
  std::ofstream out(path, continued ? std::ios::app : std::ios::trunc);
  out << std::setprecision(std::numeric_limits<double>::max_digits10);
  if (!continued) out << header << std::flush;
  if (!out) throw core::Diagnostic({path.string()}, "", "cannot be written: " + failure_reason());
  return out;
}

}  // namespace moreau::core
