// The compiled part of the Python package `moreau` (python/moreau/__init__.py re-exports it).
#include "bindings.hpp"
#include "moreau/core/process_settings.hpp"

PYBIND11_MODULE(_moreau, module) {
  module.doc() = "moreau's library: problems, runs and the frictional-contact solvers";
  module.attr("__version__") = MOREAU_VERSION;
  // As the command line: the same steps bitwise, at its speed.
  moreau::core::use_one_library_thread();
  moreau::core::keep_freed_memory();
  moreau::python::bind_errors(module);
  moreau::python::bind_problem(module);
  moreau::python::bind_run(module);
  moreau::python::bind_limit(module);
  moreau::python::bind_solvers(module);
}
