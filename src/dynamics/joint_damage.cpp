#include "moreau/dynamics/joint_damage.hpp"

#include <algorithm>

namespace moreau::dynamics {
namespace {

using math::Vec3;

Vec3 to_body(const model::Body& body, const Vec3& p) { return body.q.conjugate() * (p - body.x); }
Vec3 to_world(const model::Body& body, const Vec3& p) { return body.x + body.q * p; }

const model::Body& body_of(const model::Scene& scene, int index) {
  return scene.bodies[static_cast<std::size_t>(index)];
}

}  // namespace

void JointDamageMap::follow(const model::Scene& scene, const std::vector<Contact>& contacts) {
  std::map<std::pair<int, int>, JointDamage> touching;
  for (const Contact& c : contacts) {
    const auto pair = std::minmax(c.body_a, c.body_b);
    if (index_.contains(pair)) continue;
    auto [it, first] = touching.try_emplace(pair);
    JointDamage& joint = it->second;
    if (first) {
      joint.body_a = c.body_a;
      joint.body_b = c.body_b;
      joint.normal_b = Vec3::Zero();
    }
    const double sign = c.body_a == joint.body_a ? 1.0 : -1.0;
    joint.points_a.push_back(to_body(body_of(scene, joint.body_a), c.point.p));
    joint.points_b.push_back(to_body(body_of(scene, joint.body_b), c.point.p));
    joint.normal_b += sign * (body_of(scene, joint.body_b).q.conjugate() * c.point.n);
  }
  for (auto& [pair, joint] : touching) {
    joint.normal_b.normalize();
    index_[pair] = joints_.size();
    joints_.push_back(std::move(joint));
  }
  for (JointDamage& joint : joints_) {
    const model::Body& a = body_of(scene, joint.body_a);
    const model::Body& b = body_of(scene, joint.body_b);
    const Vec3 normal = b.q * joint.normal_b;
    for (std::size_t k = 0; k < joint.points_a.size(); ++k) {
      const Vec3 gap = to_world(a, joint.points_a[k]) - to_world(b, joint.points_b[k]);
      const double opening = gap.dot(normal);
      joint.max_opening = std::max(joint.max_opening, opening);
      joint.max_sliding = std::max(joint.max_sliding, (gap - opening * normal).norm());
    }
  }
}

void JointDamageMap::restore(std::vector<JointDamage> joints) {
  joints_ = std::move(joints);
  index_.clear();
  for (std::size_t k = 0; k < joints_.size(); ++k)
    index_[std::minmax(joints_[k].body_a, joints_[k].body_b)] = k;
}

std::vector<Vec3> joint_points(const JointDamage& joint, const model::Scene& scene) {
  std::vector<Vec3> points;
  points.reserve(joint.points_b.size());
  for (const Vec3& p : joint.points_b) points.push_back(to_world(body_of(scene, joint.body_b), p));
  return points;
}

}  // namespace moreau::dynamics
