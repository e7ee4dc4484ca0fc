// Arches of voussoirs (generators.hpp): semicircular, pointed and segmental rings cut by
// radial joints, with optional abutments. The cross-section of a voussoir is the convex
// quadrilateral of its four corners (the intrados and extrados arcs replaced by chords):
// blocks must be convex for the contact layer, and chords keep every joint face shared
// exactly by its two voussoirs, so the ring starts closed at zero gap.
#include "generators_common.hpp"
#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"
#include "moreau/masonry/generators.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace moreau::masonry {
namespace {

using math::Vec2;

// A joint between neighbouring voussoirs, or a springing: its corners on the intrados and
// on the extrados, (x, z) in m.
struct Joint {
  Vec2 intrados;
  Vec2 extrados;
};

// The spec with its defaults applied and its values checked.
struct Ring {
  ArchForm form;
  double span;       // m, between the intrados springings
  double radius;     // m, of the intrados
  double thickness;  // m, radial
  double height;     // m, z of the springings
  int voussoirs;
};

Vec2 on_circle(const Vec2& centre, double radius, double angle) {
  return centre + radius * Vec2(std::cos(angle), std::sin(angle));
}

Joint radial_joint(const Ring& ring, const Vec2& centre, double angle) {
  return {on_circle(centre, ring.radius, angle),
          on_circle(centre, ring.radius + ring.thickness, angle)};
}

// Joint k of the right half, counted from the right springing (x = span/2) towards the
// crown, 0 <= k <= voussoirs / 2. Angles are measured at the centre of the right arc from +x.
Joint right_joint(const Ring& ring, int k) {
  const int n = ring.voussoirs;
  switch (ring.form) {
    case ArchForm::Semicircular:
      return radial_joint(ring, Vec2(0.0, ring.height), std::numbers::pi * k / n);
    case ArchForm::Segmental: {
      // Half the opening angle alpha: sin(alpha) = (span/2) / radius; the centre lies
      // radius cos(alpha) below the springings.
      const double alpha = std::asin(0.5 * ring.span / ring.radius);
      const Vec2 centre(0.0, ring.height - ring.radius * std::cos(alpha));
      return radial_joint(ring, centre, 0.5 * std::numbers::pi - alpha + 2.0 * alpha * k / n);
    }
    case ArchForm::Pointed:
      break;
  }
  // Pointed: the right arc has its centre at x = -a, a = radius - span/2, and meets x = 0 at
  // the crown angle phi_c, cos(phi_c) = a / radius. Its n/2 voussoirs divide [0, phi_c]
  // equally; the crown joint is the vertical segment on x = 0 between the two intrados arcs'
  // meeting point and the two extrados arcs' one (at height sqrt(R^2 - a^2), R = radius +
  // thickness), so that the halves are mirror images and meet face to face.
  const double a = ring.radius - 0.5 * ring.span;
  const int half = n / 2;
  if (k < half) {
    const double crown_angle = std::acos(a / ring.radius);
    return radial_joint(ring, Vec2(-a, ring.height), crown_angle * k / half);
  }
  const double outer = ring.radius + ring.thickness;
  return {Vec2(0.0, ring.height + std::sqrt(ring.radius * ring.radius - a * a)),
          Vec2(0.0, ring.height + std::sqrt(outer * outer - a * a))};
}

Joint mirrored(const Joint& joint) {
  return {Vec2(-joint.intrados.x(), joint.intrados.y()),
          Vec2(-joint.extrados.x(), joint.extrados.y())};
}

// The voussoirs + 1 joints from the left springing (x = -span/2) to the right one. The left
// half is the mirror image of the right half, so the arch is symmetric to the last bit.
std::vector<Joint> ring_joints(const Ring& ring) {
  const int n = ring.voussoirs;
  std::vector<Joint> joints(static_cast<std::size_t>(n + 1));
  for (int k = 0; 2 * k <= n; ++k) {
    const Joint joint = right_joint(ring, k);
    joints[static_cast<std::size_t>(n - k)] = joint;
    if (2 * k != n) joints[static_cast<std::size_t>(k)] = mirrored(joint);
  }
  return joints;
}

// The horizontal extent of a springing joint: thickness for a horizontal springing,
// thickness sin(alpha) for the inclined skewback of a segmental arch.
double springing_joint_width(const Ring& ring) {
  if (ring.form != ArchForm::Segmental) return ring.thickness;
  return ring.thickness * 0.5 * ring.span / ring.radius;
}

// Below 1e-9 span an abutment wider than its springing joint is taken as flush with it: a
// sliver narrower than that would be a degenerate corner, not masonry.
double flush_tolerance(const Ring& ring) { return 1e-9 * ring.span; }

// The right abutment's cross-section, counter-clockwise: from the ground at the intrados
// springing, out to `width`, up to the extrados springing's height, along the springing
// joint back to the intrados. Corners that would be repeated or collinear are left out:
// the ground corner under a springing at z = 0, the outer top corner of an abutment flush
// with the joint, the extrados springing on the top of a horizontal springing.
std::vector<Vec2> right_abutment_corners(const Ring& ring, const Joint& springing, double width) {
  const Vec2& inner = springing.intrados;
  const Vec2& outer = springing.extrados;
  const double x_out = inner.x() + width;
  const bool flush = x_out <= outer.x() + flush_tolerance(ring);
  std::vector<Vec2> corners;
  if (inner.y() > 0.0) corners.emplace_back(inner.x(), 0.0);
  corners.emplace_back(flush ? outer.x() : x_out, 0.0);
  if (!flush) corners.emplace_back(x_out, outer.y());
  if (flush || ring.form == ArchForm::Segmental) corners.push_back(outer);
  corners.push_back(inner);
  return corners;
}

// Mirror image in x = 0, reversed to stay counter-clockwise.
std::vector<Vec2> mirrored(const std::vector<Vec2>& corners) {
  std::vector<Vec2> image;
  for (auto it = corners.rbegin(); it != corners.rend(); ++it)
    image.emplace_back(-it->x(), it->y());
  return image;
}

double resolved_radius(const ArchSpec& spec) {
  switch (spec.form) {
    case ArchForm::Semicircular:
      return spec.span > 0.0 ? 0.5 * spec.span : spec.radius;
    case ArchForm::Pointed:
      return spec.radius > 0.0 ? spec.radius : spec.span;  // equilateral by default
    case ArchForm::Segmental:
      return spec.radius;
  }
  return spec.radius;
}

void check_voussoir_count(const ArchSpec& spec) {
  switch (spec.form) {
    case ArchForm::Semicircular:
      // One voussoir would be the half ring whose chords are a straight line: no area.
      return detail::require_count(spec.voussoirs, 2, "voussoirs");
    case ArchForm::Pointed:
      detail::require_count(spec.voussoirs, 2, "voussoirs");
      if (spec.voussoirs % 2 != 0)
        throw core::Diagnostic({}, "voussoirs",
                               "an even number for a pointed arch (the crown is a joint)",
                               core::concat(spec.voussoirs));
      return;
    case ArchForm::Segmental:
      return detail::require_count(spec.voussoirs, 1, "voussoirs");
  }
}

// Span and radius: semicircular takes either (both must then agree), pointed needs
// radius >= span/2 (equal: semicircular), segmental radius > span/2 (equal: semicircular).
void check_span_and_radius(const ArchSpec& spec) {
  detail::require_non_negative(spec.span, "span");
  detail::require_non_negative(spec.radius, "radius");
  const double half_span = 0.5 * spec.span;
  if (spec.form == ArchForm::Semicircular) {
    if (spec.span == 0.0) return detail::require_positive(spec.radius, "radius");
    // Both given: equal up to the round-off of values read from decimal text.
    if (spec.radius > 0.0 && std::abs(spec.radius - half_span) > 1e-12 * half_span)
      throw core::Diagnostic(
          {}, "radius", core::concat("0 or span / 2 = ", half_span, " m for a semicircular arch"),
          core::concat(spec.radius));
    return;
  }
  detail::require_positive(spec.span, "span");
  if (spec.form == ArchForm::Pointed && spec.radius > 0.0 && spec.radius < half_span)
    throw core::Diagnostic({}, "radius",
                           core::concat(">= span / 2 = ", half_span, " m for a pointed arch"),
                           core::concat(spec.radius));
  if (spec.form == ArchForm::Segmental && !(spec.radius > half_span))
    throw core::Diagnostic({}, "radius",
                           core::concat("> span / 2 = ", half_span, " m for a segmental arch"),
                           core::concat(spec.radius));
}

Ring checked_ring(const ArchSpec& spec, int dimension) {
  detail::require_dimension(dimension);
  check_span_and_radius(spec);
  detail::require_positive(spec.thickness, "thickness");
  if (dimension == 3) detail::require_positive(spec.depth, "depth");
  check_voussoir_count(spec);
  detail::require_non_negative(spec.springing_height, "springing_height");
  const double radius = resolved_radius(spec);
  return {spec.form,
          spec.span > 0.0 ? spec.span : 2.0 * radius,
          radius,
          spec.thickness,
          spec.springing_height,
          spec.voussoirs};
}

// The abutment width with its default applied, checked against the springing it carries.
double checked_abutment_width(const ArchSpec& spec, const Ring& ring) {
  detail::require_non_negative(spec.abutment_width, "abutment_width");
  // A horizontal springing at z = 0 leaves no room for an abutment under it.
  if (ring.form != ArchForm::Segmental && ring.height == 0.0)
    throw core::Diagnostic({}, "springing_height",
                           "> 0 m for abutments under a semicircular or pointed arch (or "
                           "abutments: false to spring the arch from the ground)",
                           "0");
  const double width = spec.abutment_width > 0.0 ? spec.abutment_width : spec.thickness;
  const double joint_width = springing_joint_width(ring);
  if (width < joint_width - flush_tolerance(ring))
    throw core::Diagnostic(
        {}, "abutment_width",
        core::concat(">= ", joint_width, " m, the horizontal extent of the springing joint"),
        core::concat(width));
  return width;
}

std::vector<Block> voussoir_blocks(const ArchSpec& spec, const std::vector<Joint>& joints,
                                   int dimension) {
  const int n = static_cast<int>(joints.size()) - 1;
  std::vector<Block> blocks;
  for (int i = 0; i < n; ++i) {
    const Joint& left = joints[static_cast<std::size_t>(i)];
    const Joint& right = joints[static_cast<std::size_t>(i) + 1];
    blocks.push_back(detail::prism_block(
        spec.name + "/voussoir" + detail::padded(i, n),
        {right.intrados, right.extrados, left.extrados, left.intrados}, spec.depth, dimension));
  }
  if (spec.fixed_springings && !spec.abutments) {
    blocks.front().fixed = true;
    blocks.back().fixed = true;
  }
  return blocks;
}

}  // namespace

std::vector<Block> generate_arch(const ArchSpec& spec, int dimension) {
  const Ring ring = checked_ring(spec, dimension);
  const double abutment_width = spec.abutments ? checked_abutment_width(spec, ring) : 0.0;
  const std::vector<Joint> joints = ring_joints(ring);
  std::vector<Block> blocks = voussoir_blocks(spec, joints, dimension);
  if (!spec.abutments) return blocks;
  const std::vector<Vec2> right = right_abutment_corners(ring, joints.back(), abutment_width);
  for (const auto& [index, corners] : {std::pair{0, mirrored(right)}, std::pair{1, right}}) {
    blocks.push_back(detail::prism_block(spec.name + "/abutment" + std::to_string(index), corners,
                                         spec.depth, dimension));
    blocks.back().fixed = spec.fixed_springings;
  }
  return blocks;
}

}  // namespace moreau::masonry
