// output/run_folder.hpp: a folder holds a run by its summary.json or history.csv (and runs in
// its own folders, a comparison's), a new folder is numbered past earlier runs and claimed
// folders, a claimed folder is refused to another claim, a new run's folder is refused where
// it holds an earlier run, a folder that cannot be made is a
// Diagnostic (and one that is made says so), and the checkpoints past a step are found by name.
#include "moreau/output/run_folder.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;

// The folder of an unused claim, once the claim is given up.
fs::path unused_folder(const fs::path& base) { return FolderClaim::unused(base.string()).folder(); }

TEST(RunFolder, ANewFolderIsNumberedPastTheEarlierRuns) {
  const testing::ScratchFolder scratch;
  const fs::path base = scratch.path() / "arch-results";
  EXPECT_EQ(unused_folder(base), base);
  EXPECT_FALSE(fs::exists(base)) << "an unused claim left its empty folder";
  fs::create_directories(base);
  EXPECT_EQ(unused_folder(base), base) << "an empty folder holds no run";
  std::ofstream(base / "history.csv") << "step\n";
  fs::create_directories(scratch.path() / "arch-results-2");
  std::ofstream(scratch.path() / "arch-results-2" / "summary.json") << "{}";
  EXPECT_TRUE(holds_a_run(base));
  EXPECT_EQ(unused_folder(base), scratch.path() / "arch-results-3");
}

// A folder with a run's results is refused for another, in the words of the front end that
// asked (moreau run's options, Python's arguments), unless its results may be replaced; an
// empty one, or one of other files, is not. The claim is given up with the refusal.
TEST(RunFolder, AFolderHoldingARunIsRefusedNamingTheOptionThatReplacesIt) {
  const testing::ScratchFolder scratch;
  const fs::path out = scratch.path() / "wall-results";
  fs::create_directories(out);
  std::ofstream(out / "notes.txt") << "mine\n";
  EXPECT_NO_THROW(claim_run_folder(out, false, {"--out", "--overwrite"}));
  std::ofstream(out / "summary.json") << "{}";
  try {
    claim_run_folder(out, false, {"out", "overwrite=True"});
    ADD_FAILURE() << "a folder holding a run was taken";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.where().file, out.string());
    EXPECT_EQ(error.key(), "out");
    EXPECT_NE(error.message().find("pass overwrite=True to replace it"), std::string::npos)
        << error.what();
  }
  EXPECT_NO_THROW(claim_run_folder(out, true, {"out", "overwrite=True"}))
      << "the refusal kept the folder claimed";
}

// A folder another run holds is refused even where its results may be replaced: replacing
// them is for a run that has ended.
TEST(RunFolder, AFolderAnotherRunHoldsIsRefusedWhateverMayBeReplaced) {
  const testing::ScratchFolder scratch;
  const fs::path out = scratch.path() / "wall-results";
  const FolderClaim first = claim_run_folder(out, false, {"out", "overwrite=True"});
  try {
    const FolderClaim second = claim_run_folder(out, true, {"out", "overwrite=True"});
    ADD_FAILURE() << "a folder another run holds was taken";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "out");
    EXPECT_NE(error.message().find("another moreau run is writing into this folder"),
              std::string::npos)
        << error.what();
  }
}

// moreau compare keeps its runs in folders of its own (nscd/, penalty/, penalty-k-x10/): the
// folder holds no run that a run in it would replace, but runs a comparison would join.
TEST(RunFolder, AFolderOfComparisonRunsHoldsRunsInItsOwnFolders) {
  const testing::ScratchFolder scratch;
  const fs::path base = scratch.path() / "arch-compare";
  fs::create_directories(base / "penalty-k-x0.1");
  EXPECT_FALSE(holds_any_run(base));
  std::ofstream(base / "penalty-k-x0.1" / "summary.json") << "{}";
  EXPECT_FALSE(holds_a_run(base));
  EXPECT_TRUE(holds_any_run(base));
  EXPECT_EQ(unused_folder(base), scratch.path() / "arch-compare-2");
}

// Two runs started together on one folder: the second claim is refused naming the folder,
// and a new folder is numbered past the claimed one. Before, nothing claimed a folder, and
// two runs wrote into one.
TEST(RunFolder, AClaimedFolderIsRefusedToAnotherClaim) {
  const testing::ScratchFolder scratch;
  const fs::path base = scratch.path() / "arch-results";
  const FolderClaim first = FolderClaim::claim(base, "--out");
  try {
    const FolderClaim second = FolderClaim::claim(base, "--out");
    ADD_FAILURE() << "a claimed folder was claimed again";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(std::string(error.what()),
              base.string() +
                  ": error: --out: another moreau run is writing into this folder: wait for it "
                  "to end, or give another folder");
  }
  EXPECT_EQ(unused_folder(base), scratch.path() / "arch-results-2");
}

