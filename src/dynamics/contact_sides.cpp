#include "moreau/dynamics/contact_sides.hpp"

#include "moreau/geometry/mass_properties.hpp"

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::dynamics {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

double contact_radius(const model::Body& body, int dimension) {
  if (const auto* sphere = std::get_if<geometry::Sphere>(&body.shape)) return sphere->radius;
  if (std::holds_alternative<geometry::Plane>(body.shape)) return kInfinity;
  const double volume = geometry::mass_properties(body.shape, 1.0).mass;
  return dimension == 2 ? std::sqrt(volume / std::numbers::pi)
                        : std::cbrt(3 * volume / (4 * std::numbers::pi));
}

}  // namespace

ContactSides::ContactSides(const model::Scene& scene, std::vector<model::Material> materials)
    : scene_(scene), materials_(std::move(materials)) {
  for (const model::Body& body : scene_.bodies)
    radii_.push_back(contact_radius(body, scene_.dimension));
}

penalty::ContactSide ContactSides::side(int index) const {
  const model::Body& body = scene_.bodies[static_cast<std::size_t>(index)];
  const model::Material& material = materials_[body.material];
  return {radius(index), body.motion == model::Motion::Free ? body.mass : kInfinity,
          material.young_modulus, material.poisson_ratio, material.dissipation};
}

penalty::ContactLaws ContactSides::laws(int body_a, int body_b, double overlap, double area) const {
  const model::ContactLaw& law =
      scene_.interactions.law(scene_.bodies[static_cast<std::size_t>(body_a)].material,
                              scene_.bodies[static_cast<std::size_t>(body_b)].material);
  return penalty::resolve_laws(law.penalty, law.friction, law.restitution, side(body_a),
                               side(body_b), overlap, area);
}

}  // namespace moreau::dynamics
