// moreau.limit: the limit analysis of `moreau limit` on a problem object (limit/analyses.hpp),
// so that a study that changes a problem from Python (friction, sizes, imperfections) gets the
// collapse loads of each copy without files. Its answer is limit.json's object, as a dict.
#include "bindings.hpp"
#include "moreau/limit/analyses.hpp"
#include "moreau/output/limit_files.hpp"
#include "moreau/run/problem.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <optional>
#include <string>

namespace moreau::python {
namespace {

namespace fs = std::filesystem;

// Not given, a setting keeps moreau limit's default and its rule on the problem's size
// (limit::LimitSettings).
limit::LimitSettings settings(int facets, const std::optional<int>& iterations,
                              const std::optional<double>& time_limit) {
  limit::LimitSettings given;
  given.facets = facets;
  given.iterations = iterations.value_or(given.iterations);
  given.iterations_given = iterations.has_value();
  given.seconds = time_limit.value_or(given.seconds);
  given.seconds_given = time_limit.has_value();
  limit::check(given);
  return given;
}

py::object limit_analysis(const run::Problem& problem, int facets,
                          const std::optional<int>& iterations,
                          const std::optional<double>& time_limit,
                          const std::optional<fs::path>& out, bool overwrite) {
  const limit::LimitSettings given = settings(facets, iterations, time_limit);
  std::optional<output::FolderClaim> claim;
  if (out) claim.emplace(output::claim_limit_folder(*out, overwrite, {"out", "overwrite=True"}));
  // A copy: another Python thread may change the problem while this one runs without the GIL.
  const run::Problem analysed = problem;
  std::string text;
  {
    const py::gil_scoped_release release;
    const limit::LimitAnalyses limits = limit::analyse_limits(analysed, given);
    if (claim) output::write_limit_files(claim->folder(), analysed, limits);
    text = output::limit_json(analysed, limits).dump();
  }
  return py::module_::import("json").attr("loads")(text);
}

}  // namespace

void bind_limit(py::module_& module) {
  module.def("limit", &limit_analysis, py::arg("problem"), py::kw_only(), py::arg("facets") = 16,
             py::arg("iterations") = py::none(), py::arg("time_limit") = py::none(),
             py::arg("out") = py::none(), py::arg("overwrite") = false,
             R"(Limit analysis of the problem's structure where it stands at t = 0, under its
lateral load (a tilt, loads.lateral or a ground motion's equivalent static load), as `moreau
limit` does it (docs/limit-analysis.md): per direction of the load and drawing of the cones,
the associative collapse (the upper end) and the least load at which non-associative
friction allows a mechanism (the lower end), with their load factors, mechanisms and contact
forces. Returns the dict of limit.json (docs/user-guide.md, "moreau limit"); with `out`, also
writes limit.json and each end's files into that folder (refused where it holds an earlier
analysis, unless overwrite=True).
facets: faces of the pyramids standing for 3D cones (>= 3). iterations: programs of the
fictitious-friction iteration from each start (>= 1; not given, the lower end is searched for
on at most 1,000 contact points). time_limit: Cbc's seconds per direction and cone to prove
the least load (>= 0, 0: not run; not given, 10 s on at most 50 contact points).
Raises moreau.InputError for a setting out of range or a problem without a lateral load.)");
}

}  // namespace moreau::python
