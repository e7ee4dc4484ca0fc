// history.csv: the time series of a run, one row per recorded step, written as the run goes
// (docs/mathematics.md section 3: nothing computed is lost on a later error or a kill).
#pragma once

#include "moreau/core/output_file.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/model/scene.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace moreau::output {

/// What the next rows of history.csv depend on besides the scene: HistoryOutput's state in
/// checkpoints.
struct HistoryState {
  double dissipated_energy = 0.0;         ///< J
  double load_work = 0.0;                 ///< J, the last row's
  double next_load_work = 0.0;            ///< J, the last step's StepOutcome::load_work
  std::vector<double> last_rotation_deg;  ///< per tracked body (planar continuation)
};

/// Writes a CSV file (RFC 4180: comma-separated, a header line, fields quoted only when they
/// hold a comma, quote or line break) with the columns
///   step, time (s), detected, active, solver_status (solvers::to_string; none for a step
///   that solved nothing), iterations, error (natural-map, dimensionless), solve_seconds
///   (s), kinetic_energy, with a support (under ground motion) relative_kinetic_energy (J,
///   of the free bodies' motion relative to the support's translation: what the structure
///   itself does, where kinetic_energy is mostly its table's carry),
///   potential_energy, elastic_energy (penalty mode: stored in the contact springs; 0 in
///   NSCD), contact_work, dissipated_energy, load_work (J), load_factor (as passed in),
/// then for each tracked body B
///   B.x, B.y, B.z (m, centre of mass, world), B.rotation_deg, B.speed (m/s, |v|).
/// dissipated_energy is -sum of contact_work over every step so far, recorded or not: the
/// energy the impulses took out of the system (it can decrease where they do positive work,
/// e.g. with restitution); in the penalty mode, the energy dissipated by dashpots and slip,
/// so that kinetic + potential + elastic + dissipated stays the initial energy.
/// load_work is the work of the gravity load's changes (run::StepOutcome::load_work: a
/// tilting table turns gravity) that potential_energy shows so far: potential_energy -
/// load_work changes by the bodies' motion alone, and kinetic + potential - load_work +
/// elastic + dissipated stays the initial energy on a tilting table too.
/// B.rotation_deg is the rotation since the writer was constructed, from q q0^-1:
///   3D      its angle, in [0, 180];
///   planar  signed about +y (right-hand rule, i.e. clockwise in the x-right, z-up picture
///           seen from -y), continued across +-180 from row to row, so a rolling body
///           shows 360 after one turn. This assumes less than half a turn between rows.
/// Numbers have 17 significant digits, so they parse back to the same double; NaN and
/// infinities are written "nan", "inf", "-inf" (which numpy and pandas read).
/// Every row is flushed as it is written: after a crash the file holds every row so far.
class HistoryWriter {
 public:
  /// Creates (or truncates) path and writes the header. `initial` gives the orientations
  /// rotations are measured from.
  /// @param bodies names of the bodies to track, in column order
  /// @param support the shaken support (run::shaken_support) relative_kinetic_energy is
  ///        measured from; none: no such column
  /// @throws core::Diagnostic if the file cannot be written or a name is not a body of
  ///         `initial` (with the nearest name, if one is close)
  HistoryWriter(const std::filesystem::path& path, const model::Scene& initial,
                const std::vector<std::string>& bodies,
                std::optional<std::size_t> support = std::nullopt);

  /// Continues the history.csv of an earlier run (moreau run --restart-from): drops its rows
  /// past `after_step` and appends; writes the header first if the file is missing.
  /// `initial` is the scene at t = 0, as for a new run; `state` that of the checkpoint.
  /// @throws core::Diagnostic as the first constructor, or if `state` tracks another number
  ///         of bodies
  HistoryWriter(const std::filesystem::path& path, const model::Scene& initial,
                const std::vector<std::string>& bodies, long after_step, HistoryState state,
                std::optional<std::size_t> support = std::nullopt);

  /// What the next rows depend on besides the scene (checkpoints).
  HistoryState state() const {
    return {dissipated_energy_, load_work_, next_load_work_, last_rotation_deg_};
  }

  /// Adds the step's contact work to the dissipated energy, the load's work that its
  /// potential energy shows to load_work, and writes its row.
  /// @param load_work the step's run::StepOutcome::load_work
  /// @param scene the scene after the step (same bodies as `initial`)
  /// @throws core::Diagnostic if writing fails
  void record(int step, double time, const dynamics::StepReport& report, double load_work,
              double load_factor, const model::Scene& scene);

  /// Adds the contact work and the load's work of a step that gets no row. Every step goes
  /// through exactly one of record() and add_unrecorded_step().
  void add_unrecorded_step(const dynamics::StepReport& report, double load_work);

  /// J, -sum of contact_work so far.
  double dissipated_energy() const { return dissipated_energy_; }

 private:
  void track(const model::Scene& initial, const std::vector<std::string>& bodies);
  double rotation_deg(std::size_t tracked, const model::Scene& scene);

  std::filesystem::path path_;
  std::optional<core::CsvLog> out_;  ///< opened once the tracked bodies are known
  int dimension_ = 3;
  std::optional<std::size_t> support_;  ///< index in Scene::bodies
  std::vector<std::size_t> bodies_;     ///< indices in Scene::bodies
  std::vector<math::Quat> initial_orientation_;
  std::vector<double> last_rotation_deg_;  ///< planar mode: for the continuation
  double dissipated_energy_ = 0.0;
  double load_work_ = 0.0;
  /// The last step's load work: the change of gravity it stands for acts from the next step
  /// on, whose potential energy shows it.
  double next_load_work_ = 0.0;
};

}  // namespace moreau::output
