// moreau.Run: run::Run driven from Python, its state as numpy arrays, and the outputs of
// `moreau run` (observers) when given a folder. The GIL is released while steps are taken,
// so that runs in several Python threads go in parallel.
#include "moreau/run/run.hpp"

#include "bindings.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/interfaces.hpp"
#include "moreau/io/problem_file.hpp"
#include "moreau/output/observers.hpp"
#include "moreau/output/run_folder.hpp"
#include "moreau/output/summary_json.hpp"
#include "moreau/output/vtk_writer.hpp"
#include "moreau/run/checkpoint.hpp"

#include <pybind11/eigen.h>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace moreau::python {
namespace {

namespace fs = std::filesystem;
using math::Vec3;

// An (n, columns) array of doubles whose row i is fill(i, row pointer).
template <class Fill>
py::array_t<double> rows(std::size_t n, py::ssize_t columns, Fill fill) {
  py::array_t<double> array({static_cast<py::ssize_t>(n), columns});
  auto view = array.mutable_unchecked<2>();
  for (std::size_t i = 0; i < n; ++i) fill(i, view.mutable_data(static_cast<py::ssize_t>(i), 0));
  return array;
}

void put(const Vec3& v, double* row) {
  for (int k = 0; k < 3; ++k) row[k] = v[k];
}

// The (n, 3) array of a vector of each body of the run, of(body).
template <class Of>
py::array_t<double> body_vectors(const run::Run& run, Of of) {
  const std::vector<model::Body>& bodies = run.scene().bodies;
  return rows(bodies.size(), 3, [&](std::size_t i, double* row) { put(of(bodies[i]), row); });
}

// A function of time (s) giving a 3-vector: a Python callable, or a constant vector.
std::function<Vec3(double)> time_function(const py::object& given) {
  if (PyCallable_Check(given.ptr()) != 0) return given.cast<std::function<Vec3(double)>>();
  const auto constant = given.cast<Vec3>();
  return [constant](double) { return constant; };
}

class PythonRun {
 public:
  PythonRun(run::Problem problem, std::optional<fs::path> out, bool overwrite,
            const std::optional<fs::path>& restart_from, std::optional<int> threads,
            dynamics::RemovalBounds removal)
      : arena_(thread_count(threads, problem)), out_(std::move(out)) {
    std::optional<run::Checkpoint> resumed;
    if (restart_from) resumed = run::read_restart_checkpoint(*restart_from, problem);
    // Claimed for the Run's life, as moreau run claims it for the process's: two runs, in
    // this process or another, never write into one folder. A restart continues the run
    // its folder holds.
    if (out_)
      claim_.emplace(output::claim_run_folder(*out_, overwrite || resumed.has_value(),
                                              {"out", "overwrite=True"}));
    run_ = std::make_unique<run::Run>(std::move(problem),
                                      run::RunOptions{std::move(removal), python_interruption});
    if (out_) output::attach_outputs(*run_, *out_, {false, resumed ? &*resumed : nullptr});
    if (resumed) run_->restore(*resumed);
  }

  const run::Run& run() const { return *run_; }
  run::Run& run() { return *run_; }
  const std::optional<fs::path>& out() const { return out_; }

  // One step, with the GIL released; a KeyboardInterrupt that arrived during it ends the run
  // (outputs completed, a checkpoint written) and is raised.
  run::StepOutcome step() {
    if (run_->finished())
      throw core::Diagnostic({}, "step", "a run that is not finished (see Run.finished)",
                             "a finished run");
    const run::StepOutcome* outcome = nullptr;
    {
      const py::gil_scoped_release release;
      arena_.execute([&] { outcome = &run_->advance(); });
    }
    if (run_->finished()) write_summary();
    if (PyErr_Occurred() != nullptr) throw py::error_already_set();
    return *outcome;
  }

