#include "moreau/output/solver_log.hpp"

#include "moreau/core/output_file.hpp"
#include "solve_fields.hpp"

#include <string>

namespace moreau::output {

namespace {

constexpr const char* kHeader =
    "step,time,active,status,iterations,error,collision_seconds,assembly_seconds,"
    "solve_seconds,solver,stages,criterion\n";

// The stages of a staged solve without the commas of SolveReport::stages:
// "nsgs 100 + newton-ac 7".
std::string stages_field(std::string stages) {
  for (std::size_t at = stages.find(", "); at != std::string::npos; at = stages.find(", ", at))
    stages.replace(at, 2, " + ");
  return stages;
}

}  // namespace

SolverLog::SolverLog(const std::filesystem::path& path, std::optional<long> continue_after)
    : out_(path, kHeader, continue_after) {}

void SolverLog::record(long step, double time, const dynamics::StepReport& report) {
  std::ostream& row = out_.rows();
  row << step << ',' << time << ',' << report.active << ',';
  write_solve_fields(row, report);
  row << ',' << report.times.collision << ',' << report.times.assembly << ',' << report.times.solve
      << ',' << report.solver << ',' << (report.solve ? stages_field(report.solve->stages) : "")
      << ',' << (report.solve ? report.solve->criterion : "") << '\n';
  out_.write_rows();
}

}  // namespace moreau::output
