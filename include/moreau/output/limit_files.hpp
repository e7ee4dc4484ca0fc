// The answers of limit analysis (limit/analyses.hpp) as files: limit.json, which `moreau limit
// --json` prints and Python's moreau.limit returns, and each collapse's forces and mechanism
// (collapse_files.hpp).
#pragma once

#include "moreau/limit/analyses.hpp"
#include "moreau/output/run_folder.hpp"
#include "moreau/run/problem.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

namespace moreau::output {

/// The object of limit.json: the problem's title and path, its load, the settings as run
/// (facets, iterations, time_limit), the contact points' count and per analysis its direction,
/// cone, outcome and, where it collapses, both ends' multipliers, load factors, mechanisms and
/// forces (docs/user-guide.md, "moreau limit").
nlohmann::ordered_json limit_json(const run::Problem& problem, const limit::LimitAnalyses& limits);

/// `folder` claimed for a limit analysis (claim_folder_for_new_results); refused where it holds an
/// earlier one (limit.json), unless `overwrite`.
/// @throws core::Diagnostic keyed options.folder when it holds one, else as FolderClaim::claim
FolderClaim claim_limit_folder(const std::filesystem::path& folder, bool overwrite,
                               const FolderOptions& options);

/// Writes limit.json (limit_json) into `folder` and, for each end of each analysis that found a
/// collapse, the folder limit/<n>-<cone>-<upper|lower>/ of write_collapse_files (n the
/// analysis's place in limit.json's `analyses`, from 1), after removing the limit/ folder of
/// earlier results.
/// @throws core::Diagnostic if a file or folder cannot be written or removed
void write_limit_files(const std::filesystem::path& folder, const run::Problem& problem,
                       const limit::LimitAnalyses& limits);

}  // namespace moreau::output