  // The remaining steps, with the GIL released throughout.
  void run_to_end() {
    {
      const py::gil_scoped_release release;
      arena_.execute([&] {
        while (!run_->finished()) run_->advance();
      });
    }
    write_summary();
    if (PyErr_Occurred() != nullptr) throw py::error_already_set();
  }

 private:
  static int thread_count(std::optional<int> threads, const run::Problem& problem) {
    const int count = threads.value_or(problem.threads.value_or(tbb::info::default_concurrency()));
    run::check_thread_count(count);
    return count;
  }

  // The run's interruption (RunOptions::interruption): Python's pending signals, whose
  // handlers raise (KeyboardInterrupt for SIGINT) in the thread that runs the signal check.
  static std::optional<std::string> python_interruption() {
    const py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return std::nullopt;
    return py::handle(PyErr_Occurred()).attr("__name__").cast<std::string>();
  }

  void write_summary() const {
    if (out_) output::write_summary_json(*out_ / "summary.json", run_->summary());
  }

  tbb::task_arena arena_;
  std::optional<fs::path> out_;
  std::optional<output::FolderClaim> claim_;  ///< of out_; released after run_'s files close
  std::unique_ptr<run::Run> run_;
};

py::dict contact_arrays(const run::Run& run) {
  const std::vector<dynamics::Contact>& contacts = run.stepper().contacts();
  const std::size_t n = contacts.size();
  py::array_t<int> body_a(static_cast<py::ssize_t>(n));
  py::array_t<int> body_b(static_cast<py::ssize_t>(n));
  py::array_t<int> status(static_cast<py::ssize_t>(n));
  py::array_t<double> gap(static_cast<py::ssize_t>(n));
  py::array_t<double> frame({static_cast<py::ssize_t>(n), py::ssize_t{3}, py::ssize_t{3}});
  auto frames = frame.mutable_unchecked<3>();
  for (std::size_t i = 0; i < n; ++i) {
    const dynamics::Contact& contact = contacts[i];
    const auto row = static_cast<py::ssize_t>(i);
    body_a.mutable_at(row) = contact.body_a;
    body_b.mutable_at(row) = contact.body_b;
    status.mutable_at(row) = static_cast<int>(output::contact_status(contact));
    gap.mutable_at(row) = contact.point.gap;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) frames(row, r, c) = contact.frame(r, c);
  }
  py::dict arrays;
  arrays["body_a"] = body_a;
  arrays["body_b"] = body_b;
  arrays["point"] = rows(n, 3, [&](std::size_t i, double* row) { put(contacts[i].point.p, row); });
  arrays["normal"] =
      rows(n, 3, [&](std::size_t i, double* row) { put(contacts[i].frame.col(0), row); });
  arrays["gap"] = gap;
  arrays["frame"] = frame;
  arrays["force"] = rows(n, 3, [&](std::size_t i, double* row) { put(contacts[i].force, row); });
  arrays["force_world"] = rows(
      n, 3, [&](std::size_t i, double* row) { put(contacts[i].frame * contacts[i].force, row); });
  arrays["status"] = status;
  return arrays;
}

py::dict interface_arrays(const run::Run& run) {
  const std::vector<dynamics::Interface> interfaces =
      dynamics::find_interfaces(run.stepper().contacts(), run.scene());
  const std::size_t n = interfaces.size();
  py::array_t<int> body_a(static_cast<py::ssize_t>(n));
  py::array_t<int> body_b(static_cast<py::ssize_t>(n));
  py::array_t<int> points(static_cast<py::ssize_t>(n));
  py::array_t<double> normal_force(static_cast<py::ssize_t>(n));
  py::array_t<double> eccentricity(static_cast<py::ssize_t>(n));
  for (std::size_t i = 0; i < n; ++i) {
    const auto row = static_cast<py::ssize_t>(i);
    body_a.mutable_at(row) = interfaces[i].body_a;
    body_b.mutable_at(row) = interfaces[i].body_b;
    points.mutable_at(row) = interfaces[i].points;
    normal_force.mutable_at(row) = interfaces[i].normal_force;
    eccentricity.mutable_at(row) = interfaces[i].eccentricity_ratio;
  }
  py::dict arrays;
  arrays["body_a"] = body_a;
  arrays["body_b"] = body_b;
  arrays["points"] = points;
  arrays["normal"] =
      rows(n, 3, [&](std::size_t i, double* row) { put(interfaces[i].normal, row); });
  arrays["normal_force"] = normal_force;
  arrays["shear_force"] =
      rows(n, 3, [&](std::size_t i, double* row) { put(interfaces[i].shear_force, row); });
  arrays["centre_of_pressure"] =
      rows(n, 3, [&](std::size_t i, double* row) { put(interfaces[i].centre_of_pressure, row); });
  arrays["eccentricity_ratio"] = eccentricity;
  return arrays;
}

