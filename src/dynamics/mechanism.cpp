#include "moreau/dynamics/mechanism.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/disjoint_sets.hpp"
#include "moreau/dynamics/contact_detection.hpp"
#include "moreau/dynamics/interfaces.hpp"
#include "moreau/geometry/shape.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numbers>
#include <tuple>
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
// Closed contacts within this fraction of the pair's size from one line along the relative
// rotation lie on an edge: the narrow phase puts a rocking joint's contacts on the edge itself
// (the corners of the clipped faces), while a face that stays closed spreads them over its
// width, more than a twentieth of the pair's size for any block less slender than 1:10.
constexpr double kEdgeWidthFraction = 0.05;
// An edge less than this fraction of a body's half least width across from under its centre
// bounds no face of it on one side: a ridge the body sits astride.
constexpr double kCentredEdgeFraction = 0.1;
// A hinge line lies on the part's instantaneous axis when its ends are within this fraction of
// the part's size from it. A hinge's contacts neither slip nor open faster than 1% of the
// fastest speed, while the part turns at |omega| size > 10% of it: one that does not close
// either lies within a tenth of the size from the axis (twice that here, as the size is
// measured from the centre of mass rather than the heaviest body). One farther away is
// closing fast, an impact, not an edge the part turns about.
constexpr double kOnAxisFraction = 0.2;
// The one-line description names at most this many hinge lines (pairs of parts), sliding ones,
// and bodies on either side of one, and counts the rest.
constexpr std::size_t kNamedHingeLines = 4;
constexpr std::size_t kNamedSlidingLines = 2;
constexpr std::size_t kNamedMovingBodies = 3;
constexpr std::size_t kNamedSupportingBodies = 2;

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

