// Writing an output file without ever destroying the previous one on failure: the content
// goes to a temporary file in the same folder, which replaces the target only once complete.
// rename(2) within one file system is atomic, so a reader (ParaView polling a .pvd, a script
// reading summary.json) sees the old file or the new one, never half of one, even if the
// run is killed mid-write.
#pragma once

#include "moreau/core/diagnostic.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>

namespace moreau::core {

/// An output file that could not be written (a full disk, a folder that went away): not bad
/// input but the machine, which a run meets by stopping with its outputs whole (moreau run
/// stops at the step it was writing).
class WriteFailure : public Diagnostic {
 public:
  using Diagnostic::Diagnostic;
};

/// Disk space held back for the end of a run that fills its disk: a file of a given size,
/// allocated at once (posix_fallocate(3)). The first write of an output file (CsvLog,
/// write_output_file) that fails for want of space (ENOSPC, EDQUOT) frees it and is tried again,
/// so that the step under way is written whole and there is room for a checkpoint of it:
/// freed_by() then names that write, and the run stops after its step. At most one reserve at a
/// time in a process; none is held when the space cannot be allocated.
class SpaceReserve {
 public:
  /// Allocates the file `path` of `bytes`; removes it again when the space is not there.
  SpaceReserve(std::filesystem::path path, std::uintmax_t bytes);
  ~SpaceReserve();  ///< removes the file if it is still held
  SpaceReserve(const SpaceReserve&) = delete;
  SpaceReserve& operator=(const SpaceReserve&) = delete;

  /// The space is there, not yet freed.
  bool held() const;
  /// The write the space was freed for: the file and the system's reason; nullopt until then.
  std::optional<std::string> freed_by() const;

  /// For a write of `file` that failed with errno `error`: frees the process's reserve when
  /// the disk is full and one is held. True when the write should be tried again.
  static bool free_for(const std::filesystem::path& file, int error);

 private:
  std::filesystem::path path_;
  bool held_ = false;
  std::optional<std::string> freed_by_;
};

/// Calls write(stream) on the temporary file `path` + ".partial", then renames it onto path;
/// a temporary that cannot be written whole is removed, and the whole tried once more when
/// that frees the SpaceReserve.
/// @throws WriteFailure naming path when it cannot be written
void write_output_file(const std::filesystem::path& path,
                       const std::function<void(std::ostream&)>& write);

/// The step of the last row of a CSV file whose first column is the step (history.csv,
/// solver.csv); 0 when the file is missing or holds no row.
long last_row_step(const std::filesystem::path& csv);

/// Drops the rows of such a CSV file past `step`, and a last row cut short, keeping its header
/// and earlier rows: the file is cut in place, which needs no disk space; nothing when the
/// file is missing.
/// @throws core::Diagnostic naming the file when it cannot be read or cut
void keep_rows_up_to_step(const std::filesystem::path& csv, long step);

/// A CSV log whose rows are written as a run goes (first column the step), numbers with 17
/// significant digits. The rows composed between two calls of write_rows() reach the file
/// whole or not at all: a write that fails (a full disk) cuts the file back to where it was,
/// so that it never ends mid-row, and is tried once more when that frees the SpaceReserve.
class CsvLog {
 public:
  /// A new file starting with `header` (a line), or, with `continue_after` (moreau run
  /// --restart-from), the earlier run's file with its rows past that step dropped, to append
  /// to (the header written if the file is missing).
  /// @throws core::Diagnostic naming the file when it cannot be created, read or written
  CsvLog(std::filesystem::path path, std::string_view header, std::optional<long> continue_after);

  /// Where the next rows are composed.
  std::ostream& rows() { return pending_; }

  /// Appends the rows composed since the last call, and flushes them.
  /// @throws WriteFailure naming the file with the system's reason ("No space left on
  ///         device") when they cannot be written; the file is then as before the call
  void write_rows();

 private:
  /// Appends `text` whole, or leaves the file as it was: 0, or the errno of the failure.
  int append(const std::string& text);

  std::filesystem::path path_;
  std::ofstream file_;
  std::uintmax_t length_ = 0;  ///< bytes, after the last whole write
  std::ostringstream pending_;
};

}  // namespace moreau::core
