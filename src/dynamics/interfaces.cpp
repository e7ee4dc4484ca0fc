#include "moreau/dynamics/interfaces.hpp"

#include "moreau/collision/narrow_phase.hpp"
#include "moreau/contact/local_problem.hpp"
#include "moreau/core/assert.hpp"
#include "moreau/geometry/central_kernel.hpp"
#include "moreau/geometry/convex_hull.hpp"
#include "moreau/math/contact_frame.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace moreau::dynamics {
namespace {

using contact::kNormal;
using math::Vec2;
using math::Vec3;

// Points closer than this to a hull edge, relative to the points' extent, are on it: far
// below any contact polygon's size, far above the round-off of the narrow phase's clipping.
constexpr double kRelativeHullTolerance = 1e-9;

// The hull of the points in the plane of normal n through `origin`, in the in-plane basis
// (t1, t2) of math::contact_frame (counter-clockwise about n, as t1 x t2 = n), and back in
// world coordinates.
std::vector<Vec3> contact_polygon(const std::vector<Vec3>& points, const Vec3& origin,
                                  const math::Mat3& frame) {
  std::vector<Vec2> in_plane;
  double extent = 0.0;
  for (const Vec3& p : points) {
    in_plane.emplace_back((p - origin).dot(frame.col(1)), (p - origin).dot(frame.col(2)));
    extent = std::max(extent, in_plane.back().norm());
  }
  std::vector<Vec3> polygon;
  for (const Vec2& v : geometry::convex_hull(in_plane, kRelativeHullTolerance * extent))
    polygon.push_back(origin + v.x() * frame.col(1) + v.y() * frame.col(2));
  return polygon;
}

// rho of the centre of pressure in the polygon (interfaces.hpp); a segment stands for the
// rectangle of its length and unit width, whose rho along the length is 6 |e| / L.
double eccentricity_ratio(const std::vector<Vec3>& polygon, const Vec3& centre,
                          const math::Mat3& frame) {
  if (polygon.size() == 2) {
    const Vec3 along = polygon[1] - polygon[0];
    const double length = along.norm();
    const double offset = (centre - 0.5 * (polygon[0] + polygon[1])).dot(along) / length;
    const std::vector<Vec2> strip{
        {-0.5 * length, -0.5}, {0.5 * length, -0.5}, {0.5 * length, 0.5}, {-0.5 * length, 0.5}};
    return geometry::eccentricity_ratio(strip, Vec2(offset, 0.0));
  }
  const auto in_plane = [&](const Vec3& p) {
    return Vec2((p - centre).dot(frame.col(1)), (p - centre).dot(frame.col(2)));
  };
  std::vector<Vec2> section;
  section.reserve(polygon.size());
  for (const Vec3& p : polygon) section.push_back(in_plane(p));
  return geometry::eccentricity_ratio(section, Vec2::Zero());
}

// The extent of the joint between bodies a and b when its contact points do not span it (it
// has opened down to a corner, or in 3D an edge: a hinge): the points the narrow phase finds
// between them within half the thinner body's least width. The far side of a joint that
// turned about its hinge is that far only once the joint has opened by an angle of about
// asin(w / 2L) (w the least width, L the joint's length: 14 deg for a brick on its bed),
// while no other face of either body comes that near.
std::vector<Vec3> joint_extent(const model::Scene& scene, int a, int b) {
  const model::Body& body_a = scene.bodies[static_cast<std::size_t>(a)];
  const model::Body& body_b = scene.bodies[static_cast<std::size_t>(b)];
  const double distance =
      0.5 * std::min(geometry::least_width(body_a.shape), geometry::least_width(body_b.shape));
  std::vector<Vec3> points;
  for (const collision::ContactPoint& point : collision::collide(
           body_a.shape, body_a.shape_pose(), body_b.shape, body_b.shape_pose(), distance))
    points.push_back(point.p);
  return points;
}

// Whether the points span a joint: in 3D a polygon of positive area (3 points not on a
// line), in planar mode a segment.
bool spans_a_joint(const std::vector<Vec3>& polygon, int dimension) {
  return polygon.size() >= (dimension == 3 ? 3u : 2u);
}

}  // namespace

std::vector<PairContacts> group_by_pair(const std::vector<Contact>& contacts) {
  std::map<std::pair<int, int>, PairContacts> pairs;
  for (const Contact& c : contacts) {
    const auto [low, high] = std::minmax(c.body_a, c.body_b);
    auto [it, inserted] = pairs.try_emplace(std::pair<int, int>(low, high));
    PairContacts& pair = it->second;
    if (inserted) {
      pair.body_a = c.body_a;
      pair.body_b = c.body_b;
    }
    pair.contacts.emplace_back(&c, c.body_a == pair.body_a ? 1.0 : -1.0);
  }
  std::vector<PairContacts> grouped;
  grouped.reserve(pairs.size());
  for (auto& [key, pair] : pairs) grouped.push_back(std::move(pair));
  std::sort(grouped.begin(), grouped.end(), [](const PairContacts& p, const PairContacts& q) {
    return std::pair(p.body_a, p.body_b) < std::pair(q.body_a, q.body_b);
  });
  return grouped;
}

std::vector<Vec3> joint_polygon(const std::vector<Vec3>& points, const Vec3& normal,
                                int dimension) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p / static_cast<double>(points.size());
  return contact_polygon(points, mean, math::contact_frame(normal, dimension));
}

std::vector<Interface> find_interfaces(const std::vector<Contact>& contacts,
                                       const model::Scene& scene) {
  const int dimension = scene.dimension;
  std::vector<Interface> interfaces;
  for (const PairContacts& pair : group_by_pair(contacts)) {
    Interface joint;
    joint.body_a = pair.body_a;
    joint.body_b = pair.body_b;
    joint.points = static_cast<int>(pair.contacts.size());
    Vec3 normal_sum = Vec3::Zero(), force = Vec3::Zero();
    Vec3 weighted_points = Vec3::Zero();
    double normal_forces = 0.0;
    std::vector<Vec3> points;
    for (const auto& [c, sign] : pair.contacts) {
      normal_sum += sign * c->point.n;
      force += sign * (c->frame * c->force);
      const double normal_force = c->force[kNormal];
      normal_forces += normal_force;
      weighted_points += normal_force * c->point.p;
      points.push_back(c->point.p);
    }
    if (!(normal_forces > 0.0)) continue;
    joint.normal = normal_sum.normalized();
    joint.normal_force = force.dot(joint.normal);
    joint.shear_force = force - joint.normal_force * joint.normal;
    const math::Mat3 frame = math::contact_frame(joint.normal, dimension);
    joint.polygon = joint_polygon(points, joint.normal, dimension);
    if (!spans_a_joint(joint.polygon, dimension))
      joint.polygon =
          joint_polygon(joint_extent(scene, pair.body_a, pair.body_b), joint.normal, dimension);
    if (!spans_a_joint(joint.polygon, dimension)) continue;  // a corner or a ball: no joint
    const Vec3 centre = weighted_points / normal_forces;
    const Vec3& on_plane = joint.polygon.front();
    joint.centre_of_pressure = centre - (centre - on_plane).dot(joint.normal) * joint.normal;
    joint.eccentricity_ratio = eccentricity_ratio(joint.polygon, joint.centre_of_pressure, frame);
    interfaces.push_back(std::move(joint));
  }
  return interfaces;
}

}  // namespace moreau::dynamics
