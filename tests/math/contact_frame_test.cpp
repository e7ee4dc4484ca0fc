// The contact frame: orthonormal and right-handed for every normal, continuous away from
// its documented seam (a cap of 8 degrees around the pole (1, 2, 3)/sqrt(14)).
#include "moreau/math/contact_frame.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace moreau::math {
namespace {

// Round-off of a Gram-Schmidt step on unit vectors: a few eps.
constexpr double kOrthonormalTol = 1e-15;

// The frame's own departure from a rotation, max |F^T F - I| and |det F - 1|, evaluated in
// x87 extended precision: in double, the evaluation's own rounding (a determinant's six
// products, up to about 10 eps) would add to what is measured, and differ between compilers.
using ExtendedMat3 = Eigen::Matrix<long double, 3, 3>;

double orthonormality_error(const Mat3& frame) {
  const ExtendedMat3 f = frame.cast<long double>();
  return static_cast<double>((f.transpose() * f - ExtendedMat3::Identity()).cwiseAbs().maxCoeff());
}

double determinant_error(const Mat3& frame) {
  return static_cast<double>(std::abs(frame.cast<long double>().determinant() - 1.0L));
}

std::vector<Vec3> special_normals() {
  std::vector<Vec3> normals;
  for (int axis = 0; axis < 3; ++axis)
    for (const double sign : {1.0, -1.0}) normals.push_back(sign * Vec3::Unit(axis));
  const Vec3 pole = Vec3(1.0, 2.0, 3.0).normalized();
  normals.push_back(pole);
  normals.push_back(-pole);
  normals.push_back(Vec3(1, 1, 0).normalized());
  normals.push_back(Vec3(1, 1, 1).normalized());
  normals.push_back(Vec3(0, 0, -1) + Vec3(1e-12, 0, 0));  // just off -z, normalised below
  for (Vec3& n : normals) n.normalize();
  return normals;
}

TEST(ContactFrame, OrthonormalRightHandedOnSpecialNormals) {
  for (const Vec3& n : special_normals()) {
    const Mat3 frame = contact_frame(n);
    EXPECT_EQ(frame.col(0), n);
    EXPECT_LT(orthonormality_error(frame), kOrthonormalTol) << "n = " << n.transpose();
    EXPECT_LT(determinant_error(frame), kOrthonormalTol) << "n = " << n.transpose();
  }
}

TEST(ContactFrame, OrthonormalOnTenToTheFiveRandomNormals) {
  std::mt19937_64 rng(2026);
  std::normal_distribution<double> normal(0.0, 1.0);
  double worst = 0.0;
  Vec3 worst_n = Vec3::Zero();
  for (int trial = 0; trial < 100'000; ++trial) {
    const Vec3 n = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    const Mat3 frame = contact_frame(n);
    const double error = std::max(orthonormality_error(frame), determinant_error(frame));
    if (error > worst) {
      worst = error;
      worst_n = n;
    }
  }
  EXPECT_LT(worst, kOrthonormalTol) << "worst normal " << worst_n.transpose();
}

TEST(ContactFrame, ContinuousAwayFromTheSeam) {
  // A small step in n gives a step of the same order in the frame. Frisvad's map has
  // derivatives of order x^2 / (1+z)^2 ~ 2 / (1+z) <= 200 where it is used (1+z >= 0.01),
  // so |frame(n) - frame(m)| / |n - m| stays below a few hundred; a seam would give
  // ratios of order 1 / 1e-4. Steps that cross the seam's circle (n.p = 0.99) are skipped.
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  const Vec3 pole = Vec3(1.0, 2.0, 3.0).normalized();
  const double step = 1e-4;
  double worst_ratio = 0.0;
  for (int trial = 0; trial < 100'000; ++trial) {
    const Vec3 n = Vec3(normal(rng), normal(rng), normal(rng)).normalized();
    const Vec3 m = (n + step * Vec3(normal(rng), normal(rng), normal(rng))).normalized();
    if ((n.dot(pole) > 0.99) != (m.dot(pole) > 0.99)) continue;
    const double ratio = (contact_frame(n) - contact_frame(m)).norm() / (n - m).norm();
    worst_ratio = std::max(worst_ratio, ratio);
  }
  EXPECT_LT(worst_ratio, 500.0);
}

TEST(ContactFrame, HorizontalNormalsHaveNoSeam) {
  // Masonry head joints: every horizontal normal, swept in 0.01 degree steps, changes the
  // frame smoothly (no flip anywhere on the circle).
  double worst_jump = 0.0;
  Mat3 previous = contact_frame(Vec3::UnitX());
  for (int k = 1; k <= 36'000; ++k) {
    const double angle = k * 2.0 * M_PI / 36'000;
    const Mat3 frame = contact_frame(Vec3(std::cos(angle), std::sin(angle), 0.0));
    worst_jump = std::max(worst_jump, (frame - previous).norm());
    previous = frame;
  }
  // The step in n is 1.7e-4; a smooth frame moves by a small multiple of it.
  EXPECT_LT(worst_jump, 1e-2);
}

TEST(PlanarContactFrame, TangentIsYCrossNormal) {
  for (int k = 0; k < 3600; ++k) {
    const double angle = k * 2.0 * M_PI / 3600;
    const Vec3 n(std::cos(angle), 0.0, std::sin(angle));
    const auto frame = planar_contact_frame(n);
    EXPECT_TRUE(frame.col(1).isApprox(Vec3::UnitY().cross(n), 1e-15));
    EXPECT_NEAR(frame.col(0).dot(frame.col(1)), 0.0, 1e-16);
    EXPECT_NEAR(frame.col(1).norm(), 1.0, 1e-15);
  }
  // For a floor normal the tangent is +x.
  EXPECT_EQ(planar_contact_frame(Vec3::UnitZ()).col(1), Vec3::UnitX());
}

}  // namespace
}  // namespace moreau::math
