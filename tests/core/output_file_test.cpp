// core/output_file.hpp: a file that cannot be written is a Diagnostic that says why, in the
// system's words (a read-only folder, a full disk), not only that it failed; a full disk
// leaves whole rows and no temporary file.
#include "moreau/core/output_file.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"
#include "support/small_disk.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <optional>
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
    const CsvLog log(csv, "step,time\n", std::nullopt);
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

// A disk that fills: a CSV log keeps only whole rows, and the failure says why; a file written
// through a temporary leaves none behind. Before, the last row was cut mid-line, the message
// gave no cause, and summary.json.partial stayed.
TEST(OutputFile, AFullDiskLeavesWholeRowsAndNoTemporary) {
  const testing::SmallDisk disk(16);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here";
  CsvLog log(disk.folder() / "history.csv", "step,value\n", std::nullopt);
  const std::string value(100, '7');
  long step = 1;
  try {
    for (;; ++step) {
      log.rows() << step << ',' << value << '\n';
      log.write_rows();
    }
  } catch (const Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("history.csv: error: writing failed: No space left on "
                                        "device"));
  }
  std::ifstream in(disk.folder() / "history.csv", std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  EXPECT_EQ(text.back(), '\n') << "the file ends mid-row";
  EXPECT_EQ(last_row_step(disk.folder() / "history.csv"), step - 1);
  try {
    write_output_file(disk.folder() / "summary.json",
                      [&](std::ostream& out) { out << std::string(64 * 1024, ' '); });
    ADD_FAILURE() << "64 kB were written on a full 16 kB disk";
  } catch (const Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("No space left on device"));
  }
  EXPECT_FALSE(fs::exists(disk.folder() / "summary.json.partial"));
}

// The reserve of a run: the first write that meets a full disk frees it and goes through
// whole, and says so (freed_by); the next full disk fails as before, the reserve being spent.
// A file written through a temporary gets the same second try.
TEST(OutputFile, AFullDiskFreesTheSpaceReserveOnceAndTheWriteGoesThrough) {
  const testing::SmallDisk disk(64);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a small tmpfs here";
  std::optional<SpaceReserve> reserve;
  reserve.emplace(disk.folder() / ".space-reserve", 16 * 1024);
  ASSERT_TRUE(reserve->held());
  CsvLog log(disk.folder() / "history.csv", "step,value\n", std::nullopt);
  const std::string value(100, '7');
  long step = 1;
  for (; !reserve->freed_by(); ++step) {
    log.rows() << step << ',' << value << '\n';
    log.write_rows();
  }
  EXPECT_FALSE(reserve->held());
  EXPECT_FALSE(fs::exists(disk.folder() / ".space-reserve"));
  EXPECT_EQ(*reserve->freed_by(),
            (disk.folder() / "history.csv").string() + ": No space left on device");
  EXPECT_EQ(last_row_step(disk.folder() / "history.csv"), step - 1)
      << "the row whose write freed the reserve is in the file";
  const long freed_at = step;
  try {
    for (;; ++step) {
      log.rows() << step << ',' << value << '\n';
      log.write_rows();
    }
  } catch (const Diagnostic& error) {
    EXPECT_THAT(error.what(), HasSubstr("writing failed: No space left on device"));
  }
  EXPECT_EQ(last_row_step(disk.folder() / "history.csv"), step - 1);
  // The reserve's 16 kB took the rows after it, about 160 of them.
  EXPECT_GT((step - freed_at) * static_cast<long>(value.size()), 8 * 1024);

  reserve.reset();
  fs::remove(disk.folder() / "history.csv");
  reserve.emplace(disk.folder() / ".space-reserve", 16 * 1024);
  ASSERT_TRUE(reserve->held());
  std::ofstream(disk.folder() / "filler") << std::string(64 * 1024, ' ');  // as much as fits
  write_output_file(disk.folder() / "summary.json",
                    [](std::ostream& out) { out << std::string(12 * 1024, ' '); });
  EXPECT_TRUE(reserve->freed_by());
  EXPECT_EQ(fs::file_size(disk.folder() / "summary.json"), 12 * 1024);
}

}  // namespace
}  // namespace moreau::core
