// Parameters of the penalty laws from materials and geometry, against hand computations, the
// closed form of the damped oscillator and an RK4 integration of it.
#include "moreau/penalty/calibration.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::penalty {
namespace {

using std::numbers::pi;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Closed forms of a few operations: round-off only.
constexpr double kRoundOff = 1e-13;

// A body of radius 0.2 m (E = 10 MPa) against a sphere of radius 0.1 m (E = 30 MPa), 1 mm of
// overlap. Spring lengths l_a = 0.2 - 0.0005 = 0.1995 m and l_b = 0.1 - 0.0005 = 0.0995 m,
//   A = pi 0.0995^2 = pi 0.00990025 = 0.0311025526687 m^2,
//   l_a/E_a + l_b/E_b = 1.995e-8 + 3.3166667e-9 = 2.3266667e-8 m/Pa,
//   k_n = 0.0311025526687 / 2.3266667e-8 = 1336785.93 N/m.
TEST(SeriesSpringStiffness, SphereAgainstSphere) {
  const SpringSide body{0.2, 10e6};
  const SpringSide sphere{0.1, 30e6};
  const double k_n = series_spring_stiffness(body, sphere, 1e-3);
  // The hand values carry 9 and 12 significant digits.
  EXPECT_NEAR(k_n, 1336785.93, 5e-3);
  EXPECT_NEAR(k_n * (0.1995 / 10e6 + 0.0995 / 30e6), 0.0311025526687, 5e-14);
  EXPECT_NEAR(series_spring_stiffness(sphere, body, 1e-3), k_n, k_n * kRoundOff);
}

// A flat facet has no length of its own and takes the sphere's: l_a = l_b = 0.0995 m,
//   l_a/E_a + l_b/E_b = 9.95e-9 + 3.3166667e-9 = 1.3266667e-8 m/Pa,
//   k_n = 0.0311025526687 / 1.3266667e-8 = 2344413.52 N/m.
TEST(SeriesSpringStiffness, FlatFacetAgainstSphere) {
  const SpringSide facet{kInfinity, 10e6};
  const SpringSide sphere{0.1, 30e6};
  const double k_n = series_spring_stiffness(facet, sphere, 1e-3);
  EXPECT_NEAR(k_n, 2344413.52, 5e-3);
  EXPECT_NEAR(k_n * (0.0995 / 10e6 + 0.0995 / 30e6), 0.0311025526687, 5e-14);
  EXPECT_NEAR(series_spring_stiffness(sphere, facet, 1e-3), k_n, k_n * kRoundOff);
}

TEST(TangentialStiffness, MindlinRatio) {
  // (1 - 0.25) / (1 - 0.125) = 0.75 / 0.875 = 6/7; nu = 0 gives K_t = K_n.
  EXPECT_NEAR(tangential_stiffness(7e5, 0.25), 6e5, 6e5 * kRoundOff);
  EXPECT_EQ(tangential_stiffness(7e5, 0.0), 7e5);
}

TEST(EffectiveMassAndRadius, SeriesAndInfiniteLimits) {
  EXPECT_NEAR(effective_mass(2.0, 3.0), 1.2, 1.2 * kRoundOff);  // 6 / 5
  EXPECT_EQ(effective_mass(2.0, kInfinity), 2.0);               // a body that does not move
  EXPECT_NEAR(effective_radius(0.2, 0.1), 0.02 / 0.3, 0.07 * kRoundOff);
  EXPECT_EQ(effective_radius(kInfinity, 0.1), 0.1);  // a sphere on a plane
}

// Hertz: 1/E* = 1/8e9 + 1/1e9 = 9/8e9; two bodies of one material share the deformation
// equally, E* = E/2 (Johnson 1985, eq. 4.22).
TEST(HertzModulus, SeriesComplianceOfTheTwoBodies) {
  EXPECT_NEAR(hertz_modulus(8e9, 1e9), 8e9 / 9.0, 8e9 * kRoundOff);
  EXPECT_NEAR(hertz_modulus(1e9, 8e9), 8e9 / 9.0, 8e9 * kRoundOff);
  EXPECT_NEAR(hertz_modulus(5e9, 5e9), 2.5e9, 5e9 * kRoundOff);
  EXPECT_NEAR(hertz_modulus(5e9, 5e18), 5e9, 5e9 * 1e-8);  // against a (nearly) rigid body
}

TEST(CombinedDissipation, WeightedByDeformationShare) {
  // Moduli chosen so that the 2/3 powers are round: (8e9)^(2/3) = 4e6, (1e9)^(2/3) = 1e6,
  // s1 = 1e6 / (4e6 + 1e6) = 0.2: c = 0.5 * 0.2 + 2.0 * 0.8 = 1.7 s/m.
  EXPECT_NEAR(combined_dissipation(0.5, 8e9, 2.0, 1e9), 1.7, 1.7 * kRoundOff);
  EXPECT_NEAR(combined_dissipation(2.0, 1e9, 0.5, 8e9), 1.7, 1.7 * kRoundOff);
}

TEST(PlaneStrainModulus, DividesByOneMinusNuSquared) {
  // 7.28e9 / (1 - 0.09) = 7.28e9 / 0.91 = 8e9 Pa.
  EXPECT_NEAR(plane_strain_modulus(7.28e9, 0.3), 8e9, 8e9 * kRoundOff);
  EXPECT_EQ(plane_strain_modulus(7.28e9, 0.0), 7.28e9);
}

TEST(HertzStiffness, FourThirdsSqrtREStar) {
  // 4/3 sqrt(0.01) 3.2e8 sqrt(5) = 4.2666667e7 sqrt(5) = 9.5405567e7 N/m^(3/2).
  EXPECT_NEAR(hertz_stiffness(0.01, 3.2e8 * std::sqrt(5.0)), 4.0 / 3.0 * 3.2e7 * std::sqrt(5.0),
              9.5e7 * kRoundOff);
}

TEST(DampingFromRestitution, LimitsOfTheFormula) {
  // m = 2 kg, k = 5000 N/m: 2 sqrt(m k) = 2 sqrt(1e4) = 200 N s/m exactly.
  EXPECT_EQ(damping_from_restitution(0.0, 2.0, 5000.0), 200.0);
  EXPECT_EQ(damping_from_restitution(1.0, 2.0, 5000.0), 0.0);
  // e = 0.5: -2 ln(0.5) sqrt(1e4 / (ln(0.5)^2 + pi^2)) = 1.3862944 * 100 / 3.2171505
  //        = 43.090752 N s/m (the hand value to 8 digits).
  EXPECT_NEAR(damping_from_restitution(0.5, 2.0, 5000.0), 43.090752, 1e-6);
  // The tangential dashpot sees 2/7 of the mass: 2/7 of 7 kg is the 2 kg above.
  EXPECT_NEAR(tangential_damping_from_restitution(0.5, 7.0, 5000.0), 43.090752, 1e-6);
}

// The rebound velocity of m x'' = -k x - eta x' started at x = 0, x' = v0 > 0 (approach),
// measured when x returns to 0. Classical RK4 with h = 1e-6 s over a contact of about
// pi / omega = 0.063 s: its error is O((h omega)^4) = 1e-17; the crossing is located by linear
// interpolation, an error O(h^2 eta / m) ~ 1e-10 in the rebound velocity.
double integrated_restitution(double m, double k, double eta) {
  const double h = 1e-6;
  const auto acceleration = [&](double x, double v) { return (-k * x - eta * v) / m; };
  double x = 0.0;
  double v = 1.0;
  for (;;) {
    const double k1x = v, k1v = acceleration(x, v);
    const double k2x = v + 0.5 * h * k1v, k2v = acceleration(x + 0.5 * h * k1x, k2x);
    const double k3x = v + 0.5 * h * k2v, k3v = acceleration(x + 0.5 * h * k2x, k3x);
    const double k4x = v + h * k3v, k4v = acceleration(x + h * k3x, k4x);
    const double x_next = x + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    const double v_next = v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    if (x_next < 0.0) {
      const double fraction = x / (x - x_next);
      return -(v + fraction * (v_next - v));
    }
    x = x_next;
    v = v_next;
  }
}

TEST(DampingFromRestitution, DampedOscillatorWithTensionReboundsWithE) {
  const double m = 2.0;
  const double k = 5000.0;
  for (const double e : {0.9, 0.5, 0.1}) {
    const double eta = damping_from_restitution(e, m, k);
    // Closed form: e = exp(-pi eta / (2 m omega_d)), omega_d = sqrt(k/m - (eta / 2m)^2).
    const double omega_d = std::sqrt(k / m - std::pow(eta / (2.0 * m), 2));
    EXPECT_NEAR(std::exp(-pi * eta / (2.0 * m * omega_d)), e, kRoundOff) << "e = " << e;
    EXPECT_NEAR(integrated_restitution(m, k, eta), e, 1e-8) << "e = " << e;
  }
}

}  // namespace
}  // namespace moreau::penalty
