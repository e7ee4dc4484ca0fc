// Writing an output file without ever destroying the previous one on failure: the content
// goes to a temporary file in the same folder, which replaces the target only once complete.
// rename(2) within one file system is atomic, so a reader (ParaView polling a .pvd, a script
// reading summary.json) sees the old file or the new one, never half of one, even if the
// run is killed mid-write.
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <ostream>
#include <string_view>

namespace moreau::core {

/// Calls write(stream) on the temporary file `path` + ".partial", then renames it onto path.
/// @throws core::Diagnostic naming path when it cannot be written
void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write);

/// The step of the last row of a CSV file whose first column is the step (history.csv,
/// solver.csv); 0 when the file is missing or holds no row.
long last_row_step(const std::filesystem::path& csv);

/// Drops the rows of such a CSV file past `step`, keeping its header and earlier rows
/// (rewritten with write_output_file); nothing when the file is missing.
/// @throws core::Diagnostic naming the file when it cannot be read or rewritten
void keep_rows_up_to_step(const std::filesystem::path& csv, long step);

/// Opens a CSV log whose rows are written as a run goes (first column the step), numbers
/// with 17 significant digits: a new file starting with `header` (a line), or, with
/// `continue_after` (moreau run --restart-from), the earlier run's file with its rows past
/// that step dropped, to append to (the header written if the file is missing).
/// @throws core::Diagnostic naming the file when it cannot be created, read or written
std::ofstream open_csv_log(const std::filesystem::path& path, std::string_view header,
                           std::optional<long> continue_after);

}  // namespace moreau::core
