// The matplotlib scripts the commands run (src/cli/plot_script.cpp), through `moreau plot` of
// a folder that holds a limit analysis only (whose script takes the folder alone) and copies
// of the executable with scripts of the test's own beside them: a script is looked for beside
// the executable first; one that succeeds has its output printed and its log removed; one that
// fails has the last three lines of its log shown, indented, and the log kept; and a copy
// without its scripts says where it looked for them.
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

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

// moreau copied to FOLDER/bin, and a folder of `moreau limit --out` (limit.json, no run).
struct CopiedMoreau {
  explicit CopiedMoreau(const ScratchFolder& folder)
      : executable(folder.path() / "bin" / "moreau"), limit_folder(folder.path() / "limit") {
    fs::create_directories(executable.parent_path());
    fs::copy_file(MOREAU_EXECUTABLE, executable);
    fs::create_directories(limit_folder);
    std::ofstream(limit_folder / "limit.json") << "{}\n";
  }

  // Writes plot_run.py beside the executable (share/moreau), as the build folder has it.
  void install_plot_script(const std::string& python) const {
    const fs::path scripts = executable.parent_path() / "share/moreau";
    fs::create_directories(scripts);
    std::ofstream(scripts / "plot_run.py") << python;
  }

  CommandResult plot() const {
    return run_executable(executable.string(), "plot " + limit_folder.string());
  }

  fs::path executable;
  fs::path limit_folder;
};

TEST(PlotScript, ASucceedingScriptHasItsOutputPrintedAndItsLogRemoved) {
  const ScratchFolder folder;
  const CopiedMoreau moreau(folder);
  moreau.install_plot_script("import sys\nprint('drew the mechanisms of', sys.argv[1])\n");
  const CommandResult plotted = moreau.plot();
  EXPECT_EQ(plotted.exit_code, 0) << plotted.output;
  EXPECT_THAT(plotted.output,
              HasSubstr("drew the mechanisms of " + moreau.limit_folder.string() + "\n"));
  EXPECT_FALSE(fs::exists(moreau.limit_folder / "plot.log"));
}

TEST(PlotScript, AFailingScriptShowsTheLastThreeLinesOfItsKeptLog) {
  const ScratchFolder folder;
  const CopiedMoreau moreau(folder);
  moreau.install_plot_script(
      "import sys\nfor line in ['one', 'two', 'three', 'four', 'five']:\n    print(line)\n"
      "sys.exit(1)\n");
  const CommandResult plotted = moreau.plot();
  EXPECT_EQ(plotted.exit_code, 2) << plotted.output;
  EXPECT_THAT(plotted.output, HasSubstr("moreau plot: the plots were not drawn: \n"
                                        "    three\n    four\n    five\n"));
  EXPECT_THAT(plotted.output, Not(HasSubstr("    two\n")));
  std::ifstream log(moreau.limit_folder / "plot.log");
  std::stringstream text;
  text << log.rdbuf();
  EXPECT_EQ(text.str(), "one\ntwo\nthree\nfour\nfive\n");
}

// An executable copied away from its scripts says where it looked for them: beside it, in
// ../share/moreau, and in the install prefix's share/moreau.
TEST(PlotCommand, ACopiedExecutableSaysWhereItLookedForItsScripts) {
  const ScratchFolder folder;
  const CopiedMoreau moreau(folder);
  const CommandResult plotted = moreau.plot();
  EXPECT_NE(plotted.exit_code, 0) << plotted.output;
  EXPECT_THAT(plotted.output, HasSubstr("plot_run.py is not installed: looked for it in " +
                                        (folder.path() / "bin/share/moreau").string() + ", " +
                                        (folder.path() / "share/moreau").string() + " and "))
      << plotted.output;
  EXPECT_THAT(plotted.output,
              HasSubstr("share/moreau (cmake --install puts it in PREFIX/share/moreau)"));
}

}  // namespace
}  // namespace moreau::testing
