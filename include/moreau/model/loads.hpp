// The loads of a problem (docs/architecture.md, model layer). Body forces act through gravity:
// a ramp (gravity switched on gradually), the tilting-table test (gravity rotated slowly,
// which is equivalent to tilting the structure) and a lateral acceleration ramp lambda(t) g
// (the pseudo-static seismic coefficient of limit analysis). Support motions act through
// driven bodies (Body::prescribed): a ground-motion acceleration record integrated to a
// velocity history, or a settlement given as a displacement history.
#pragma once

#include "moreau/core/diagnostic.hpp"
#include "moreau/model/body.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace moreau::model {

/// Standard acceleration of gravity, m/s^2 (3rd CGPM, 1901): the g of records and peak
/// accelerations given in g.
inline constexpr double kStandardGravity = 9.80665;

/// Gravity as a function of time:
///   g(t) = s(t) R(axis, alpha(t)) g0 + lambda(t) |g0| d,
///   s(t) = clamp(t / ramp_duration, 0, 1)     (1 when ramp_duration = 0),
///   alpha(t) = tilt_initial + tilt_rate max(0, t - tilt_start),
///   lambda(t) = lateral_rate max(0, t - lateral_start).
struct GravityLoad {
  Vec3 gravity = Vec3(0.0, 0.0, -9.81);  ///< g0, m/s^2
  double ramp_duration = 0.0;            ///< s, >= 0
  /// Unit, world. R(axis, alpha) is the right-handed rotation, so axis +y turns g0 = -g e_z
  /// towards -x: g(alpha) = g (-sin alpha, 0, -cos alpha), as if the table were tilted with
  /// its +x side up (a block on it slides towards -x).
  Vec3 tilt_axis = Vec3::UnitY();
  /// deg, in [0, 90]: the table's angle at t = 0 (a table set at an angle before the run)
  double tilt_initial = 0.0;
  double tilt_rate = 0.0;                  ///< deg/s, >= 0
  double tilt_start = 0.0;                 ///< s
  Vec3 lateral_direction = Vec3::UnitX();  ///< d, unit, world, orthogonal to g0
  double lateral_rate = 0.0;               ///< 1/s, >= 0
  double lateral_start = 0.0;              ///< s

  /// g(t), m/s^2.
  Vec3 at(double t) const;
  /// A tilting table: a starting angle or a rate.
  bool tilts() const { return tilt_initial > 0.0 || tilt_rate > 0.0; }
  /// The load factor a collapse is reported at: the tilt angle alpha(t) in degrees (the
  /// starting angle included) when tilting, else lambda(t) when a lateral ramp is set, else
  /// s(t).
  double load_factor(double t) const;
  /// "tilt_angle_deg", "lambda" or "gravity_factor", matching load_factor().
  std::string load_factor_name() const;
  /// s: when the load of load_factor() starts to change: tilt_start when tilting, else
  /// lateral_start when a lateral ramp is set, else 0 (a gravity ramp starts at once).
  double load_start() const;
};

/// Checks the ranges documented on GravityLoad: finite values, ramp_duration, tilt_rate and
/// lateral_rate >= 0, tilt_initial in [0, 90], unit tilt_axis and lateral_direction (to 1e-6),
/// d orthogonal to g0 (|d . g0| <= 1e-6 |g0|) when lateral_rate > 0. `where` is the place the
/// load was read from, if any.
/// @throws core::Diagnostic naming the offending field
void validate(const GravityLoad& load, const core::SourceLocation& where = {});

/// A ground-motion record: acceleration samples at increasing times.
struct AccelerationRecord {
  std::vector<double> time;        ///< s, strictly increasing, >= 2 samples
  std::vector<Vec3> acceleration;  ///< m/s^2, world
};

/// The record of several components shaking one support together (two horizontal components
/// and the vertical one, each from its own file): at every time of any component, the sum of
/// the components, each linear between its samples and 0 outside its time span (as
/// ground_motion_velocity() reads a record). Components sampled at the same times are simply
/// added.
/// @pre each component has >= 2 samples at strictly increasing times
AccelerationRecord superpose(const std::vector<AccelerationRecord>& components);

/// A support's ground motion as the problem gave it, kept beside the velocity history it
/// becomes: what `moreau check` prints and what a run under it reports its intensity by.
/// z is vertical, as everywhere in moreau (the ground is z = 0).
struct GroundMotion {
  std::string body;           ///< the driven body
  std::string source;         ///< the record's files ("a.AT2 + b.AT2"), or "Ricker pulse"
  double scale = 1.0;         ///< the factor on the source's accelerations (scale, or pga)
  AccelerationRecord record;  ///< after units and scale, m/s^2, world

  /// The peak ground acceleration: the largest horizontal acceleration |(a_x, a_y)| of the
  /// samples at times <= until, m/s^2. For one horizontal component it is the usual PGA,
  /// max |a|; for two it is the peak of their vector sum, which does not depend on how the
  /// plan's axes are turned.
  double peak_horizontal(double until) const;
  double peak_horizontal() const;
  /// max |a_z| over the record, m/s^2.
  double peak_vertical() const;
  /// The time of the last sample minus that of the first, s.
  double duration() const;
  /// The shortest interval between two samples, s (the step of a record sampled at a
  /// constant step).
  double shortest_step() const;
};

/// How the drift of a record integrated to velocity is removed (Boore 2005, "On pads and
/// filters", BSSA 95(2): a record's small baseline offset becomes a linear velocity drift).
enum class BaselineCorrection {
  None,   ///< plain trapezoidal integration
  Linear  ///< subtract the line through the first and last integrated velocities
};

/// The velocity history of a support shaken by the record (trapezoidal integration, v(0) = 0,
/// then the baseline correction), linear between samples, at rest before the record and at its
/// last velocity after it (no acceleration once the record ends). With
/// BaselineCorrection::Linear the support starts and ends at rest.
/// @throws core::Diagnostic (key "time", "time[i]", "acceleration" or "acceleration[i]") for
///   fewer than 2 samples, sizes that differ, non-finite values or times not increasing, or a
///   velocity that overflows (at the first sample where it does)
PrescribedVelocity ground_motion_velocity(const AccelerationRecord& record,
                                          BaselineCorrection correction);

/// A Ricker wavelet (the "Mexican hat"), a record moreau can generate itself:
///   a(t) = peak (1 - 2 pi^2 f^2 (t - t0)^2) exp(-pi^2 f^2 (t - t0)^2) along direction,
/// sampled every dt on [0, duration]. peak in m/s^2, frequency f in Hz (the peak frequency of
/// the spectrum), t0 and dt and duration in s; direction of any non-zero length (normalized).
/// The zeros are at t0 +- 1 / (pi f sqrt 2).
/// @throws core::Diagnostic for f <= 0, dt <= 0, duration < dt, a zero direction or a
///   non-finite value
AccelerationRecord ricker_pulse(double peak, double frequency, double t0, const Vec3& direction,
                                double dt, double duration);

/// A displacement history of a support: samples at increasing times, linear in between.
struct DisplacementHistory {
  std::vector<double> time;        ///< s, strictly increasing, >= 2 samples
  std::vector<Vec3> displacement;  ///< m, world, relative to the initial position
};

/// The piecewise-constant velocity that follows the history: (d_i+1 - d_i) / (t_i+1 - t_i) on
/// [t_i, t_i+1), 0 outside [t_0, t_n).
/// @throws core::Diagnostic as ground_motion_velocity(), and for displacement[0] != 0
PrescribedVelocity settlement_velocity(const DisplacementHistory& history);

}  // namespace moreau::model
