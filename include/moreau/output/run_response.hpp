// The response of a structure in one run, read back from the run's folder: summary.json for
// how the run ended and the record's intensity, history.csv for the path of a control body
// (relative to the moving ground under ground motion) and the energies, and the problem for
// where the bodies started. What `moreau ida` plots against the intensity and `moreau
// compare` sets side by side. Horizontal means in the x-y plane (gravity along -z, in 3D and
// in planar mode).
#pragma once

#include "moreau/run/problem.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace moreau::output {

/// The engineering demand parameters an IDA curve can plot against the intensity.
enum class ResponseMeasure {
  PeakDisplacement,      ///< m, the largest horizontal displacement of the control body
  PeakDrift,             ///< peak displacement over the control body's height above the base
  ResidualDisplacement,  ///< m, the horizontal displacement at the end of the run
  Fallen,                ///< bodies fallen (see RunResponse::fallen)
};

/// "peak_displacement", "peak_drift", "residual_displacement", "fallen": the names of
/// --response and of ida.csv's columns.
std::string_view response_name(ResponseMeasure measure);
/// The measure of that name; none for another word.
std::optional<ResponseMeasure> response_measure(std::string_view name);

/// Where the response is measured.
struct ControlPoint {
  std::string body;  ///< a free body, the control body
  /// The driven body under ground motion its displacement is taken from; empty without
  /// ground motion (the displacement from where the body started).
  std::string ground;
  double height = 1.0;  ///< m, its centre above the lowest point of the free bodies at t = 0
};

/// The control point of `problem` at `body`; the problem's own (output.control, else the
/// highest free body: run::OutputSettings::control) when `body` is empty. Under ground motion, the
/// ground is the body of the strongest one (run::strongest_ground_motion).
/// @throws core::Diagnostic at --control for a name that is not a free body of the problem, or
///         for a problem without a free body
ControlPoint control_point(const run::Problem& problem, const std::string& body);

/// What a study keeps of one run.
struct RunResponse {
  /// g, summary.json's record.pga_g: the whole scaled record's PGA; 0 without a record
  double pga = 0.0;
  std::optional<double> collapse_time;  ///< s; none when the run survived
  int not_converged = 0;                ///< steps whose solve did not converge
  /// m: the control body's horizontal displacement (relative to the ground under ground
  /// motion), its largest over history.csv's rows (every output.every steps, and the last
  /// step), and at the end.
  double peak_displacement = 0.0;
  double residual_displacement = 0.0;
  double peak_drift = 0.0;  ///< peak_displacement / ControlPoint::height
  /// m, the control body's vertical displacement at the end (negative down), relative to the
  /// ground under ground motion: an arch's crown settling, a block sinking into its springs.
  double final_vertical_displacement = 0.0;
  /// Free bodies whose centre ended lower than it started by more than half the body's
  /// height (a block that rocks or slides does not lose that much), and bodies removed.
  int fallen = 0;
  /// J, history.csv's last row: the energy the contacts dissipated over the run
  /// (dissipated_energy), and the one stored in the contacts' springs at its end
  /// (elastic_energy: the penalty mode's, NSCD's compliant joints'; 0 with rigid contacts).
  double dissipated_energy = 0.0;
  double elastic_energy = 0.0;

  double value(ResponseMeasure measure) const;
};

/// Whether the folder holds a run that ended (summary.json exists and does not say
/// "interrupted"); a run folder a crash or a signal left behind has to be run again.
bool run_finished(const std::filesystem::path& folder);

/// The response of the run in `folder`, a run of `initial` (with any record scale) whose
/// history.csv follows the control body and the ground (output::tracked_bodies does).
/// @throws core::Diagnostic naming the file and what is missing or malformed
/// @pre run_finished(folder)
RunResponse read_run_response(const std::filesystem::path& folder, const run::Problem& initial,
                              const ControlPoint& control);

}  // namespace moreau::output
