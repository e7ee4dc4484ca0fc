// bench.csv: one row per measured solve (bench_run.hpp), the file
// validation/plot_performance_profile.py draws.
#pragma once

#include "moreau/benchmark/bench_run.hpp"

#include <filesystem>
#include <fstream>

namespace moreau::benchmark {

/// Writes the rows to `<path>.partial`, each flushed as it comes (a benchmark killed midway
/// keeps the runs done), and renames that file onto `path` in finish(): a file at `path` is
/// always a whole benchmark. Columns: problem, contacts, dimension, solver, status,
/// iterations, error, seconds, siconos_error, siconos_global_error (the last two empty when
/// not measured); errors and times with 6 significant digits.
class BenchCsv {
 public:
  /// Opens `<path>.partial` and writes the header.
  /// @throws core::Diagnostic naming `path` when it cannot be opened
  explicit BenchCsv(const std::filesystem::path& path);
  void write(const BenchRun& run);
  /// Closes the file and renames it onto `path`.
  void finish();

 private:
  std::filesystem::path path_;
  std::filesystem::path partial_;
  std::ofstream csv_;
};

}  // namespace moreau::benchmark