// A run refused after its folder was made (a penalty step above the critical one, an
// interruption before the first step) leaves no empty folder behind; one with outputs stays.
TEST(RunFolder, AFolderTheClaimMadeGoesWithItIfNothingWasWritten) {
  const testing::ScratchFolder scratch;
  const fs::path folder = scratch.path() / "run";
  { const FolderClaim claim = FolderClaim::claim(folder, "--out"); }
  EXPECT_FALSE(fs::exists(folder));
  {
    const FolderClaim claim = FolderClaim::claim(folder, "--out");
    std::ofstream(folder / "history.csv") << "step\n";
  }
  EXPECT_TRUE(fs::exists(folder / "history.csv"));
  fs::remove(folder / "history.csv");
  { const FolderClaim claim = FolderClaim::claim(folder, "--out"); }
  EXPECT_TRUE(fs::exists(folder)) << "a folder that was there before the claim was removed";
}

TEST(RunFolder, AFolderThatCannotBeMadeIsADiagnosticNamingIt) {
  const testing::ScratchFolder scratch;
  const fs::path file = scratch.path() / "notes.txt";
  std::ofstream(file) << "x";
  for (const fs::path& folder : {file, file / "run", fs::path("/proc/moreau-run-folder-test")}) {
    EXPECT_FALSE(holds_any_run(folder)) << folder;
    try {
      create_output_folder(folder);
      ADD_FAILURE() << folder << " was made";
    } catch (const core::Diagnostic& error) {
      EXPECT_EQ(std::string(error.what())
                    .rfind(folder.string() + ": error: cannot create the "
                                             "output folder: ",
                           0),
                0u)
          << error.what();
    }
  }
  // Whether it made the folder decides which claim removes it (FolderClaim::try_claim).
  EXPECT_TRUE(create_output_folder(scratch.path() / "a" / "b"));
  EXPECT_TRUE(fs::is_directory(scratch.path() / "a" / "b"));
  EXPECT_FALSE(create_output_folder(scratch.path() / "a" / "b"));
}

TEST(RunFolder, ADanglingSymbolicLinkIsNamedAsOne) {
  const testing::ScratchFolder scratch;
  const fs::path link = scratch.path() / "results";
  fs::create_symlink(scratch.path() / "gone", link);
  try {
    create_output_folder(link);
    ADD_FAILURE() << link << " was made";
  } catch (const core::Diagnostic& error) {
    EXPECT_NE(std::string(error.what())
                  .find("symbolic link to " + (scratch.path() / "gone").string() +
                        ", which does not exist"),
              std::string::npos)
        << error.what();
  }
}

TEST(RunFolder, TheCheckpointsPastAStepAreFoundByName) {
  const testing::ScratchFolder scratch;
  for (const char* name :
       {"checkpoint-000100", "checkpoint-000200", "checkpoint-1000000", "checkpoint-",
        "checkpoint-00x300", "checkpoint-99999999999999999999", "history.csv"})
    std::ofstream(scratch.path() / name) << "";
  std::vector<fs::path> later = checkpoints_after(scratch.path(), 100);
  std::sort(later.begin(), later.end());
  EXPECT_EQ(later, (std::vector<fs::path>{scratch.path() / "checkpoint-000200",
                                          scratch.path() / "checkpoint-1000000"}));
  EXPECT_TRUE(checkpoints_after(scratch.path(), 1000000).empty());
}

// The tests run as root on CI, where permissions do not refuse anything: a file where the
// folder should be, and a folder where the file should be, stand for what cannot be done.
TEST(RunFolder, AFolderThatCannotBeListedOrAFileThatCannotBeRemovedIsADiagnostic) {
  const testing::ScratchFolder scratch;
  const fs::path file = scratch.path() / "notes.txt";
  std::ofstream(file) << "x";
  EXPECT_THROW(checkpoints_after(file, 0), core::Diagnostic);
  const fs::path folder = scratch.path() / "checkpoint-000200";
  fs::create_directories(folder / "kept");
  try {
    remove_output_file(folder);
    ADD_FAILURE() << "a folder with files was removed";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(std::string(error.what()).rfind(folder.string() + ": error: cannot remove", 0), 0u)
        << error.what();
  }
  remove_output_file(file);
  EXPECT_FALSE(fs::exists(file));
}

}  // namespace
}  // namespace moreau::output
