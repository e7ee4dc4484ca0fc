// bench.csv: nothing at the path until the benchmark finishes (the rows go to .partial), then
// the header and one row per run, a status's separators blanked, Siconos' errors only where
// measured.
#include "moreau/benchmark/bench_csv.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace moreau::benchmark {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(BenchCsv, RowsAppearAtThePathOnlyOnceFinished) {
  const testing::ScratchFolder scratch;
  const fs::path path = scratch.path() / "bench.csv";
  fs::path partial = path;
  partial += ".partial";
  BenchCsv csv(path);
  BenchRun local{"a.dat", 2, 3, "nsgs", "converged", true, 12, 1.5e-9, 0.000123456789, {}, {}};
  BenchRun peer{"b.hdf5", 5,   3,      "siconos-nsgs", "threw (bad, \"alloc\")", false, 0,
                0.25,     1.0, 2.5e-9, 3.0e-9};
  csv.write(local);
  csv.write(peer);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::exists(partial));
  csv.finish();
  EXPECT_FALSE(fs::exists(partial));
  EXPECT_EQ(contents(path),
            "problem,contacts,dimension,solver,status,iterations,error,seconds,siconos_error,"
            "siconos_global_error\n"
            "a.dat,2,3,nsgs,converged,12,1.5e-09,0.000123457,,\n"
            "b.hdf5,5,3,siconos-nsgs,threw (bad   alloc ),0,0.25,1,2.5e-09,3e-09\n");
}

TEST(BenchCsv, AnUnwritableFolderIsADiagnostic) {
  EXPECT_THROW(BenchCsv(fs::path("/nonexistent-folder/bench.csv")), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::benchmark
