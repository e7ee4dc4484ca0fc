#include "moreau/math/contact_frame.hpp"

#include "moreau/core/assert.hpp"

#include <cmath>

namespace moreau::math {
namespace {

// Frisvad's minimal-rotation tangent about +z, singular only at n = -z:
//   a = 1/(1+z), b = -x y a, t1 = (1 - x^2 a, b, -x)   (and t2 = (b, 1 - y^2 a, -y)).
// At n = +z it gives t1 = x.
Vec3 frisvad_tangent(const Vec3& n) {
  const double a = 1.0 / (1.0 + n.z());
  return Vec3(1.0 - n.x() * n.x() * a, -n.x() * n.y() * a, -n.x());
}

// The pole p = (1, 2, 3)/sqrt(14) is at least 15 degrees from every coordinate plane and
// axis and 19 degrees from every face and body diagonal of the unit cube.
const Mat3& pole_to_minus_z() {
  static const Mat3 rotation =
      Quat::FromTwoVectors(Vec3(1.0, 2.0, 3.0).normalized(), -Vec3::UnitZ()).toRotationMatrix();
  return rotation;
}

// Inside the cap n.p > 1 - kCapThreshold (8.1 degrees around the pole) the formula is used
// after a half turn about x, which sends the pole to +z, where the formula is regular.
constexpr double kCapThreshold = 0.01;

}  // namespace

Mat3 contact_frame(const Vec3& n) {
  MOREAU_ASSERT(std::abs(n.norm() - 1.0) < 1e-9);
  Mat3 R = pole_to_minus_z();
  if (1.0 + (R * n).z() < kCapThreshold) R = Vec3(1.0, -1.0, -1.0).asDiagonal() * R;
  Vec3 t1 = R.transpose() * frisvad_tangent(R * n);
  // One Gram-Schmidt step removes the round-off that 1/(1+z) amplifies (up to 100 eps near
  // the cap) without changing the frame by more than that: orthonormal to a few eps.
  t1 = (t1 - t1.dot(n) * n).normalized();
  Mat3 frame;
  frame << n, t1, n.cross(t1);
  return frame;
}

Eigen::Matrix<double, 3, 2> planar_contact_frame(const Vec3& n) {
  MOREAU_ASSERT(n.y() == 0.0 && std::abs(n.norm() - 1.0) < 1e-9);
  Eigen::Matrix<double, 3, 2> frame;
  frame.col(0) = n;
  frame.col(1) = Vec3(n.z(), 0.0, -n.x());
  return frame;
}

Mat3 contact_frame(const Vec3& n, int dimension) {
  if (dimension == 3) return contact_frame(n);
  Mat3 frame = Mat3::Zero();
  frame.leftCols<2>() = planar_contact_frame(n);
  return frame;
}

}  // namespace moreau::math
