// The parts of the Python module `moreau._moreau`, one function per file, each adding its
// classes and functions to the module (docs/python.md documents them for users).
#pragma once

#include "moreau/model/scene.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace moreau::python {

namespace py = pybind11;

/// The names of the scene's bodies in order: the rows of the arrays of a run.
std::vector<std::string> body_names(const model::Scene& scene);

/// moreau.InputError: core::Diagnostic raised in Python, with its file, line, column and key.
void bind_errors(py::module_& module);
/// moreau.Problem, moreau.GravityLoad, load_problem and problem_from_text.
void bind_problem(py::module_& module);
/// moreau.Run and what a step reports.
void bind_run(py::module_& module);
/// moreau.limit: limit analysis of a problem.
void bind_limit(py::module_& module);
/// The solver layer on its own: moreau.ContactProblem, solve, natural_map_error.
void bind_solvers(py::module_& module);

}  // namespace moreau::python
