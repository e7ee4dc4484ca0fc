#include "moreau/io/solver_log.hpp"

#include "moreau/core/diagnostic.hpp"
#include "moreau/io/output_file.hpp"

#include <iomanip>
#include <limits>

namespace moreau::io {

namespace {

constexpr const char* kHeader =
    "step,time,active,status,iterations,error,collision_seconds,assembly_seconds,"
    "solve_seconds\n";

}  // namespace

SolverLog::SolverLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : path_(path), out_(open_csv_log(path, kHeader, continue_after)) {}

void SolverLog::record(long step, double time, const dynamics::StepReport& report) {
  out_ << step << ',' << time << ',' << report.active << ','
       << solvers::to_string(report.solve.status) << ',' << report.solve.iterations << ','
       << report.solve.error << ',' << report.times.collision << ',' << report.times.assembly << ','
       << report.times.solve << '\n'
       << std::flush;
  if (!out_) throw core::Diagnostic({path_.string()}, "", "writing the solver log failed");
}

}  // namespace moreau::io
