// Collapse detection on scenes moved by hand: each criterion fires with the right body and
// value once its threshold is passed, and not before; bodies that are not free never count.
#include "moreau/dynamics/stop_criteria.hpp"

#include "moreau/math/quaternion.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace moreau::dynamics {
namespace {

using math::Quat;
using math::Vec3;
using std::numbers::pi;
using ::testing::HasSubstr;

// Differences of positions of order 1 m and angles from atan2: round-off only.
constexpr double kTol = 1e-12;

model::Body body(const char* name, model::Motion motion, const Vec3& x, const Quat& q) {
  model::Body b;
  b.name = name;
  b.motion = motion;
  b.x = x;
  b.q = q;
  return b;
}

// A fixed ground, a driven table and two free blocks, the second one initially rotated.
model::Scene scene_of_blocks() {
  model::Scene scene;
  scene.bodies.push_back(body("ground", model::Motion::Fixed, Vec3::Zero(), Quat::Identity()));
  scene.bodies.push_back(body("table", model::Motion::Driven, Vec3(5, 0, 0), Quat::Identity()));
  scene.bodies.push_back(body("block", model::Motion::Free, Vec3(0, 0, 0.5), Quat::Identity()));
  scene.bodies.push_back(body("lintel", model::Motion::Free, Vec3(1, 2, 3),
                              math::from_axis_angle(Vec3(1, 1, 0), 0.7)));
  return scene;
}

TEST(CollapseMonitor, NothingFiresAtTheStart) {
  const model::Scene scene = scene_of_blocks();
  // Thresholds just above the round-off of q_0^-1 q_0, which need not be exactly the identity.
  CollapseMonitor monitor(scene, {1e-12, 1e-9, std::numeric_limits<double>::infinity()});
  EXPECT_FALSE(monitor.check(scene, StepReport{}));
}

TEST(CollapseMonitor, DisplacementFiresBeyondItsThresholdWithTheBodyName) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_displacement = 0.1});
  scene.bodies[2].x += Vec3(0.06, 0.0, -0.08);  // |d| = 0.1: at the threshold, not beyond
  EXPECT_FALSE(monitor.check(scene, StepReport{}));
  scene.bodies[2].x += Vec3(0.03, 0.0, 0.0);  // |(0.09, 0, -0.08)| = 0.120416
  const auto collapse = monitor.check(scene, StepReport{});
  ASSERT_TRUE(collapse);
  EXPECT_EQ(collapse->criterion, "max_displacement");
  EXPECT_EQ(collapse->body, "block");
  EXPECT_NEAR(collapse->value, std::hypot(0.09, 0.08), kTol);
}

TEST(CollapseMonitor, TheWorstBodyIsReported) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_displacement = 0.1});
  scene.bodies[2].x.x() += 0.2;
  scene.bodies[3].x.y() -= 0.3;
  const auto collapse = monitor.check(scene, StepReport{});
  ASSERT_TRUE(collapse);
  EXPECT_EQ(collapse->body, "lintel");
  EXPECT_NEAR(collapse->value, 0.3, kTol);
}

TEST(CollapseMonitor, BodiesThatAreNotFreeNeverCount) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_displacement = 0.1, .max_rotation = 1.0});
  scene.bodies[0].x.z() -= 1.0;
  scene.bodies[1].x.x() += 10.0;
  scene.bodies[1].q = math::from_axis_angle(Vec3::UnitZ(), 1.0);
  EXPECT_FALSE(monitor.check(scene, StepReport{}));
}

// The rotation is the angle of q_0^-1 q: measured from the initial orientation, whatever
// that is, and whatever the axis of the further rotation.
TEST(CollapseMonitor, RotationFromTheInitialOrientationInDegrees) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_rotation = 15.0});
  const Quat q_0 = scene.bodies[3].q;
  scene.bodies[3].q = q_0 * math::from_axis_angle(Vec3(0, 1, 1), 14.0 * pi / 180.0);
  EXPECT_FALSE(monitor.check(scene, StepReport{}));
  scene.bodies[3].q = q_0 * math::from_axis_angle(Vec3(0, 1, 1), 20.0 * pi / 180.0);
  const auto collapse = monitor.check(scene, StepReport{});
  ASSERT_TRUE(collapse);
  EXPECT_EQ(collapse->criterion, "max_rotation");
  EXPECT_EQ(collapse->body, "lintel");
  EXPECT_NEAR(collapse->value, 20.0, 1e-10);  // degrees: kTol times 180/pi
}

