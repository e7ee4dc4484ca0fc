// Snapping of the nearly coincident faces of a CAD block assembly (the `blocks` generator's
// `snap` key): blocks drawn by hand or exported with rounded coordinates touch with small gaps
// and small overlaps; snapping makes the faces of each joint exactly coplanar, so that the
// blocks touch at t = 0 without gap or interpenetration, and keeps every block convex.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/mesh/block_assembly.hpp"

#include <string>
#include <vector>

namespace moreau::mesh {

/// The blocks after snapping, and how much snapping changed them.
struct SnappedAssembly {
  std::vector<AssemblyBlock> blocks;  ///< parallel to the input, same names
  int joints = 0;                     ///< clusters of facing faces made coplanar
  std::vector<double> largest_moves;  ///< m, per block: the largest move of one of its vertices
};

/// Makes facing faces of different blocks coplanar. Two faces face each other when
///   - their outward normals are opposite within the angle 2 tolerance / L (L the larger
///     face's diameter: the tilt that moves a face's ends by +-tolerance about its centre),
///   - the other face's polygon, clipped to the prism standing on one face, is wider than
///     2 tolerance (area > tolerance x perimeter): faces that only share an edge, whose
///     rounding overlaps them by a sliver, are not a joint,
///   - and every point of that clipped polygon lies within `tolerance` of the face's plane
///     (a gap or an overlap).
/// Facing faces are clustered by union-find (a bed joint of a running bond is one cluster);
/// each cluster's planes are replaced by their area-weighted mean, oriented by the cluster's
/// first face. Each vertex on a snapped face is then moved to the least-squares intersection
/// of the planes of its faces (exact for three independent planes; the smallest move among
/// the solutions if they are dependent), and the block rebuilt as the convex hull of its
/// vertices, with `origin` the mean of the new vertices. Blocks with no snapped face are
/// returned unchanged.
/// @pre tolerance > 0
/// @throws core::Diagnostic at `where`, naming `key` and the block, if two faces of one block
///         join one joint (a block thinner than the tolerance, which snapping would flatten)
SnappedAssembly snap_coincident_faces(const std::vector<AssemblyBlock>& blocks, double tolerance,
                                      const core::SourceLocation& where, const std::string& key);

}  // namespace moreau::mesh
