// solver.csv: its header; a step without a solve (no active contact, or the penalty mode)
// as "none" with no method; a staged solve's stages joined by " + " so that they stay one
// field, with the criterion that decided it.
#include "moreau/output/solver_log.hpp"

#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace moreau::output {
namespace {

TEST(SolverLog, WritesStepsWithAndWithoutASolve) {
  const testing::ScratchFolder folder;
  const std::filesystem::path path = folder.path() / "solver.csv";
  dynamics::StepReport idle;
  idle.times = {.collision = 0.25, .assembly = 0.125, .solve = 0.0};
  dynamics::StepReport staged;
  staged.active = 6;
  staged.solver = "hybrid";
  solvers::SolveReport solve;
  solve.status = solvers::Status::Converged;
  solve.iterations = 107;
  solve.error = 0.0078125;
  solve.stages = "nsgs 100, newton-ac 7";
  staged.solve = solve;
  staged.times = {.collision = 0.5, .assembly = 0.25, .solve = 2.0};
  {
    SolverLog log(path);
    log.record(1, 0.5, idle);
    log.record(2, 1.0, staged);
  }
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(),
            "step,time,active,status,iterations,error,collision_seconds,assembly_seconds,"
            "solve_seconds,solver,stages,criterion\n"
            "1,0.5,0,none,0,0,0.25,0.125,0,,,\n"
            "2,1,6,converged,107,0.0078125,0.5,0.25,2,hybrid,nsgs 100 + newton-ac 7,"
            "natural-map\n");
}

}  // namespace
}  // namespace moreau::output
