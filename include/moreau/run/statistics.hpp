// What a run did: its solver statistics, an eventual collapse or interruption, the bodies it
// removed, and the final state of every body (written as summary.json by
// output/summary_json.hpp).
#pragma once

#include "moreau/dynamics/mechanism.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace moreau::run {

/// Wall time of the stages of the run, s, when the caller measured them.
struct TimeSplit {
  double collision = 0.0;  ///< broad and narrow phase
  double assembly = 0.0;   ///< Delassus operator and free velocities
  double solve = 0.0;      ///< the local problems
};

/// What decided that a step's solve converged: a name of SolveReport::criterion, and the
/// tolerance it was held to.
struct ConvergenceCriterion {
  std::string name;
  double tolerance = 0.0;
};

/// Statistics of the solves of the steps' contact problems.
struct SolverCounts {
  int solves = 0;            ///< steps whose local problem was solved
  int not_converged = 0;     ///< of those, the ones that ended in another status than Converged
  double worst_error = 0.0;  ///< largest natural-map error at exit, dimensionless
  long long total_iterations = 0;
  int max_iterations = 0;  ///< in one solve
  /// Solves by the method whose answer the step took (StepReport::solver: with the automatic
  /// choice, e.g. velocity-newton where velocity-nsgs stagnated before it), by name.
  std::map<std::string, long long> answered_by;

  /// Counts the step's solve, if it had one.
  void add_step(const dynamics::StepReport& report);
  /// total_iterations / solves; 0 when there was no solve.
  double mean_iterations() const {
    return solves > 0 ? static_cast<double>(total_iterations) / solves : 0.0;
  }
};

/// The intensity of a run under ground motion: the scale on its record (by `scale`, or the
/// one `pga` gave) and the whole record's PGA after it (run::strongest_ground_motion), the
/// abscissae of an incremental dynamic analysis.
struct RecordIntensity {
  std::string source;  ///< the record's files (model::GroundMotion::source)
  double scale = 1.0;
  double pga = 0.0;  ///< g
  /// The body that record shakes, which responses are measured relative to (history.csv
  /// tracks it), and the base heights are measured from (run::free_bodies_base at t = 0, m).
  std::string ground;
  double base_z = 0.0;
};

/// A part of a mechanism (dynamics::MovingPart) with its bodies named.
struct PartSummary {
  std::vector<std::string> bodies;
  bool turns = false;
  math::Vec3 axis_point = math::Vec3::Zero();  ///< m, world
  math::Vec3 direction = math::Vec3::UnitX();  ///< turning: the axis; sliding: the motion
};

/// A hinge or sliding joint of a mechanism (dynamics::JointMotion) with its bodies named.
struct JointSummary {
  std::string body_a;
  std::string body_b;
  math::Vec3 position = math::Vec3::Zero();    ///< m, world
  math::Vec3 direction = math::Vec3::UnitY();  ///< a hinge's axis; a joint's slip of a on b
};

/// The mechanism a structure moves in (dynamics/mechanism.hpp), and its one-line description.
struct MechanismSummary {
  std::string description;
  std::vector<PartSummary> parts;
  std::vector<JointSummary> hinges;
  std::vector<JointSummary> sliding;
};

/// The range of collapse loads of limit analysis at t = 0 (moreau run --limit) and where the
/// run's collapse, first motion and onset lie in it, for summary.json's limit_range. The ends are
/// load factors of RunSummary::load_factor_name.
struct LimitRangeSummary {
  double lower = 0.0;   ///< the least load at which a mechanism is possible, or one found
  double upper = 0.0;   ///< the upper end (associative friction)
  bool proven = false;  ///< lower is proven the least (Cbc), for every direction and cone
  /// lower is the lower end with brittle bonds (the structure has bonds: limit::MovingBonds)
  bool brittle_bonds = false;
  /// "below", "within" or "above" the range; empty where not compared: no collapse, or under a
  /// ground motion, whose ends are static equivalents of a dynamic load
  std::string collapse;
  std::string first_motion;  ///< the same, of the first motion
  std::string onset;         ///< the same, of the onset
};

/// The mechanism with the scene's body names.
MechanismSummary summarize(const dynamics::Mechanism& mechanism, const model::Scene& scene);

/// A collapse criterion crossed (dynamics::CollapseMonitor's finding), when, and the mechanism
/// then: why a run stopped early, or where it started to move (RunSummary::first_motion).
struct CollapseSummary {
  std::string criterion;         ///< e.g. "max_displacement", "max_rotation", "kinetic_energy"
  std::string body;              ///< the body that fired it; empty if it is not about one body
  double value = 0.0;            ///< the measured quantity, in the unit of the criterion
  double time = 0.0;             ///< s, simulated
  std::string load_factor_name;  ///< e.g. "tilt_deg", "lateral_g"; empty without a ramp
  double load_factor = 0.0;      ///< its value at the collapse
  MechanismSummary mechanism;    ///< how the structure moves at that step
};

/// A step at which the structure stood (its mechanism had no moving part), and its load.
struct Standing {
  double time = 0.0;         ///< s, at the step's end
  double load_factor = 0.0;  ///< of RunSummary::load_factor_name, then
};

