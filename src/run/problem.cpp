#include "moreau/run/problem.hpp"

#include "moreau/core/assert.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/aabb.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::run {

std::string InputWarning::text() const {
  const std::string location = core::format_location(where);
  return core::concat(location, location.empty() ? "" : ": ",
                      severity == Severity::Note ? "note: " : "warning: ", key, ": ", message);
}

const char* mode_name(Mode mode) { return mode == Mode::Penalty ? "penalty" : "nscd"; }

std::optional<Mode> mode_named(std::string_view name) {
  for (const Mode mode : {Mode::Nscd, Mode::Penalty})
    if (name == mode_name(mode)) return mode;
  return std::nullopt;
}

const char* integration_name(PenaltyIntegration integration) {
  return integration == PenaltyIntegration::Implicit ? "implicit" : "explicit";
}

std::optional<PenaltyIntegration> integration_named(std::string_view name) {
  for (const PenaltyIntegration integration :
       {PenaltyIntegration::Explicit, PenaltyIntegration::Implicit})
    if (name == integration_name(integration)) return integration;
  return std::nullopt;
}

dynamics::MoreauJeanOptions moreau_jean_options(const Problem& problem) {
  const bool backward_euler = problem.mode == Mode::Penalty;
  return {problem.time_step, backward_euler ? 1.0 : problem.theta, problem.solver};
}

dynamics::PenaltyOptions penalty_options(const Problem& problem) {
  return {problem.time_step, problem.critical_step};
}

void check_thread_count(int count) {
  if (count < 1 || count > kMaxThreads)
    throw core::Diagnostic({}, "threads", core::concat("1 to ", kMaxThreads), core::concat(count));
}

long step_count(const Problem& problem) {
  MOREAU_ASSERT(problem.time_step > 0.0 && problem.duration >= problem.time_step &&
                problem.duration / problem.time_step <= static_cast<double>(kMaxStepCount));
  return std::lround(std::ceil(problem.duration / problem.time_step - 1e-9));
}

void set_duration(Problem& problem, double duration, const std::string& key) {
  const double h = problem.time_step;
  const auto max_steps = static_cast<double>(kMaxStepCount);
  // N.B. the negated form refuses NaN too; the division is step_count's precondition.
  if (!(duration >= h && duration / h <= max_steps))
    throw core::Diagnostic({}, key,
                           core::concat("a duration of at least one time step (", h,
                                        " s) and at most ", max_steps, " steps"),
                           core::concat(duration));
  problem.duration = duration;
}

const model::GroundMotion* strongest_ground_motion(const Problem& problem) {
  const auto strongest =
      std::max_element(problem.ground_motions.begin(), problem.ground_motions.end(),
                       [](const model::GroundMotion& a, const model::GroundMotion& b) {
                         return a.peak_horizontal() < b.peak_horizontal();
                       });
  return strongest == problem.ground_motions.end() ? nullptr : &*strongest;
}

std::optional<std::size_t> shaken_support(const Problem& problem) {
  const model::GroundMotion* ground = strongest_ground_motion(problem);
  if (!ground) return std::nullopt;
  const auto& bodies = problem.scene.bodies;
  for (std::size_t b = 0; b < bodies.size(); ++b)
    if (bodies[b].name == ground->body) return b;
  return std::nullopt;
}

double free_bodies_base(const Problem& problem) {
  double base = std::numeric_limits<double>::infinity();
  for (const model::Body& body : problem.scene.bodies)
    if (body.motion == model::Motion::Free)
      base = std::min(base, geometry::bounding_box(body.shape, body.shape_pose()).lower.z());
  return base;
}

std::string highest_free_body(const Problem& problem) {
  const model::Body* highest = nullptr;
  for (const model::Body& body : problem.scene.bodies)
    if (body.motion == model::Motion::Free && (!highest || body.x.z() > highest->x.z()))
      highest = &body;
  return highest ? highest->name : std::string();
}

namespace {

// A tilt or a lateral ramp is the load a run increases, whatever shakes its supports.
bool ramps_gravity(const model::GravityLoad& gravity) {
  return gravity.tilts() || gravity.lateral_rate > 0.0;
}

}  // namespace

double load_factor(const Problem& problem, double t) {
  if (!ramps_gravity(problem.gravity))
    if (const model::GroundMotion* ground = strongest_ground_motion(problem))
      return ground->peak_horizontal(t) / model::kStandardGravity;
  return problem.gravity.load_factor(t);
}

std::string load_factor_name(const Problem& problem) {
  if (!ramps_gravity(problem.gravity) && !problem.ground_motions.empty()) return "pga_reached_g";
  return problem.gravity.load_factor_name();
}

}  // namespace moreau::run