// The first motion: past kFirstMotionShare of a threshold, the displacement's before the
// rotation's, whatever fires later; never for the kinetic energy alone.
TEST(CollapseMonitor, ABodyHasMovedPastAShareOfAThreshold) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_displacement = 0.1, .max_rotation = 10.0});
  EXPECT_TRUE(monitor.watches_motion());
  monitor.stand(scene);
  scene.bodies[2].x.x() += 0.9 * kFirstMotionShare * 0.1;
  EXPECT_FALSE(monitor.moved(scene));
  scene.bodies[3].q = scene.bodies[3].q * math::from_axis_angle(Vec3::UnitZ(), 0.002);
  const auto turned = monitor.moved(scene);  // 0.115 deg, past 1 % of 10 deg
  ASSERT_TRUE(turned);
  EXPECT_EQ(turned->criterion, "max_rotation");
  EXPECT_EQ(turned->body, "lintel");
  EXPECT_NEAR(turned->value, 0.002 * 180.0 / pi, 1e-10);
  scene.bodies[2].x.x() += 0.2 * kFirstMotionShare * 0.1;
  const auto displaced = monitor.moved(scene);
  ASSERT_TRUE(displaced);
  EXPECT_EQ(displaced->criterion, "max_displacement");
  EXPECT_EQ(displaced->body, "block");
  EXPECT_NEAR(displaced->value, 1.1 * kFirstMotionShare * 0.1, kTol);
  EXPECT_FALSE(monitor.check(scene, StepReport{})) << "moved, not collapsed";

  CollapseMonitor energy_only(scene_of_blocks(), {.kinetic_energy = 1e-6});
  EXPECT_FALSE(energy_only.watches_motion());
  energy_only.stand(scene_of_blocks());
  EXPECT_FALSE(energy_only.moved(scene));
}

// The first motion is measured from where the structure stood (stand), not from its start,
// where an imperfect copy's blocks were before they settled into their joints; the collapse
// criteria still from the start. Nothing has moved before it stood.
TEST(CollapseMonitor, TheFirstMotionIsMeasuredFromWhereTheStructureStood) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_displacement = 0.1});
  scene.bodies[2].x.z() -= 0.05;  // settled by half the threshold
  EXPECT_FALSE(monitor.moved(scene)) << "moved before it stood";
  monitor.stand(scene);
  EXPECT_FALSE(monitor.moved(scene));
  scene.bodies[2].x.x() += 1.1 * kFirstMotionShare * 0.1;
  const auto displaced = monitor.moved(scene);
  ASSERT_TRUE(displaced);
  EXPECT_NEAR(displaced->value, 1.1 * kFirstMotionShare * 0.1, kTol);
  scene.bodies[2].x.z() -= 0.05;
  const auto collapse = monitor.check(scene, StepReport{});
  ASSERT_TRUE(collapse) << "the collapse criterion is measured from the start";
  EXPECT_GT(collapse->value, 0.1);

  CollapseMonitor restored(scene_of_blocks(), {.max_displacement = 0.1});
  restored.restore(false, monitor.standing());
  EXPECT_EQ(restored.moved(scene)->value, monitor.moved(scene)->value);
}

TEST(CollapseMonitor, RotationIsTheSameForQAndMinusQ) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.max_rotation = 15.0});
  const Quat q = scene.bodies[2].q * math::from_axis_angle(Vec3::UnitX(), 30.0 * pi / 180.0);
  scene.bodies[2].q = Quat(-q.w(), -q.x(), -q.y(), -q.z());
  const auto collapse = monitor.check(scene, StepReport{});
  ASSERT_TRUE(collapse);
  EXPECT_NEAR(collapse->value, 30.0, 1e-10);
}

TEST(CollapseMonitor, KineticEnergyFiresOnlyAfterTheStructureCameToRest) {
  const model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {.kinetic_energy = 1.0});
  const auto report = [](double energy) {
    StepReport r;
    r.kinetic_energy = energy;
    return r;
  };
  EXPECT_FALSE(monitor.check(scene, report(5.0)));  // settling under the first load
  EXPECT_FALSE(monitor.check(scene, report(3.0)));
  EXPECT_FALSE(monitor.check(scene, report(0.5)));  // at rest
  EXPECT_FALSE(monitor.check(scene, report(0.9)));
  const auto collapse = monitor.check(scene, report(2.5));
  ASSERT_TRUE(collapse);
  EXPECT_EQ(collapse->criterion, "kinetic_energy");
  EXPECT_EQ(collapse->body, "");
  EXPECT_EQ(collapse->value, 2.5);
}

TEST(CollapseMonitor, CriteriaAreOffByDefault) {
  model::Scene scene = scene_of_blocks();
  CollapseMonitor monitor(scene, {});
  scene.bodies[2].x.x() += 1e6;
  scene.bodies[2].q = math::from_axis_angle(Vec3::UnitY(), 3.0);
  StepReport report;
  EXPECT_FALSE(monitor.check(scene, report));
  report.kinetic_energy = 1e12;
  EXPECT_FALSE(monitor.check(scene, report));
}

TEST(CollapseMonitor, BadThresholdsAreDiagnosed) {
  const model::Scene scene = scene_of_blocks();
  const auto message = [&](CollapseCriteria criteria) -> std::string {
    try {
      CollapseMonitor monitor(scene, criteria);
    } catch (const core::Diagnostic& error) {
      return error.what();
    }
    return "";
  };
  EXPECT_THAT(message({.max_displacement = -0.1}), HasSubstr("max_displacement: expected"));
  EXPECT_THAT(message({.max_rotation = std::nan("")}), HasSubstr("max_rotation: expected"));
  EXPECT_THAT(message({.kinetic_energy = -1.0}), HasSubstr("kinetic_energy: expected"));
}

}  // namespace
}  // namespace moreau::dynamics