// The mechanism as summary.json's collapse.mechanism holds it (run::MechanismSummary).
py::dict mechanism_dict(const run::Run& run) {
  const run::MechanismSummary mechanism = run::summarize(run.mechanism(), run.scene());
  const auto vector = [](const math::Vec3& v) { return std::vector<double>{v.x(), v.y(), v.z()}; };
  const auto joints = [&](const std::vector<run::JointSummary>& listed) {
    py::list rows;
    for (const run::JointSummary& joint : listed)
      rows.append(py::dict(py::arg("body_a") = joint.body_a, py::arg("body_b") = joint.body_b,
                           py::arg("position") = vector(joint.position),
                           py::arg("direction") = vector(joint.direction)));
    return rows;
  };
  py::list parts;
  for (const run::PartSummary& part : mechanism.parts)
    parts.append(py::dict(py::arg("bodies") = part.bodies,
                          py::arg("motion") = part.turns ? "turning" : "sliding",
                          py::arg("axis_point") = vector(part.axis_point),
                          py::arg("direction") = vector(part.direction)));
  return py::dict(py::arg("description") = mechanism.description, py::arg("parts") = parts,
                  py::arg("hinges") = joints(mechanism.hinges),
                  py::arg("sliding") = joints(mechanism.sliding));
}

// The run's summary as the dict summary.json holds: its JSON text read by Python's json, so
// that the two cannot differ.
py::object summary_dict(const run::Run& run) {
  return py::module_::import("json").attr("loads")(output::summary_json_text(run.summary()));
}

int body_index(const run::Run& run, const py::object& body) {
  const std::vector<model::Body>& bodies = run.scene().bodies;
  if (py::isinstance<py::int_>(body)) {
    const auto index = body.cast<long>();
    if (index < 0 || index >= static_cast<long>(bodies.size()))
      throw core::Diagnostic({}, "body", core::concat("an index below ", bodies.size()),
                             core::concat(index));
    return static_cast<int>(index);
  }
  const auto name = body.cast<std::string>();
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].name == name) return static_cast<int>(i);
  throw core::Diagnostic({}, "body", "the name of a body of the run", name);
}

