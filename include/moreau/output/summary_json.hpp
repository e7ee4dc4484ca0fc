// summary.json: what a run did, in one file that scripts read without parsing logs
// (docs/mathematics.md section 3): the run, its solver statistics, an eventual collapse, and the
// final state of every body.
#pragma once

#include "moreau/run/statistics.hpp"

#include <filesystem>
#include <string>

namespace moreau::output {

/// Writes the summary as a JSON object (write_output_file: temporary, then renamed):
///   {"title", "problem", "mode", "dimension", "steps", "simulated_time", "wall_seconds",
///    "time_split": {"collision", "assembly", "solve"} or null, "solver",
///    "counts": {"solves", "not_converged", "worst_error", "total_iterations",
///               "mean_iterations", "max_iterations"},
///    "collapse": {"criterion", "body", "value", "time", "load_factor_name",
///                 "load_factor"} or null,
///    "record": {"scale", "pga_g"} or null (under ground motion),
///    "interrupted": "SIGINT" or "SIGTERM" or null,
///    "removed": [{"body", "time", "bound", "value"}, ...],
///    "support_reaction": [x, y, z],
///    "penalty_energy": {"elastic", "damping", "slip"} or null,
///    "bonds": {"intact", "broken"} or null,
///    "bodies": [{"name", "position": [x, y, z], "orientation": [w, x, y, z],
///                "velocity": [x, y, z], "angular_velocity": [x, y, z]}, ...]}
/// Times in s, lengths in m, as in the structs above. JSON has no NaN or infinity; such a
/// number (a diverged solve's error, a blown-up body) is written null, so that the file
/// stays valid JSON and a reader sees "no meaningful value" rather than a made-up one.
/// @throws core::Diagnostic if the file cannot be written
void write_summary_json(const std::filesystem::path& path, const run::RunSummary& summary);

/// The JSON text write_summary_json() writes (without its final newline).
std::string summary_json_text(const run::RunSummary& summary);

}  // namespace moreau::output
