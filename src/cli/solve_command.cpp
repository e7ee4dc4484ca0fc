// `moreau solve FILE`: one frictional-contact problem (FCLib HDF5 or Siconos text, local or
// global), one solver, one line of result. Exit 0 converged, 3 not converged, 2 bad input.
#include "command.hpp"
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/core/closest_match.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/core/output_file.hpp"
#include "moreau/solvers/registry.hpp"
#include "options.hpp"

#include <tbb/global_control.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

namespace moreau::cli {
namespace {

using math::VecX;

VecX warm_start(const contact::ContactProblemFile& file, const std::string& choice) {
  if (choice == "zero") return VecX::Zero(file.dimension() * file.contacts());
  if (choice == "guess" && file.guess) return *file.guess;
  if (choice == "solution" && file.stored_solution) return *file.stored_solution;
  if (choice != "guess" && choice != "solution")
    throw core::Diagnostic({"--warm-start"}, "warm-start", "zero, guess or solution", choice);
  throw core::Diagnostic({file.path.string()}, "warm-start",
                         core::concat("a file with a stored ", choice), "none in this file");
}

void write_values(const std::filesystem::path& path, const VecX& values) {
  core::write_output_file(path, [&](std::ostream& out) {
    out << std::setprecision(17);
    for (const double value : values) out << value << '\n';
  });
}

void print_result(const contact::ContactProblemFile& file, std::string_view solver,
                  const solvers::SolveReport& report, bool json) {
  if (json) {
    nlohmann::json line = {{"file", file.path.string()},
                           {"contacts", file.contacts()},
                           {"dimension", file.dimension()},
                           {"solver", solver},
                           {"status", solvers::to_string(report.status)},
                           {"converged", report.converged()},
                           {"criterion", report.criterion},
                           {"iterations", report.iterations},
                           {"error", report.error},
                           {"seconds", report.seconds}};
    if (!report.stages.empty()) line["stages"] = report.stages;
    if (!report.method.empty()) line["method"] = report.method;
    std::cout << line.dump() << '\n';
    return;
  }
  // What ran: a staged method's stages, or the method a chain answered with.
  const std::string ran = report.stages.empty() ? std::string(report.method) : report.stages;
  std::cout << file.path.string() << ": " << file.contacts() << " contacts, " << solver
            << (ran.empty() ? "" : " (" + ran + ")") << ", " << solvers::to_string(report.status)
            << (report.criterion == solvers::kNaturalMapCriterion
                    ? ""
                    : core::concat(" (", report.criterion, ")"))
            << ", " << report.iterations << " iterations, error " << std::setprecision(3)
            << std::scientific << report.error << ", " << std::defaultfloat << std::setprecision(4)
            << report.seconds << " s\n";
}

// A method of the global form runs on the file's global problem; a local file has none.
// Started from a dump's guess, it starts from the state the run's solver started the step
// from, so that the solve repeats the run's. v: the global velocities of the returned r.
solvers::SolveReport solve_global(const contact::ContactProblemFile& file, const std::string& name,
                                  const solvers::StopCriteria& stop,
                                  const solvers::SolverParameters& parameters,
                                  const po::variables_map& values, VecX& r, VecX& v) {
  if (!file.global)
    throw core::Diagnostic({file.path.string()}, "solver",
                           core::concat("a global problem (M, H, f, w) for ", name),
                           "a local problem (W, q): use a method of the local form");
  const auto solver = solvers::make_global_solver(name, stop, parameters);
  if (values["warm-start"].as<std::string>() == "guess" && file.guess_penalty)
    solver->restore({.penalty = *file.guess_penalty});
  return solver->solve(*file.global, r, v);
}

int run_solve(const std::vector<std::string>& arguments) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "problem file")(
      "solver",
      po::value<std::string>()->default_value(std::string(solvers::default_solver_name())),
      core::concat("method: ", core::join(solvers::registered_solver_names()),
                   "; for global problems also ",
                   core::join(solvers::registered_global_solver_names()))
          .c_str())("warm-start", po::value<std::string>()->default_value("zero"),
                    "initial reactions: zero, guess or solution (stored in FCLib files)")(
      "reactions", po::value<std::string>(), "write the reactions r to this file, one a line")(
      "velocities", po::value<std::string>(),
      "write the local velocities u = W r + q (= H^T v + w) to this file")(
      "json", "print the result as one JSON object");
  add_solver_options(options, 0.0);
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_command(
      arguments, "Usage: moreau solve FILE [options]\nSolves one frictional-contact problem.",
      options, positional);
  if (!values) return kSuccess;

  const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                        read_threads(*values));
  const std::string name = (*values)["solver"].as<std::string>();
  const solvers::StopCriteria stop = read_stop_criteria(*values);
  const solvers::SolverParameters parameters = read_solver_parameters(*values);
  check_solver_choice(name, parameters, "solver");  // before the file, which may be large
  const bool global = solvers::is_global_solver(name);
  const contact::ContactProblemFile file = contact::read_contact_problem_file(
      (*values)["file"].as<std::string>(),
      global ? contact::LocalForm::Skip : contact::LocalForm::Build);
  VecX r = warm_start(file, (*values)["warm-start"].as<std::string>());
  VecX v;
  const solvers::SolveReport report =
      global ? solve_global(file, name, stop, parameters, *values, r, v)
             : solvers::make_solver(name, stop, parameters)->solve(file.problem, r);

  if (values->count("reactions")) write_values((*values)["reactions"].as<std::string>(), r);
  if (values->count("velocities"))
    write_values((*values)["velocities"].as<std::string>(),
                 global ? file.global->local_velocity(v) : file.problem.velocity(r));
  print_result(file, name, report, values->count("json") > 0);
  return report.converged() ? kSuccess : kNotConverged;
}

}  // namespace

extern const Command kSolveCommand{"solve", "solve one frictional-contact problem file", run_solve};

}  // namespace moreau::cli
