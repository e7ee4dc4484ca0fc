// The solver layer on its own (no scene): a frictional-contact problem u = W r + q,
// K* ∋ û ⊥ r ∈ K, built from arrays or read from an FCLib or Siconos file, solved by any
// registered method, and the error measure every solver is judged by (docs/mathematics.md,
// section 1).
#include "bindings.hpp"
#include "moreau/contact/contact_problem_file.hpp"
#include "moreau/contact/natural_map_error.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/solvers/registry.hpp"

#include <pybind11/eigen.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace moreau::python {
namespace {

namespace fs = std::filesystem;
using contact::ContactProblemFile;
using math::SparseMat;
using math::VecX;

struct Solution {
  VecX r;  ///< reactions (impulses), contact frames, normal first
  VecX u;  ///< local velocities W r + q
  solvers::SolveReport report;
};

ContactProblemFile problem_of_arrays(const SparseMat& W, VecX q, VecX mu, int dimension) {
  if (dimension != 2 && dimension != 3)
    throw core::Diagnostic({}, "dimension", "2 or 3", core::concat(dimension));
  if (W.rows() != W.cols() || W.rows() % dimension != 0)
    throw core::Diagnostic({}, "W",
                           core::concat("a square matrix of a multiple of ", dimension, " rows"),
                           core::concat(W.rows(), " x ", W.cols()));
  ContactProblemFile file;
  file.problem.dimension = dimension;
  file.problem.W = contact::BlockSparseMatrix::from_sparse(W, dimension);
  file.problem.q = std::move(q);
  file.problem.mu = std::move(mu);
  contact::validate(file.problem, {"<arrays>"});
  return file;
}

// Keyword arguments of solve(), checked as every front end checks them (their keys are the
// arguments' names).
solvers::StopCriteria stop_criteria(double tolerance, int max_iterations, double time_limit,
                                    bool record_history) {
  const solvers::StopCriteria stop{tolerance, max_iterations, time_limit, record_history};
  solvers::check_requested(stop);
  return stop;
}

// {"relaxation": 1.3, "line_search": True} -> the text `--option key=value` gives.
solvers::SolverParameters solver_parameters(const std::map<std::string, py::object>& options) {
  solvers::SolverParameters parameters;
  for (const auto& [key, value] : options)
    parameters[key] = py::isinstance<py::bool_>(value) ? (value.cast<bool>() ? "true" : "false")
                                                       : py::str(value).cast<std::string>();
  return parameters;
}

// The state a global method starts from (a dump's guess_penalty): finite, >= 0, and for a
// method of the global form only.
std::optional<solvers::GlobalSolverState> starting_state(const std::optional<double>& penalty,
                                                         const std::string& name) {
  if (!penalty) return std::nullopt;
  if (!(*penalty >= 0.0) || std::isinf(*penalty))
    throw core::Diagnostic({}, "guess_penalty", "a finite penalty >= 0", core::concat(*penalty));
  if (!solvers::is_global_solver(name))
    throw core::Diagnostic({}, "guess_penalty",
                           core::concat("a method of the global form (its state), not ", name));
  return solvers::GlobalSolverState{.penalty = *penalty};
}

Solution solve(const ContactProblemFile& file, const std::string& name, double tolerance,
               int max_iterations, double time_limit,
               const std::map<std::string, py::object>& options, const std::optional<VecX>& start,
               bool record_history, const std::optional<double>& guess_penalty) {
  const solvers::StopCriteria stop =
      stop_criteria(tolerance, max_iterations, time_limit, record_history);
  const solvers::SolverParameters parameters = solver_parameters(options);
  const std::optional<solvers::GlobalSolverState> state = starting_state(guess_penalty, name);
  Solution solution;
  solution.r = start.value_or(VecX::Zero(file.problem.size()));
  if (solution.r.size() != file.problem.size())
    throw core::Diagnostic({}, "r", core::concat("a vector of ", file.problem.size()),
                           core::concat("one of ", solution.r.size()));
  if (solvers::is_global_solver(name)) {
    if (!file.global)
      throw core::Diagnostic({file.path.string()}, "solver",
                             core::concat("a global problem (M, H, f, w) for ", name),
                             "a local problem (W, q): use a method of the local form");
    const auto solver = solvers::make_global_solver(name, stop, parameters);
    if (state) solver->restore(*state);
    const py::gil_scoped_release release;
    VecX v;
    solution.report = solver->solve(*file.global, solution.r, v);
  } else {
    const auto solver = solvers::make_solver(name, stop, parameters);
    const py::gil_scoped_release release;
    solution.report = solver->solve(file.problem, solution.r);
  }
  solution.u = file.problem.velocity(solution.r);
  return solution;
}

}  // namespace

