// The output of the narrow phase (docs/mathematics.md section 1): a point, a normal from B towards
// A and a gap (> 0 when apart). The tangents come later, from math::contact_frame, so that every
// layer builds the frame the same way.
#pragma once

#include "moreau/math/types.hpp"

#include <cstdint>

namespace moreau::collision {

/// A feature of one shape. Polyhedra (and boxes, as ConvexPolyhedron::box numbers them)
/// use their vertex, edge and face indices; polygons their vertex and edge indices; a
/// plane is Face 0 and a sphere Body 0.
enum class FeatureKind : std::uint8_t { Vertex = 0, Edge = 1, Face = 2, Body = 3 };

struct Feature {
  FeatureKind kind = FeatureKind::Body;
  int index = 0;  ///< in [0, 2^14)
  friend bool operator==(const Feature&, const Feature&) = default;
};

/// The pair of features that produced a contact point, e.g. (Vertex 3 of A, Face 1 of B)
/// for a corner of A inside a face of B, or (Edge 2 of A, Edge 7 of B) where an edge of A
/// crosses a side of B's face. It stays the same from step to step while the configuration
/// changes little, so it identifies the contact for warm starts and stored springs.
struct FeatureId {
  Feature a;  ///< on shape A
  Feature b;  ///< on shape B
  friend bool operator==(const FeatureId&, const FeatureId&) = default;

  /// 32 bits: (kind_a, index_a, kind_b, index_b) in 2 + 14 + 2 + 14 bits. The caller packs
  /// it with the body pair into the persistent 64-bit contact key.
  /// @pre both indices in [0, 2^14)
  std::uint32_t key() const;
};

struct ContactPoint {
  math::Vec3 p;      ///< m, world; midway between the two surfaces along n
  math::Vec3 n;      ///< unit, world; points from B towards A
  double gap = 0.0;  ///< m, signed distance between the surfaces along n; > 0 apart
  FeatureId feature;
  /// m^2 (planar mode: m^2 per m of depth): the share of the joint that the point stands for,
  /// the area of the overlap of the two faces (a face and a plane: the whole face) over the
  /// number of points it reduces to (at most 4; 2 in planar mode), whether or not its other
  /// points are within the detection distance. A joint opened down to an edge or a corner
  /// keeps its area there, as 3DEC's sub-contacts keep theirs. 0 where the bodies meet at a
  /// point: a sphere, an edge across an edge.
  double area = 0.0;
};

}  // namespace moreau::collision
