// solver.csv: the statistics of every step's local solve, so that a user can see which
// steps were hard (history.csv keeps one row every `output.every` steps only).
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/moreau_jean.hpp"

#include <filesystem>
#include <optional>

namespace moreau::output {

/// Writes the columns step, time (s, at the end of the step), active (contacts),
/// status (solvers::to_string; none for a step that solved nothing: no active contact, or the
/// penalty mode), iterations, error (natural-map, dimensionless, whatever decided the status),
/// the wall times collision_seconds, assembly_seconds, solve_seconds, the method that answered
/// (solver), a staged method's stages, and the criterion that decided the status
/// (SolveReport::criterion); one row per step, flushed as written, numbers with 17
/// significant digits.
class SolverLog {
 public:
  /// A new file, or with `continue_after` the solver.csv of an earlier run continued after
  /// that step (moreau run --restart-from; core/output_file.hpp, CsvLog).
  /// @throws core::Diagnostic if the file cannot be created, read or written
  explicit SolverLog(const std::filesystem::path& path,
                     std::optional<long> continue_after = std::nullopt);
  /// @throws core::Diagnostic if writing fails
  void record(long step, double time, const dynamics::StepReport& report);

 private:
  core::CsvLog out_;
};

}  // namespace moreau::output
