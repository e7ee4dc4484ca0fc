// The ranges of the numbers a user's input gives (problem files and the meshes and
// ground-motion records they name): every reader refuses a value outside its range where it
// reads it, at its key. One set for all of them, in `core` because readers in several layers
// check against it (`io`, `mesh`, `ground_motion`); tests/io/problem_ranges_test.cpp checks
// each bound through a problem file.
#pragma once

namespace moreau::core {

/// The range of every length and coordinate a problem file gives, m. A micrometre is below any
/// block that is a rigid body (a grain of powder), and 1,000 km above any structure: within
/// these, with the densities of kMinDensity to kMaxDensity, a volume (>= 1e-18 m^3), a mass
/// (>= 1e-21 kg) and an inertia (>= 1e-33 kg m^2) stay normal doubles whose inverses are
/// finite, and a scene's extent squared stays far from overflow. Outside, a box of 1e-300 m
/// had a volume of 0 (no mass to invert) and a sphere of 1e308 m an infinite one, and the run
/// crashed.
inline constexpr double kMinLength = 1e-6;
inline constexpr double kMaxLength = 1e6;
/// The thinnest a shape may be for its largest length: the polyhedra's faces must keep an area
/// above their tolerance, (1e-9 extent)^2 (geometry/convex_polyhedron.cpp), which a box of
/// 1e-6 aspect keeps by a factor of 1e5.
inline constexpr double kMinAspect = 1e-6;
/// The range of a density, kg/m^3: a thousandth of air's to 1e9, wide enough that the
/// common slips of units, t/m^3 (2.4) and g/m^3 (2.4e6) for kg/m^3, are warnings naming the
/// slip (io/problem_warnings.cpp) rather than refusals; masses and inertias stay finite.
inline constexpr double kMinDensity = 1e-3;
inline constexpr double kMaxDensity = 1e9;
/// The largest speed of a body or support, m/s: ten times a rifle bullet's. Beyond, the
/// impact is no longer a rigid-body collision, and 1e308 m/s made positions infinite.
inline constexpr double kMaxSpeed = 1e4;
/// The largest acceleration of gravity or a load, m/s^2: 1,000 g, beyond the geotechnical
/// centrifuges' few hundred g.
inline constexpr double kMaxAcceleration = 1e4;
/// The largest angular velocity, rad/s (95,000 rpm): a turbine's, not a stone's.
inline constexpr double kMaxAngularSpeed = 1e4;
/// The longest time, s (a duration, a load's start, a pulse's t0, a solve's time limit): four
/// months of simulated time, which run::kMaxStepCount steps still cover at 1e-5 s a step.
inline constexpr double kMaxTime = 1e7;
/// The largest Coulomb friction coefficient: beyond, the cone is a cylinder for every
/// practical purpose.
inline constexpr double kMaxFriction = 1e3;
/// The largest strength, Pa (cohesion, tensile strength): eight times diamond's modulus
/// (1.2e12 Pa).
inline constexpr double kMaxStress = 1e13;
/// The largest Young's modulus, Pa: a rigid counterpart is given a modulus orders of magnitude
/// above its partner's (1e9 times steel's, 2e20 Pa, in validation/cases/penalty-laws), and
/// the penalty calibration only uses 1/E, which stays far above underflow.
inline constexpr double kMaxYoungModulus = 1e30;
/// The largest Hunt-Crossley dissipation c, s/m: measured ones are 0.01 to 1 s/m, and at
/// kMaxSpeed the damping factor 1 + 1.5 c delta_dot stays below 1.5e8.
inline constexpr double kMaxDissipation = 1e4;
/// The largest penalty stiffness, in its law's unit: four orders above a 10 m steel block's
/// E l (2e12 N/m), while the forces and critical steps it gives stay finite.
inline constexpr double kMaxStiffness = 1e16;
/// The largest joint stiffness per unit area, Pa/m: a 1 mm joint of a material a thousand times
/// stiffer than steel (2e17 Pa/m); measured masonry joints lie between 1e8 and 1e12.
inline constexpr double kMaxJointStiffness = 1e18;
/// The largest penalty damping, in its law's unit: above the critical damping 2 sqrt(k m) of
/// a spring of kMaxStiffness holding 1,000 t (2e11 N s/m).
inline constexpr double kMaxDamping = 1e12;
/// The largest exponent of the power law (m1, m2, m3): measured ones lie between 1 and 3, and
/// an overlap of kMaxLength to the 10th (1e60) stays finite.
inline constexpr double kMaxExponent = 10.0;
/// The largest ratio K_t / K_n: Mindlin's is 2/3 to 1; beyond 100 the tangential spring alone
/// would set the critical step.
inline constexpr double kMaxStiffnessRatio = 100.0;
/// The largest cap on a friction force, N: a 100 m cube of stone weighs 2.4e10 N.
inline constexpr double kMaxForce = 1e16;
/// The largest frequency of a Ricker pulse, Hz: ultrasound beyond; pi^2 f^2 (t - t0)^2 over
/// kMaxTime (1e23) stays finite, where 1e300 Hz made the pulse NaN.
inline constexpr double kMaxFrequency = 1e4;
/// The largest scale of a ground-motion record: a record in cm/s^2 takes 0.01, an amplified
/// one a few times; 1,000 is beyond both.
inline constexpr double kMaxRecordScale = 1e3;
/// The fastest tilt of gravity, deg/s: a tilting table turns by a few; 1e4 is 28 turns a
/// second.
inline constexpr double kMaxTiltRate = 1e4;
/// The steepest starting angle of a tilting table, deg: gravity along the table.
inline constexpr double kMaxStartingTilt = 90.0;
/// The fastest growth of the lateral coefficient, 1/s: at 1e3 it reaches 1,000 g
/// (kMaxAcceleration) in one second.
inline constexpr double kMaxLateralRate = 1e3;
/// The largest angle, deg (an orientation, a tower's twist, a collapse's rotation): 2,800
/// turns, more than any rotation means, and in radians still exact to 1e-11.
inline constexpr double kMaxAngle = 1e6;
/// The largest component of a quaternion, which must be of unit length to 1e-6 anyway:
/// bounded so that its norm is finite and the refusal names the component.
inline constexpr double kMaxQuaternionComponent = 1e6;
/// The largest kinetic-energy threshold, J: the Chicxulub impactor carried about 4e23 J.
inline constexpr double kMaxKineticEnergy = 1e30;

}  // namespace moreau::core
