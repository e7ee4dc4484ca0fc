#include "moreau/run/imperfections.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/shape.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <variant>

namespace moreau::run {
namespace {

// Uniform numbers in [0, 1) from the 53 high bits of std::mt19937_64, whose sequence the
// standard fixes; std::uniform_real_distribution's algorithm is the library's own, so that
// a seed would not give the same imperfections with another standard library.
class UniformDraws {
 public:
  explicit UniformDraws(std::uint64_t seed) : engine_(seed) {}
  double next() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  /// 1 + U[-half_width, half_width)
  double factor(double half_width) { return 1.0 + half_width * (2.0 * next() - 1.0); }

 private:
  std::mt19937_64 engine_;
};

void check_range(double value, double lowest, double above, const std::string& key,
                 const char* name, const char* expected) {
  if (!(value >= lowest && value < above))  // written this way to refuse NaN too
    throw core::Diagnostic({}, core::concat(key, " ", name), expected, core::concat(value));
}

// A point drawn uniformly from the unit ball (the unit disc in the x-z plane in planar mode),
// by rejection from the enclosing cube: every draw of the same seed takes the same path.
math::Vec3 point_in_unit_ball(UniformDraws& draws, int dimension) {
  for (;;) {
    const double x = 2.0 * draws.next() - 1.0;
    const double y = dimension == 2 ? 0.0 : 2.0 * draws.next() - 1.0;
    const double z = 2.0 * draws.next() - 1.0;
    math::Vec3 point(x, y, z);
    if (point.squaredNorm() <= 1.0) return point;
  }
}

// Shrinks `body` about its centre of mass by `factor` and moves it within the room that
// opened around it. Its body frame keeps its principal axes; a polygon is a prism of unit
// depth (planar mode), so its mass scales with its area.
BodyImperfection shrink_and_shift(model::Body& body, const Imperfections& imperfections,
                                  UniformDraws& draws, int dimension) {
  BodyImperfection drawn{body.name};
  drawn.shrink = imperfections.block_size * draws.next();
  const double factor = 1.0 - drawn.shrink / geometry::least_width(body.shape);
  const math::Vec3 centre_in_shape =
      body.shape_in_body.orientation.conjugate() * -body.shape_in_body.position;
  const double room = (1.0 - factor) * geometry::inner_distance(body.shape, centre_in_shape);
  body.shape = geometry::scaled(body.shape, factor);
  body.shape_in_body.position *= factor;
  const bool prism = std::holds_alternative<geometry::Polygon>(body.shape);
  body.mass *= std::pow(factor, prism ? 2 : 3);
  body.inertia *= std::pow(factor, prism ? 4 : 5);
  drawn.shift = std::min(imperfections.placement, room) * point_in_unit_ball(draws, dimension);
  body.x += drawn.shift;
  return drawn;
}

}  // namespace

void validate(const Imperfections& imperfections, const Problem& problem, const std::string& key) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  check_range(imperfections.placement, 0.0, kInfinity, key, "placement", "a distance >= 0 (m)");
  check_range(imperfections.friction, 0.0, 1.0, key, "friction", "a fraction in [0, 1)");
  check_range(imperfections.rate, 0.0, 1.0, key, "rate", "a fraction in [0, 1)");
  check_range(imperfections.support, 0.0, kInfinity, key, "support", "a distance >= 0 (m)");
  double least_width = kInfinity;
  for (const model::Body& body : problem.scene.bodies)
    if (body.motion == model::Motion::Free)
      least_width = std::min(least_width, geometry::least_width(body.shape));
  check_range(imperfections.block_size, 0.0, 0.5 * least_width, key, "block_size",
              core::concat("a distance >= 0 and below half the least width of the smallest free "
                           "body (",
                           least_width, " m)")
                  .c_str());
  // A bond's tensile strength is at most c / mu (problem-files.md): the largest friction
  // drawn must keep it so.
  problem.scene.interactions.for_each_law([&](const model::ContactLaw& law) {
    if (law.tensile_strength * law.friction * (1.0 + imperfections.friction) > law.cohesion)
      throw core::Diagnostic({}, core::concat(key, " friction"),
                             core::concat("a scatter that keeps every tensile strength at most "
                                          "c / mu (a law has f_t = ",
                                          law.tensile_strength, " Pa, c = ", law.cohesion,
                                          " Pa and mu = ", law.friction, ")"));
  });
}

DrawnImperfections apply(const Imperfections& imperfections, Problem& problem) {
  // Every draw is made whatever its setting, so that changing one setting leaves the others'
  // draws as they were.
  UniformDraws draws(imperfections.seed);
  DrawnImperfections drawn;
  drawn.rate_factor = draws.factor(imperfections.rate);
  problem.gravity.tilt_rate *= drawn.rate_factor;
  problem.gravity.lateral_rate *= drawn.rate_factor;
  problem.scene.interactions.for_each_law([&](model::ContactLaw& law) {
    const double factor = draws.factor(imperfections.friction);
    law.friction *= factor;
    if (law.penalty.tangential.static_friction) *law.penalty.tangential.static_friction *= factor;
    drawn.friction_factors.push_back(factor);
  });
  for (model::Body& body : problem.scene.bodies)
    if (body.motion == model::Motion::Free)
      drawn.bodies.push_back(shrink_and_shift(body, imperfections, draws, problem.scene.dimension));
  // The structure's own down, g0: a tilting table turns gravity, not the base, and a gravity
  // ramp makes GravityLoad::at(0) zero.
  const math::Vec3 down = problem.gravity.gravity.normalized();
  for (model::Body& body : problem.scene.bodies) {
    if (body.motion == model::Motion::Free || std::holds_alternative<geometry::Plane>(body.shape))
      continue;
    const double drop = imperfections.support * draws.next();
    body.x += drop * down;
    drawn.supports.push_back({body.name, drop});
  }
  return drawn;
}

}  // namespace moreau::run
