// removed.csv: the bodies a run removed because they left the structure (--remove-below,
// --remove-beyond), when and where, so that a user sees what fell.
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/body_removal.hpp"

#include <filesystem>
#include <optional>

namespace moreau::output {

/// Writes the columns step, time (s), body (name), bound ("below" or "beyond"), value (m:
/// the centre's z or its distance from the vertical axis through the origin); one row per
/// removed body, flushed as written, numbers with 17 significant digits.
class RemovalLog {
 public:
  /// A new file, or with `continue_after` the removed.csv of an earlier run continued after
  /// that step (moreau run --restart-from; core/output_file.hpp, CsvLog).
  /// @throws core::Diagnostic if the file cannot be created, read or written
  explicit RemovalLog(const std::filesystem::path& path,
                      std::optional<long> continue_after = std::nullopt);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const model::Scene& scene, const dynamics::Removal& removal);

 private:
  core::CsvLog out_;
};

}  // namespace moreau::output
