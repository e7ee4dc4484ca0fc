#include "moreau/benchmark/bench_csv.hpp"

#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <iomanip>
#include <string>

namespace moreau::benchmark {
namespace {

// A field without the CSV's separators: the status of a peer that threw carries its message.
std::string csv_field(std::string text) {
  std::replace_if(
      text.begin(), text.end(),
      [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; }, ' ');
  return text;
}

}  // namespace

BenchCsv::BenchCsv(const std::filesystem::path& path) : path_(path), partial_(path) {
  partial_ += ".partial";
  csv_.open(partial_);
  if (!csv_) throw core::Diagnostic({path_.string()}, "csv", "cannot open for writing");
  csv_ << "problem,contacts,dimension,solver,status,iterations,error,seconds,siconos_error,"
          "siconos_global_error\n";
}

void BenchCsv::write(const BenchRun& run) {
  csv_ << run.problem << ',' << run.contacts << ',' << run.dimension << ',' << run.solver << ','
       << csv_field(run.status) << ',' << run.iterations << ',' << std::setprecision(6) << run.error
       << ',' << run.seconds << ',';
  if (run.siconos_error) csv_ << *run.siconos_error;
  csv_ << ',';
  if (run.siconos_global_error) csv_ << *run.siconos_global_error;
  csv_ << '\n' << std::flush;
}

void BenchCsv::finish() {
  csv_.close();
  std::filesystem::rename(partial_, path_);
}

}  // namespace moreau::benchmark
