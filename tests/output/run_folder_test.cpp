// output/run_folder.hpp: a folder holds a run by its summary.json or history.csv, a new
// folder is numbered past earlier runs, and the checkpoints past a step are found by name.
#include "moreau/output/run_folder.hpp"

#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace moreau::output {
namespace {

namespace fs = std::filesystem;

TEST(RunFolder, ANewFolderIsNumberedPastTheEarlierRuns) {
  const testing::ScratchFolder scratch;
  const fs::path base = scratch.path() / "arch-results";
  EXPECT_EQ(unused_folder(base.string()), base);
  fs::create_directories(base);
  EXPECT_EQ(unused_folder(base.string()), base) << "an empty folder holds no run";
  std::ofstream(base / "history.csv") << "step\n";
  fs::create_directories(scratch.path() / "arch-results-2");
  std::ofstream(scratch.path() / "arch-results-2" / "summary.json") << "{}";
  EXPECT_TRUE(holds_a_run(base));
  EXPECT_EQ(unused_folder(base.string()), scratch.path() / "arch-results-3");
}

TEST(RunFolder, TheCheckpointsPastAStepAreFoundByName) {
  const testing::ScratchFolder scratch;
  for (const char* name : {"checkpoint-000100", "checkpoint-000200", "checkpoint-1000000",
                           "checkpoint-", "checkpoint-00x300", "history.csv"})
    std::ofstream(scratch.path() / name) << "";
  std::vector<fs::path> later = checkpoints_after(scratch.path(), 100);
  std::sort(later.begin(), later.end());
  EXPECT_EQ(later, (std::vector<fs::path>{scratch.path() / "checkpoint-000200",
                                          scratch.path() / "checkpoint-1000000"}));
  EXPECT_TRUE(checkpoints_after(scratch.path(), 1000000).empty());
}

}  // namespace
}  // namespace moreau::output
