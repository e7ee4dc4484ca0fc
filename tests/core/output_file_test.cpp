// core/output_file.hpp: a file that cannot be written is a Diagnostic that says why, in the
// system's words (a read-only folder, a full disk), not only that it failed.
#include "moreau/core/output_file.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace moreau::core {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A path under a regular file cannot be opened, whoever runs the test (a read-only folder
// does not stop root): open(2) fails with ENOTDIR.
TEST(OutputFile, AFileThatCannotBeOpenedSaysWhy) {
  const testing::ScratchFolder scratch;
  std::ofstream(scratch.path() / "notes.txt") << "x";
  const fs::path csv = scratch.path() / "notes.txt" / "history.csv";
  try {
    open_csv_log(csv, "step,time\n", std::nullopt);
    ADD_FAILURE() << csv << " was opened";
  } catch (const Diagnostic& error) {
    EXPECT_THAT(error.what(),
                HasSubstr(csv.string() + ": error: cannot be written: Not a directory"));
  }
  const fs::path summary = scratch.path() / "notes.txt" / "summary.json";
  try {
    write_output_file(summary, [](std::ostream& out) { out << "{}"; });
    ADD_FAILURE() << summary << " was written";
  } catch (const Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("cannot open the file for writing: Not a directory"));
  }
}

}  // namespace
}  // namespace moreau::core
