// The folder of a run's outputs: whether it holds a run, a new one that destroys no earlier
// results, and the checkpoints a continuation from an earlier step leaves behind.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace moreau::output {

/// Whether the folder holds the results of a run (its summary.json or history.csv), itself or
/// in a folder of its own (the runs of moreau compare: nscd/, penalty/, penalty-k-x10/, ...).
/// A path that cannot be read holds none: creating the folder then says why.
bool holds_a_run(const std::filesystem::path& folder);

/// `<base>` if it holds no earlier run, else `<base>-2`, `<base>-3`, ...: a run never
/// destroys the results of another.
std::filesystem::path unused_folder(const std::string& base);

/// Creates the folder and its parents, as an output folder given by the user.
/// @throws core::Diagnostic naming the folder when it cannot be made (a file of that name, a
///         read-only parent, a file system that refuses folders)
void create_output_folder(const std::filesystem::path& folder);

/// The checkpoints in `folder` (run::checkpoint_name) past `step`: those of the steps that
/// a run continued from `step` takes again.
std::vector<std::filesystem::path> checkpoints_after(const std::filesystem::path& folder,
                                                     long step);

}  // namespace moreau::output
