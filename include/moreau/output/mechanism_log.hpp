// mechanisms.csv: how the structure moves at each recorded step (dynamics/mechanism.hpp), on
// request (output.mechanisms), so that a mechanism forming before a collapse, or one that
// never leads to one, can be read without a script.
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/run/statistics.hpp"

#include <filesystem>
#include <optional>

namespace moreau::output {

/// Writes a CSV file (RFC 4180) with one row per recorded step:
///   step, time (s, at the end of the step), load_factor (as history.csv's), moving_bodies,
///   parts (moving rigid parts), hinges, sliding_joints, description (the one line of
///   dynamics::describe: "no motion" when nothing moves).
/// Numbers have 17 significant digits; every row is flushed as written.
class MechanismLog {
 public:
  /// A new file, or with `continue_after` the mechanisms.csv of an earlier run continued
  /// after that step (moreau run --restart-from; core/output_file.hpp, CsvLog).
  /// @throws core::Diagnostic if the file cannot be created, read or written
  explicit MechanismLog(const std::filesystem::path& path,
                        std::optional<long> continue_after = std::nullopt);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, double load_factor, const run::MechanismSummary& mechanism);

 private:
  core::CsvLog out_;
};

}  // namespace moreau::output
