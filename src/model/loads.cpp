#include "moreau/model/loads.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/math/quaternion.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <numbers>
#include <string_view>

namespace moreau::model {
namespace {

using core::concat;
using core::Diagnostic;
using core::SourceLocation;

/// Unit vectors are accepted to this relative tolerance: six digits, as a user types them.
constexpr double kUnitTolerance = 1e-6;

std::string format_vector(const Vec3& v) {
  return concat('(', v.x(), ", ", v.y(), ", ", v.z(), ')');
}

void require_finite(double value, std::string_view key, std::string_view unit,
                    const SourceLocation& where) {
  if (!std::isfinite(value))
    throw Diagnostic(where, std::string(key), concat("a finite number (", unit, ')'),
                     concat(value));
}

void require_non_negative(double value, std::string_view key, std::string_view unit,
                          const SourceLocation& where) {
  if (!(value >= 0.0) || !std::isfinite(value))  // written so to reject NaN too
    throw Diagnostic(where, std::string(key), concat("a finite number >= 0 (", unit, ')'),
                     concat(value));
}

void require_unit(const Vec3& v, std::string_view key, const SourceLocation& where) {
  if (!v.allFinite() || std::abs(v.norm() - 1.0) > kUnitTolerance)
    throw Diagnostic(where, std::string(key), "a unit vector", format_vector(v));
}

/// The checks shared by every sampled history: >= 2 samples, one value per time, finite
/// values, strictly increasing times. `values_key` names the sampled quantity.
void validate_samples(const std::vector<double>& time, const std::vector<Vec3>& values,
                      std::string_view values_key) {
  const SourceLocation nowhere;
  if (time.size() < 2) throw Diagnostic(nowhere, "time", "at least 2 samples", concat(time.size()));
  if (values.size() != time.size())
    throw Diagnostic(nowhere, std::string(values_key),
                     concat(time.size(), " samples (one per time)"), concat(values.size()));
  for (std::size_t i = 0; i < time.size(); ++i) {
    require_finite(time[i], concat("time[", i, ']'), "s", nowhere);
    if (!values[i].allFinite())
      throw Diagnostic(nowhere, concat(values_key, '[', i, ']'), "a finite vector",
                       format_vector(values[i]));
    if (i > 0 && !(time[i] > time[i - 1]))
      throw Diagnostic(nowhere, concat("time[", i, ']'),
                       concat("a time greater than time[", i - 1, "] = ", time[i - 1], " s"),
                       concat(time[i]));
  }
}

/// v(t) linear between the samples (t_i, v_i), v_0 before t_0 and v_n after t_n: a ground
/// motion starts from rest (v_0 = 0) and moves on at its last velocity, without acceleration,
/// after its record ends (0 after a baseline correction; stopping an uncorrected one was an
/// unrecorded deceleration). The samples are shared between copies of the function, which
/// the stepper may copy with the body.
std::function<Vec3(double)> piecewise_linear(std::vector<double> time, std::vector<Vec3> value) {
  const auto t_samples = std::make_shared<const std::vector<double>>(std::move(time));
  const auto v_samples = std::make_shared<const std::vector<Vec3>>(std::move(value));
  return [t_samples, v_samples](double t) -> Vec3 {
    const std::vector<double>& ts = *t_samples;
    // Held at the end values outside the samples (N.B. a NaN t takes the first).
    if (!(t > ts.front())) return v_samples->front();
    if (t >= ts.back()) return v_samples->back();
    // i: the last sample with t_i <= t, so that t lies in [t_i, t_i+1].
    const auto upper = std::upper_bound(ts.begin(), ts.end(), t);
    const std::size_t i = static_cast<std::size_t>(upper - ts.begin()) - 1;
    const double weight = (t - ts[i]) / (ts[i + 1] - ts[i]);
    return (1.0 - weight) * (*v_samples)[i] + weight * (*v_samples)[i + 1];
  };
}

/// v_0 = 0, v_i+1 = v_i + (t_i+1 - t_i) (a_i + a_i+1) / 2: the trapezoidal rule, whose error
/// is -(dt^2 / 12) (a'(t_end) - a'(t_0)) + O(dt^4) for smooth a (Euler-Maclaurin).
std::vector<Vec3> integrate_trapezoidal(const AccelerationRecord& record) {
  std::vector<Vec3> velocity(record.time.size(), Vec3::Zero());
  for (std::size_t i = 1; i < velocity.size(); ++i)
    velocity[i] = velocity[i - 1] + 0.5 * (record.time[i] - record.time[i - 1]) *
                                        (record.acceleration[i - 1] + record.acceleration[i]);
  return velocity;
}

/// Finite samples may still sum past the largest double (two of 1e308 m/s^2), and the
/// support would move at an infinite or NaN velocity: refused at the first sample it reaches,
/// checked before the baseline correction spreads it over every sample.
void require_finite_velocity(const std::vector<double>& time, const std::vector<Vec3>& velocity) {
  for (std::size_t i = 0; i < velocity.size(); ++i)
    if (!velocity[i].allFinite())
      throw Diagnostic(
          SourceLocation{}, concat("acceleration[", i, ']'),
          "accelerations whose integrated velocity stays finite",
          concat("velocity ", format_vector(velocity[i]), " m/s at t = ", time[i], " s"));
}

/// Subtracts the straight line through (t_0, 0) and (t_n, v_n): a constant offset c of the
/// acceleration, the commonest baseline error (Boore 2005, BSSA 95(2)), integrates to the
/// exact line c (t - t_0) and is removed to round-off, and the support starts and ends at
/// rest. The least-squares line through all samples, the other common choice, was rejected:
/// it leaves the support a velocity jump at t_0 (1 cm/s on El Centro 1940), an impact on
/// whatever stands on it.
void subtract_end_to_end_line(const std::vector<double>& time, std::vector<Vec3>& velocity) {
  const double t_0 = time.front(), duration = time.back() - time.front();
  const Vec3 drift = velocity.back();
  for (std::size_t i = 0; i < time.size(); ++i) velocity[i] -= drift * ((time[i] - t_0) / duration);
}

}  // namespace

namespace {

// alpha(t), deg (GravityLoad).
double tilt_angle(const GravityLoad& load, double t) {
  return load.tilt_initial + load.tilt_rate * std::max(0.0, t - load.tilt_start);
}

}  // namespace

Vec3 GravityLoad::at(double t) const {
  const double s = ramp_duration > 0.0 ? std::clamp(t / ramp_duration, 0.0, 1.0) : 1.0;
  const double alpha = math::radians(tilt_angle(*this, t));
  const double lambda = lateral_rate * std::max(0.0, t - lateral_start);
  const Eigen::AngleAxisd tilt(alpha, tilt_axis.normalized());
  return s * (tilt * gravity) + lambda * gravity.norm() * lateral_direction;
}

double GravityLoad::load_factor(double t) const {
  if (tilts()) return tilt_angle(*this, t);
  if (lateral_rate > 0.0) return lateral_rate * std::max(0.0, t - lateral_start);
  return ramp_duration > 0.0 ? std::clamp(t / ramp_duration, 0.0, 1.0) : 1.0;
}

double GravityLoad::load_start() const {
  if (tilts()) return tilt_start;
  return lateral_rate > 0.0 ? lateral_start : 0.0;
}

std::string GravityLoad::load_factor_name() const {
  if (tilts()) return "tilt_angle_deg";
  if (lateral_rate > 0.0) return "lambda";
  return "gravity_factor";
}

void validate(const GravityLoad& load, const core::SourceLocation& where) {
  if (!load.gravity.allFinite())
    throw Diagnostic(where, "gravity", "a finite vector (m/s^2)", format_vector(load.gravity));
  require_non_negative(load.ramp_duration, "ramp_duration", "s", where);
  require_unit(load.tilt_axis, "tilt_axis", where);
  if (!(load.tilt_initial >= 0.0 && load.tilt_initial <= 90.0))
    throw Diagnostic(where, "tilt_initial", "an angle in [0, 90] deg", concat(load.tilt_initial));
  require_non_negative(load.tilt_rate, "tilt_rate", "deg/s", where);
  require_finite(load.tilt_start, "tilt_start", "s", where);
  require_unit(load.lateral_direction, "lateral_direction", where);
  // The direction matters only when the lateral acceleration acts.
  if (load.lateral_rate > 0.0 &&
      std::abs(load.lateral_direction.dot(load.gravity)) > kUnitTolerance * load.gravity.norm())
    throw Diagnostic(where, "lateral_direction", "a direction orthogonal to gravity",
                     format_vector(load.lateral_direction));
  require_non_negative(load.lateral_rate, "lateral_rate", "1/s", where);
  require_finite(load.lateral_start, "lateral_start", "s", where);
}

PrescribedVelocity ground_motion_velocity(const AccelerationRecord& record,
                                          BaselineCorrection correction) {
  validate_samples(record.time, record.acceleration, "acceleration");
  std::vector<Vec3> velocity = integrate_trapezoidal(record);
  require_finite_velocity(record.time, velocity);
  if (correction == BaselineCorrection::Linear) {
    subtract_end_to_end_line(record.time, velocity);
    require_finite_velocity(record.time, velocity);
  }
  PrescribedVelocity motion;
  motion.linear = piecewise_linear(record.time, std::move(velocity));
  return motion;
}

namespace {

// The component's acceleration at t: linear between its samples, 0 outside its time span.
Vec3 acceleration_at(const AccelerationRecord& component, double t) {
  const std::vector<double>& time = component.time;
  if (t < time.front() || t > time.back()) return Vec3::Zero();
  const auto after = std::upper_bound(time.begin(), time.end(), t);
  if (after == time.end()) return component.acceleration.back();
  const auto i = static_cast<std::size_t>(after - time.begin()) - 1;
  const double s = (t - time[i]) / (time[i + 1] - time[i]);
  return (1.0 - s) * component.acceleration[i] + s * component.acceleration[i + 1];
}

}  // namespace

AccelerationRecord superpose(const std::vector<AccelerationRecord>& components) {
  AccelerationRecord sum;
  for (const AccelerationRecord& component : components)
    sum.time.insert(sum.time.end(), component.time.begin(), component.time.end());
  std::sort(sum.time.begin(), sum.time.end());
  sum.time.erase(std::unique(sum.time.begin(), sum.time.end()), sum.time.end());
  for (const double t : sum.time) {
    Vec3 a = Vec3::Zero();
    for (const AccelerationRecord& component : components) a += acceleration_at(component, t);
    sum.acceleration.push_back(a);
  }
  return sum;
}

double GroundMotion::peak_horizontal(double until) const {
  double peak = 0.0;
  for (std::size_t i = 0; i < record.time.size() && record.time[i] <= until; ++i)
    peak = std::max(peak, std::hypot(record.acceleration[i].x(), record.acceleration[i].y()));
  return peak;
}

double GroundMotion::peak_horizontal() const {
  return peak_horizontal(std::numeric_limits<double>::infinity());
}

double GroundMotion::peak_vertical() const {
  double peak = 0.0;
  for (const Vec3& a : record.acceleration) peak = std::max(peak, std::abs(a.z()));
  return peak;
}

double GroundMotion::duration() const { return record.time.back() - record.time.front(); }

double GroundMotion::shortest_step() const {
  double step = std::numeric_limits<double>::infinity();
  for (std::size_t i = 1; i < record.time.size(); ++i)
    step = std::min(step, record.time[i] - record.time[i - 1]);
  return step;
}

AccelerationRecord ricker_pulse(double peak, double frequency, double t0, const Vec3& direction,
                                double dt, double duration) {
  const SourceLocation nowhere;
  require_finite(peak, "peak", "m/s^2", nowhere);
  if (!(frequency > 0.0) || !std::isfinite(frequency))
    throw Diagnostic(nowhere, "frequency", "a finite number > 0 (Hz)", concat(frequency));
  require_finite(t0, "t0", "s", nowhere);
  if (!direction.allFinite() || direction.norm() == 0.0)
    throw Diagnostic(nowhere, "direction", "a finite non-zero vector", format_vector(direction));
  if (!(dt > 0.0) || !std::isfinite(dt))
    throw Diagnostic(nowhere, "dt", "a finite number > 0 (s)", concat(dt));
  if (!(duration >= dt) || !std::isfinite(duration))
    throw Diagnostic(nowhere, "duration", concat("a finite number >= dt = ", dt, " (s)"),
                     concat(duration));
  // Samples t_i = i dt up to duration; the 1e-9 keeps a last sample that round-off in
  // duration / dt would drop (duration = 1, dt = 0.1 gives 9.999999999999998).
  const auto n = static_cast<std::size_t>(std::floor(duration / dt + 1e-9)) + 1;
  const Vec3 e = direction.normalized();
  const double pi_f = std::numbers::pi * frequency;
  AccelerationRecord record;
  record.time.resize(n);
  record.acceleration.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) * dt;
    const double x = pi_f * pi_f * (t - t0) * (t - t0);
    record.time[i] = t;
    record.acceleration[i] = peak * (1.0 - 2.0 * x) * std::exp(-x) * e;
  }
  return record;
}

