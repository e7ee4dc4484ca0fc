// Checkpoints of a run (moreau run with output.checkpoint_every, or on SIGINT/SIGTERM), from
// which `moreau run --restart-from` continues bitwise as the uninterrupted run would: every
// double is stored as its 8 raw bytes, never as decimal text. A small file of our own rather
// than HDF5 (linked for FCLib): thirty fields read in one pass, and one checksum over every
// byte detects a truncation or a damaged byte.
//
// Format, version 15, in the machine's byte order (a marker refuses another order); one
// function of checkpoint.cpp (checkpoint_fields) lists the fields for both writing and
// reading, in this order (checkpoint_fields.hpp writes and reads them):
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
//   u8 collapse monitor came to rest, u8 has standing poses (dynamics::CollapseMonitor::
//     standing), u64 n, n poses: x (3 f64), q (w, x, y, z),
//   solver counts: i32 solves, i32 not converged, f64 worst error, i64 total iterations,
//   i32 max iterations, u64 n, n methods: name (u64 length, bytes), i64 solves answered,
//   u64 n, n removed bodies: name (u64 length, bytes), f64 time, bound (u64 length, bytes),
//   f64 value,
//   u64 bonds broken so far, u64 sub-steps so far (the explicit penalty mode's; 0 otherwise),
//   u8 has peak motion, f64 time, f64 kinetic energy, mechanism (below),
//   u8 has first motion, criterion, body (each u64 length, bytes), f64 value, f64 time,
//     load factor name (u64 length, bytes), f64 load factor, mechanism: its description
//     (u64 length, bytes), u64 n, n parts: u64 m, m body names, u8 turns, axis point (3 f64),
//     direction (3 f64), then u64 n, n hinges and u64 n, n sliding joints: body_a, body_b
//     (names), position (3 f64), direction (3 f64),
//   u64 n, n outputs' states in the order of their names: name (u64 length, bytes), state
//     (u64 length, bytes: the output's own fields, which the output lists where it writes
//     them; output/observers.hpp),
//   u64 FNV-1a hash of every byte before it (a damaged file is refused).
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/dynamics/stop_criteria.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/run/checkpoint_fields.hpp"
#include "moreau/run/problem.hpp"
#include "moreau/run/statistics.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
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

/// Everything the steps after `step` depend on, and the outputs' running quantities.
struct Checkpoint {
  std::uint64_t problem_hash = 0;  ///< problem_file_hash() of the run's problem file
  long step = 0;                   ///< the last step taken
  double time = 0.0;
  std::vector<BodyState> bodies;   ///< in Scene::bodies order, every body
  dynamics::StepperState stepper;  ///< its alternative is the run's mode
  bool came_to_rest = false;       ///< dynamics::CollapseMonitor
  /// dynamics::CollapseMonitor::standing: where the first motion is measured from, once the
  /// structure has stood
  std::optional<std::vector<dynamics::Pose>> standing;
  SolverCounts counts;                          ///< summary.json's solver statistics so far
  std::vector<RemovedBody> removed;             ///< summary.json's removed bodies so far
  std::uint64_t broken_bonds = 0;               ///< summary.json's bonds broken so far
  std::uint64_t substeps = 0;                   ///< summary.json's sub-steps so far
  std::optional<PeakMotion> peak_motion;        ///< summary.json's, so far
  std::optional<CollapseSummary> first_motion;  ///< summary.json's, once a body moved
  std::optional<Standing> last_stood;           ///< Run::note_standing's, once it has stood
  /// What the outputs' next writes depend on (Observer::save), each output's under its name,
  /// in bytes only that output reads: save_output_state, read_output_state.
  std::map<std::string, std::string> output_states;
  /// The file read_checkpoint read it from (its diagnostics name it); not stored in it.
  std::filesystem::path file;
};

/// Stores `state` as the output `name`'s in `checkpoint`, through `fields(writer, state)`:
/// the function template that lists the state's fields for both directions.
template <class State, class Fields>
void save_output_state(Checkpoint& checkpoint, const std::string& name, const State& state,
                       Fields fields) {
  CheckpointWriter writer;
  fields(writer, state);
  checkpoint.output_states[name] = writer.bytes();
}

/// The state the output `name` saved in `checkpoint`, through `fields(reader, state)`.
/// @throws core::Diagnostic naming the checkpoint's file where it holds no state of that name
///         (written by a run without that output), or one that ends before its last field or
///         goes on past it
template <class State, class Fields>
State read_output_state(const Checkpoint& checkpoint, const std::string& name, Fields fields) {
  const auto found = checkpoint.output_states.find(name);
  if (found == checkpoint.output_states.end())
    throw core::Diagnostic(
        {checkpoint.file.string()}, "output states",
        core::concat("the state of the output ", name, " (the checkpoint is of a run without it)"),
        "none");
  CheckpointReader reader(found->second, checkpoint.file);
  State state{};
  fields(reader, state);
  if (!reader.at_end())
    throw core::Diagnostic({checkpoint.file.string()}, "",
                           core::concat("the checkpoint is damaged (the state of the output ", name,
                                        " goes on past its last field)"));
  return state;
}

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
/// quaternion that is not a unit one, negative counts. Names the checkpoint (its `file`) and
/// the field.
/// @throws core::Diagnostic
void check_checkpoint_matches(const Checkpoint& checkpoint, const Problem& problem);

/// The checkpoint `file` that a run of `problem` (as read, with its front end's overrides)
/// continues from: read, checked against the problem (check_checkpoint_matches), and before
/// the run's end.
/// @throws core::Diagnostic naming the checkpoint, or keyed "duration" without a location for
///         one at or past the end
Checkpoint read_restart_checkpoint(const std::filesystem::path& file, const Problem& problem);

}  // namespace moreau::run
