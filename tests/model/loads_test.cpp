// Loads against hand formulas: gravity ramp, tilt and lateral ramp; the trapezoidal velocity of
// a sine record against its closed form; the linear baseline correction of a constant offset;
// the Ricker pulse's peak and zero crossings; settlement velocities integrated back.
#include "moreau/model/loads.hpp"

#include "moreau/core/diagnostic.hpp"
#include "support/diagnostic_of.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::model {
namespace {

using std::numbers::pi;
using ::testing::HasSubstr;

constexpr double kG = 9.81;
// Closed forms of a few operations on numbers of order 10: round-off only.
constexpr double kRoundOff = 1e-13;

TEST(GravityLoad, RampScalesGravityFromZeroToOne) {
  GravityLoad load;
  load.ramp_duration = 2.0;
  EXPECT_TRUE(load.at(-1.0).isZero(kRoundOff));
  EXPECT_TRUE(load.at(0.5).isApprox(0.25 * load.gravity, kRoundOff));
  EXPECT_TRUE(load.at(2.0).isApprox(load.gravity, kRoundOff));
  EXPECT_TRUE(load.at(5.0).isApprox(load.gravity, kRoundOff));
  EXPECT_EQ(load.load_factor_name(), "gravity_factor");
  EXPECT_DOUBLE_EQ(load.load_factor(0.5), 0.25);
  EXPECT_DOUBLE_EQ(load.load_factor(3.0), 1.0);
}

TEST(GravityLoad, WithoutRampGravityIsConstant) {
  const GravityLoad load;
  EXPECT_TRUE(load.at(0.0).isApprox(Vec3(0.0, 0.0, -kG), kRoundOff));
  EXPECT_DOUBLE_EQ(load.load_factor(0.0), 1.0);
}

// R(y, alpha) = [[cos a, 0, sin a], [0, 1, 0], [-sin a, 0, cos a]] (right-handed), so
// R (0, 0, -g) = (-g sin a, 0, -g cos a): tilting about +y turns gravity towards -x.
TEST(GravityLoad, TiltAboutYTurnsGravityTowardsMinusX) {
  GravityLoad load;
  load.tilt_rate = 10.0;  // deg/s
  load.tilt_start = 1.0;
  EXPECT_TRUE(load.at(0.5).isApprox(Vec3(0.0, 0.0, -kG), kRoundOff));
  const double a = 30.0 * pi / 180.0;  // at t = 4 s
  EXPECT_TRUE(load.at(4.0).isApprox(Vec3(-kG * std::sin(a), 0.0, -kG * std::cos(a)), kRoundOff));
  EXPECT_LT((load.at(10.0) - Vec3(-kG, 0.0, 0.0)).norm(), kRoundOff * kG);  // 90 deg
  EXPECT_EQ(load.load_factor_name(), "tilt_angle_deg");
  EXPECT_DOUBLE_EQ(load.load_factor(4.0), 30.0);
  EXPECT_DOUBLE_EQ(load.load_factor(0.0), 0.0);
}

// A table set at an angle before the run: alpha(t) = initial + rate max(0, t - start).
TEST(GravityLoad, TiltStartsFromTheInitialAngle) {
  GravityLoad load;
  load.tilt_initial = 20.0;  // deg
  load.tilt_rate = 10.0;     // deg/s
  load.tilt_start = 1.0;
  const double a = 20.0 * pi / 180.0, b = 50.0 * pi / 180.0;  // at t = 0 and t = 4 s
  EXPECT_TRUE(load.at(0.0).isApprox(Vec3(-kG * std::sin(a), 0.0, -kG * std::cos(a)), kRoundOff));
  EXPECT_TRUE(load.at(4.0).isApprox(Vec3(-kG * std::sin(b), 0.0, -kG * std::cos(b)), kRoundOff));
  EXPECT_DOUBLE_EQ(load.load_factor(0.5), 20.0);
  EXPECT_DOUBLE_EQ(load.load_factor(4.0), 50.0);
  load.tilt_rate = 0.0;  // held at its angle: still a tilting table
  EXPECT_TRUE(load.tilts());
  EXPECT_EQ(load.load_factor_name(), "tilt_angle_deg");
  EXPECT_DOUBLE_EQ(load.load_factor(4.0), 20.0);
}

// The load factor starts to change at the start of the load it follows: the tilt's, else the
// lateral ramp's, else at once (a gravity ramp).
TEST(GravityLoad, TheLoadStartsWhereItsFactorStartsToChange) {
  GravityLoad load;
  load.ramp_duration = 2.0;
  load.tilt_start = 3.0;     // no tilt: ignored
  load.lateral_start = 4.0;  // no lateral ramp: ignored
  EXPECT_DOUBLE_EQ(load.load_start(), 0.0);
  load.lateral_rate = 0.1;
  EXPECT_DOUBLE_EQ(load.load_start(), 4.0);
  EXPECT_DOUBLE_EQ(load.load_factor(4.0), 0.0);
  load.tilt_rate = 1.0;
  EXPECT_DOUBLE_EQ(load.load_start(), 3.0);
  EXPECT_DOUBLE_EQ(load.load_factor(3.0), 0.0);
}

TEST(GravityLoad, TiltAboutMinusXTurnsGravityTowardsMinusY) {
  // R(-x, a) (0, 0, -g) = (0, -g sin a, -g cos a), by the same right-hand rule.
  GravityLoad load;
  load.tilt_axis = -Vec3::UnitX();
  load.tilt_rate = 45.0;
  const double a = pi / 4.0;
  EXPECT_TRUE(load.at(1.0).isApprox(Vec3(0.0, -kG * std::sin(a), -kG * std::cos(a)), kRoundOff));
}

TEST(GravityLoad, LateralRampAddsLambdaTimesG) {
  GravityLoad load;
  load.lateral_rate = 0.05;  // 1/s
  load.lateral_start = 2.0;
  EXPECT_TRUE(load.at(1.0).isApprox(Vec3(0.0, 0.0, -kG), kRoundOff));
  // lambda(6) = 0.05 (6 - 2) = 0.2
  EXPECT_TRUE(load.at(6.0).isApprox(Vec3(0.2 * kG, 0.0, -kG), kRoundOff));
  EXPECT_EQ(load.load_factor_name(), "lambda");
  EXPECT_DOUBLE_EQ(load.load_factor(6.0), 0.2);
}

TEST(GravityLoad, ValidationNamesTheField) {
  const auto message = [](auto change) {
    GravityLoad load;
    change(load);
    return testing::diagnostic_of([&] { validate(load); });
  };
  EXPECT_EQ(message([](GravityLoad&) {}), "");
  EXPECT_THAT(message([](GravityLoad& l) { l.tilt_rate = -1.0; }), HasSubstr("tilt_rate"));
  EXPECT_THAT(message([](GravityLoad& l) { l.tilt_initial = -1.0; }), HasSubstr("tilt_initial"));
  EXPECT_THAT(message([](GravityLoad& l) { l.tilt_initial = 91.0; }), HasSubstr("[0, 90]"));
  EXPECT_THAT(message([](GravityLoad& l) { l.ramp_duration = std::nan(""); }),
              HasSubstr("ramp_duration"));
  EXPECT_THAT(message([](GravityLoad& l) { l.lateral_rate = -0.1; }), HasSubstr("lateral_rate"));
  EXPECT_THAT(message([](GravityLoad& l) { l.tilt_axis = Vec3(0.0, 2.0, 0.0); }),
              HasSubstr("tilt_axis: expected a unit vector"));
  EXPECT_THAT(message([](GravityLoad& l) {
                l.lateral_direction = Vec3::UnitZ();
                l.lateral_rate = 0.1;
              }),
              HasSubstr("lateral_direction: expected a direction orthogonal to gravity"));
  // Without a lateral ramp the direction is unused: a tilted g0 keeps the default one.
  EXPECT_EQ(message([](GravityLoad& l) { l.gravity = Vec3(4.9, 0.0, -8.5); }), "");
  EXPECT_THAT(message([](GravityLoad& l) { l.gravity.x() = std::nan(""); }), HasSubstr("gravity"));
}

TEST(GravityLoad, ValidationReportsWhereTheLoadWasRead) {
  GravityLoad load;
  load.tilt_rate = -1.0;
  EXPECT_THAT(testing::diagnostic_of([&] {
                validate(load, {"wall.yaml", 7, 14});
              }),
              HasSubstr("wall.yaml:7:14: error: tilt_rate"));
}

AccelerationRecord sampled(double t_end, double dt, const std::function<Vec3(double)>& a) {
  AccelerationRecord record;
  const int n = static_cast<int>(std::round(t_end / dt));
  for (int i = 0; i <= n; ++i) {
    record.time.push_back(i * dt);
    record.acceleration.push_back(a(i * dt));
  }
  return record;
}

// a = A sin(w t) integrates to v = A/w (1 - cos w t). The composite trapezoidal rule on [0, t]
// errs by at most t dt^2 max|a''| / 12 = t dt^2 A w^2 / 12 at the samples; between them the
// linear interpolation adds at most dt^2 max|v''| / 8 = dt^2 A w / 8.
TEST(GroundMotionVelocity, TrapezoidalIntegrationOfASineWithinItsErrorBound) {
  const double A = 2.0, w = 2.0 * pi * 1.5, T = 4.0, dt = 0.01;
  const AccelerationRecord record =
      sampled(T, dt, [&](double t) { return Vec3(A * std::sin(w * t), 0.0, 0.0); });
  const PrescribedVelocity motion = ground_motion_velocity(record, BaselineCorrection::None);
  double worst = 0.0;
  for (double t = 0.0; t <= T; t += dt / 4.0) {
    const Vec3 exact(A / w * (1.0 - std::cos(w * t)), 0.0, 0.0);
    const double bound = t * dt * dt * A * w * w / 12.0 + dt * dt * A * w / 8.0;
    const double error = (motion.linear(t) - exact).norm();
    worst = std::max(worst, error / bound);
    ASSERT_LE(error, bound + kRoundOff) << "t = " << t;
  }
  EXPECT_GT(worst, 0.05) << "the bound should be of the order of the error, not far above it";
  EXPECT_TRUE(motion.angular(1.0).isZero());
}

TEST(GroundMotionVelocity, ErrorFallsAsDtSquared) {
  const double A = 1.0, w = 3.0, T = 2.0;
  const auto error_at_end = [&](double dt) {
    const AccelerationRecord record =
        sampled(T, dt, [&](double t) { return Vec3(0.0, A * std::sin(w * t), 0.0); });
    const Vec3 v = ground_motion_velocity(record, BaselineCorrection::None).linear(T);
    return std::abs(v.y() - A / w * (1.0 - std::cos(w * T)));
  };
  // Euler-Maclaurin: error = dt^2/12 (a'(T) - a'(0)) + O(dt^4), so halving dt divides it by 4.
  EXPECT_NEAR(error_at_end(0.02) / error_at_end(0.01), 4.0, 0.01);
}

// Two samples of 1.7e308 m/s^2 are finite, their sum in the trapezoidal rule is not.
TEST(GroundMotionVelocity, AVelocityThatOverflowsIsRefusedAtItsSample) {
  const AccelerationRecord record{{0.0, 1.0, 2.0},
                                  {Vec3(1.7e308, 0, 0), Vec3(1.7e308, 0, 0), Vec3::Zero()}};
  try {
    ground_motion_velocity(record, BaselineCorrection::None);
    ADD_FAILURE() << "an infinite velocity was accepted";
  } catch (const core::Diagnostic& error) {
    EXPECT_EQ(error.key(), "acceleration[1]");
    EXPECT_THAT(error.what(), HasSubstr("expected accelerations whose integrated "
                                        "velocity stays finite, found velocity (inf"));
  }
}

// Before its first sample the support is at rest; after its last it moves on at its last
// velocity, without acceleration: stopping it (as this test once asked) was a deceleration
// the record does not have, about 62 g at the end of the rectangular pulse without a baseline
// correction, which brought a standing block down.
TEST(GroundMotionVelocity, AtRestBeforeTheRecordAndAtItsLastVelocityAfter) {
  AccelerationRecord record = sampled(2.0, 0.1, [](double) { return Vec3(1.0, 0.0, 0.0); });
  for (double& t : record.time) t += 1.0;  // the record spans [1, 3] s
  const PrescribedVelocity motion = ground_motion_velocity(record, BaselineCorrection::None);
  EXPECT_TRUE(motion.linear(0.999).isZero());
  EXPECT_NEAR(motion.linear(3.001).x(), 2.0, kRoundOff);
  EXPECT_NEAR(motion.linear(50.0).x(), 2.0, kRoundOff);
  EXPECT_TRUE(motion.linear(1.0).isZero());  // v(t_0) = 0
  EXPECT_NEAR(motion.linear(3.0).x(), 2.0, kRoundOff);
  EXPECT_NEAR(motion.linear(2.05).x(), 1.05, kRoundOff);
}

// A constant acceleration c, the commonest baseline error, integrates to the exact line c t,
// which the least-squares line removes completely.
TEST(GroundMotionVelocity, LinearCorrectionRemovesAConstantOffset) {
  const Vec3 c(0.03, -0.02, 0.01);
  const AccelerationRecord record = sampled(30.0, 0.02, [&](double) { return c; });
  const PrescribedVelocity none = ground_motion_velocity(record, BaselineCorrection::None);
  const PrescribedVelocity linear = ground_motion_velocity(record, BaselineCorrection::Linear);
  EXPECT_TRUE(none.linear(30.0).isApprox(30.0 * c, kRoundOff));
  // Round-off of sums over 1501 samples of velocities <= 0.9 m/s.
  for (double t : {0.0, 7.31, 15.0, 30.0}) EXPECT_LT(linear.linear(t).norm(), 1e-12) << "t = " << t;
}

// The correction is linear and removes lines: adding an offset to any record leaves the
// corrected velocity unchanged, while the uncorrected one drifts by c (t - t_0).
TEST(GroundMotionVelocity, LinearCorrectionIsBlindToAnAddedOffset) {
  const auto a = [](double t) { return Vec3(std::sin(5.0 * t) * std::exp(-0.2 * t), 0.0, 0.0); };
  const AccelerationRecord clean = sampled(20.0, 0.01, a);
  AccelerationRecord offset = clean;
  for (Vec3& value : offset.acceleration) value.x() += 0.05;
  const PrescribedVelocity v_clean = ground_motion_velocity(clean, BaselineCorrection::Linear);
  const PrescribedVelocity v_offset = ground_motion_velocity(offset, BaselineCorrection::Linear);
  for (double t : {0.0, 3.3, 20.0})
    EXPECT_NEAR(v_offset.linear(t).x(), v_clean.linear(t).x(), 1e-12) << "t = " << t;
  EXPECT_NEAR(ground_motion_velocity(offset, BaselineCorrection::None).linear(20.0).x() -
                  ground_motion_velocity(clean, BaselineCorrection::None).linear(20.0).x(),
              0.05 * 20.0, 1e-12);
}

TEST(GroundMotionVelocity, BadRecordsAreDiagnosed) {
  const auto message = [](AccelerationRecord record) {
    return testing::diagnostic_of(
        [&] { ground_motion_velocity(record, BaselineCorrection::None); });
  };
  const Vec3 a = Vec3::UnitX();
  EXPECT_THAT(message({{0.0}, {a}}), HasSubstr("time: expected at least 2 samples, found 1"));
  EXPECT_THAT(message({{0.0, 0.1}, {a}}), HasSubstr("acceleration: expected 2 samples"));
  EXPECT_THAT(message({{0.0, 0.1, 0.1}, {a, a, a}}),
              HasSubstr("time[2]: expected a time greater than time[1] = 0.1 s, found 0.1"));
  EXPECT_THAT(message({{0.0, std::nan("")}, {a, a}}), HasSubstr("time[1]"));
  EXPECT_THAT(message({{0.0, 0.1}, {a, Vec3(0.0, INFINITY, 0.0)}}),
              HasSubstr("acceleration[1]: expected a finite vector"));
}

// a(t) = peak (1 - 2 x) exp(-x), x = (pi f (t - t0))^2: the peak at t0, zeros where
// x = 1/2, i.e. t0 +- 1 / (pi f sqrt 2), negative lobes beyond.
TEST(RickerPulse, PeakAndZeroCrossings) {
  const double peak = 3.0, f = 2.0, t0 = 1.0, dt = 0.001;
  const Vec3 direction(0.0, 2.0, 0.0);  // normalized by ricker_pulse
  const AccelerationRecord record = ricker_pulse(peak, f, t0, direction, dt, 2.0);
  ASSERT_EQ(record.time.size(), 2001u);
  EXPECT_DOUBLE_EQ(record.time.back(), 2.0);
  const double half_width = 1.0 / (pi * f * std::sqrt(2.0));
  double largest = 0.0;
  for (std::size_t i = 0; i < record.time.size(); ++i) {
    const Vec3& a = record.acceleration[i];
    EXPECT_EQ(a.x(), 0.0);
    EXPECT_EQ(a.z(), 0.0);
    largest = std::max(largest, a.y());
    const double distance = std::abs(record.time[i] - t0);
    if (distance < half_width - 1e-12) {
      EXPECT_GT(a.y(), 0.0) << "t = " << record.time[i];
    } else if (distance > half_width + 1e-12) {
      EXPECT_LT(a.y(), 0.0) << "t = " << record.time[i];
    }
  }
  EXPECT_NEAR(record.acceleration[1000].y(), peak, kRoundOff);  // t = t0
  EXPECT_NEAR(largest, peak, kRoundOff);
  // The closed form at the crossings themselves, off the sampling grid.
  const double x = std::pow(pi * f * half_width, 2);
  EXPECT_NEAR(1.0 - 2.0 * x, 0.0, kRoundOff);
}

TEST(RickerPulse, BadParametersAreDiagnosed) {
  const Vec3 e = Vec3::UnitX();
  EXPECT_THAT(testing::diagnostic_of([&] { ricker_pulse(1.0, 0.0, 1.0, e, 0.01, 2.0); }),
              HasSubstr("frequency"));
  EXPECT_THAT(testing::diagnostic_of([&] { ricker_pulse(1.0, 1.0, 1.0, e, -0.01, 2.0); }),
              HasSubstr("dt"));
  EXPECT_THAT(testing::diagnostic_of([&] { ricker_pulse(1.0, 1.0, 1.0, Vec3::Zero(), 0.01, 2.0); }),
              HasSubstr("direction"));
  EXPECT_THAT(testing::diagnostic_of([&] { ricker_pulse(1.0, 1.0, 1.0, e, 0.01, 0.001); }),
              HasSubstr("duration"));
}

// The velocity is constant on each interval, so integrating it interval by interval (its value
// at the midpoint times the length) must give back the displacement samples.
TEST(SettlementVelocity, IntegratesBackToTheDisplacements) {
  const DisplacementHistory history{
      {0.0, 1.0, 3.0, 3.5},
      {Vec3::Zero(), Vec3(0.0, 0.0, -0.01), Vec3(0.0, 0.0, -0.03), Vec3(0.004, 0.0, -0.03)}};
  const PrescribedVelocity motion = settlement_velocity(history);
  Vec3 displacement = Vec3::Zero();
  for (std::size_t i = 0; i + 1 < history.time.size(); ++i) {
    const double t_a = history.time[i], t_b = history.time[i + 1];
    const Vec3 v = motion.linear(0.5 * (t_a + t_b));
    EXPECT_TRUE(motion.linear(t_a).isApprox(v)) << "constant from t = " << t_a;
    EXPECT_TRUE(motion.linear(std::nextafter(t_b, 0.0)).isApprox(v)) << "up to t = " << t_b;
    displacement += (t_b - t_a) * v;
    // A few round-offs of numbers <= 0.03 (eps 0.03 = 7e-18 each).
    EXPECT_LT((displacement - history.displacement[i + 1]).norm(), 1e-16) << "t = " << t_b;
  }
  EXPECT_TRUE(motion.linear(-0.1).isZero());
  EXPECT_TRUE(motion.linear(3.5).isZero());
  EXPECT_TRUE(motion.linear(10.0).isZero());
}

TEST(SettlementVelocity, HistoryMustStartAtZeroDisplacement) {
  const DisplacementHistory history{{0.0, 1.0}, {Vec3(0.0, 0.0, -0.01), Vec3::Zero()}};
  EXPECT_THAT(testing::diagnostic_of([&] { settlement_velocity(history); }),
              HasSubstr("displacement[0]: expected (0, 0, 0) m"));
  EXPECT_THAT(testing::diagnostic_of([] {
                settlement_velocity({{1.0, 0.5}, {Vec3::Zero(), Vec3::Zero()}});
              }),
              HasSubstr("time[1]"));
}

}  // namespace
}  // namespace moreau::model