// The part's centre of mass, its velocity (the part moves with `twist`, its heaviest body's)
// and the part's size about it.
void add_centre_of_mass(MovingPart& part, const model::Scene& scene, const Twist& twist) {
  double mass = 0.0;
  Vec3 moment = Vec3::Zero();
  for (int b : part.bodies) {
    const model::Body& body = scene.bodies[static_cast<std::size_t>(b)];
    mass += body.mass;
    moment += body.mass * body.x;
  }
  part.centre_of_mass = moment / mass;
  part.centre_of_mass_velocity = twist.at(part.centre_of_mass);
  for (int b : part.bodies) {
    const model::Body& body = scene.bodies[static_cast<std::size_t>(b)];
    part.size = std::max(part.size, (body.x - part.centre_of_mass).norm() + bounding_radius(body));
  }
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
  add_centre_of_mass(part, scene, twist);
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

// How far across the joint the edge at `position` lies from under the body's centre, in
// half least widths of the body, signed along `across` (0 for a plane).
double offset_from_centre(const Vec3& position, const Vec3& across, const model::Body& body) {
  return (position - body.x).dot(across) / (0.5 * geometry::least_width(body.shape));
}

// The edge a joint turns on (JointMotion::on_edge): its closed contacts' extent along the
// relative angular velocity `turning`, when they lie on one line along it, and the side of it
// that the body whose face it bounds lies on: of the two bodies, the one whose centre the edge
// is farther from, in its half least widths (a post's corner on a wide base: the post's).
void locate_edge(JointMotion& joint, const std::vector<Vec3>& closed, const Vec3& turning,
                 const model::Body& body_a, const model::Body& body_b, double still) {
  joint.edge_start = joint.edge_end = joint.position;
  const double size = pair_size(body_a, body_b);
  if (!(turning.norm() * size > still)) return;
  const Vec3 axis = turning.normalized();
  double first = 0.0, last = 0.0, widest = 0.0;
  for (const Vec3& p : closed) {
    const double along = (p - joint.position).dot(axis);
    first = std::min(first, along);
    last = std::max(last, along);
    widest = std::max(widest, (p - joint.position - along * axis).norm());
  }
  if (widest > kEdgeWidthFraction * size) return;  // a face closed across its width
  joint.on_edge = true;
  joint.edge_start = joint.position + first * axis;
  joint.edge_end = joint.position + last * axis;
  if (joint.normal.cross(axis).norm() == 0.0) return;  // an edge along the normal bounds no face
  const Vec3 across = joint.normal.cross(axis).normalized();
  const double offset_a = offset_from_centre(joint.position, across, body_a);
  const double offset_b = offset_from_centre(joint.position, across, body_b);
  const double offset = std::abs(offset_a) >= std::abs(offset_b) ? offset_a : offset_b;
  if (std::abs(offset) > kCentredEdgeFraction) joint.side = (offset > 0.0 ? 1.0 : -1.0) * across;
}

// A coordinate to the millimetre, m (+ 0.0: no -0).
double to_millimetre(double x) { return std::round(x * 1e3) / 1e3 + 0.0; }

std::string rounded(const Vec3& v) {
  return core::concat('(', to_millimetre(v.x()), ", ", to_millimetre(v.y()), ", ",
                      to_millimetre(v.z()), ')');
}

std::string blocks(std::size_t count) {
  return core::concat(count, count == 1 ? " block" : " blocks");
}

// The bodies' names, ascending and each once, at most `shown` of them, then the count of the
// rest: "a, b and 3 more".
std::string names(std::vector<int> bodies, std::size_t shown, const model::Scene& scene) {
  std::sort(bodies.begin(), bodies.end());
  bodies.erase(std::unique(bodies.begin(), bodies.end()), bodies.end());
  std::string text;
  for (std::size_t k = 0; k < bodies.size() && k < shown; ++k)
    text += core::concat(k ? ", " : "", scene.bodies[static_cast<std::size_t>(bodies[k])].name);
  if (bodies.size() > shown) text += core::concat(" and ", bodies.size() - shown, " more");
  return text;
}

// The joints between one pair of parts (-1 standing for the bodies at rest): one hinge line,
// or one sliding interface.
struct JointLine {
  std::pair<int, int> parts;
  std::vector<const JointMotion*> joints;
};

std::vector<JointLine> group_by_parts(const std::vector<JointMotion>& joints,
                                      const Mechanism& mechanism, std::size_t bodies) {
  std::vector<int> part_of(bodies, -1);
  for (std::size_t k = 0; k < mechanism.parts.size(); ++k)
    for (int b : mechanism.parts[k].bodies)
      part_of[static_cast<std::size_t>(b)] = static_cast<int>(k);
  std::vector<JointLine> lines;
  for (const JointMotion& joint : joints) {
    const std::pair<int, int> parts = std::minmax(part_of[static_cast<std::size_t>(joint.body_a)],
                                                  part_of[static_cast<std::size_t>(joint.body_b)]);
    auto line = std::find_if(lines.begin(), lines.end(),
                             [&](const JointLine& l) { return l.parts == parts; });
    if (line == lines.end()) line = lines.insert(lines.end(), JointLine{parts, {}});
    line->joints.push_back(&joint);
  }
  return lines;
}

// "the +y edge of ", "the lower +x edge of " when every joint of the line turns on an edge on
// the same side of its body (JointMotion::side), else nothing. The side is named by the world
// axes it leans towards by more than 22.5 deg from square, z as upper or lower: a wall's face
// is one axis, the intrados of an arch's oblique joint two.
std::string edge_side(const JointLine& line) {
  const double kLeaning = std::sin(std::numbers::pi / 8.0);
  const auto phrase = [&](const Vec3& side) -> std::string {
    if (side.isZero()) return "";
    std::string words;
    if (std::abs(side.z()) >= kLeaning) words = side.z() > 0.0 ? "upper " : "lower ";
    for (int k = 0; k < 2; ++k)
      if (std::abs(side[k]) >= kLeaning) words += core::concat(side[k] > 0.0 ? '+' : '-', "xy"[k]);
    return "the " + (words.back() == ' ' ? words : words + ' ') + "edge of ";
  };
  std::string first = phrase(line.joints.front()->side);
  for (const JointMotion* joint : line.joints)
    if (!joint->on_edge || phrase(joint->side) != first) return "";
  return first;
}

// "wall/course00_block00, wall/course00_block01 and 3 more on ground": the bodies of one side
// of the line, how they meet those of the other, and those. "on" when the joints' mean
// normal is within 60 deg of the vertical, the upper side named first; "against" otherwise,
// body_a's side first (the moving one's, or the lower index's).
std::string line_text(const JointLine& line, const model::Scene& scene) {
  std::vector<int> moving, supporting;
  Vec3 normal = Vec3::Zero();
  for (const JointMotion* joint : line.joints) {
    moving.push_back(joint->body_a);
    supporting.push_back(joint->body_b);
    normal += joint->normal;
  }
  const double up = normal.normalized().z();
  if (up <= -0.5) std::swap(moving, supporting);  // body_a under body_b: b is on a
  return core::concat(edge_side(line), names(moving, kNamedMovingBodies, scene),
                      std::abs(up) >= 0.5 ? " on " : " against ",
                      names(supporting, kNamedSupportingBodies, scene));
}

// The joints line by line, at most `shown` lines, then the count of the joints left out.
std::string joints_text(const std::vector<JointMotion>& joints, const Mechanism& mechanism,
                        const model::Scene& scene, std::size_t shown) {
  const std::vector<JointLine> lines = group_by_parts(joints, mechanism, scene.bodies.size());
  std::string text;
  std::size_t left_out = 0;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (k < shown)
      text += core::concat(k ? ", " : "", line_text(lines[k], scene));
    else
      left_out += lines[k].joints.size();
  }
  if (left_out > 0)
    text += core::concat(", and ", left_out, left_out == 1 ? " more joint" : " more joints");
  return text;
}

// Whether every joint turns on an edge whose ends lie within `reach` of the line through
// `point` along `direction` (unit).
bool on_line(const std::vector<JointMotion>& joints, const Vec3& point, const Vec3& direction,
             double reach) {
  return std::all_of(joints.begin(), joints.end(), [&](const JointMotion& joint) {
    return joint.on_edge && (joint.edge_start - point).cross(direction).norm() <= reach &&
           (joint.edge_end - point).cross(direction).norm() <= reach;
  });
}

