// Warnings about values that a problem file may give but that lie far outside the physical
// range of their quantity: each is the typical trace of a unit mistake (t/m^3 for kg/m^3,
// millimetres for metres, cm/s^2 for m/s^2, a step meant for another problem). The run goes
// on; the warning names the key, the value, why it looks wrong and the likely mistake.
#include "moreau/core/concat.hpp"
#include "moreau/geometry/aabb.hpp"
#include "moreau/ground_motion/acceleration_record.hpp"
#include "problem_sections.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace moreau::io {
namespace {

using core::concat;

// Building materials lie between light timber and insulating concrete (~100 kg/m^3, kg/m^2
// per metre of depth in planar mode) and lead (11,340) or the densest metals (osmium,
// 22,590 kg/m^3).
constexpr double kLightestMaterial = 100.0;
constexpr double kDensestMaterial = 25'000.0;
constexpr double kStrongestGroundMotion =
    ground_motion::kStrongestRecordedPga * model::kStandardGravity;
// The largest stones ever cut, Baalbek's monoliths, are about 20 m long: a free body of more
// than 100 m is no block of masonry, while a brick of 240 mm written in millimetres is 240 m.
constexpr double kLargestBlock = 100.0;
// The longest masonry bridges and aqueducts measure a few kilometres: a scene wider than
// 10 km is more likely a 10 m structure in millimetres.
constexpr double kWidestScene = 10'000.0;

run::InputWarning warning_at(const Field& field, std::string message) {
  return {field.location(), field.path(), std::move(message)};
}

void warn_about_densities(const Field& root, std::vector<run::InputWarning>& warnings) {
  const std::optional<Field> materials = root.find("materials");
  if (!materials) return;
  for (const Field& entry : materials->elements()) {
    const Field field = entry.get("density");
    const double density = field.number();
    if (density < kLightestMaterial)
      warnings.push_back(warning_at(
          field,
          concat(density, " kg/m^3 is lighter than any building material (", kLightestMaterial,
                 " to ", kDensestMaterial, " kg/m^3): did you mean ", density * 1000.0,
                 " kg/m^3, a density in t/m^3? masonry is about "
                 "1,800-2,700 kg/m^3")));
    else if (density > kDensestMaterial)
      warnings.push_back(warning_at(
          field, concat(density,
                        " kg/m^3 is denser than any material (osmium is 22,590 kg/m^3): "
                        "did you mean ",
                        density / 1000.0,
                        " kg/m^3, a density in g/m^3? masonry is about 1,800-2,700 kg/m^3")));
  }
}

// Each body's bounding box, computed once for the warnings that measure bodies.
using Boxes = std::vector<geometry::Aabb>;

// The diagonal of a body's bounding box, m; infinite for a plane.
double size_of(const geometry::Aabb& box) {
  const double size = (box.upper - box.lower).norm();
  return std::isfinite(size) ? size : std::numeric_limits<double>::infinity();
}

// One step of Moreau-Jean under gravity g moves a body at rest by g h^2 (v = g h, then
// x += h v): when that exceeds the smallest free body's size, a body may pass through
// another between two contact detections, and the contacts are found too late to hold it.
// A step of 1e-3 s lets a body fall 1e-5 m; time.step: 0.5 (a duration, or another
// problem's step) lets it fall 2.5 m.
void warn_about_step(const run::Problem& problem, const Boxes& boxes,
                     const std::vector<Field>& origins, std::vector<run::InputWarning>& warnings) {
  const double g = problem.gravity.gravity.norm();
  const double h = problem.time_step;
  double smallest = std::numeric_limits<double>::infinity();
  std::size_t which = 0;
  for (std::size_t i = 0; i < problem.scene.bodies.size(); ++i) {
    const double size = size_of(boxes[i]);
    if (problem.scene.bodies[i].motion != model::Motion::Free || size >= smallest) continue;
    smallest = size;
    which = i;
  }
  if (!(g * h * h > smallest)) return;
  warnings.push_back({problem.locations.at("time.step"), "time.step",
                      concat("a body falls g h^2 = ", g * h * h, " m in one step of ", h,
                             " s, more than the smallest free body's size, ", smallest, " m (",
                             origins[which].path(),
                             "): contacts would be found after bodies pass through each other; "
                             "was the step meant for another problem? take at most sqrt(size / "
                             "g) = ",
                             std::sqrt(smallest / g), " s (1e-3 s is usual for masonry)")});
}

void warn_about_large_bodies(const run::Problem& problem, const Boxes& boxes,
                             const std::vector<Field>& origins,
                             std::vector<run::InputWarning>& warnings) {
  std::set<std::string> warned;  // a generator's blocks share one origin: one warning
  for (std::size_t i = 0; i < problem.scene.bodies.size(); ++i) {
    const double size = size_of(boxes[i]);
    if (problem.scene.bodies[i].motion != model::Motion::Free || size <= kLargestBlock) continue;
    if (!warned.insert(origins[i].path()).second) continue;
    warnings.push_back(warning_at(
        origins[i],
        concat("a free body ", size, " m across, larger than any block of masonry (", kLargestBlock,
               " m; the largest stones ever cut are about 20 m): "
               "were its sizes given in millimetres?")));
  }
}

// The scene's bounding box over its finite bodies. The warning names the body farthest from
// the bodies' median centre (component by component): the outlier, a body placed in
// millimetres among bodies placed in metres, rather than the structure the box also ends at.
void warn_about_scene_extent(const Boxes& boxes, const std::vector<Field>& origins,
                             std::vector<run::InputWarning>& warnings) {
  std::vector<std::size_t> finite;
  std::vector<math::Vec3> centres;
  geometry::Aabb scene{math::Vec3::Constant(std::numeric_limits<double>::infinity()),
                       math::Vec3::Constant(-std::numeric_limits<double>::infinity())};
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const geometry::Aabb& box = boxes[i];
    if (!std::isfinite(size_of(box))) continue;
    scene.lower = scene.lower.cwiseMin(box.lower);
    scene.upper = scene.upper.cwiseMax(box.upper);
    finite.push_back(i);
    centres.push_back(0.5 * (box.lower + box.upper));
  }
  const double extent = (scene.upper - scene.lower).norm();
  if (!(extent > kWidestScene) || !std::isfinite(extent)) return;
  math::Vec3 median = math::Vec3::Zero();
  for (int axis = 0; axis < 3; ++axis) {
    std::vector<double> values;
    values.reserve(centres.size());
    for (const math::Vec3& centre : centres) values.push_back(centre[axis]);
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    median[axis] = values[values.size() / 2];
  }
  std::size_t outlier = 0;
  for (std::size_t k = 1; k < centres.size(); ++k)
    if ((centres[k] - median).norm() > (centres[outlier] - median).norm()) outlier = k;
  warnings.push_back(warning_at(
      origins[finite[outlier]],
      concat("the scene is ", extent, " m across, wider than any masonry structure (", kWidestScene,
             " m; the longest bridges measure a few km), and this body lies farthest from "
             "the others: were sizes or positions given in millimetres?")));
}

}  // namespace

