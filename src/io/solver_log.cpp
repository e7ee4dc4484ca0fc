#include "moreau/io/solver_log.hpp"

#include "moreau/core/diagnostic.hpp"

#include <iomanip>
#include <limits>

namespace moreau::io {

SolverLog::SolverLog(const std::filesystem::path& path) : path_(path), out_(path) {
  if (!out_) throw core::Diagnostic({path_.string()}, "", "cannot be created");
  out_ << std::setprecision(std::numeric_limits<double>::max_digits10)
       << "step,time,active,status,iterations,error,collision_seconds,assembly_seconds,"
          "solve_seconds\n"
       << std::flush;
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
