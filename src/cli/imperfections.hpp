// The imperfections of a run on the command line (run/imperfections.hpp): the --imperfections
// text, and imperfections.json in the run's folder, which states what was drawn and lets a
// restart draw the same.
#pragma once

#include "moreau/run/imperfections.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace moreau::cli {

/// The settings of a text such as "seed=3,block_size=0.002,friction=0.1": key=value items
/// (seed, block_size, placement, friction, rate, support), each at most once, the others 0.
/// @throws core::Diagnostic naming --imperfections for an unknown key or a malformed value
run::Imperfections read_imperfections(const std::string& text);

/// The text read_imperfections reads back as `imperfections`, every setting given.
std::string imperfections_text(const run::Imperfections& imperfections);

/// Writes `folder`/imperfections.json: the settings and what they drew.
void write_imperfections(const std::filesystem::path& folder,
                         const run::Imperfections& imperfections,
                         const run::DrawnImperfections& drawn);

/// The settings of `folder`/imperfections.json; none when the folder has no such file.
/// @throws core::Diagnostic naming the file when it cannot be read back
std::optional<run::Imperfections> recorded_imperfections(const std::filesystem::path& folder);

}  // namespace moreau::cli
