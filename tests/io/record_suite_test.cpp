// The records a study runs (io/record_suite.hpp): a suite file's records and pairs of
// components, relative to its folder, and each error of a malformed suite file at its line.
#include "moreau/io/record_suite.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace moreau::io {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class RecordSuite : public ::testing::Test {
 protected:
  // A file of the test's own folder; record files need not hold a record to be listed.
  std::filesystem::path write(const std::string& name, const std::string& text) {
    const std::filesystem::path file = scratch_.path() / name;
    std::ofstream(file) << text;
    return file;
  }

 private:
  const testing::ScratchFolder scratch_;
};

// A suite file lists records by their files, an event's pair as a list along x and y, relative
// to its folder; with a folder and a record file given beside it, the suite is theirs in the
// order given. A list of one file, a missing file and an unknown key are named at their line.
TEST_F(RecordSuite, ASuiteFileListsRecordsAndPairs) {
  const std::filesystem::path single = write("single.csv", "t,a\n0,1\n0.5,-1\n");
  const std::filesystem::path north = write("north.AT2", "");
  const std::filesystem::path east = write("east.AT2", "");
  const std::filesystem::path suite =
      write("suite.yaml", "records:\n  - single.csv\n  - [north.AT2, east.AT2]\n");
  const std::vector<SuiteRecord> records =
      record_suite({suite.string(), single.string()}, "--records");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].components, (std::vector<std::filesystem::path>{single}));
  EXPECT_EQ(records[1].components, (std::vector<std::filesystem::path>{north, east}));
  EXPECT_EQ(records[1].name(), "north.AT2+east.AT2");
  EXPECT_EQ(record_files({suite.string()}, "--records"),
            (std::vector<std::filesystem::path>{single, north, east}));

  const auto error_of_suite = [&](const std::string& text) {
    try {
      record_suite({write("bad.yaml", text).string()}, "--records");
    } catch (const core::Diagnostic& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  EXPECT_THAT(error_of_suite("records:\n  - single.csv\n  - [north.AT2]\n"),
              AllOf(HasSubstr("bad.yaml:3"), HasSubstr("2 or 3 components"), HasSubstr("1 files")));
  EXPECT_THAT(error_of_suite("records:\n  - single.csv\n  - missing.csv\n"),
              AllOf(HasSubstr("bad.yaml:3"), HasSubstr("no such file")));
  EXPECT_THAT(error_of_suite("records: [single.csv]\nrecord: [north.AT2]\n"),
              AllOf(HasSubstr("bad.yaml:2"), HasSubstr("record")));
  EXPECT_THAT(error_of_suite("records: []\n"), HasSubstr("at least one record"));
}

}  // namespace
}  // namespace moreau::io
