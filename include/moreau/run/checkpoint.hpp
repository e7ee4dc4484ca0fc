// Checkpoints of a run (moreau run with output.checkpoint_every, or on SIGINT/SIGTERM), from
// which `moreau run --restart-from` continues bitwise as the uninterrupted run would: every
// double is stored as its 8 raw bytes, never as decimal text. A small file of our own rather
// than HDF5 (linked for FCLib): thirty fields read in one pass, and one checksum over every
// byte detects a truncation or a damaged byte.
//
// Format, version 13, in the machine's byte order (a marker refuses another order); one
// function of checkpoint.cpp (checkpoint_fields) lists the fields for both writing and
// reading, in this order:
//   "MOREAUCK", u32 version, u32 byte-order marker 0x01020304,
//   u64 FNV-1a hash of the problem file's bytes, i64 step, f64 time,
//   u64 n, n bodies: x (3 f64), q (w, x, y, z), v (3), w_B (3), u8 removed,
//   u8 stepper (0 Moreau-Jean: nscd and the implicit penalty mode, 1 the explicit penalty
//   mode's), then the stepper's state:
//     u64 n, n remembered contacts: i32 body_a, i32 body_b, u32 feature, value (3 f64: the
//       impulse for Moreau-Jean, the tangential state for the explicit penalty mode), anchor
//       (3 f64, m, in body_a's frame);
//     Moreau-Jean only: the impulses of the step before, as the remembered contacts, f64 the
//       global solver's kappa (solvers::GlobalSolverState; 0 none), and u8 the contacts
//       followed the penalty laws (1 in the implicit penalty mode);
//     explicit penalty mode only: f64 dissipated by damping, f64 by slip;
//     u64 n, n bonds: i32 body_a, i32 body_b, u32 feature, f64 cohesion (N), f64 tension (N),
//     anchor (3 f64, m, in body_a's frame),
//   u8 collapse monitor came to rest,
//   f64 history dissipated energy, u64 n, n f64 rotations (deg),
//   solver counts: i32 solves, i32 not converged, f64 worst error, i64 total iterations,
//   i32 max iterations, u64 n, n methods: name (u64 length, bytes), i64 solves answered,
//   u64 n, n removed bodies: name (u64 length, bytes), f64 time, bound (u64 length, bytes),
//   f64 value,
//   u64 bonds broken so far, u64 sub-steps so far (the explicit penalty mode's; 0 otherwise),
//   u8 has plane patch, 3 f64 centre, f64 half size, u64 n, n frames: i32 step, f64 time,
//   u64 n, n joints of the damage map: i32 body_a, i32 body_b, u64 m, m points (3 f64) in
//     body_a's frame, u64 m, m points in body_b's frame, normal (3 f64), f64 max opening,
//     f64 max sliding,
//   u8 has peak motion, f64 time, f64 kinetic energy, mechanism (below),
//   u8 has first motion, criterion, body (each u64 length, bytes), f64 value, f64 time,
//     load factor name (u64 length, bytes), f64 load factor, mechanism: its description
//     (u64 length, bytes), u64 n, n parts: u64 m, m body names, u8 turns, axis point (3 f64),
//     direction (3 f64), then u64 n, n hinges and u64 n, n sliding joints: body_a, body_b
//     (names), position (3 f64), direction (3 f64),
//   u64 FNV-1a hash of every byte before it (a damaged file is refused).
#pragma once

#include "moreau/dynamics/joint_damage.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace moreau::run {

/// The moving state of one body.
struct BodyState {
  math::Vec3 x = math::Vec3::Zero();
  math::Quat q = math::Quat::Identity();
  math::Vec3 v = math::Vec3::Zero();
  math::Vec3 w_B = math::Vec3::Zero();
  bool removed = false;  ///< taken out of the run (dynamics/body_removal.hpp)
};

/// What the next rows of history.csv depend on besides the scene (output::HistoryWriter).
struct HistoryState {
  double dissipated_energy = 0.0;         ///< J
  double load_work = 0.0;                 ///< J, the last row's
  double next_load_work = 0.0;            ///< J, the last step's StepOutcome::load_work
  std::vector<double> last_rotation_deg;  ///< per tracked body (planar continuation)
};

/// What the next VTK writes depend on (output::VtkWriter): the ground's square, and the
/// frames the collections list.
struct VtkState {
  /// Where the square standing for a Plane is centred (m, world), and its half side (m).
  struct PlanePatch {
    math::Vec3 centre_W = math::Vec3::Zero();
    double half_size = 1.0;
  };
  struct Frame {
    int step = 0;
    double time = 0.0;  ///< s
  };
  std::optional<PlanePatch> plane_patch;  ///< chosen at the first write
  std::vector<Frame> frames;
};

/// Everything the steps after `step` depend on, and the outputs' running quantities.
struct Checkpoint {
  std::uint64_t problem_hash = 0;  ///< problem_file_hash() of the run's problem file
  long step = 0;                   ///< the last step taken
  double time = 0.0;
  std::vector<BodyState> bodies;   ///< in Scene::bodies order, every body
  dynamics::StepperState stepper;  ///< its alternative is the run's mode
  bool came_to_rest = false;       ///< dynamics::CollapseMonitor
  HistoryState history;
  SolverCounts counts;                          ///< summary.json's solver statistics so far
  std::vector<RemovedBody> removed;             ///< summary.json's removed bodies so far
  std::uint64_t broken_bonds = 0;               ///< summary.json's bonds broken so far
  std::uint64_t substeps = 0;                   ///< summary.json's sub-steps so far
  VtkState vtk;                                 ///< empty when the run writes no VTK
  std::vector<dynamics::JointDamage> damage;    ///< the damage map; empty without VTK
  std::optional<PeakMotion> peak_motion;        ///< summary.json's, so far
  std::optional<CollapseSummary> first_motion;  ///< summary.json's, once a body moved
};

/// "checkpoint-<step>", the step with at least 6 digits, like the VTK frames.
std::string checkpoint_name(long step);

/// FNV-1a (64 bits) of the bytes of the file: which problem file a checkpoint belongs to.
/// @throws core::Diagnostic naming the file when it cannot be read
std::uint64_t problem_file_hash(const std::filesystem::path& problem_file);

/// The state of the scene's bodies, and how to put it back.
std::vector<BodyState> body_states(const model::Scene& scene);
void restore_bodies(model::Scene& scene, const std::vector<BodyState>& bodies);

/// Writes the checkpoint (through a temporary file: an existing one is replaced only once
/// the new one is complete).
/// @throws core::Diagnostic naming the file when it cannot be written
void write_checkpoint(const std::filesystem::path& path, const Checkpoint& checkpoint);

/// Reads a checkpoint.
/// @throws core::Diagnostic naming the file when it is missing, is not a checkpoint, has
///         another version or byte order, is truncated or damaged
Checkpoint read_checkpoint(const std::filesystem::path& path);

/// Refuses a checkpoint of another problem file or mode than `problem` (as read, with the command
/// line's overrides), and one whose values no run of it writes (the checksum says only that the
/// bytes are those written): a step outside [0, kMaxStepCount], a time other than step * h
/// (to half a step), a count of bodies other than the problem's, a value that is not finite, a
/// quaternion that is not a unit one, negative counts. Names the checkpoint and
/// the field.
/// @throws core::Diagnostic
void check_checkpoint_matches(const Checkpoint& checkpoint, const std::filesystem::path& path,
                              const Problem& problem);

}  // namespace moreau::run