void bind_solvers(py::module_& module) {
  py::class_<ContactProblemFile>(module, "ContactProblem", R"(A frictional-contact problem
  u = W r + q,  K* ∋ û ⊥ r ∈ K  (K the Coulomb cones of mu, normal component first),
with d = dimension (3, or 2 in planar mode) components per contact.

ContactProblem(W, q, mu, dimension=3): W a square scipy.sparse matrix (or a dense array) of
d n_c rows, symmetric positive semi-definite; q (d n_c,); mu (n_c,) >= 0. Checked as a file
is (sizes, finiteness, mu >= 0); read_contact_problem(path) reads a file.)")
      .def(py::init([](const SparseMat& W, VecX q, VecX mu, int dimension) {
             return problem_of_arrays(W, std::move(q), std::move(mu), dimension);
           }),
           py::arg("W"), py::arg("q"), py::arg("mu"), py::arg("dimension") = 3)
      .def_property_readonly("dimension",
                             [](const ContactProblemFile& file) { return file.problem.dimension; })
      .def_property_readonly("contacts",
                             [](const ContactProblemFile& file) { return file.problem.contacts(); })
      .def_property_readonly(
          "W", [](const ContactProblemFile& file) { return file.problem.W.to_sparse(); },
          "scipy.sparse.csc_matrix (a copy)")
      .def_property_readonly("q", [](const ContactProblemFile& file) { return file.problem.q; })
      .def_property_readonly("mu", [](const ContactProblemFile& file) { return file.problem.mu; })
      .def_property_readonly(
          "kind",
          [](const ContactProblemFile& file) {
            return file.kind == contact::ProblemKind::Local ? "local" : "global";
          },
          "'global' for a file of (M, H, f, w, mu), condensed to W and q; else 'local'")
      .def_readonly("stored_solution", &ContactProblemFile::stored_solution,
                    "r stored in an FCLib file, or None")
      .def_readonly("guess", &ContactProblemFile::guess,
                    "the first guess stored in an FCLib file, or None")
      .def_readonly("guess_penalty", &ContactProblemFile::guess_penalty,
                    "the state velocity-newton started the guess's solve from in the run that "
                    "dumped it (its carried kappa, moreau run --dump-problems), or None")
      .def_property_readonly("path",
                             [](const ContactProblemFile& file) -> std::optional<fs::path> {
                               if (file.path.empty()) return std::nullopt;
                               return file.path;
                             })
      .def(
          "velocity",
          [](const ContactProblemFile& file, const VecX& r) { return file.problem.velocity(r); },
          py::arg("r"), "u = W r + q")
      .def("__repr__", [](const ContactProblemFile& file) {
        return core::concat("<moreau.ContactProblem ", file.problem.contacts(),
                            " contacts, d = ", file.problem.dimension, ">");
      });

  module.def(
      "read_contact_problem",
      [](const std::filesystem::path& path) { return contact::read_contact_problem_file(path); },
      py::arg("path"),
      R"(Reads a frictional-contact problem file: FCLib HDF5 or
Siconos text, local or global (a global problem is condensed to W and q; its global form is
kept for the methods of global_solver_names()). Raises InputError naming the file.)");

  py::class_<Solution>(module, "Solution", "What solve() returns.")
      .def_readonly("r", &Solution::r, "reactions (impulses), contact frames, normal first")
      .def_readonly("u", &Solution::u, "local velocities W r + q")
      .def_readonly("report", &Solution::report, "the SolveReport")
      .def("__repr__", [](const Solution& solution) {
        return core::concat("<moreau.Solution ", solvers::to_string(solution.report.status),
                            ", error ", solution.report.error, ">");
      });

  module.def("solve", &solve, py::arg("problem"),
             py::arg("solver") = std::string(solvers::default_solver_name()),
             py::arg("tolerance") = solvers::StopCriteria{}.tolerance,
             py::arg("max_iterations") = solvers::StopCriteria{}.max_iterations,
             py::arg("time_limit") = 0.0, py::arg("options") = std::map<std::string, py::object>{},
             py::arg("r") = py::none(), py::arg("record_history") = false,
             py::arg("guess_penalty") = py::none(),
             R"(Solves a ContactProblem with a registered method, as `moreau solve` does (the GIL
is released meanwhile). solver: a name of solver_names(), or of global_solver_names() for a
problem read from a global file; tolerance on the natural-map error (or on the criterion an
option names: report.criterion says which decided); max_iterations (sweeps
or Newton steps); time_limit (s, 0: none); options: the method's own options by name, as
`--option key=value`; r: the warm start (zeros when None); record_history: keep the error of
every iteration; guess_penalty: the state a method of the global form starts from (a dump's
problem.guess_penalty: with r=problem.guess the solve repeats the run's, as `moreau solve
--warm-start guess` does). Returns a Solution (r, u, report); a method that does not converge
says so in report.status, it does not raise.)");

  module.def(
      "natural_map_error",
      [](const ContactProblemFile& file, const VecX& r) {
        if (r.size() != file.problem.size())
          throw core::Diagnostic({}, "r", core::concat("a vector of ", file.problem.size()),
                                 core::concat("one of ", r.size()));
        return contact::natural_map_error(file.problem, r);
      },
      py::arg("problem"), py::arg("r"),
      R"(The error every solver is judged by, zero exactly at solutions (dimensionless):
  |r - P_K(r - û(W r + q))| / max(|q|, |r|, |u|),
the norm over all contacts (Siconos' fc3d_compute_error).)");

  module.def("solver_names", &solvers::registered_solver_names,
             "The methods of the local problem (W, q, mu), the default first.");
  module.def("global_solver_names", &solvers::registered_global_solver_names,
             "The methods of the global problem (M, H, f, w, mu), for global files.");
}

}  // namespace moreau::python