PrescribedVelocity settlement_velocity(const DisplacementHistory& history) {
  validate_samples(history.time, history.displacement, "displacement");
  if (!history.displacement.front().isZero(0.0))
    throw Diagnostic(SourceLocation{}, "displacement[0]",
                     "(0, 0, 0) m: the history is relative to the initial position",
                     format_vector(history.displacement.front()));
  // Velocity (d_i+1 - d_i) / (t_i+1 - t_i) on [t_i, t_i+1): right-continuous, 0 outside.
  const auto t_samples = std::make_shared<const std::vector<double>>(history.time);
  auto slopes = std::make_shared<std::vector<Vec3>>(history.time.size() - 1);
  for (std::size_t i = 0; i + 1 < history.time.size(); ++i)
    (*slopes)[i] = (history.displacement[i + 1] - history.displacement[i]) /
                   (history.time[i + 1] - history.time[i]);
  PrescribedVelocity motion;
  motion.linear = [t_samples,
                   slopes = std::shared_ptr<const std::vector<Vec3>>(slopes)](double t) -> Vec3 {
    const std::vector<double>& ts = *t_samples;
    if (!(t >= ts.front() && t < ts.back())) return Vec3::Zero();
    const auto upper = std::upper_bound(ts.begin(), ts.end(), t);
    return (*slopes)[static_cast<std::size_t>(upper - ts.begin()) - 1];
  };
  // d(t), linear between samples and constant outside: what the stepper follows exactly.
  motion.displacement = [history](double t) -> Vec3 {
    const std::vector<double>& ts = history.time;
    if (t <= ts.front()) return history.displacement.front();
    if (t >= ts.back()) return history.displacement.back();
    const auto i =
        static_cast<std::size_t>(std::upper_bound(ts.begin(), ts.end(), t) - ts.begin()) - 1;
    const double s = (t - ts[i]) / (ts[i + 1] - ts[i]);
    return (1 - s) * history.displacement[i] + s * history.displacement[i + 1];
  };
  return motion;
}

}  // namespace moreau::model
