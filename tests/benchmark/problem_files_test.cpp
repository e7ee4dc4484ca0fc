// The problem files of a benchmark: a folder's .dat, .hdf5 and .h5 files sorted by name, a
// file named by the caller whatever its name, in the order given; a missing path refused.
#include "moreau/benchmark/problem_files.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace moreau::benchmark {
namespace {

namespace fs = std::filesystem;

TEST(FindProblemFiles, FolderFilesByEndingThenNamedFiles) {
  const testing::ScratchFolder scratch;
  const fs::path& folder = scratch.path();
  fs::create_directories(folder / "sub.dat");  // a folder, whatever its name: not taken
  for (const char* name : {"b.hdf5", "a.dat", "c.h5", "notes.txt", "d.dat.bak"})
    std::ofstream(folder / name) << "x";
  const std::vector<fs::path> files =
      find_problem_files({folder.string(), (folder / "notes.txt").string()});
  EXPECT_EQ(files, (std::vector<fs::path>{folder / "a.dat", folder / "b.hdf5", folder / "c.h5",
                                          folder / "notes.txt"}));
}

TEST(FindProblemFiles, AMissingPathIsADiagnostic) {
  EXPECT_THROW(find_problem_files({"/nonexistent/problem.dat"}), core::Diagnostic);
}

TEST(FindProblemFiles, AFolderWithoutProblemFilesIsADiagnosticNamingIt) {
  const testing::ScratchFolder scratch;
  std::ofstream(scratch.path() / "notes.txt") << "x";
  try {
    find_problem_files({scratch.path().string()});
    ADD_FAILURE() << "a folder without problem files was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(std::string(error.what()),
              scratch.path().string() +
                  ": error: expected a folder with problem files (.dat, .hdf5 or .h5), found none");
  }
}

}  // namespace
}  // namespace moreau::benchmark
