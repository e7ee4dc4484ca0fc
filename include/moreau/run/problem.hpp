// The description of a run: the scene, its loads, the time stepping of its mode, the stop
// criteria and the outputs. A problem file (io/problem_file.hpp) is read into one; a program
// may also build one in code.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/model/loads.hpp"
#include "moreau/model/material.hpp"
#include "moreau/model/scene.hpp"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::run {

/// Nonsmooth contact dynamics (Moreau-Jean) or regularized penalty contact.
enum class Mode { Nscd, Penalty };

/// "nscd" or "penalty", as summary.json and the command line's --mode name the mode.
const char* mode_name(Mode mode);
/// The mode mode_name calls `name`; none for another word.
std::optional<Mode> mode_named(std::string_view name);

/// What the penalty mode does with a step above the critical step (time.critical_step).
using dynamics::CriticalStepPolicy;

/// How the penalty mode integrates its laws (time.integration): symplectic Euler
/// (dynamics::PenaltyStepper), or backward Euler with the laws as compliant contacts of the
/// Moreau-Jean step (dynamics/penalty_compliance.hpp).
enum class PenaltyIntegration { Explicit, Implicit };

/// "explicit" or "implicit", as time.integration and summary.json name it.
const char* integration_name(PenaltyIntegration integration);
/// The integration integration_name calls `name`; none for another word.
std::optional<PenaltyIntegration> integration_named(std::string_view name);

/// What a run writes, and how often.
struct OutputSettings {
  int every = 10;  ///< steps between two VTK frames and history rows, >= 1
  bool vtk = true;
  /// Write interfaces.csv (output/interface_log.hpp) at the same steps as history.csv.
  bool interfaces = false;
  /// Write mechanisms.csv (output/mechanism_log.hpp) at the same steps as history.csv.
  bool mechanisms = false;
  /// Steps between two checkpoints (run/checkpoint.hpp), >= 1; 0 writes none (but an
  /// interrupted run always writes one of its last step).
  int checkpoint_every = 0;
  /// Bodies whose position, rotation and velocity go into history.csv (all free bodies of a
  /// scene of <= 20 bodies when empty).
  std::vector<std::string> bodies;
  /// The free body whose motion is the structure's response: the capacity curve and the
  /// response against time follow it (moreau plot, moreau ida; summary.json's `control`), and
  /// history.csv tracks it with `bodies`. output.control, or where the file names none the
  /// free body highest at the start (run::highest_free_body); empty without a free body.
  std::string control;
  /// Whether `control` is output.control (true) or the highest free body (false).
  bool control_named = false;
  /// The free bodies at the levels of a building's storeys, from the ground up, each higher
  /// at the start than the one before: history.csv tracks them, and moreau plot draws each
  /// storey's drift (its level's horizontal displacement less the level's below, the shaken
  /// support's for the first, over the height between them). output.storeys, or in a problem
  /// with one generated building with floors its floor slabs, then the control body where it
  /// is higher; empty otherwise.
  std::vector<std::string> storeys;
};

/// The most threads a run may be given (`threads`, moreau run --threads).
inline constexpr int kMaxThreads = 1024;

/// The rule of a thread count that every front end asks (`threads`, --threads, Python's
/// threads=), placed at its own key.
/// @throws core::Diagnostic keyed "threads", without a location, outside [1, kMaxThreads]
void check_thread_count(int count);

/// A value of a problem that is valid but far outside the physical range of its quantity (a
/// density in t/m^3, sizes in mm, a record in cm/s^2 read as m/s^2): the run goes on, and the
/// front end shows it once, before the run, and writes it to summary.json.
/// A note is no suspected mistake but what the reader did to the input that the user should
/// know of (the faces a `blocks` generator snapped together); it reaches the user the same way.
struct InputWarning {
  enum class Severity { Warning, Note };

  core::SourceLocation where;
  std::string key;      ///< the key path, e.g. "materials[0].density"
  std::string message;  ///< the value found, why it looks wrong, the likely mistake
  Severity severity = Severity::Warning;

  /// "file:line:col: warning: key: message", or "note:" for a note
  std::string text() const;
};