void bind_reports(py::module_& module) {
  py::class_<solvers::SolveReport>(module, "SolveReport", "What one solve did.")
      .def_property_readonly(
          "status",
          [](const solvers::SolveReport& report) {
            return std::string(solvers::to_string(report.status));
          },
          "'converged', 'max-iterations', 'time-limit', 'line-search-failure', 'non-finite',\n"
          "'stagnated' or 'interrupted'")
      .def_property_readonly("converged", &solvers::SolveReport::converged)
      .def_readonly("iterations", &solvers::SolveReport::iterations)
      .def_readonly("error", &solvers::SolveReport::error,
                    "natural-map error of the returned reactions (dimensionless)")
      .def_readonly("seconds", &solvers::SolveReport::seconds, "wall time of the solve, s")
      .def_readonly("error_history", &solvers::SolveReport::error_history,
                    "the error of every iteration (when record_history was asked)")
      .def_readonly("stages", &solvers::SolveReport::stages,
                    "for staged methods (hybrid): what ran, e.g. 'nsgs 100, newton-fb 6'")
      .def_property_readonly(
          "method", [](const solvers::SolveReport& report) { return std::string(report.method); },
          "for a chain of methods (auto): the method that answered; '' for the others")
      .def_property_readonly(
          "criterion",
          [](const solvers::SolveReport& report) { return std::string(report.criterion); },
          "what decided 'converged': 'natural-map', or the criterion the method was given\n"
          "(velocity-nsgs: 'lmgc90-quad', 'lmgc90-qm16'); error is the natural-map one")
      .def("__repr__", [](const solvers::SolveReport& report) {
        return core::concat("<moreau.SolveReport ", solvers::to_string(report.status), ", ",
                            report.iterations, " iterations, error ", report.error, ">");
      });

  using dynamics::StepReport;
  py::class_<StepReport>(module, "StepReport", "What one step did (energies in J).")
      .def_readonly("detected", &StepReport::detected,
                    "contact points within the detection distance")
      .def_readonly("active", &StepReport::active,
                    "contacts in the contact problem, or carrying a force")
      .def_readonly("solve", &StepReport::solve,
                    "the SolveReport of the step's contact problem; None without one (no\n"
                    "active contact, or the penalty mode)")
      .def_property_readonly("solver",
                             [](const StepReport& report) { return std::string(report.solver); })
      .def_readonly("kinetic_energy", &StepReport::kinetic_energy)
      .def_readonly("potential_energy", &StepReport::potential_energy,
                    "of gravity, relative to z = 0")
      .def_readonly("contact_work", &StepReport::contact_work, "<= 0: dissipated")
      .def_readonly("elastic_energy", &StepReport::elastic_energy,
                    "stored in the contact springs (penalty mode)");

  using run::StepOutcome;
  py::class_<StepOutcome>(module, "StepOutcome", "What happened in one step of a run.")
      .def_readonly("step", &StepOutcome::step, "its number, from 1")
      .def_readonly("time", &StepOutcome::time, "s, at its end")
      .def_readonly("report", &StepOutcome::report)
      .def_property_readonly(
          "removed",
          [](const StepOutcome& outcome) {
            std::vector<int> bodies;
            bodies.reserve(outcome.removals.size());
            for (const dynamics::Removal& removal : outcome.removals)
              bodies.push_back(removal.body);
            return bodies;
          },
          "indices of the bodies removed after it")
      .def_readonly("load_factor", &StepOutcome::load_factor,
                    "the load factor at its end: the tilt angle (deg), the lateral ramp's lambda, "
                    "under ground motion the PGA reached so far (g), else the gravity ramp's "
                    "factor")
      .def_readonly("last", &StepOutcome::last, "the run ends after it")
      .def("__repr__", [](const StepOutcome& outcome) {
        return core::concat("<moreau.StepOutcome step ", outcome.step, ", t = ", outcome.time,
                            " s>");
      });
}

}  // namespace

