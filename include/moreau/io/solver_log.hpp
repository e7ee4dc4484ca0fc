// solver.csv: the statistics of every step's local solve, so that a user can see which
// steps were hard (history.csv keeps one row every `output.every` steps only).
#pragma once

#include "moreau/dynamics/moreau_jean.hpp"

#include <filesystem>
#include <fstream>

namespace moreau::io {

/// Writes the columns step, time (s, at the end of the step), active (contacts),
/// status (solvers::to_string), iterations, error (natural-map, dimensionless), and the wall
/// times collision_seconds, assembly_seconds, solve_seconds; one row per step, flushed as
/// written, numbers with 17 significant digits.
class SolverLog {
 public:
  /// @throws core::Diagnostic if the file cannot be created
  explicit SolverLog(const std::filesystem::path& path);
  /// Continues the solver.csv of an earlier run (moreau run --restart-from): drops its rows
  /// past `after_step` and appends; writes the header first if the file is missing.
  /// @throws core::Diagnostic if the file cannot be read or written
  SolverLog(const std::filesystem::path& path, long after_step);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const dynamics::StepReport& report);

 private:
  std::filesystem::path path_;
  std::ofstream out_;
};

}  // namespace moreau::io
