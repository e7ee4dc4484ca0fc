// Which bodies of a scene touch, and where: the broad phase on bounding boxes inflated by a
// margin per body, then the exact narrow phase (docs/mathematics.md section 1). One function for
// the stepper, the overlap check of problem files and `moreau check`.
#pragma once

#include "moreau/collision/contact_point.hpp"
#include "moreau/dynamics/stepper.hpp"
#include "moreau/model/scene.hpp"

#include <vector>

namespace moreau::dynamics {

/// A contact point between bodies body_a and body_b (indices in Scene::bodies); the normal
/// points from body_b towards body_a.
struct BodyContact {
  int body_a = 0;
  int body_b = 0;
  collision::ContactPoint point;
};

/// Half the diagonal of the body's bounding box, m: no point of the body is farther from its
/// centre than this; 0 for an unbounded body (a plane).
double bounding_radius(const model::Body& body);

/// How far apart two contact points of the same two bodies may lie and still be one contact
/// whose feature pair was renamed between steps (contact_memory.hpp), m: 1e-3 of the larger
/// bounding radius of the two, far above the round-off of coinciding features and far below
/// the spacing of the points of one face.
double same_place_tolerance(const model::Body& a, const model::Body& b);

/// The gap up to which two surfaces count as touching, m: 1e-6 of the mean size (twice the
/// bounding radius) of the free bodies, or of 1 m without any: far above the round-off of
/// bodies placed in contact, far below any gap that matters. NSCD activates contacts up to it
/// (moreau_jean.cpp says why), and cohesive joints bond the contacts within it.
double contact_allowance(const model::Scene& scene);

/// Every contact point with a gap of at most margins[a] + margins[b] between two bodies of
/// which at least one is free: bodies that do not move never interact (a shaking table may
/// sit inside the ground plane), and removed bodies touch nothing.
/// @param margins m, >= 0, one per body
std::vector<BodyContact> detect_body_contacts(const model::Scene& scene,
                                              const std::vector<double>& margins);

/// The contact of a detected point: its frame (math::contact_frame), the friction and
/// restitution of its pair's law, and its persistent key.
Contact contact_of(const BodyContact& detected, const model::Scene& scene);

/// The contact points of the bodies that touch where they are now: a gap of at most
/// contact_allowance (half of it the margin of each body), as `moreau check` counts them.
std::vector<BodyContact> touching_contacts(const model::Scene& scene);

}  // namespace moreau::dynamics