/// The step at which the structure moved fastest: the largest kinetic energy of the free
/// bodies relative to the shaken support (to the ground without ground motion), with the
/// mechanism it moved in then. What a run that ends standing shows of how it moved.
struct PeakMotion {
  double time = 0.0;            ///< s, at the step's end
  double kinetic_energy = 0.0;  ///< J
  MechanismSummary mechanism;
};

/// A body removed during the run (dynamics::remove_escaped_bodies).
struct RemovedBody {
  std::string name;
  double time = 0.0;   ///< s
  std::string bound;   ///< "below" or "beyond"
  double value = 0.0;  ///< m: its centre's z, or its distance from the vertical axis
};

/// Final state of one body.
struct BodySummary {
  std::string name;
  math::Vec3 position = math::Vec3::Zero();          ///< m, centre of mass, world
  math::Quat orientation = math::Quat::Identity();   ///< body -> world, written (w, x, y, z)
  math::Vec3 velocity = math::Vec3::Zero();          ///< m/s, world
  math::Vec3 angular_velocity = math::Vec3::Zero();  ///< rad/s, world frame (R w_B)
};

/// The bonds of the cohesive joints (dynamics/cohesive_joints.hpp).
struct BondCounts {
  long long intact = 0;  ///< at the end
  long long broken = 0;  ///< over the run
};

struct RunSummary {
  std::string title;
  std::filesystem::path problem;  ///< the problem file as given
  std::string mode;               ///< "nscd" or "penalty"
  /// How the penalty mode integrated (run::integration_name); empty in NSCD.
  std::string integration;
  int dimension = 3;    ///< 3, or 2 for planar mode
  long long steps = 0;  ///< steps taken
  /// The checkpoint's step when the run continued one (--restart-from), 0 otherwise: steps
  /// and counts then include the checkpoint's steps, wall_seconds and time_split only the
  /// steps after it.
  long long restarted_from_step = 0;
  double simulated_time = 0.0;  ///< s, at the end
  double wall_seconds = 0.0;    ///< s, of this process's steps
  /// The explicit penalty mode's sub-steps (dynamics::PenaltyStepper::substeps) over the
  /// run, those before a restart's checkpoint included; absent in the other integrations.
  std::optional<long long> substeps;
  std::optional<TimeSplit> time_split;
  std::string solver;  ///< registry name, e.g. "hybrid"
  /// What decided each step's convergence (the last solve's SolveReport::criterion) and
  /// its tolerance, where steps solve a contact problem (NSCD, implicit penalty steps).
  std::optional<ConvergenceCriterion> criterion;
  SolverCounts counts;
  std::optional<CollapseSummary> collapse;  ///< absent when the run reached its end time
  std::optional<PeakMotion> peak_motion;    ///< absent while nothing has moved
  /// The first step at which a free body had moved past dynamics::kFirstMotionShare of a
  /// displacement or rotation threshold (CollapseMonitor::moved) and the structure moved in a
  /// mechanism on hinges or sliding joints (Run::note_first_motion), with the value past the
  /// share; absent while none has, and in runs without those criteria.
  std::optional<CollapseSummary> first_motion;
  /// With a displacement or rotation criterion and no ground motion (a tilt, a lateral or
  /// gravity ramp, a settlement), the last step before the collapse at which the structure
  /// stood (Run::note_standing): where the motion that ended in the collapse began. Absent
  /// without a collapse, and where the structure never stood.
  std::optional<Standing> onset;
  std::optional<LimitRangeSummary> limit_range;  ///< absent without --limit or a range
  /// Under ground motion, the record's scale and PGA; a collapse is then reported at the PGA
  /// reached (load_factor pga_reached_g) unless the gravity load tilts or ramps.
  std::optional<RecordIntensity> record;
  /// What history.csv's load_factor is (run::load_factor_name): "tilt_angle_deg", "lambda",
  /// "pga_reached_g" or "gravity_factor".
  std::string load_factor_name;
  /// The body the capacity curve and the response follow (run::OutputSettings::control);
  /// empty: none (no free body).
  std::string control;
  bool control_named = false;        ///< control is output.control, not the highest free body
  std::vector<std::string> storeys;  ///< run::OutputSettings::storeys
  /// What stopped the run before its end: "SIGINT" or "SIGTERM", or "a full disk (FILE:
  /// REASON)" (cli::simulate); empty when nothing did
  std::string interrupted_by;
  std::vector<RemovedBody> removed;  ///< in the order of removal
  /// N, world: the resultant of the contact forces that fixed and driven bodies exert on the
  /// free ones in the last step (the support reaction; the weight for a structure at rest)
  math::Vec3 support_reaction = math::Vec3::Zero();
  /// J, penalty mode: stored in the contact springs at the end, and dissipated by dashpots
  /// and by slip over the run (absent in NSCD)
  std::optional<std::array<double, 3>> penalty_energy;
  std::optional<BondCounts> bonds;  ///< absent when no law has a cohesion
  /// The problem's warnings (Problem::warnings), as InputWarning::text() gives them
  std::vector<std::string> warnings;
  std::vector<BodySummary> bodies;
};

}  // namespace moreau::run
