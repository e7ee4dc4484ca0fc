// summary.json: what a run did, in one file that scripts read without parsing logs
// (docs/mathematics.md section 3): the run, its solver statistics, an eventual collapse, and the
// final state of every body.
#pragma once

#include "moreau/run/statistics.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace moreau::output {

/// Writes the summary as a JSON object (write_output_file: temporary, then renamed):
///   {"title", "problem", "mode", "integration" (penalty mode) or null, "dimension", "steps",
///    "restarted_from_step" or null, "simulated_time", "wall_seconds",
///    "substeps" (the explicit penalty mode's) or null,
///    "time_split": {"collision", "assembly", "solve"} or null, "solver",
///    "criterion": {"name", "tolerance"} (what decided convergence) or null (explicit penalty),
///    "counts": {"solves", "not_converged", "worst_error" (natural-map), "total_iterations",
///               "mean_iterations", "max_iterations", "answered_by": {method: solves}},
///    "collapse": {"criterion", "body", "value", "time", "load_factor_name",
///                 "load_factor", "mechanism": {"description", "parts", "hinges",
///                 "sliding"}} or null,
///    "record": {"scale", "pga_g", "ground", "base_z"} or null (under ground motion),
///    "peak_motion": {"time", "kinetic_energy", "mechanism"} or null,
///    "load_factor_name", "control" or null, "control_from" ("output.control" or
///    "highest free body") or null, "storeys": [body, ...],
///    "interrupted": "SIGINT", "SIGTERM", "a full disk (...)" or null,
///    "removed": [{"body", "time", "bound", "value"}, ...],
///    "support_reaction": [x, y, z],
///    "penalty_energy": {"elastic", "damping", "slip"} or null,
///    "bonds": {"intact", "broken"} or null, "warnings": [text, ...],
///    "bodies": [{"name", "position": [x, y, z], "orientation": [w, x, y, z],
///                "velocity": [x, y, z], "angular_velocity": [x, y, z]}, ...]}
/// Times in s, lengths in m, as in the structs above. JSON has no NaN or infinity; such a
/// number (a diverged solve's error, a blown-up body) is written null, so that the file
/// stays valid JSON and a reader sees "no meaningful value" rather than a made-up one.
/// @throws core::Diagnostic if the file cannot be written
void write_summary_json(const std::filesystem::path& path, const run::RunSummary& summary);

/// Reads a summary.json back: the summary written, each double exactly (a null number reads
/// as NaN), mean_iterations left to SolverCounts.
/// @throws core::Diagnostic naming the file when it cannot be read, is not JSON or lacks a key
run::RunSummary read_summary_json(const std::filesystem::path& path);

/// A mechanism as summary.json writes it: {"description", "parts": [{"bodies", "motion"
/// ("turning" or "sliding"), "axis_point", "direction"}], "hinges" and "sliding": [{"body_a",
/// "body_b", "position", "direction"}]}.
nlohmann::ordered_json mechanism_json(const run::MechanismSummary& mechanism);

/// The JSON text write_summary_json() writes (without its final newline).
std::string summary_json_text(const run::RunSummary& summary);

}  // namespace moreau::output
