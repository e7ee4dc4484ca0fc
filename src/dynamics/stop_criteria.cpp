#include "moreau/dynamics/stop_criteria.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/dynamics/body_motion.hpp"
#include "moreau/math/quaternion.hpp"

#include <cmath>
#include <cstddef>
#include <utility>

namespace moreau::dynamics {
namespace {

using model::Body;
using model::Motion;

void require_threshold(double value, const char* key) {
  if (!(value >= 0.0))  // written so to reject NaN too; +infinity (off) passes
    throw core::Diagnostic(core::SourceLocation{}, key, "a number >= 0, or infinity for off",
                           core::concat(value));
}

/// The angle in degrees, in [0, 180], of the rotation q_0^-1 q that takes the body from its
/// initial orientation q_0 to q (both body -> world).
double rotation_from(const math::Quat& q_0, const math::Quat& q) {
  return math::degrees(math::to_axis_angle(q_0.conjugate() * q).angle);
}

/// The free body with the largest `measure` above `threshold`, if any: the worst offender is
/// reported, not the first in the list, so that the result does not depend on body order.
template <typename Measure>
std::optional<Collapse> worst_body(const model::Scene& scene, double threshold,
                                   const char* criterion, Measure measure) {
  std::optional<Collapse> worst;
  for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
    const Body& body = scene.bodies[i];
    if (body.motion != Motion::Free) continue;
    const double value = measure(i, body);
    if (value > threshold && (!worst || value > worst->value))
      worst = Collapse{criterion, body.name, value};
  }
  return worst;
}

}  // namespace

CollapseMonitor::CollapseMonitor(const model::Scene& initial, CollapseCriteria criteria,
                                 std::optional<std::size_t> ground)
    : criteria_(criteria), ground_(ground) {
  MOREAU_ASSERT(!ground || *ground < initial.bodies.size());
  require_threshold(criteria.max_displacement, "max_displacement");
  require_threshold(criteria.max_rotation, "max_rotation");
  require_threshold(criteria.kinetic_energy, "kinetic_energy");
  // Indexed like scene.bodies; the entries of bodies that are not free are never read.
  initial_ = poses(initial);
}

std::vector<Pose> poses(const model::Scene& scene) {
  std::vector<Pose> list;
  list.reserve(scene.bodies.size());
  for (const Body& body : scene.bodies) list.push_back({body.x, body.q});
  return list;
}

std::optional<Collapse> CollapseMonitor::past(const model::Scene& scene, double share,
                                              const std::vector<Pose>& from) const {
  MOREAU_ASSERT(scene.bodies.size() == from.size());
  const math::Vec3 carried =
      ground_ ? math::Vec3(scene.bodies[*ground_].x - from[*ground_].x) : math::Vec3::Zero();
  if (auto moved = worst_body(
          scene, share * criteria_.max_displacement, "max_displacement",
          [&](std::size_t i, const Body& body) { return (body.x - from[i].x - carried).norm(); }))
    return moved;
  return worst_body(
      scene, share * criteria_.max_rotation, "max_rotation",
      [&from](std::size_t i, const Body& body) { return rotation_from(from[i].q, body.q); });
}

bool CollapseMonitor::watches_motion() const {
  return std::isfinite(criteria_.max_displacement) || std::isfinite(criteria_.max_rotation);
}

void CollapseMonitor::stand(const model::Scene& scene) { standing_ = poses(scene); }

std::optional<Collapse> CollapseMonitor::moved(const model::Scene& scene) const {
  if (!standing_) return std::nullopt;
  return past(scene, kFirstMotionShare, *standing_);
}

void CollapseMonitor::restore(bool came_to_rest, std::optional<std::vector<Pose>> standing) {
  MOREAU_ASSERT(!standing || standing->size() == initial_.size());
  came_to_rest_ = came_to_rest;
  standing_ = std::move(standing);
}

std::optional<Collapse> CollapseMonitor::check(const model::Scene& scene,
                                               const StepReport& report) {
  if (auto displaced = past(scene, 1.0, initial_)) return displaced;
  // A structure set moving by the load first settles (E_k falls below the threshold); only
  // a later rise above it is a collapse, not the initial settling. On a shaken support, the
  // energy of the motion relative to it: the structure carried along has not collapsed.
  const double energy =
      ground_ ? kinetic_energy(scene, scene.bodies[*ground_].v) : report.kinetic_energy;
  if (energy <= criteria_.kinetic_energy) {
    came_to_rest_ = true;
  } else if (came_to_rest_) {
    return Collapse{"kinetic_energy", "", energy};
  }
  return std::nullopt;
}

}  // namespace moreau::dynamics
