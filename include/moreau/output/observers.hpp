// The outputs of a run as observers (run/run.hpp): each writes one file or collection of the
// run's folder as the steps go (docs/user-guide.md, "moreau run"). A run continued from a
// checkpoint gives each its checkpoint, from which it continues the files of the earlier run.
#pragma once

#include "moreau/output/history_writer.hpp"
#include "moreau/output/interface_log.hpp"
#include "moreau/output/joint_log.hpp"
#include "moreau/output/mechanism_log.hpp"
#include "moreau/output/removal_log.hpp"
#include "moreau/output/solver_log.hpp"
#include "moreau/output/vtk_writer.hpp"
#include "moreau/run/run.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>

namespace moreau::output {

/// Whether the step gets a row or frame in the outputs sampled every output.every steps:
/// those steps, and the run's last.
bool is_output_step(const run::Run& run, const run::StepOutcome& outcome);

/// The bodies history.csv follows: output.bodies, or every free body of a scene of at most 20
/// (none of a larger one); output.storeys; output.control; and under ground motion the shaken
/// support (run::strongest_ground_motion's body).
std::vector<std::string> tracked_bodies(const run::Problem& problem);

/// history.csv (output/history_writer.hpp): a row per output step, the bodies of output.bodies,
/// or every free body of a scene of at most 20. Its state in checkpoints is its HistoryState,
/// under "history".
class HistoryOutput final : public run::Observer {
 public:
  HistoryOutput(const run::Run& run, const std::filesystem::path& folder,
                const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;
  void save(run::Checkpoint& checkpoint) const override;

 private:
  output::HistoryWriter writer_;
};

/// solver.csv: a row per step.
class SolverOutput final : public run::Observer {
 public:
  SolverOutput(const std::filesystem::path& folder, const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  output::SolverLog log_;
};

/// interfaces.csv (output.interfaces): the joints' resultants per output step.
class InterfaceOutput final : public run::Observer {
 public:
  InterfaceOutput(const run::Run& run, const std::filesystem::path& folder,
                  const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  output::InterfaceLog log_;
};

/// mechanisms.csv (output.mechanisms): the mechanism of each output step, relative to the
/// shaken support under ground motion (run::Run::mechanism).
class MechanismOutput final : public run::Observer {
 public:
  MechanismOutput(const std::filesystem::path& folder, const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  output::MechanismLog log_;
};

/// The VTK frames and their collections (output.vtk): frame 0 when the run starts, then one
/// per output step, each with the damage map so far (damage.vtu). Its state in checkpoints is
/// the writer's VtkState and the damage map's joints, under "vtk".
class VtkOutput final : public run::Observer {
 public:
  /// Displacements and rotations are measured from run.scene() as it is here: the problem's
  /// scene at t = 0, also for a run continued from a checkpoint, which is restored after its
  /// outputs are attached (the checkpoint stores no initial pose: its problem file, which
  /// check_checkpoint_matches holds to the checkpoint's hash, gives them).
  VtkOutput(const run::Run& run, const std::filesystem::path& folder,
            const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;
  void save(run::Checkpoint& checkpoint) const override;
  int frames_written() const { return frames_written_; }  ///< by this object

 private:
  output::VtkWriter writer_;
  /// Followed at every step, written to damage.vtu with each frame.
  dynamics::JointDamageMap damage_;
  int frames_written_ = 0;
};

/// joints.csv: the cohesive bonds that broke, as they break.
class JointOutput final : public run::Observer {
 public:
  JointOutput(const std::filesystem::path& folder, const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  output::JointLog log_;
};

/// removed.csv: the bodies removed, as they leave the bounds.
class RemovalOutput final : public run::Observer {
 public:
  RemovalOutput(const std::filesystem::path& folder, const run::Checkpoint* resumed);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  output::RemovalLog log_;
};

/// problems/step_<k>.hdf5 (moreau run --dump-problems): each step's problem in FCLib's
/// format, in the form the step was solved in: global (M, H, f, w, mu) for a step of the
/// global form, local (W, q, mu) for a step solved on W alone, with the impulses the run's
/// solve started from as FCLib's first guess, and beside a global one the state its global
/// solver started from (`moreau solve --warm-start guess` replays the step). An automatic
/// step whose global methods failed and which a method on W then took over is dumped global:
/// those are the steps whose global solve is worth replaying, and the methods on W read a
/// global file too, condensed (until 2026-11-29 it was dumped local, and `velocity-newton`
/// could not replay it).
/// Rejected: condensing a global step to W, which costs a factorization of M per step and
/// keeps the global methods from the problem the run solved.
class ProblemDumpOutput final : public run::Observer {
 public:
  /// @throws core::Diagnostic in the penalty mode, which solves no contact problem
  ProblemDumpOutput(const run::Run& run, const std::filesystem::path& folder);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;

 private:
  std::filesystem::path folder_;
};

/// checkpoint-<step> (output.checkpoint_every): the run's checkpoint every so many steps, and
/// after the last step of an interrupted run (checkpoint-000000 when it was interrupted in its
/// first step). Registered after the other outputs, whose state after the step the
/// checkpoint holds.
class CheckpointOutput final : public run::Observer {
 public:
  CheckpointOutput(const run::Run& run, std::filesystem::path folder);
  void stepped(const run::Run& run, const run::StepOutcome& outcome) override;
  void interrupted(const run::Run& run) override;

 private:
  void write(const run::Run& run);

  std::filesystem::path folder_;
  long every_ = 0;
  long written_ = -1;  ///< the step of the last checkpoint this object wrote
};

struct OutputOptions {
  bool dump_problems = false;  ///< ProblemDumpOutput
  /// The checkpoint the run continues from (run::Run::restore): the files continue the earlier
  /// run's, dropping its rows past the checkpoint's step.
  const run::Checkpoint* resumed = nullptr;
};

/// The disk space that the outputs of one step of `problem`'s run, a checkpoint of it and its
/// summary.json take at most: what a run keeps in reserve for the step at which its disk fills
/// (core::SpaceReserve). In proportion to the bodies, as measured on the bundled clock tower
/// (docs/user-guide.md, "Exit codes").
std::uintmax_t last_step_bytes(const run::Problem& problem);

/// Creates `folder` and registers on `run` the outputs its problem asks for (history, solver
/// log, and as the problem's output settings, removal bounds and cohesion say: interfaces,
/// VTK, joints, removed bodies, checkpoints), checkpoints last.
/// @pre no step taken and no checkpoint restored yet: the outputs take run.scene() as the
///      scene at t = 0 (history's rotations, the VTK frames' displacements)
/// @return the VTK output, or nullptr when the problem writes no VTK
/// @throws core::Diagnostic if a file cannot be written, or as the outputs' constructors
const VtkOutput* attach_outputs(run::Run& run, const std::filesystem::path& folder,
                                const OutputOptions& options);

}  // namespace moreau::output
