#include "moreau/dynamics/mechanism.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/disjoint_sets.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/interfaces.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <utility>

namespace moreau::dynamics {
namespace {

using math::Vec3;

// Speeds and relative speeds below this fraction of the fastest body's count as none: far above
// the solver's tolerance on the velocities, far below the motion of any part of a mechanism
// under way.
constexpr double kRestFraction = 0.01;
// Below this speed, m/s, a structure stands whatever its fastest body: an assembly at rest
// keeps velocities of the order of the solver's tolerance (1e-10 m/s for the tests' blocks),
// while a collapse the monitors report moves by millimetres per second at least.
constexpr double kRestSpeed = 1e-6;
// A part turns when |omega| times its size is above this fraction of its fastest point's speed:
// a translation with a rotation of a tenth of it is still a slide.
constexpr double kTurningFraction = 0.1;
// How many joints the one-line description names before it counts the rest.
constexpr std::size_t kNamedJoints = 8;

// A body's velocity field relative to the reference frame: v(p) = v + omega x (p - x).
struct Twist {
  Vec3 v = Vec3::Zero();
  Vec3 omega = Vec3::Zero();
  Vec3 x = Vec3::Zero();
  Vec3 at(const Vec3& p) const { return v + omega.cross(p - x); }
};

Twist twist_of(const model::Body& body, const Vec3& frame_velocity) {
  return {body.v - frame_velocity, body.q * body.w_B, body.x};
}

// The size a rotation acts over: a plane's bounding radius is 0, so it takes the other's.
double pair_size(const model::Body& a, const model::Body& b) {
  return std::max(bounding_radius(a), bounding_radius(b));
}

// u_a(p) - u_b(p) at the contact's point, with its normal oriented from b towards a as the
// pair names them.
Vec3 relative_velocity(const PairContacts& pair, const Contact& c,
                       const std::vector<Twist>& twists) {
  const Vec3 u = twists[static_cast<std::size_t>(c.body_a)].at(c.point.p) -
                 twists[static_cast<std::size_t>(c.body_b)].at(c.point.p);
  return c.body_a == pair.body_a ? u : Vec3(-u);
}

Vec3 oriented_normal(const PairContacts& pair, const Contact& c) {
  return c.body_a == pair.body_a ? c.point.n : Vec3(-c.point.n);
}

MovingPart part_motion(std::vector<int> bodies, const model::Scene& scene,
                       const std::vector<Twist>& twists) {
  MovingPart part;
  part.bodies = std::move(bodies);
  const int heaviest = *std::max_element(part.bodies.begin(), part.bodies.end(), [&](int i, int j) {
    return scene.bodies[static_cast<std::size_t>(i)].mass <
           scene.bodies[static_cast<std::size_t>(j)].mass;
  });
  const Twist& twist = twists[static_cast<std::size_t>(heaviest)];
  double size = 0.0, fastest = 0.0;
  for (int b : part.bodies) {
    const model::Body& body = scene.bodies[static_cast<std::size_t>(b)];
    const Twist& t = twists[static_cast<std::size_t>(b)];
    size = std::max(size, (body.x - twist.x).norm() + bounding_radius(body));
    fastest = std::max(fastest, t.v.norm() + t.omega.norm() * bounding_radius(body));
  }
  part.angular_velocity = twist.omega;
  const double turning = twist.omega.squaredNorm();
  part.turns = twist.omega.norm() * size > kTurningFraction * fastest;
  if (part.turns) {
    // The point p of the axis nearest x: omega x v / |omega|^2, where the velocity is along
    // the axis only (in planar mode, zero: the instantaneous centre).
    part.axis_point = twist.x + twist.omega.cross(twist.v) / turning;
    part.direction = twist.omega.normalized();
  } else {
    part.axis_point = twist.x;
    part.direction = twist.v.normalized();
  }
  return part;
}

std::string rounded(const Vec3& v) {
  const auto mm = [](double x) { return std::round(x * 1e3) / 1e3 + 0.0; };  // + 0.0: no -0
  return core::concat('(', mm(v.x()), ", ", mm(v.y()), ", ", mm(v.z()), ')');
}

std::string joint_names(const std::vector<JointMotion>& joints, const model::Scene& scene) {
  std::string text;
  for (std::size_t k = 0; k < joints.size() && k < kNamedJoints; ++k)
    text +=
        core::concat(k ? ", " : "", scene.bodies[static_cast<std::size_t>(joints[k].body_a)].name,
                     '|', scene.bodies[static_cast<std::size_t>(joints[k].body_b)].name);
  if (joints.size() > kNamedJoints)
    text += core::concat(" and ", joints.size() - kNamedJoints, " more");
  return text;
}

std::string blocks(std::size_t count) {
  return core::concat(count, count == 1 ? " block" : " blocks");
}

}  // namespace

Mechanism identify_mechanism(const model::Scene& scene, const std::vector<Contact>& contacts,
                             const Vec3& frame_velocity) {
  const std::size_t n = scene.bodies.size();
  std::vector<Twist> twists;
  double fastest = 0.0;
  for (const model::Body& body : scene.bodies) {
    twists.push_back(twist_of(body, frame_velocity));
    if (body.motion == model::Motion::Free)
      fastest = std::max(
          fastest, twists.back().v.norm() + twists.back().omega.norm() * bounding_radius(body));
  }
  Mechanism mechanism;
  if (!(fastest > kRestSpeed)) return mechanism;
  const double still = std::max(kRestFraction * fastest, kRestSpeed);

  // The bodies and one more node, rest (index n).
  core::DisjointSets<std::size_t> groups(n + 1);
  for (std::size_t b = 0; b < n; ++b) {
    const model::Body& body = scene.bodies[b];
    const bool supports =
        body.motion == model::Motion::Fixed || body.motion == model::Motion::Driven;
    const double speed = twists[b].v.norm() + twists[b].omega.norm() * bounding_radius(body);
    if (supports || (body.motion == model::Motion::Free && speed <= still)) groups.join(b, n);
  }
  const std::vector<PairContacts> pairs = group_by_pair(contacts);
  for (const PairContacts& pair : pairs) {
    const auto a = static_cast<std::size_t>(pair.body_a), b = static_cast<std::size_t>(pair.body_b);
    bool rigid =
        (twists[a].omega - twists[b].omega).norm() * pair_size(scene.bodies[a], scene.bodies[b]) <=
        still;
    for (const auto& [c, sign] : pair.contacts)
      rigid = rigid && relative_velocity(pair, *c, twists).norm() <= still;
    if (rigid) groups.join(a, b);
  }

  std::map<std::size_t, std::vector<int>> members;
  for (std::size_t b = 0; b < n; ++b)
    if (scene.bodies[b].motion == model::Motion::Free && groups.root(b) != groups.root(n))
      members[groups.root(b)].push_back(static_cast<int>(b));
  for (auto& [root, bodies] : members)
    mechanism.parts.push_back(part_motion(std::move(bodies), scene, twists));
  std::stable_sort(mechanism.parts.begin(), mechanism.parts.end(),
                   [](const MovingPart& p, const MovingPart& q) {
                     return p.bodies.size() != q.bodies.size() ? p.bodies.size() > q.bodies.size()
                                                               : p.bodies < q.bodies;
                   });

  const std::size_t rest = groups.root(n);
  for (PairContacts pair : pairs) {
    // Named moving body first: "block|ground", "voussoir02|voussoir03".
    const bool a_rests = groups.root(static_cast<std::size_t>(pair.body_a)) == rest;
    const bool b_rests = groups.root(static_cast<std::size_t>(pair.body_b)) == rest;
    if (a_rests != b_rests ? a_rests : pair.body_a > pair.body_b)
      std::swap(pair.body_a, pair.body_b);
    const auto a = static_cast<std::size_t>(pair.body_a), b = static_cast<std::size_t>(pair.body_b);
    if (groups.root(a) == groups.root(b)) continue;
    Vec3 position = Vec3::Zero(), slip = Vec3::Zero();
    int closed = 0;
    double fastest_slip = 0.0;
    for (const auto& [c, sign] : pair.contacts) {
      const Vec3 u = relative_velocity(pair, *c, twists), normal = oriented_normal(pair, *c);
      if (u.dot(normal) > still) continue;  // opening: not part of the joint's motion
      const Vec3 tangential = u - u.dot(normal) * normal;
      position += c->point.p;
      slip += tangential;
      fastest_slip = std::max(fastest_slip, tangential.norm());
      ++closed;
    }
    if (closed == 0) continue;  // the joint opens everywhere: the bodies separate
    JointMotion joint{pair.body_a, pair.body_b, position / closed, Vec3::UnitY()};
    if (fastest_slip > still) {
      joint.direction = slip.normalized();
      mechanism.sliding.push_back(joint);
    } else {
      const Vec3 turning = twists[a].omega - twists[b].omega;
      if (turning.norm() > 0.0) joint.direction = turning.normalized();
      mechanism.hinges.push_back(joint);
    }
  }
  return mechanism;
}

std::string describe(const Mechanism& mechanism, const model::Scene& scene) {
  if (mechanism.parts.empty()) return "no motion";
  std::string text;
  if (mechanism.parts.size() == 1) {
    const MovingPart& part = mechanism.parts.front();
    if (part.turns)
      text = core::concat(mechanism.hinges.empty() ? "rotation" : "overturning", " of ",
                          blocks(part.bodies.size()), " about the axis through ",
                          rounded(part.axis_point), " along ", rounded(part.direction));
    else
      text = core::concat("sliding of ", blocks(part.bodies.size()), " along ",
                          rounded(part.direction));
  } else {
    std::size_t moving = 0;
    for (const MovingPart& part : mechanism.parts) moving += part.bodies.size();
    text = core::concat(mechanism.hinges.size(), "-hinge mechanism of ", mechanism.parts.size(),
                        " parts (", blocks(moving), ')');
  }
  if (!mechanism.hinges.empty()) text += ": hinges at " + joint_names(mechanism.hinges, scene);
  if (!mechanism.sliding.empty())
    text += (mechanism.hinges.empty() ? ": sliding at " : "; sliding at ") +
            joint_names(mechanism.sliding, scene);
  return text;
}

}  // namespace moreau::dynamics
