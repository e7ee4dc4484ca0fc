// Orthonormal contact frame [n t1 t2] from a unit normal n (docs/mathematics.md section 1: normal
// first). The tangents decide how tangential impulses are stored and warm-started from step
// to step, so the frame must vary continuously with n and be exactly orthonormal.
//
// No tangent field is continuous on the whole sphere (hairy-ball theorem), so every
// construction has a seam. Duff et al. 2017 ("Building an orthonormal basis, revisited",
// JCGT 6(1)) put theirs on the equator n_z = 0, which is where masonry head joints and
// walls put their normals: a horizontal normal would flip tangents between steps.
// We use Frisvad's closed form (Frisvad 2012, JGT 16(3), eq. 3), the minimal rotation of
// (x, y) onto the plane normal to n, in coordinates where its one singular direction is a
// generic pole p far from the axes, the coordinate planes and their diagonals; inside a
// cap of 8 degrees around p the same formula is used in coordinates turned by pi, which is
// regular there. The frame is thus smooth everywhere except on that small circle; a final
// Gram-Schmidt step keeps it orthonormal to a few eps even next to the cap.
#pragma once

#include "moreau/math/types.hpp"

namespace moreau::math {

/// The 3D frame as the columns of a rotation matrix: [n t1 t2], det = +1.
/// Local velocities are u = frame^T v (normal first).
/// @pre |n| = 1 to round-off
Mat3 contact_frame(const Vec3& n);

/// The planar-mode frame (bodies in the x-z plane): the tangent t = e_y x n, continuous
/// for every in-plane normal (there is no seam on a circle). Columns [n t].
/// @pre n_y = 0 and |n| = 1 to round-off
Eigen::Matrix<double, 3, 2> planar_contact_frame(const Vec3& n);

/// The frame of a contact in a scene of `dimension`: contact_frame(n) in 3D, and
/// [n t 0] in planar mode (2), so that both modes store a 3 x 3 frame.
Mat3 contact_frame(const Vec3& n, int dimension);

}  // namespace moreau::math
