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

SolverLog::SolverLog(const std::filesystem::path& path) : path_(path), out_(path) {
  if (!out_) throw core::Diagnostic({path_.string()}, "", "cannot be created");
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10) << kHeader << std::flush;
}

SolverLog::SolverLog(const std::filesystem::path& path, long after_step) : path_(path) {
  const bool existed = std::filesystem::exists(path_);
  keep_rows_up_to_step(path_, after_step);
  out_.open(path_, std::ios::app);
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10);
  if (!existed) out_ << kHeader << std::flush;
  if (!out_) throw core::Diagnostic({path_.string()}, "", "cannot be written");
}

void SolverLog::record(long step, double time, const dynamics::StepReport& report) {
  out_ << step << ',' << time << ',' << report.active << ','
       << solvers::to_string(report.solve.status) << ',' << report.solve.iterations << ','
       << report.solve.error << ',' << report.times.collision << ',' << report.times.assembly << ','
       << report.times.solve << '\n'
       << std::flush;
  if (!out_) throw core::Diagnostic({path_.string()}, "", "writing the solver log failed");
}

}  // namespace moreau::io
