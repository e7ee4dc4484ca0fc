// The folder of a run's outputs: whether it holds a run, a new one that destroys no earlier
// results, and the checkpoints a continuation from an earlier step leaves behind.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::output {

/// Whether the folder holds the results of a run (its summary.json or history.csv).
bool holds_a_run(const std::filesystem::path& folder);

/// `<base>` if it holds no earlier run, else `<base>-2`, `<base>-3`, ...: a run never
/// destroys the results of another.
std::filesystem::path unused_folder(const std::string& base);

/// The checkpoints in `folder` (run::checkpoint_name) past `step`: those of the steps that
/// a run continued from `step` takes again.
std::vector<std::filesystem::path> checkpoints_after(const std::filesystem::path& folder,
                                                     long step);

}  // namespace moreau::output
