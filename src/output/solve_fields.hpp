// The columns of a step's solve in the CSV outputs (history.csv, solver.csv).
#pragma once

#include "moreau/dynamics/stepper.hpp"

#include <ostream>

namespace moreau::output {

/// status (solvers::to_string), iterations, error (natural-map) of the step's solve, with the
/// stream's precision; "none,0,0" for a step that solved nothing (no active contact, or the
/// penalty mode).
inline void write_solve_fields(std::ostream& out, const dynamics::StepReport& report) {
  if (!report.solve) {
    out << "none,0,0";
    return;
  }
  out << solvers::to_string(report.solve->status) << ',' << report.solve->iterations << ','
      << report.solve->error;
}

}  // namespace moreau::output
