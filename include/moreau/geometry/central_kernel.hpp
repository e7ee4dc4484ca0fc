// The central kernel (core) of a plane section, the region where a compressive resultant may
// act without any part of the section in tension under a linear (Navier) stress distribution:
// Timoshenko & Goodier 1951, "Theory of Elasticity", §101 (eccentric loading), or any
// strength-of-materials text (Timoshenko, "Strength of Materials" I, 1955, §63: the core of a
// rectangle is the rhombus with vertices at b/6 and h/6 from the centroid, "middle third").
//
// For a resultant N > 0 at the point e (from the centroid) of a section of area A and
// centroidal second-moment tensor I = ∫ x x^T dA, the linear stress with that resultant is
//   sigma(x) = N (1/A + (I^-1 e) · x)      (x from the centroid),
// since ∫ sigma dA = N (∫ x dA = 0) and ∫ x sigma dA = I (N I^-1 e) = N e. It is linear, so
// over a convex polygon its minimum is at a vertex, and e is in the kernel iff
//   rho(e) = max over vertices v of  -A (I^-1 e) · v  <=  1.
// rho is the eccentricity ratio: positively homogeneous of degree 1 in e, it is the gauge of
// the kernel (|e| over the kernel's radius in e's direction): 6 e / b along an axis of a
// b-wide rectangle, 1 on the kernel's boundary, where the stress vanishes at one vertex.
#pragma once

#include "moreau/math/types.hpp"

#include <span>

namespace moreau::geometry {

/// Area, centroid and centroidal second moments of a plane polygon (m^2, m, m^4).
struct SectionProperties {
  double area = 0.0;
  math::Vec2 centroid = math::Vec2::Zero();
  /// I = ∫ (x - c)(x - c)^T dA: diagonal entries are the second moments about the centroidal
  /// axes, the off-diagonal one the product of inertia.
  math::Mat2 second_moment = math::Mat2::Zero();
};

/// The section of a simple polygon given counter-clockwise, by the shoelace formulas (Green's
/// theorem over each edge; e.g. Steger 1996, "On the calculation of arbitrary moments of
/// polygons"), computed about the first vertex to keep the round-off of a far-off polygon small.
/// @pre at least 3 vertices, counter-clockwise, positive area
SectionProperties section_properties(std::span<const math::Vec2> polygon);

/// rho of the file comment for the point `point` (same frame as the vertices) of a convex
/// counter-clockwise polygon: <= 1 iff `point` is in the central kernel; 0 at the centroid.
/// @pre as section_properties, and the polygon convex
double eccentricity_ratio(std::span<const math::Vec2> polygon, const math::Vec2& point);

}  // namespace moreau::geometry