struct Problem {
  std::filesystem::path path;
  int version = 1;
  std::string title;
  Mode mode = Mode::Nscd;
  /// Bodies (listed and generated, in file order), interactions, and gravity at t = 0.
  model::Scene scene;
  std::vector<model::Material> materials;
  model::GravityLoad gravity;
  /// The driven bodies' ground motions (records and pulses), in the order of the bodies: their
  /// velocity histories are the bodies' Body::prescribed; these keep what `moreau check`
  /// prints and the intensity a run reports (load_factor()).
  std::vector<model::GroundMotion> ground_motions;
  double time_step = 1e-3;  ///< time.step, s: the step of either mode
  double duration = 1.0;    ///< time.duration, s
  /// time.theta: the Moreau-Jean scheme's in NSCD mode (the implicit penalty mode's backward
  /// Euler step takes 1); moreau_jean_options()
  double theta = 0.5;
  /// solver.*: of the Moreau-Jean step (NSCD mode and the implicit penalty mode)
  dynamics::StepSolverSettings solver;
  /// time.critical_step: the explicit penalty mode's (penalty_options())
  CriticalStepPolicy critical_step = CriticalStepPolicy::Refuse;
  PenaltyIntegration integration = PenaltyIntegration::Explicit;  ///< time.integration
  dynamics::CollapseCriteria collapse;                            ///< stop.*
  OutputSettings output;
  /// threads: of collision detection (moreau run --threads overrides it); none: the
  /// machine's cores. The results are the same for any number.
  std::optional<int> threads;
  /// Where the problem file gave the keys that a stage after the reading may refuse (time.step:
  /// the penalty mode's critical step, checked on the contacts), or the command-line option
  /// that replaced one (--solver for solver.name), by key path: run::Run places such a refusal
  /// there. Empty for a problem built in code.
  std::map<std::string, core::SourceLocation> locations;
  /// The problem file's values outside their physical range (io/problem_file.hpp says which),
  /// found once when the file is read. Empty for a problem built in code.
  std::vector<InputWarning> warnings;
};

/// The Moreau-Jean scheme's options of the problem: NSCD mode's, or the implicit penalty
/// mode's, whose backward Euler step takes theta = 1 whatever time.theta says.
dynamics::MoreauJeanOptions moreau_jean_options(const Problem& problem);

/// The explicit penalty mode's options.
dynamics::PenaltyOptions penalty_options(const Problem& problem);

/// The most steps a run may have (duration / time.step). A trillion is far beyond any run
/// that ends (11 days at a microsecond per step), and every count up to it is exact in a long
/// and in a double (below 2^53), so that step_count and step * h stay finite and exact.
inline constexpr long kMaxStepCount = 1'000'000'000'000;

/// The number of steps of h that reach the duration; the last may end past it by less than
/// h (1e-9 of a step is forgiven, so that 2.0 / 1e-3 gives 2000 despite round-off).
/// @pre h > 0, duration >= h, and duration / h <= kMaxStepCount (the problem-file reader
///      refuses the others at time.step)
long step_count(const Problem& problem);

/// Replaces the problem's duration (moreau run --duration, a study in Python), s.
/// @throws core::Diagnostic under `key` unless the duration is at least one step and at most
///         kMaxStepCount steps (NaN and infinity are refused)
void set_duration(Problem& problem, double duration, const std::string& key);

/// The ground motion of the largest PGA (model::GroundMotion::peak_horizontal), the one a run
/// under ground motion reports its intensity by; none without ground motion.
const model::GroundMotion* strongest_ground_motion(const Problem& problem);

/// Under ground motion, the body the strongest ground motion shakes (the index in
/// scene.bodies): what a collapse's displacements, a mechanism's velocities and the VTK
/// output's relative motion are measured from; none without ground motion.
std::optional<std::size_t> shaken_support(const Problem& problem);

/// m: the lowest point of the problem's free bodies (their bounding boxes, as the scene stands),
/// the base that heights of a structure are measured from (drift: displacement over height);
/// +infinity without a free body.
double free_bodies_base(const Problem& problem);

/// The free body whose centre of mass is highest as the scene stands, the first of those at
/// that height in the scene's order (the top of a structure: its drift is the largest);
/// empty without a free body.
std::string highest_free_body(const Problem& problem);

/// The load factor a run reports at time t (history.csv's load_factor, a collapse's): the
/// gravity load's (model::GravityLoad::load_factor) when it tilts or ramps laterally;
/// otherwise, under ground motion, the PGA reached by t, in g (the strongest ground motion's
/// largest horizontal acceleration of the samples up to t), which a collapse then reports as
/// the intensity that brought the structure down; otherwise the gravity ramp's factor.
double load_factor(const Problem& problem, double t);
/// "tilt_angle_deg", "lambda", "pga_reached_g" or "gravity_factor", matching load_factor().
std::string load_factor_name(const Problem& problem);

}  // namespace moreau::run
