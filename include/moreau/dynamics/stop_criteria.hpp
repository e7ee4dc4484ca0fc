// When a run stops before its end time: collapse detection for masonry analyses (the
// tilting-table and lateral-ramp tests ask "at which load factor did it go?").
#pragma once

#include "moreau/dynamics/moreau_jean.hpp"
#include "moreau/model/scene.hpp"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace moreau::dynamics {

/// Thresholds; a criterion left at infinity is off.
struct CollapseCriteria {
  /// m, of a free body's centre from t = 0 (relative to the ground under ground motion)
  double max_displacement = std::numeric_limits<double>::infinity();
  double max_rotation = std::numeric_limits<double>::infinity();  ///< deg, from t = 0
  /// J: fires when the kinetic energy exceeds it after having been at or below it (the structure
  /// came to rest, then started to move again); relative to the ground under ground motion.
  double kinetic_energy = std::numeric_limits<double>::infinity();
};

/// Why a run stopped early, in words and by body; or, from CollapseMonitor::moved, where the
/// structure started to move.
struct Collapse {
  std::string criterion;  ///< "max_displacement", "max_rotation" or "kinetic_energy"
  std::string body;       ///< the body that fired it (empty for kinetic_energy)
  double value = 0.0;     ///< the measured displacement (m), rotation (deg) or energy (J)
};

/// The share of a displacement or rotation threshold past which a body has started to move
/// (CollapseMonitor::moved). A collapse criterion fires well after the motion starts: past the
/// onset of a ramped load the acceleration grows with the time since, the displacement as its
/// cube, so a hundredth of the threshold is reached in a fifth (0.01^(1/3)) of the criterion's
/// lag; and the drift of a structure at rest within the solver's tolerance stays far below it
/// (docs/limit-analysis.md, "The first motion").
inline constexpr double kFirstMotionShare = 0.01;

/// Where a body is: its centre and orientation (body -> world).
struct Pose {
  math::Vec3 x;
  math::Quat q;
};

/// Watches a run step by step.
class CollapseMonitor {
 public:
  /// Records the initial poses of the free bodies of `initial`. Under ground motion,
  /// `ground` is the driven body the structure stands on (the shaking table): displacements
  /// and the kinetic energy are then measured relative to it, since a structure carried along
  /// by its support has not collapsed; without it, from where the bodies started and at rest.
  /// @throws core::Diagnostic for a negative or NaN threshold
  /// @pre ground < initial.bodies.size()
  CollapseMonitor(const model::Scene& initial, CollapseCriteria criteria,
                  std::optional<std::size_t> ground = std::nullopt);

  /// After a step: the first criterion that fires, if any.
  std::optional<Collapse> check(const model::Scene& scene, const StepReport& report);

  /// Whether it has a displacement or a rotation threshold, of which moved() measures a share.
  bool watches_motion() const;

  /// Takes the scene's poses as those its first motion is measured from (moved): where the
  /// structure stands, once it has settled into its joints (Run::note_first_motion).
  void stand(const model::Scene& scene);
  /// The poses of stand(), indexed like the scene's bodies; nothing before it.
  const std::optional<std::vector<Pose>>& standing() const { return standing_; }

  /// The free body that has moved furthest, from where it stood (stand), past
  /// kFirstMotionShare of the displacement threshold, else the one turned furthest past that
  /// share of the rotation threshold, if any: that the structure has started to move; never
  /// before stand(), nor with the kinetic energy criterion alone (an energy has no share that
  /// means motion and not round-off).
  std::optional<Collapse> moved(const model::Scene& scene) const;

  /// Whether the kinetic energy has been at or below its threshold (checkpoints).
  bool came_to_rest() const { return came_to_rest_; }
  /// Continues a run in which the structure had (or had not) come to rest, and stood where
  /// `standing` says (standing()).
  /// @pre standing, where given, has a pose for each body of the scene
  void restore(bool came_to_rest, std::optional<std::vector<Pose>> standing);

 private:
  CollapseCriteria criteria_;
  std::optional<std::size_t> ground_;
  std::vector<Pose> initial_;
  std::optional<std::vector<Pose>> standing_;
  bool came_to_rest_ = false;

  /// The body past `share` of the displacement threshold, else of the rotation one, from the
  /// poses `from`.
  std::optional<Collapse> past(const model::Scene& scene, double share,
                               const std::vector<Pose>& from) const;
};

/// The poses of the scene's bodies, in its order.
std::vector<Pose> poses(const model::Scene& scene);

}  // namespace moreau::dynamics
