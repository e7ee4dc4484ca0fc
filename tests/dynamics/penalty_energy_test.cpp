// The energy account of the penalty mode (penalty_stepper.hpp) over 10^5 steps of one scene
// that bounces, slides and rocks: no law creates energy, and kinetic + potential + elastic
// + dissipated (damping, slip) stays equal to the energy at the start.
#include "moreau/dynamics/body_motion.hpp"
#include "moreau/dynamics/penalty_stepper.hpp"
#include "moreau/math/quaternion.hpp"
#include "support/stepping.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>

namespace moreau::dynamics {
namespace {

using math::Vec3;
using testing::kG;

// The ground plane z = 0 and three bodies too far apart ever to touch each other:
//   ball    radius 5 cm (1.31 kg), lowest point 10 cm up: it meets the ground at
//           v0 = sqrt(2 g H) = 1.40 m/s and bounces;
//   slider  10 cm cube (2.5 kg) on its face, launched at 1 m/s along x: it slides to rest;
//   rocker  10 x 10 x 20 cm block (5 kg) tilted 20 deg about y on its lowest edge, placed at
//           z = 0 exactly (no initial overlap); 20 deg is below the overturning angle
//           atan(5/10) = 26.6 deg, so it falls back on its face and rocks to rest.
constexpr double kMu = 0.5;
constexpr double kRestitution = 0.8;
constexpr double kDensity = 2500.0;                                 // kg/m^3
constexpr double kBallRadius = 0.05;                                // m
constexpr double kDropHeight = 0.1;                                 // m, of the ball's lowest point
constexpr double kSliderHalf = 0.05;                                // m
constexpr double kSlideSpeed = 1.0;                                 // m/s
constexpr double kRockerHalfWidth = 0.05, kRockerHalfHeight = 0.1;  // m
constexpr double kTiltDeg = 20.0;

// 10^5 steps of 20 us: 2 s, in which the ball bounces about ten times and the other two come
// to rest. The stiffest contact, the Hertz ball at its largest overlap (1.9 mm), has
// omega = sqrt(1.5 k delta^(1/2) / m) = 1000 rad/s, so omega h <= 0.02; the linear contacts
// have omega h <= 0.013 (a cube corner: k on m/4). The stepper refuses a step above its
// critical estimate, so every run below also checks that h stays under it.
constexpr double kH = 2e-5;
constexpr int kSteps = 100000;

constexpr double kLinearStiffness = 2.5e5;  // N/m
constexpr double kHertzStiffness = 2e7;     // N/m^(3/2): Hertz, Hunt-Crossley, power law

enum BodyIndex { kBall = 1, kSlider = 2, kRocker = 3 };

struct EnergyCase {
  std::string name;
  penalty::LawPair laws;
  CriticalStepPolicy policy = CriticalStepPolicy::Refuse;
  /// Relative tolerance on the slide distance v0^2 / (2 mu g) (kLinearSlideTolerance below).
  double slide_tolerance = 0.0;
};

// GoogleTest names a failing case by this rather than by its bytes.
void PrintTo(const EnergyCase& energy_case, std::ostream* os) { *os << energy_case.name; }

model::Scene bounce_slide_rock_scene(const penalty::LawPair& laws) {
  model::Scene scene =
      testing::scene_on_ground(3, {.friction = kMu, .restitution = kRestitution, .penalty = laws});
  scene.gravity = Vec3(0, 0, -kG);
  geometry::Pose pose;
  pose.position = Vec3(0, 0, kBallRadius + kDropHeight);
  scene.bodies.push_back(
      model::make_free_body("ball", geometry::Sphere{kBallRadius}, kDensity, pose, 3));
  pose.position = Vec3(0.5, 0, kSliderHalf);
  scene.bodies.push_back(model::make_free_body("slider", geometry::Box{Vec3::Constant(kSliderHalf)},
                                               kDensity, pose, 3));
  scene.bodies.back().v = Vec3(kSlideSpeed, 0, 0);
  // Turned by +theta about y, the corner (+a, -c) is lowest, at z_centre - a sin - c cos.
  const double tilt = math::radians(kTiltDeg);
  pose.orientation = math::from_axis_angle(Vec3::UnitY(), tilt);
  pose.position =
      Vec3(-0.5, 0, kRockerHalfWidth * std::sin(tilt) + kRockerHalfHeight * std::cos(tilt));
  scene.bodies.push_back(model::make_free_body(
      "rocker", geometry::Box{Vec3(kRockerHalfWidth, kRockerHalfWidth, kRockerHalfHeight)},
      kDensity, pose, 3));
  return scene;
}

// The largest elastic force of the ball's first impact at v0 = sqrt(2 g H): for the linear law
// (1/2 m v0^2 = 1/2 k d^2) v0 sqrt(k m); for the k d^(3/2) laws (1/2 m v0^2 = 2/5 k d^(5/2))
// k d_max^(3/2), d_max = (5 m v0^2 / (4 k))^(2/5) (Johnson 1985, section 11.4).
double peak_impact_force(const penalty::NormalLawSettings& normal, double mass) {
  const double v0 = std::sqrt(2 * kG * kDropHeight);
  const double k = *normal.stiffness;
  if (normal.kind == penalty::NormalLawKind::Linear) return v0 * std::sqrt(k * mass);
  return k * std::pow(5 * mass * v0 * v0 / (4 * k), 0.6);
}

// What a run recorded.
struct EnergyRecord {
  double worst_excess = -INFINITY;      ///< J, max over steps of E(t) - E(0)
  double worst_balance = 0.0;           ///< J, max over steps of |E(t) + dissipated - E(0)|
  double worst_dissipation_step = 0.0;  ///< J, the most negative change of a dissipated energy
  double ball_top_after_impact = 0.0;   ///< m, of the ball's lowest point
  int rebounds = 0;
};

class PenaltyEnergy : public ::testing::TestWithParam<EnergyCase> {};

TEST_P(PenaltyEnergy, NoLawCreatesEnergyAndTheAccountBalances) {
  const EnergyCase& energy_case = GetParam();
  model::Scene scene = bounce_slide_rock_scene(energy_case.laws);
  PenaltyStepper stepper(scene, {.h = kH, .critical_step = energy_case.policy},
                         {model::Material{"default"}});
  const model::Body& ball = scene.bodies[kBall];
  const model::Body& slider = scene.bodies[kSlider];
  const model::Body& rocker = scene.bodies[kRocker];
  const double slider_start = slider.x.x();

  // E(0) has no elastic part: nothing overlaps. Gravity's datum z = 0 is arbitrary, so the
  // tolerances are fractions of the energy the contacts have to take out, E(0) minus the
  // potential energy of the three bodies resting on the ground.
  const double E0 = kinetic_energy(scene) + potential_energy(scene);
  const double rocker_rest = rocker.mass * kG * kRockerHalfHeight;
  const double rocker_drop = rocker.mass * kG * rocker.x.z() - rocker_rest;
  const double available =
      E0 - ball.mass * kG * kBallRadius - slider.mass * kG * kSliderHalf - rocker_rest;

  EnergyRecord record;
  DissipatedEnergy previous;
  bool ball_rose = false;
  double previous_vz = 0.0;
  for (int k = 0; k < kSteps; ++k) {
    const StepReport report = stepper.step();
    const DissipatedEnergy& lost = stepper.dissipated();
    const double E = report.kinetic_energy + report.potential_energy + report.elastic_energy;
    record.worst_excess = std::max(record.worst_excess, E - E0);
    record.worst_balance =
        std::max(record.worst_balance, std::abs(E + lost.damping + lost.slip - E0));
    record.worst_dissipation_step =
        std::min({record.worst_dissipation_step, lost.damping - previous.damping,
                  lost.slip - previous.slip});
    previous = lost;
    ball_rose = ball_rose || ball.v.z() > 0;
    if (ball_rose)
      record.ball_top_after_impact =
          std::max(record.ball_top_after_impact, ball.x.z() - kBallRadius);
    if (previous_vz <= 0 && ball.v.z() > 0) ++record.rebounds;
    previous_vz = ball.v.z();
  }

  // 1. Symplectic Euler conserves, on elastic contacts, a modified energy E + (h/2) F.u (u the
  //    approach velocity): E itself exceeds E(0) while a contact is loaded, by at most
  //    (h/2) max F.u <= (h/2) F_max v0, the largest at the ball's impact. The elastic Hertz
  //    ball shows it: max F.u = 0.47 F_max v0 (the maximum of x^(3/2) sqrt(1 - x^(5/2))), and
  //    alone with k = 1e8 it measured 0.0713 J against 0.0705 J predicted (0.036 J at
  //    h = 1e-5: first order, no drift). With dissipation the scene never rises above E(0)
  //    (measured: at most E(0) - 1.7e-7 J, after the first step of free fall).
  const double excess_tolerance = 0.5 * kH * peak_impact_force(energy_case.laws.normal, ball.mass) *
                                  std::sqrt(2 * kG * kDropHeight);
  EXPECT_LE(record.worst_excess, excess_tolerance) << "E(0) = " << E0 << " J";

  // 2. The dissipated energies are sums of non-negative works of each step, to round-off:
  //    the slider's dashpot share in slip, -(F + K_t d).s h, is a difference of nearly equal
  //    forces (>= 0 in exact arithmetic: tangential_laws.cpp), measured down to -1.2e-19 J.
  EXPECT_GE(record.worst_dissipation_step, -1e-15 * E0);
  EXPECT_GE(previous.damping, 0.0);
  EXPECT_GE(previous.slip, 0.0);
  //    The account closes up to the integrator's error, first order in h here (the dashpots'
  //    power is taken at the start-of-step rates). Measured on each body alone: the ball 0.39%
  //    of its energy (0.20% at h = 1e-5, 0.80% at 4e-5), 0.89% with the sub-steps of the
  //    velocity-dependent law; the slider 1e-4; the rocker 0.1-0.2% with the incremental and
  //    velocity-dependent laws. Together at most 0.42% of the available energy: the bound is
  //    twice that.
  EXPECT_LE(record.worst_balance, 0.008 * available)
      << "available " << available << " J, dissipated by damping " << previous.damping
      << " J, by slip " << previous.slip << " J";

  // 3. Something happened. The ball bounced several times and never above its drop height
  //    (beyond the modified-energy term of 1.); every law here restitutes e > 0.63.
  EXPECT_GE(record.rebounds, 3);
  EXPECT_GT(record.ball_top_after_impact, 0.4 * kDropHeight);
  EXPECT_LE(record.ball_top_after_impact, kDropHeight + excess_tolerance / (ball.mass * kG));
  //    The slider stopped at v0^2 / (2 mu g) from its start.
  const double slide = slider.x.x() - slider_start;
  const double expected_slide = kSlideSpeed * kSlideSpeed / (2 * kMu * kG);
  EXPECT_NEAR(slide, expected_slide, energy_case.slide_tolerance * expected_slide);
  EXPECT_LT(slider.v.norm(), 0.01 * kSlideSpeed);
  //    The rocker lies on its face: upright within 0.5 deg, its centre at its half height
  //    (the contacts sink it by 5e-5 m), and its kinetic energy below 1% of the potential
  //    energy its tilt gave it.
  const Vec3 rocker_axis = rocker.shape_pose().orientation * Vec3::UnitZ();
  const double tilt = std::acos(std::min(1.0, rocker_axis.z()));
  EXPECT_LT(math::degrees(tilt), 0.5);
  EXPECT_NEAR(rocker.x.z(), kRockerHalfHeight, 1e-3);
  const double rocker_kinetic = 0.5 * rocker.mass * rocker.v.squaredNorm() +
                                0.5 * rocker.w_B.dot(rocker.inertia.cwiseProduct(rocker.w_B));
  EXPECT_LT(rocker_kinetic, 0.01 * rocker_drop);
}

// Slide distance tolerances. With rigid Coulomb friction the slide is exactly v0^2 / (2 mu g);
// the penalty contacts add the tangential spring's stretch mu m g / (4 K_t) ~ 1e-5 m and
// symplectic Euler's O(v0 h) = 2e-5 m, 0.03% of it: measured -0.02% with the linear law, whose
// dashpot damps the corners' normal vibration. The k delta^(3/2) laws leave it (nearly)
// undamped at the slider's overlap of 4.5e-5 m (Hertz has no dashpot; Hunt-Crossley's
// 3/2 k c delta^(3/2) and the power law's c delta vanish with delta): the corners keep
// rattling, the mean friction force falls below mu m g, and the block slides 3.5-4.7%
// further (measured; 4.2-4.4% still without a tangential dashpot, so not because of the
// tangential law).
constexpr double kLinearSlideTolerance = 0.01;
constexpr double kRattlingSlideTolerance = 0.06;

penalty::LawPair linear_law(penalty::TangentialLawKind tangential) {
  penalty::LawPair laws;
  laws.normal.kind = penalty::NormalLawKind::Linear;
  laws.normal.stiffness = kLinearStiffness;  // damping calibrated from e = 0.8
  laws.tangential.kind = tangential;
  return laws;
}

penalty::LawPair hertzian_law(penalty::NormalLawKind kind) {
  penalty::LawPair laws;
  laws.normal.kind = kind;
  laws.normal.stiffness = kHertzStiffness;
  // A constant K_t, about the tangent stiffness 3/2 k sqrt(delta) at the slider's overlap of
  // 4.5e-5 m: calibrated from the normal law it would follow the overlap, and the stored
  // tangential energy would change without work (tangential_laws.hpp).
  laws.tangential.stiffness = 2e5;                                                  // N/m
  if (kind == penalty::NormalLawKind::HuntCrossley) laws.normal.dissipation = 0.1;  // s/m
  if (kind == penalty::NormalLawKind::PowerLaw) {
    laws.normal.stiffness_exponent = 1.5;
    laws.normal.damping = 1e5;  // N s/m^2: c delta delta_dot, zero at first touch
    laws.normal.rate_exponent = 1.0;
    laws.normal.indentation_exponent = 1.0;
  }
  return laws;
}

// The stiction ramp of the velocity-dependent law is a dashpot of slope 1.875 mu |F_n| / v_s
// (penalty_stepper.cpp), whose explicit limit 2 m / eta falls to 1e-7 s at the ball's impact
// force with Adams' v_s = 0.1 mm/s (sub-stepped, the run took minutes). With v_s = 1 cm/s only
// the impacts need sub-steps, so this is the one case that asks for them; the ramp then
// shortens the slide by about v_s^2 / (mu g) = 2e-5 m.
penalty::LawPair velocity_dependent_law() {
  penalty::LawPair laws = linear_law(penalty::TangentialLawKind::VelocityDependent);
  laws.tangential.static_velocity = 1e-2;
  laws.tangential.dynamic_velocity = 2e-2;
  return laws;
}

std::string case_name(const ::testing::TestParamInfo<EnergyCase>& case_info) {
  return case_info.param.name;
}

// Each normal law with the default spring-dashpot slider, and the linear law with the other
// two tangential laws.
INSTANTIATE_TEST_SUITE_P(
    Laws, PenaltyEnergy,
    ::testing::Values(
        EnergyCase{"LinearSlider", linear_law(penalty::TangentialLawKind::SpringDashpotSlider),
                   CriticalStepPolicy::Refuse, kLinearSlideTolerance},
        EnergyCase{"LinearIncremental", linear_law(penalty::TangentialLawKind::IncrementalCoulomb),
                   CriticalStepPolicy::Refuse, kLinearSlideTolerance},
        EnergyCase{"LinearVelocityDependent", velocity_dependent_law(), CriticalStepPolicy::Substep,
                   kLinearSlideTolerance},
        EnergyCase{"HertzSlider", hertzian_law(penalty::NormalLawKind::Hertz),
                   CriticalStepPolicy::Refuse, kRattlingSlideTolerance},
        EnergyCase{"HuntCrossleySlider", hertzian_law(penalty::NormalLawKind::HuntCrossley),
                   CriticalStepPolicy::Refuse, kRattlingSlideTolerance},
        EnergyCase{"PowerLawSlider", hertzian_law(penalty::NormalLawKind::PowerLaw),
                   CriticalStepPolicy::Refuse, kRattlingSlideTolerance}),
    case_name);

}  // namespace
}  // namespace moreau::dynamics
