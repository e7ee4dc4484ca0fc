// `moreau bench` as a script meets it: a folder that holds no problem file is bad input (exit
// code 2, the folder named), and the CSV of an earlier benchmark is left as it was.
#include "support/run_command.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace moreau::testing {
namespace {

using ::testing::HasSubstr;

TEST(BenchCommand, AFolderWithoutProblemFilesIsRefusedAndTheCsvKept) {
  const ScratchFolder scratch;
  const std::filesystem::path empty = scratch.path() / "empty";
  std::filesystem::create_directories(empty);
  const std::filesystem::path csv = scratch.path() / "bench.csv";
  std::ofstream(csv) << "an earlier benchmark\n";

  const CommandResult result =
      run_moreau("bench '" + empty.string() + "' --quiet --csv '" + csv.string() + "'");
  EXPECT_EQ(result.exit_code, 2) << result.output;
  EXPECT_THAT(result.output, HasSubstr(empty.string() + ": error: expected a folder with problem "
                                                        "files (.dat, .hdf5 or .h5), found none"));
  std::stringstream kept;
  kept << std::ifstream(csv).rdbuf();
  EXPECT_EQ(kept.str(), "an earlier benchmark\n");
}

}  // namespace
}  // namespace moreau::testing
