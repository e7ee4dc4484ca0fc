// The folder of a run's outputs: whether it holds a run, a new one that destroys no earlier
// results, and the checkpoints a continuation from an earlier step leaves behind.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::output {

/// Whether the folder holds the results of a run (its summary.json or history.csv): those a
/// new run in it would replace. A path that cannot be read holds none: creating the folder
/// then says why.
bool holds_a_run(const std::filesystem::path& folder);

/// The front end's names of an output folder's option and of the one that replaces earlier
/// results in it, for its errors: {"--out", "--overwrite"}, {"out", "overwrite=True"}.
struct FolderOptions {
  std::string_view folder;
  std::string_view overwrite;
};

/// Whether the folder holds a run itself or in a folder of its own (the runs of moreau
/// compare: nscd/, penalty/, penalty-k-x10/, ...): those a comparison in it would mix with.
bool holds_any_run(const std::filesystem::path& folder);

/// Creates the folder and its parents, as an output folder given by the user.
/// @return whether this call made the folder (false: it existed already)
/// @throws core::Diagnostic naming the folder when it cannot be made (a file of that name, a
///         read-only parent, a file system that refuses folders)
bool create_output_folder(const std::filesystem::path& folder);

/// An output folder this process writes into alone: created if needed and locked (flock on
/// the folder itself) until the object is destroyed or the process ends, however it ends, so
/// that two runs started together never write into one folder. A folder the claim created is
/// removed with it if nothing was written into it (a run refused before its first output).
class FolderClaim {
 public:
  /// @param option the front end's name of the folder, for the error ("--out", "out")
  /// @throws core::Diagnostic naming the folder when it cannot be made (create_output_folder)
  ///         or, keyed option, when another process (or another run of this one) has claimed it
  static FolderClaim claim(const std::filesystem::path& folder, std::string_view option);
  ~FolderClaim();
  FolderClaim(FolderClaim&& other) noexcept;
  FolderClaim(const FolderClaim&) = delete;
  FolderClaim& operator=(const FolderClaim&) = delete;
  FolderClaim& operator=(FolderClaim&&) = delete;

  const std::filesystem::path& folder() const { return folder_; }

  /// `<base>`, else `<base>-2`, `<base>-3`, ...: the first that holds no earlier run
  /// (holds_any_run) and that no other process has claimed, claimed. A run or a comparison
  /// never destroys the results of another, nor joins them.
  static FolderClaim unused(const std::string& base);

 private:
  FolderClaim(std::filesystem::path folder, bool created, int descriptor);
  /// claim(), or nothing when another process holds the folder.
  static std::optional<FolderClaim> try_claim(const std::filesystem::path& folder);

  std::filesystem::path folder_;
  bool created_ = false;  ///< this claim made the folder
  int descriptor_ = -1;   ///< of the folder, holding its lock; -1 once moved from
};

/// The results a new one must not replace unasked: whether a folder holds them, and the words
/// of the refusal ("a new or empty folder (this one holds an earlier run; pass ...").
struct EarlierResults {
  bool (*held_in)(const std::filesystem::path& folder);
  std::string_view wanted;  ///< the folder the option asks for
  std::string_view held;    ///< what a refused folder holds
};

/// `folder` claimed (FolderClaim::claim), then, once claimed (a process that held it until now
/// may have filled it), refused where it holds `earlier` unless `replace_earlier`: results are
/// never destroyed unasked.
/// @throws core::Diagnostic at the folder, keyed options.folder, when it holds them; else as
///         FolderClaim::claim
FolderClaim claim_folder_for_new_results(const std::filesystem::path& folder, bool replace_earlier,
                                         const FolderOptions& options,
                                         const EarlierResults& earlier);

/// The folder of a new run (claim_folder_for_new_results), refused where it holds an earlier
/// run (holds_a_run) unless `replace_earlier`.
FolderClaim claim_run_folder(const std::filesystem::path& folder, bool replace_earlier,
                             const FolderOptions& options);

/// The checkpoints in `folder` (run::checkpoint_name) past `step`: those of the steps that
/// a run continued from `step` takes again.
/// @throws core::Diagnostic naming the folder when it cannot be listed
std::vector<std::filesystem::path> checkpoints_after(const std::filesystem::path& folder,
                                                     long step);

/// Removes an output file that a continued run replaces (a stale checkpoint).
/// @throws core::Diagnostic naming the file when it cannot be removed (a read-only folder)
void remove_output_file(const std::filesystem::path& file);

}  // namespace moreau::output
