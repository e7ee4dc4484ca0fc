// Interface results, what LMGC90 users look at on a masonry joint: for each pair of bodies
// in face-to-face contact, the resultant of its contact forces (normal and shear), the
// centre of pressure where it acts, the contact polygon, and whether the centre of pressure
// lies in the polygon's central kernel (geometry/central_kernel.hpp: no tension under a
// linear stress distribution). Across the joints of an arch the centres of pressure are the
// thrust line (Heyman 1966, "The stone skeleton", Int. J. Solids Struct. 2:249-279).
#pragma once

#include "moreau/dynamics/stepper.hpp"
#include "moreau/math/types.hpp"
#include "moreau/model/scene.hpp"

#include <utility>
#include <vector>

namespace moreau::dynamics {

/// The resultant of the contacts between two bodies, acting on body_a.
struct Interface {
  int body_a = 0;  ///< the normal points from body_b towards body_a
  int body_b = 0;
  int points = 0;  ///< contacts of the pair in the step (a hinge's: its corner's or edge's)
  math::Vec3 normal = math::Vec3::UnitZ();      ///< unit, world: the mean of the contact normals
  double normal_force = 0.0;                    ///< N, > 0: the resultant's component along normal
  math::Vec3 shear_force = math::Vec3::Zero();  ///< N, world: the resultant less its normal part
  /// m, world: sum p_i F_N,i / sum F_N,i over the contact points p_i and their normal forces,
  /// in the interface plane (through the points' mean, of normal `normal`).
  math::Vec3 centre_of_pressure = math::Vec3::Zero();
  /// m, world: the convex hull of the contact points in the interface plane, counter-clockwise
  /// about `normal`; two points (its ends) when the points are collinear (planar mode, or an
  /// edge lying on a face in 3D).
  std::vector<math::Vec3> polygon;
  /// rho of central_kernel.hpp for the centre of pressure in the polygon; for a segment of
  /// length L, 6 |e| / L with e the distance from its middle (the rectangle L x w for any
  /// width w: the unit-depth strip of planar mode).
  double eccentricity_ratio = 0.0;
  /// In the central kernel: a linear stress distribution with this resultant is
  /// compressive everywhere on the polygon (for a segment, the middle third).
  bool in_kernel() const { return eccentricity_ratio <= 1.0; }
};

/// The contacts of one pair of bodies, each with the sign that turns its force into one on
/// body_a (+1 when the contact names the pair as the pair does, -1 the other way round).
struct PairContacts {
  int body_a = 0;  ///< as the pair's first contact names them
  int body_b = 0;
  std::vector<std::pair<const Contact*, double>> contacts;
};

/// The contacts grouped by pair of bodies, ordered by (body_a, body_b).
std::vector<PairContacts> group_by_pair(const std::vector<Contact>& contacts);

/// The convex polygon of points on a joint of normal `normal` (unit), in the plane through
/// their mean, counter-clockwise about the normal; its two ends when the points are collinear,
/// one point when they coincide, none for no point.
/// @param dimension 2 (planar: the plane's in-plane axis is x) or 3
std::vector<math::Vec3> joint_polygon(const std::vector<math::Vec3>& points,
                                      const math::Vec3& normal, int dimension);

/// The interfaces of the contacts of a step: one for each pair of bodies whose contacts carry
/// a positive normal resultant over a joint, ordered by (body_a, body_b) with body_a and
/// body_b as the pair's first contact names them (Contact::force in both modes). The joint is
/// the polygon of the pair's contact points; when these do not span one (a single point, or in
/// 3D points on a line) the joint has opened down to a corner or an edge, a hinge, and the
/// polygon is the joint's extent, found by the narrow phase between the two bodies with a
/// wider detection distance (half the thinner body's least width): the hinge keeps its
/// interface, with the centre of pressure on the polygon's boundary (a segment's end or a
/// rectangle's edge: eccentricity ratio 3). A pair without such an extent (a sphere, a corner
/// on a face, a joint turned far open) is no interface, nor is a pair pulling or carrying
/// nothing (no centre of pressure).
/// @param scene the bodies at the end of the step (the contacts' dimension and geometry)
std::vector<Interface> find_interfaces(const std::vector<Contact>& contacts,
                                       const model::Scene& scene);

}  // namespace moreau::dynamics