void warn_about_peak_acceleration(const Field& field, double peak,
                                  std::vector<run::InputWarning>& warnings) {
  if (!(peak > kStrongestGroundMotion)) return;
  warnings.push_back(warning_at(
      field,
      concat("a peak ground acceleration of ", peak, " m/s^2 = ", peak / model::kStandardGravity,
             " g, above the strongest ever recorded (about 3 g): was a "
             "record in cm/s^2 read as m/s^2, or in m/s^2 as g, or scaled "
             "twice?")));
}

void warn_about_sampling_step(const Field& field, double h, const std::vector<double>& times,
                              std::vector<run::InputWarning>& warnings) {
  // The median step: a record may place two samples close together to make a jump (the
  // rectangular pulse's 0.1 ms), which is no sampling step.
  std::vector<double> steps;
  for (std::size_t i = 1; i < times.size(); ++i) steps.push_back(times[i] - times[i - 1]);
  if (steps.empty()) return;
  const auto middle = steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2);
  std::nth_element(steps.begin(), middle, steps.end());
  const double sampling_step = *middle;
  if (!(h > sampling_step * (1.0 + 1e-9))) return;
  warnings.push_back(warning_at(
      field,
      concat("a time step of ", h, " s, longer than the record's sampling step of ", sampling_step,
             " s: the support follows the record's integral, but the structure feels its "
             "accelerations averaged over each step; a step of at most ",
             sampling_step, " s resolves them")));
}

std::vector<run::InputWarning> physical_range_warnings(const Field& root,
                                                       const run::Problem& problem,
                                                       const std::vector<Field>& origins) {
  Boxes boxes;
  boxes.reserve(problem.scene.bodies.size());
  for (const model::Body& body : problem.scene.bodies)
    boxes.push_back(geometry::bounding_box(body.shape, body.shape_pose()));
  std::vector<run::InputWarning> warnings;
  warn_about_densities(root, warnings);
  warn_about_step(problem, boxes, origins, warnings);
  warn_about_large_bodies(problem, boxes, origins, warnings);
  warn_about_scene_extent(boxes, origins, warnings);
  return warnings;
}

}  // namespace moreau::io
