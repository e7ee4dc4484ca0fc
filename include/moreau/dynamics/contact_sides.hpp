// What the penalty laws' calibration sees of each body of a scene (penalty::ContactSide): its
// contact radius, mass and material, shared by the explicit and the implicit penalty steps.
#pragma once

#include "moreau/model/material.hpp"
#include "moreau/model/scene.hpp"
#include "moreau/penalty/law_pair.hpp"

#include <vector>

namespace moreau::dynamics {

class ContactSides {
 public:
  /// @param materials the scene's materials (Body::material indexes them)
  ContactSides(const model::Scene& scene, std::vector<model::Material> materials);

  /// Body `index`'s side: the radius the Hertzian calibration sees (a sphere's own; infinite
  /// for a plane; for a block that of the sphere of equal volume, the disc of equal area in
  /// planar mode: the usual stand-in of DEM codes for non-spherical particles), its mass
  /// (infinite for a body that does not move) and its material's moduli.
  penalty::ContactSide side(int index) const;

  /// The radius of side(index), m.
  double radius(int index) const { return radii_[static_cast<std::size_t>(index)]; }

  /// The laws of the scene's pair law between bodies a and b at overlap delta (m) of a contact
  /// point standing for `area` of joint (m^2, collision::ContactPoint::area), calibrated per
  /// penalty::resolve_laws.
  penalty::ContactLaws laws(int body_a, int body_b, double overlap, double area) const;

 private:
  const model::Scene& scene_;
  std::vector<model::Material> materials_;
  std::vector<double> radii_;  ///< m, per body; infinity for planes
};

}  // namespace moreau::dynamics
