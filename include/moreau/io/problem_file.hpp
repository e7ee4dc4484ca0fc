// Problem files: the YAML documents users write to describe a run (docs/problem-files.md
// documents every key). read_problem_file() turns one into a run::Problem, with generators
// expanded into bodies, and refuses every mistake with "file:line:col: error: key: ...".
#pragma once

#include "moreau/ground_motion/acceleration_record.hpp"
#include "moreau/run/problem.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace moreau::io {

/// Record files in place of a problem's record, each read in the layout its extension and
/// header give, as a ground motion's `record` is (an .AT2 file; a CSV file of 2 columns, or of
/// 4; else a single column), with these units and time step where the layout needs them, else
/// the ground motion's own `units` and `time_step`. One file acts along the ground motion's
/// `direction` (a 4-column CSV file along its own); two or three are the components of one
/// event along x, y (and z), summed as a ground motion's `components` are.
struct RecordOverride {
  std::vector<std::filesystem::path> files;
  std::optional<ground_motion::AccelerationUnit> units;
  std::optional<double> time_step;  ///< s
};

/// What a front end changes in a problem while its file is read (moreau run's options), before
/// the checks that depend on it.
struct ReadOverrides {
  /// Replaces the file's mode (moreau run --mode) before the penalty laws' calibration from
  /// Young's moduli.
  std::optional<run::Mode> mode = std::nullopt;
  /// Replaces the file's time.integration (moreau run and moreau compare --integration);
  /// refused in NSCD.
  std::optional<run::PenaltyIntegration> integration = std::nullopt;
  /// Multiplies every ground motion's accelerations (records and Ricker pulses; moreau run
  /// --record-scale, an incremental dynamic analysis's runs), in (0, 1e3]; the scale it gives
  /// a record with its own `scale` or `pga` must stay within 1e3 too.
  double record_scale = 1.0;
  /// Replaces the record of every ground motion given by `record` (moreau run --record, the
  /// runs of a suite's study, moreau ida --records); a problem with none, or with a ground
  /// motion given by `components` or a Ricker pulse, is refused.
  std::optional<RecordOverride> record = std::nullopt;
};

/// Reads and validates a problem file, with `overrides`. Relative paths inside it
/// (ground-motion records, user contact laws) are relative to the file's folder.
/// @throws core::Diagnostic for any error, located at the offending key
run::Problem read_problem_file(const std::filesystem::path& path,
                               const ReadOverrides& overrides = {});

/// Reads and validates a problem held in memory (a program building one in code), as
/// read_problem_file() does a file's. `name` stands for the file in messages; relative paths
/// inside are relative to `folder`. The problem has no path (its checkpoints name no file).
/// @throws core::Diagnostic for any error, located at the offending key
run::Problem read_problem_text(const std::string& text, const std::string& name,
                               const std::filesystem::path& folder,
                               const ReadOverrides& overrides = {});

/// The first penalty stiffness or Young's modulus of a problem changed in code (moreau
/// compare's stiffness sweep) that a problem file could not hold, in words ("a stiffness of
/// 1e+20, past the bound of 1e+16"); nothing when all are within the files' bounds.
std::optional<std::string> beyond_penalty_bounds(const run::Problem& problem);

}  // namespace moreau::io
