// Problem files: the YAML documents users write to describe a run (docs/problem-files.md
// documents every key). read_problem_file() turns one into a run::Problem, with generators
// expanded into bodies, and refuses every mistake with "file:line:col: error: key: ...".
#pragma once

#include "moreau/run/problem.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace moreau::io {

/// Reads and validates a problem file. Relative paths inside it (ground-motion records, user
/// contact laws) are relative to the file's folder. `mode`, when given, replaces the file's
/// mode (moreau run --mode) before the checks that depend on it (the penalty laws'
/// calibration from Young's moduli).
/// @throws core::Diagnostic for any error, located at the offending key
run::Problem read_problem_file(const std::filesystem::path& path,
                               std::optional<run::Mode> mode = std::nullopt);

/// Reads and validates a problem held in memory (a program building one in code), as
/// read_problem_file() does a file's. `name` stands for the file in messages; relative paths
/// inside are relative to `folder`. The problem has no path (its checkpoints name no file).
/// @throws core::Diagnostic for any error, located at the offending key
run::Problem read_problem_text(const std::string& text, const std::string& name,
                               const std::filesystem::path& folder,
                               std::optional<run::Mode> mode = std::nullopt);

}  // namespace moreau::io
