// The tangential laws of the penalty mode: stick below and slip at the Coulomb limit, the
// work of slip and of the dashpot, reversal, the velocity-dependent coefficient and the
// rotation of the stored state, against hand computations.
#include "moreau/penalty/tangential_laws.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace moreau::penalty {
namespace {

// Hand values are exact decimals evaluated in a few operations: round-off only.
constexpr double kTangentialLawRoundOff = 1e-12;

// mu |F_n| = 0.5 * 10 = 5 N; the spring K_t = 1000 N/m reaches it at |d| = 5 mm.
constexpr double kFriction = 0.5;
constexpr double kNormalForce = 10.0;
constexpr double kYield = 5.0;
constexpr double kStep = 1e-3;  // h, s
// s = 0.13 m/s along x adds h s = 0.13 mm per step: 38 steps (4.94 mm, 4.94 N) stick, the
// 39th (trial 5.07 mm) slips. The limit falls mid-step, away from round-off ties.
const Vec3 kSlip{0.13, 0.0, 0.0};

TEST(SpringDashpotSlider, SticksBelowAndSlipsAtExactlyMuFn) {
  const TangentialLaw law = SpringDashpotSlider{1000.0, 0.0};
  Vec3 d = Vec3::Zero();
  for (int step = 1; step <= 38; ++step) {
    const TangentialForce t = tangential_force(law, kSlip, d, kNormalForce, kFriction, kStep);
    // Stick: F = -K_t n h s = -0.13 n N.
    EXPECT_FALSE(t.slipping) << "step " << step;
    EXPECT_NEAR(t.force.x(), -0.13 * step, kTangentialLawRoundOff) << "step " << step;
    EXPECT_EQ(t.slip_work, 0.0);
    d = t.state;
  }
  const TangentialForce first_slip =
      tangential_force(law, kSlip, d, kNormalForce, kFriction, kStep);
  EXPECT_TRUE(first_slip.slipping);
  EXPECT_NEAR(first_slip.force.norm(), kYield, kYield * kTangentialLawRoundOff);
  EXPECT_NEAR(first_slip.force.x(), -kYield, kYield * kTangentialLawRoundOff);
  // The spring keeps d = 5 mm (K_t |d| = mu F_n); the trial was 5.07 mm, so the slider slid
  // 0.07 mm under 5 N: 3.5e-4 J. The spring stores 1/2 K_t d^2 = 0.5 * 1000 * 25e-6 = 0.0125 J.
  EXPECT_NEAR(first_slip.state.x(), 5e-3, 5e-3 * kTangentialLawRoundOff);
  EXPECT_NEAR(first_slip.slip_work, 3.5e-4, 1e-15);
  EXPECT_NEAR(first_slip.elastic_energy, 0.0125, 0.0125 * kTangentialLawRoundOff);
  // Steady slip: the whole step's slip h |s| = 0.13 mm is plastic, 5 N * 0.13 mm = 6.5e-4 J.
  const TangentialForce steady =
      tangential_force(law, kSlip, first_slip.state, kNormalForce, kFriction, kStep);
  EXPECT_NEAR(steady.slip_work, 6.5e-4, 1e-15);
  EXPECT_NEAR(steady.force.x(), -kYield, kYield * kTangentialLawRoundOff);
}

TEST(SpringDashpotSlider, SticksAgainAtOnceWhenTheSlipReverses) {
  const TangentialLaw law = SpringDashpotSlider{1000.0, 0.0};
  const Vec3 d_slipping{5e-3, 0.0, 0.0};  // where the test above left the spring
  const TangentialForce back =
      tangential_force(law, -kSlip, d_slipping, kNormalForce, kFriction, kStep);
  // d = 5 - 0.13 = 4.87 mm: F = -4.87 N, inside the disc.
  EXPECT_FALSE(back.slipping);
  EXPECT_NEAR(back.force.x(), -4.87, 4.87 * kTangentialLawRoundOff);
  EXPECT_EQ(back.slip_work, 0.0);
}

TEST(SpringDashpotSlider, DashpotActsInStickAndNotInSlip) {
  const TangentialLaw law = SpringDashpotSlider{1000.0, 20.0};
  const Vec3 s{0.03, 0.04, 0.0};  // |s| = 0.05 m/s
  const Vec3 d_old{1e-3, 0.0, 0.0};
  // Stick: d = (1e-3 + 3e-5, 4e-5) m, F = -(1000 d + 20 s) = -(1.03 + 0.6, 0.04 + 0.8)
  // = (-1.63, -0.84) N, |F| = 1.8337 N < 5 N; the dashpot dissipates 20 * 0.0025 * 1e-3 J.
  const TangentialForce stick = tangential_force(law, s, d_old, kNormalForce, kFriction, kStep);
  EXPECT_FALSE(stick.slipping);
  EXPECT_TRUE(stick.force.isApprox(Vec3(-1.63, -0.84, 0.0), kTangentialLawRoundOff));
  EXPECT_TRUE(stick.state.isApprox(Vec3(1.03e-3, 4e-5, 0.0), kTangentialLawRoundOff));
  EXPECT_NEAR(stick.damping_work, 5e-5, 5e-5 * kTangentialLawRoundOff);
  // Slip at mu F_n = 0.5 N: the force keeps the trial's direction; the spring, 1000 |d| =
  // 1.0308 N, is shortened along itself to 0.5 N; the slip work is 0.5 N times the length
  // removed, and the dashpot's share is the work of F + K_t d (what the cap left of it).
  const TangentialForce slip = tangential_force(law, s, d_old, 1.0, kFriction, kStep);
  const Vec3 d_trial(1.03e-3, 4e-5, 0.0);
  EXPECT_TRUE(slip.slipping);
  EXPECT_TRUE(
      slip.force.isApprox(0.5 * Vec3(-1.63, -0.84, 0.0).normalized(), kTangentialLawRoundOff));
  EXPECT_TRUE(
      slip.state.isApprox(d_trial * (0.5 / (1000.0 * d_trial.norm())), kTangentialLawRoundOff));
  EXPECT_NEAR(slip.slip_work, 0.5 * (d_trial - slip.state).norm(), 1e-17);
  EXPECT_NEAR(slip.damping_work, -(slip.force + 1000.0 * slip.state).dot(s) * kStep, 1e-17);
}

// The dashpot alone carries the trial past the cap: d = 0.1 mm + 0.05 mm along x holds
// 0.15 N < 0.5 N, the dashpot 20 * 0.05 = 1 N. The slider slips at 0.5 N but the spring
// keeps its trial length: stretching it to 0.5 N would store energy no work paid for.
TEST(SpringDashpotSlider, DashpotCarriedSlipNeverLengthensTheSpring) {
  const TangentialLaw law = SpringDashpotSlider{1000.0, 20.0};
  const Vec3 s{0.05, 0.0, 0.0};
  const TangentialForce slip = tangential_force(law, s, Vec3(1e-4, 0, 0), 1.0, kFriction, kStep);
  EXPECT_TRUE(slip.slipping);
  EXPECT_TRUE(slip.force.isApprox(Vec3(-0.5, 0.0, 0.0), kTangentialLawRoundOff));
  EXPECT_TRUE(slip.state.isApprox(Vec3(1.5e-4, 0.0, 0.0), kTangentialLawRoundOff));
  EXPECT_EQ(slip.slip_work, 0.0);
  // The bodies lose 0.5 N * 0.05 mm = 2.5e-5 J; the spring stores 1/2 K (d^2 - d_old^2) =
  // 6.25e-6 J; the dashpot's share is (0.5 - 0.15) N * 0.05 mm = 1.75e-5 J.
  EXPECT_NEAR(slip.damping_work, 1.75e-5, 1e-18);
}

TEST(IncrementalCoulomb, SticksBelowAndSlipsAtExactlyMuFn) {
  const TangentialLaw law = IncrementalCoulomb{1000.0};
  Vec3 stored = Vec3::Zero();
  for (int step = 1; step <= 38; ++step) {
    const TangentialForce t = tangential_force(law, kSlip, stored, kNormalForce, kFriction, kStep);
    EXPECT_FALSE(t.slipping) << "step " << step;
    EXPECT_NEAR(t.force.x(), -0.13 * step, kTangentialLawRoundOff) << "step " << step;
    stored = t.state;
  }
  // Trial -5.07 N capped to -5 N; the cap removed 0.07 N of spring, 0.07 mm of plastic slip
  // under 5 N: 3.5e-4 J, as for the slider. Stored energy 5^2 / (2 * 1000) = 0.0125 J.
  const TangentialForce slip = tangential_force(law, kSlip, stored, kNormalForce, kFriction, kStep);
  EXPECT_TRUE(slip.slipping);
  EXPECT_NEAR(slip.force.x(), -kYield, kYield * kTangentialLawRoundOff);
  EXPECT_TRUE(slip.state.isApprox(slip.force, kTangentialLawRoundOff));
  EXPECT_NEAR(slip.slip_work, 3.5e-4, 1e-15);
  EXPECT_NEAR(slip.elastic_energy, 0.0125, 0.0125 * kTangentialLawRoundOff);
  // Reversal: -5 + 0.13 = -4.87 N, stick at once.
  const TangentialForce back =
      tangential_force(law, -kSlip, slip.state, kNormalForce, kFriction, kStep);
  EXPECT_FALSE(back.slipping);
  EXPECT_NEAR(back.force.x(), -4.87, 4.87 * kTangentialLawRoundOff);
}

TEST(IncrementalCoulomb, StoredForceDoesNotJumpWhenStiffnessChanges) {
  const Vec3 stored{-2.0, 1.0, 0.0};
  const Vec3 no_slip = Vec3::Zero();
  for (const double k_t : {500.0, 1000.0, 4000.0}) {
    const TangentialForce t =
        tangential_force(IncrementalCoulomb{k_t}, no_slip, stored, kNormalForce, kFriction, kStep);
    EXPECT_EQ(t.force, stored) << "k_t " << k_t;
    EXPECT_NEAR(t.elastic_energy, 5.0 / (2.0 * k_t), kTangentialLawRoundOff) << "k_t " << k_t;
  }
}

TEST(SliderAndIncremental, AgreeWithoutDashpotAtConstantStiffness) {
  // With eta_t = 0 and a constant K_t, F = -K_t d: the two laws are one. A slip path that
  // turns and reverses, through stick and slip.
  const double k_t = 1000.0;
  Vec3 d = Vec3::Zero();
  Vec3 stored = Vec3::Zero();
  int slipping_steps = 0;
  for (int step = 0; step < 400; ++step) {
    const double angle = 0.05 * step;
    const Vec3 s = 0.2 * std::cos(0.02 * step) * Vec3(std::cos(angle), std::sin(angle), 0.0);
    const TangentialForce slider =
        tangential_force(SpringDashpotSlider{k_t, 0.0}, s, d, kNormalForce, kFriction, kStep);
    const TangentialForce incremental =
        tangential_force(IncrementalCoulomb{k_t}, s, stored, kNormalForce, kFriction, kStep);
    // Both are a few operations on quantities of 5 N: 1e-12 N.
    EXPECT_TRUE(slider.force.isApprox(incremental.force, kTangentialLawRoundOff))
        << "step " << step;
    EXPECT_EQ(slider.slipping, incremental.slipping) << "step " << step;
    EXPECT_NEAR(slider.slip_work, incremental.slip_work, 1e-15) << "step " << step;
    slipping_steps += slider.slipping ? 1 : 0;
    d = slider.state;
    stored = incremental.state;
  }
  EXPECT_GT(slipping_steps, 10);
  EXPECT_LT(slipping_steps, 390);
}

TEST(Step5, HandComputedPoints) {
  // a = 1/2: a^3 (10 - 15 a + 6 a^2) = 0.125 * (10 - 7.5 + 1.5) = 0.5.
  EXPECT_EQ(step5(0.5, 0.0, 0.0, 1.0, 1.0), 0.5);
  // a = 1/4: 0.015625 * (10 - 3.75 + 0.375) = 0.103515625; from 1 to 5: 1 + 4 * that.
  EXPECT_EQ(step5(3.0, 2.0, 1.0, 6.0, 5.0), 1.4140625);
  EXPECT_EQ(step5(1.0, 2.0, 1.0, 6.0, 5.0), 1.0);
  EXPECT_EQ(step5(7.0, 2.0, 1.0, 6.0, 5.0), 5.0);
}

TEST(VelocityDependentFriction, CoefficientAtHandComputedPoints) {
  // mu_s = 0.6, mu_d = 0.4, v_s = 0.1 mm/s, v_d = 1 mm/s; F_n = 10 N; s along (0.6, 0.8).
  const TangentialLaw law = VelocityDependentFriction{0.6, 0.4, 1e-4, 1e-3, std::nullopt};
  const Vec3 direction{0.6, 0.8, 0.0};
  const auto force_at = [&](double v) {
    return tangential_force(law, v * direction, Vec3::Zero(), kNormalForce, 0.0, kStep);
  };
  // v = 0.05 mm/s, stiction ramp: a = (0.5 + 1) / 2 = 0.75, a^3 (10 - 15 a + 6 a^2) =
  // 0.421875 * 2.125 = 0.896484375, mu = -0.6 + 1.2 * 0.896484375 = 0.47578125.
  EXPECT_TRUE(force_at(0.5e-4).force.isApprox(-4.7578125 * direction, kTangentialLawRoundOff));
  EXPECT_FALSE(force_at(0.5e-4).slipping);
  EXPECT_TRUE(force_at(1e-4).force.isApprox(-6.0 * direction, kTangentialLawRoundOff));  // mu_s
  // v = 0.55 mm/s: a = 0.45 / 0.9 = 0.5, mu = 0.6 - 0.2 * 0.5 = 0.5.
  EXPECT_TRUE(force_at(5.5e-4).force.isApprox(-5.0 * direction, kTangentialLawRoundOff));
  EXPECT_TRUE(force_at(2e-3).force.isApprox(-4.0 * direction, kTangentialLawRoundOff));  // mu_d
  EXPECT_EQ(force_at(0.0).force, Vec3::Zero());
  // Slip work -F . s h = 4 N * 2 mm/s * 1 ms = 8e-6 J; no state.
  EXPECT_NEAR(force_at(2e-3).slip_work, 8e-6, 8e-6 * kTangentialLawRoundOff);
  EXPECT_EQ(force_at(2e-3).state, Vec3::Zero());
}

TEST(VelocityDependentFriction, MaximumForceCapsTheMagnitude) {
  const TangentialLaw law = VelocityDependentFriction{0.6, 0.4, 1e-4, 1e-3, 3.0};
  const Vec3 s{0.0, -2e-3, 0.0};  // mu_d F_n = 4 N, capped to 3 N
  const TangentialForce t = tangential_force(law, s, Vec3::Zero(), kNormalForce, 0.0, kStep);
  EXPECT_TRUE(t.force.isApprox(Vec3(0.0, 3.0, 0.0), kTangentialLawRoundOff));
}

// The critical step sees the slider's K_t and eta_t, the incremental law's k_t, and for the
// velocity-dependent law the slope of |F_t|(v) at v = 0, here checked against a central
// difference of the force itself (step5 is a quintic: 1e-6 of v_s leaves a relative error
// of order 1e-12).
TEST(TangentialRigidity, IsTheSpringAndTheSlopeOfEachLaw) {
  const TangentialRigidity slider = tangential_rigidity(SpringDashpotSlider{1000.0, 20.0}, 10.0);
  EXPECT_EQ(slider.stiffness, 1000.0);
  EXPECT_EQ(slider.damping, 20.0);
  const TangentialRigidity incremental = tangential_rigidity(IncrementalCoulomb{800.0}, 10.0);
  EXPECT_EQ(incremental.stiffness, 800.0);
  EXPECT_EQ(incremental.damping, 0.0);
  const TangentialLaw law = VelocityDependentFriction{0.6, 0.4, 1e-4, 1e-3, std::nullopt};
  const double dv = 1e-10;
  const Vec3 x = Vec3::UnitX();
  const double slope =
      (tangential_force(law, -dv * x, Vec3::Zero(), kNormalForce, 0.0, kStep).force.x() -
       tangential_force(law, dv * x, Vec3::Zero(), kNormalForce, 0.0, kStep).force.x()) /
      (2 * dv);
  const TangentialRigidity velocity = tangential_rigidity(law, kNormalForce);
  EXPECT_EQ(velocity.stiffness, 0.0);
  EXPECT_NEAR(velocity.damping, slope, 1e-6 * slope);  // 1.875 * 0.6 / 1e-4 * 10 = 112500
}

TEST(TangentialLaws, NoForceWithoutNormalForce) {
  const Vec3 s{0.1, 0.2, 0.0};
  const Vec3 state{1e-3, 0.0, 0.0};
  for (const TangentialLaw& law :
       {TangentialLaw{SpringDashpotSlider{1000.0, 20.0}}, TangentialLaw{IncrementalCoulomb{1e3}},
        TangentialLaw{VelocityDependentFriction{0.6, 0.4, 1e-4, 1e-3, std::nullopt}}}) {
    EXPECT_EQ(tangential_force(law, s, state, 0.0, kFriction, kStep).force, Vec3::Zero());
  }
}

TEST(RotateIntoTangentPlane, KeepsLengthAndLeavesTheNormal) {
  // (3, 0, 4) on the plane z = 0: its in-plane part (3, 0, 0) stretched to length 5.
  EXPECT_TRUE(rotate_into_tangent_plane(Vec3(3.0, 0.0, 4.0), Vec3::UnitZ())
                  .isApprox(Vec3(5.0, 0.0, 0.0), kTangentialLawRoundOff));
  // A state in the old plane z = 0 after the normal tilts by 0.3 rad about y.
  const Vec3 n{std::sin(0.3), 0.0, std::cos(0.3)};
  const Vec3 state{2e-3, -1e-3, 0.0};
  const Vec3 rotated = rotate_into_tangent_plane(state, n);
  EXPECT_NEAR(rotated.norm(), state.norm(), state.norm() * kTangentialLawRoundOff);
  EXPECT_NEAR(rotated.dot(n), 0.0, state.norm() * kTangentialLawRoundOff);
  // Already in the plane: unchanged. Along the normal or zero: nothing left.
  EXPECT_TRUE(
      rotate_into_tangent_plane(state, Vec3::UnitZ()).isApprox(state, kTangentialLawRoundOff));
  EXPECT_EQ(rotate_into_tangent_plane(Vec3(0.0, 0.0, 2.0), Vec3::UnitZ()), Vec3::Zero());
  EXPECT_EQ(rotate_into_tangent_plane(Vec3::Zero(), n), Vec3::Zero());
}

}  // namespace
}  // namespace moreau::penalty
