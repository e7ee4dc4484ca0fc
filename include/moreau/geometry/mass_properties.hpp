// Mass, centre of mass and inertia of a homogeneous shape, exact up to round-off:
//   spheres and boxes in closed form; polyhedra by the divergence theorem (Mirtich 1996,
//   "Fast and accurate computation of polyhedral mass properties", JGT 1(2), in the
//   simplified form of Eberly, "Polyhedral mass properties (revisited)", 2002), which turns
//   the volume integrals of 1, x, x^2, xy into sums over a triangulation of the faces;
//   polygons (planar mode) as prisms of unit depth, -1/2 <= y <= 1/2: the mass is
//   density * area * 1 m and I_yy, the one planar mode uses, is density * integral of
//   (x^2 + z^2) over the polygon (per metre of depth).
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/geometry/shape.hpp"
#include "moreau/math/types.hpp"

#include <string>

namespace moreau::geometry {

struct MassProperties {
  double mass = 0.0;                        ///< kg
  math::Vec3 centre = math::Vec3::Zero();   ///< centre of mass, m, local frame
  math::Mat3 inertia = math::Mat3::Zero();  ///< kg m^2, about centre, local axes
  /// Columns: the principal directions in the local frame, a rotation (det = +1), so that
  /// inertia = principal_axes * diag(principal_moments) * principal_axes^T.
  math::Mat3 principal_axes = math::Mat3::Identity();
  math::Vec3 principal_moments = math::Vec3::Zero();  ///< kg m^2, ascending
};

/// @param density kg/m^3, > 0
/// @throws core::Diagnostic naming `key` for a non-positive or non-finite density, and for
///         a Plane (infinite mass: planes belong to fixed bodies)
MassProperties mass_properties(const Shape& shape, double density,
                               const core::SourceLocation& where = {},
                               const std::string& key = "density");

}  // namespace moreau::geometry