// "the edge from (x1) to (x2)" spanned by the joints' edges along `direction`, its ends in
// ascending order of their rounded coordinates; "the corner at (x)" when they round alike.
std::string edge_text(const std::vector<JointMotion>& joints, const Vec3& direction) {
  Vec3 first = joints.front().edge_start, last = first;
  for (const JointMotion& joint : joints)
    for (const Vec3& end : {joint.edge_start, joint.edge_end}) {
      if (end.dot(direction) < first.dot(direction)) first = end;
      if (end.dot(direction) > last.dot(direction)) last = end;
    }
  const std::string a = rounded(first), b = rounded(last);
  if (a == b) return "the corner at " + a;
  const auto ascending = [](const Vec3& p, const Vec3& q) {
    return std::make_tuple(to_millimetre(p.x()), to_millimetre(p.y()), to_millimetre(p.z())) <
           std::make_tuple(to_millimetre(q.x()), to_millimetre(q.y()), to_millimetre(q.z()));
  };
  return ascending(first, last) ? "the edge from " + a + " to " + b
                                : "the edge from " + b + " to " + a;
}

// How the one moving part moves. Turning: about its hinges' edge, on which its instantaneous
// axis lies (overturning); about the edge of the joints it slides on, when it turns on their
// edge as that slips (the axis then passes far from the part: a block rocking on its slipping
// corner turns about a point |v| / |omega| above or below the corner); else about its axis,
// through the point nearest the centre of mass, or when the axis passes farther than the
// part's size (a spin small beside a translation), through the centre of mass as it moves.
std::string part_motion_text(const Mechanism& mechanism) {
  const MovingPart& part = mechanism.parts.front();
  const std::string count = blocks(part.bodies.size());
  if (!part.turns) return core::concat("sliding of ", count, " along ", rounded(part.direction));
  const Vec3& axis = part.direction;
  const double reach = kOnAxisFraction * part.size;
  if (!mechanism.hinges.empty() && on_line(mechanism.hinges, part.axis_point, axis, reach))
    return core::concat("overturning of ", count, " about ", edge_text(mechanism.hinges, axis));
  const std::vector<JointMotion>& sliding = mechanism.sliding;
  if (mechanism.hinges.empty() && !sliding.empty() &&
      on_line(sliding, sliding.front().edge_start, axis, reach))
    return core::concat("rotation of ", count, " about ", edge_text(sliding, axis),
                        " while sliding along ", rounded(sliding.front().direction));
  const Vec3& centre = part.centre_of_mass;
  const Vec3 nearest = part.axis_point + (centre - part.axis_point).dot(axis) * axis;
  if ((centre - nearest).norm() <= part.size)
    return core::concat("rotation of ", count, " about the axis through ", rounded(nearest),
                        " along ", rounded(axis));
  return core::concat("rotation of ", count, " about the axis along ", rounded(axis), " through ",
                      part.bodies.size() == 1 ? "its" : "their", " centre of mass ",
                      rounded(centre), ", which moves along ",
                      rounded(part.centre_of_mass_velocity.normalized()));
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
    Vec3 position = Vec3::Zero(), slip = Vec3::Zero(), normals = Vec3::Zero();
    std::vector<Vec3> closed;
    double fastest_slip = 0.0;
    for (const auto& [c, sign] : pair.contacts) {
      const Vec3 u = relative_velocity(pair, *c, twists), normal = oriented_normal(pair, *c);
      if (u.dot(normal) > still) continue;  // opening: not part of the joint's motion
      const Vec3 tangential = u - u.dot(normal) * normal;
      position += c->point.p;
      slip += tangential;
      normals += normal;
      fastest_slip = std::max(fastest_slip, tangential.norm());
      closed.push_back(c->point.p);
    }
    if (closed.empty()) continue;  // the joint opens everywhere: the bodies separate
    JointMotion joint{pair.body_a, pair.body_b, position / static_cast<double>(closed.size()),
                      Vec3::UnitY()};
    if (normals.norm() > 0.0) joint.normal = normals.normalized();
    const Vec3 turning = twists[a].omega - twists[b].omega;
    locate_edge(joint, closed, turning, scene.bodies[a], scene.bodies[b], still);
    if (fastest_slip > still) {
      joint.direction = slip.normalized();
      mechanism.sliding.push_back(joint);
    } else {
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
    text = part_motion_text(mechanism);
  } else {
    std::size_t moving = 0;
    for (const MovingPart& part : mechanism.parts) moving += part.bodies.size();
    text = core::concat(mechanism.hinges.size(), "-hinge mechanism of ", mechanism.parts.size(),
                        " parts (", blocks(moving), ')');
  }
  if (!mechanism.hinges.empty())
    text += ": hinges at " + joints_text(mechanism.hinges, mechanism, scene, kNamedHingeLines);
  if (!mechanism.sliding.empty())
    text += (mechanism.hinges.empty() ? ": sliding at " : "; sliding at ") +
            joints_text(mechanism.sliding, mechanism, scene, kNamedSlidingLines);
  return text;
}

}  // namespace moreau::dynamics