void bind_run(py::module_& module) {
  bind_reports(module);
  module.attr("CONTACT_STATUSES") = py::make_tuple("open", "stick", "slip");

  py::class_<PythonRun>(module, "Run", R"(A run of a problem, as `moreau run` takes it: the same
steps, bitwise. Step it with step(), or run() it to the end; between steps read its state
(numpy arrays, one row per body of problem.body_names or per contact), change its gravity
load or the motion of a driven body.

Run(problem, out=None, overwrite=False, restart_from=None, threads=None,
    remove_below=None, remove_beyond=None)
  problem       a Problem, or the path of a problem file
  out           a folder for the outputs of `moreau run` (summary.json, history.csv,
                solver.csv, VTK, checkpoints, as the problem's output settings say); None:
                no files. A folder holding an earlier run is refused unless overwrite, and
                so is one another run (in this process or another) holds: a Run holds its
                folder until it is deleted.
  restart_from  a checkpoint file of a run of the same problem to continue from (give its
                folder as out to continue its files)
  threads       for collision detection (default: the problem's, else the machine's cores);
                the results are the same for any number
  remove_below, remove_beyond   as `moreau run --remove-below/--remove-beyond`, m)")
      .def(py::init([](const py::object& problem, std::optional<fs::path> out, bool overwrite,
                       const std::optional<fs::path>& restart_from, std::optional<int> threads,
                       std::optional<double> remove_below, std::optional<double> remove_beyond) {
             run::Problem given = py::isinstance<run::Problem>(problem)
                                      ? problem.cast<run::Problem>()
                                      : io::read_problem_file(problem.cast<fs::path>());
             return std::make_unique<PythonRun>(
                 std::move(given), std::move(out), overwrite, restart_from, threads,
                 dynamics::RemovalBounds{remove_below, remove_beyond});
           }),
           py::arg("problem"), py::arg("out") = py::none(), py::arg("overwrite") = false,
           py::arg("restart_from") = py::none(), py::arg("threads") = py::none(),
           py::arg("remove_below") = py::none(), py::arg("remove_beyond") = py::none())
      .def("step", &PythonRun::step,
           "Applies the loads, takes one step, and returns its StepOutcome. Raises InputError\n"
           "on a finished run.")
      .def(
          "run",
          [](PythonRun& self) {
            self.run_to_end();
            return summary_dict(self.run());
          },
          "Takes the remaining steps and returns the summary (as summary()).")
      .def_property_readonly(
          "finished", [](const PythonRun& self) { return self.run().finished(); },
          "The last step was the problem's last, a collapse criterion fired, or the run was\n"
          "interrupted (KeyboardInterrupt).")
      .def_property_readonly(
          "step_number", [](const PythonRun& self) { return self.run().step(); },
          "the last step taken; 0 before the first")
      .def_property_readonly(
          "step_count", [](const PythonRun& self) { return self.run().step_count(); },
          "steps of the whole run")
      .def_property_readonly(
          "time", [](const PythonRun& self) { return self.run().scene().time; }, "s")
      .def_property_readonly(
          "problem", [](const PythonRun& self) { return self.run().problem(); },
          "a copy of the run's problem")
      .def_property_readonly("out", &PythonRun::out, "the output folder, or None")
      .def(
          "summary", [](const PythonRun& self) { return summary_dict(self.run()); },
          "What the run did so far, as the dict summary.json holds (docs/user-guide.md).")
      .def_property(
          "gravity", [](const PythonRun& self) { return self.run().problem().gravity; },
          [](PythonRun& self, model::GravityLoad gravity) {
            self.run().set_gravity(std::move(gravity));
          },
          "The gravity load applied before each step (a copy: assign a GravityLoad to change\n"
          "it from the next step on).")
      .def(
          "drive",
          [](PythonRun& self, const py::object& body, const py::object& linear,
             const py::object& angular) {
            model::PrescribedVelocity motion;
            if (!linear.is_none()) motion.linear = time_function(linear);
            if (!angular.is_none()) motion.angular = time_function(angular);
            self.run().drive(body_index(self.run(), body), std::move(motion));
          },
          py::arg("body"), py::arg("linear") = py::none(), py::arg("angular") = py::none(),
          R"(Replaces the motion of a driven body (its name or index) from the next step on:
linear (m/s) and angular (rad/s) velocities, world, each a 3-vector or a function of the
time t (s) returning one; None: zero.)")
      .def(
          "checkpoint",
          [](const PythonRun& self, const fs::path& path) {
            run::write_checkpoint(path, self.run().checkpoint());
          },
          py::arg("path"),
          "Writes the run's state to a checkpoint file (Run(..., restart_from=path) continues\n"
          "it bitwise).")
      .def_property_readonly("body_names",
                             [](const PythonRun& self) { return body_names(self.run().scene()); })
      .def_property_readonly(
          "positions",
          [](const PythonRun& self) {
            return body_vectors(self.run(), [](const model::Body& body) { return body.x; });
          },
          "(n, 3): centres of mass, m, world")
      .def_property_readonly(
          "orientations",
          [](const PythonRun& self) {
            const auto& bodies = self.run().scene().bodies;
            return rows(bodies.size(), 4, [&](std::size_t i, double* row) {
              const math::Quat& q = bodies[i].q;
              row[0] = q.w();
              row[1] = q.x();
              row[2] = q.y();
              row[3] = q.z();
            });
          },
          "(n, 4): unit quaternions (w, x, y, z), body frame to world")
      .def_property_readonly(
          "velocities",
          [](const PythonRun& self) {
            return body_vectors(self.run(), [](const model::Body& body) { return body.v; });
          },
          "(n, 3): velocities of the centres of mass, m/s, world")
      .def_property_readonly(
          "angular_velocities",
          [](const PythonRun& self) {
            return body_vectors(self.run(),
                                [](const model::Body& body) -> Vec3 { return body.q * body.w_B; });
          },
          "(n, 3): angular velocities, rad/s, world")
      .def_property_readonly(
          "masses",
          [](const PythonRun& self) {
            const auto& bodies = self.run().scene().bodies;
            py::array_t<double> masses(static_cast<py::ssize_t>(bodies.size()));
            for (std::size_t i = 0; i < bodies.size(); ++i)
              masses.mutable_at(static_cast<py::ssize_t>(i)) = bodies[i].mass;
            return masses;
          },
          "(n,): kg (0 for bodies that do not move with the dynamics)")
      .def_property_readonly(
          "motions",
          [](const PythonRun& self) {
            static constexpr const char* kNames[] = {"free", "fixed", "driven", "removed"};
            std::vector<std::string> motions;
            for (const model::Body& body : self.run().scene().bodies)
              motions.emplace_back(kNames[static_cast<int>(body.motion)]);
            return motions;
          },
          "per body: 'free', 'fixed', 'driven' or 'removed'")
      .def(
          "contacts", [](const PythonRun& self) { return contact_arrays(self.run()); },
          R"(The contacts of the last step as a dict of arrays, one row per contact:
  body_a, body_b (n,) int   the normal points from body_b towards body_a
  point (n, 3)              m, world
  normal (n, 3)             unit, world
  gap (n,)                  m, > 0 apart, at the start of the step
  frame (n, 3, 3)           columns normal, t1, t2 (world)
  force (n, 3)              N, in the contact frame, on body_a (NSCD: the step's impulse
                            over h; penalty: the last sub-step's force)
  force_world (n, 3)        N, world, on body_a
  status (n,) int           index into moreau.CONTACT_STATUSES: open, stick, slip)")
      .def(
          "interfaces", [](const PythonRun& self) { return interface_arrays(self.run()); },
          R"(The resultants of the joints in contact, hinges included (interfaces.csv), as a
dict of arrays, one row per joint: body_a, body_b, points, normal (n, 3), normal_force
(n,) N, shear_force (n, 3) N, centre_of_pressure (n, 3) m, eccentricity_ratio (n,):
<= 1 in the central kernel, 3 at a hinge.)")
      .def(
          "mechanism", [](const PythonRun& self) { return mechanism_dict(self.run()); },
          R"(How the structure moves after the last step, as summary.json's collapse.mechanism:
description (one line), parts (bodies, motion 'turning' or 'sliding', axis_point,
direction), hinges and sliding joints (body_a, body_b, position, direction).)")
      .def("__repr__", [](const PythonRun& self) {
        return core::concat("<moreau.Run '", self.run().problem().title, "': step ",
                            self.run().step(), " of ", self.run().step_count(),
                            ", t = ", self.run().scene().time, " s>");
      });
}

}  // namespace moreau::python
