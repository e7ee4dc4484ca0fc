// removed.csv: the bodies a run removed because they left the structure (--remove-below,
// --remove-beyond), when and where, so that a user sees what fell.
#pragma once

#include "moreau/dynamics/body_removal.hpp"

#include <filesystem>
#include <fstream>

namespace moreau::io {

/// Writes the columns step, time (s), body (name), bound ("below" or "beyond"), value (m:
/// the centre's z or its distance from the vertical axis through the origin); one row per
/// removed body, flushed as written, numbers with 17 significant digits.
class RemovalLog {
 public:
  /// @throws core::Diagnostic if the file cannot be created
  explicit RemovalLog(const std::filesystem::path& path);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const model::Scene& scene,
              const dynamics::Removal& removal);

 private:
  std::filesystem::path path_;
  std::ofstream out_;
};

}  // namespace moreau::io
