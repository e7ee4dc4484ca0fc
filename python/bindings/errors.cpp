#include "bindings.hpp"
#include "moreau/core/diagnostic.hpp"

namespace moreau::python {

void bind_errors(py::module_& module) {
  // A ValueError, so that code catching Python's usual error for bad values catches it too.
  static py::exception<core::Diagnostic> input_error(module, "InputError", PyExc_ValueError);
  input_error.doc() =
      "Bad input (a problem file, a contact-problem file, an argument), located as moreau's\n"
      "command line locates it. str(error) is the message 'file:line:col: error: key: ...';\n"
      "the attributes file, line, column (None when unknown) and key ('' when none) give\n"
      "its parts.";
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const core::Diagnostic& error) {
      const core::SourceLocation& where = error.where();
      const auto known = [](int number) -> py::object {
        return number > 0 ? py::object(py::int_(number)) : py::object(py::none());
      };
      // The type called as an object: py::exception's own call operator sets the error.
      py::object instance = static_cast<const py::object&>(input_error)(error.what());
      instance.attr("file") = where.file.empty() ? py::object(py::none()) : py::str(where.file);
      instance.attr("line") = known(where.line);
      instance.attr("column") = known(where.column);
      instance.attr("key") = error.key();
      PyErr_SetObject(input_error.ptr(), instance.ptr());
    }
  });
}

}  // namespace moreau::python
