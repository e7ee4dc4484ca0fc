#include "moreau/model/record_intensity.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <optional>
#include <string>

namespace moreau::model {
namespace {

using core::concat;
using core::Diagnostic;

/// The oscillator's relative displacement and velocity.
struct State {
  double u = 0.0;
  double v = 0.0;
};

/// The exact step of u'' + 2 zeta omega u' + omega^2 u = f over an interval of length tau
/// where f is linear, from f0 to f1 (Nigam and Jennings 1969). The solution is the particular
/// one, u_p(s) = alpha + beta s with beta = (f1 - f0) / (omega^2 tau) and
/// alpha = (f0 - 2 zeta omega beta) / omega^2, plus the free vibration of what is left:
///   u_h(s) = e^(-zeta omega s) (u0 cos(omega_d s) + (v0 + zeta omega u0) / omega_d sin(omega_d
///   s)), v_h(s) = e^(-zeta omega s) (v0 cos(omega_d s) - (omega^2 u0 + zeta omega v0) / omega_d
///            sin(omega_d s)),
/// omega_d = omega sqrt(1 - zeta^2).
class ExactStep {
 public:
  ExactStep(const Oscillator& oscillator, double tau)
      : omega_(2.0 * std::numbers::pi / oscillator.period),
        zeta_(oscillator.damping),
        omega_d_(omega_ * std::sqrt(1.0 - zeta_ * zeta_)),
        tau_(tau),
        decay_(std::exp(-zeta_ * omega_ * tau)),
        cos_(std::cos(omega_d_ * tau)),
        sin_(std::sin(omega_d_ * tau)) {}

  double tau() const { return tau_; }

  State operator()(const State& start, double f0, double f1) const {
    const double beta = (f1 - f0) / (omega_ * omega_ * tau_);
    const double alpha = (f0 - 2.0 * zeta_ * omega_ * beta) / (omega_ * omega_);
    const double u0 = start.u - alpha;
    const double v0 = start.v - beta;
    return {
        decay_ * (u0 * cos_ + (v0 + zeta_ * omega_ * u0) / omega_d_ * sin_) + alpha + beta * tau_,
        decay_ * (v0 * cos_ - (omega_ * omega_ * u0 + zeta_ * omega_ * v0) / omega_d_ * sin_) +
            beta};
  }

 private:
  double omega_;
  double zeta_;
  double omega_d_;
  double tau_;
  double decay_;
  double cos_;
  double sin_;
};

/// The largest |(v_x, v_y)| of a support's velocity at `times`, m/s.
double peak_horizontal_speed(std::span<const double> times, const PrescribedVelocity& velocity) {
  double peak = 0.0;
  for (const double t : times) {
    const Vec3 v = velocity.linear(t);
    peak = std::max(peak, std::hypot(v.x(), v.y()));
  }
  return peak;
}

/// The horizontal direction of a record that shakes along one, if it does: that of its
/// strongest horizontal sample, which every other sample is parallel to (to round-off).
std::optional<Vec3> single_horizontal_direction(const AccelerationRecord& record) {
  Vec3 strongest = Vec3::Zero();
  for (const Vec3& a : record.acceleration)
    if (std::hypot(a.x(), a.y()) > std::hypot(strongest.x(), strongest.y()))
      strongest = Vec3(a.x(), a.y(), 0.0);
  const double norm = strongest.norm();
  if (norm == 0.0) return std::nullopt;
  const Vec3 e = strongest / norm;
  constexpr double kParallel = 1e-12;
  for (const Vec3& a : record.acceleration)
    if (std::abs(e.x() * a.y() - e.y() * a.x()) > kParallel * norm) return std::nullopt;
  return e;
}

}  // namespace

void validate(const Oscillator& oscillator) {
  if (!(oscillator.period >= kShortestPeriod && oscillator.period <= kLongestPeriod))
    throw Diagnostic({}, "period",
                     concat("a period in [", kShortestPeriod, ", ", kLongestPeriod, "] s"),
                     concat(oscillator.period));
  if (!(oscillator.damping >= 0.0 && oscillator.damping < 1.0))
    throw Diagnostic({}, "damping", "a ratio to critical in [0, 1)", concat(oscillator.damping));
}

SpectralResponse spectral_response(std::span<const double> time,
                                   std::span<const double> acceleration,
                                   const Oscillator& oscillator) {
  validate(oscillator);
  const double longest_point_spacing = oscillator.period / kSpectrumPointsPerPeriod;
  State state;
  double peak = 0.0;
  // The step's coefficients are computed again only where the spacing of the points changes.
  ExactStep step(oscillator, longest_point_spacing);
  const auto advance = [&](double spacing, int points, double a0, double a1) {
    if (spacing != step.tau()) step = ExactStep(oscillator, spacing);
    for (int k = 0; k < points; ++k) {
      const double f0 = -(a0 + (a1 - a0) * k / points);
      const double f1 = -(a0 + (a1 - a0) * (k + 1) / points);
      state = step(state, f0, f1);
      peak = std::max(peak, std::abs(state.u));
    }
  };
  for (std::size_t i = 0; i + 1 < time.size(); ++i) {
    const double interval = time[i + 1] - time[i];
    const int points = static_cast<int>(std::ceil(interval / longest_point_spacing));
    advance(interval / points, points, acceleration[i], acceleration[i + 1]);
  }
  advance(longest_point_spacing, kSpectrumPointsPerPeriod, 0.0, 0.0);  // free vibration
  const double omega = 2.0 * std::numbers::pi / oscillator.period;
  return {peak, omega * peak, omega * omega * peak};
}

std::vector<double> component(const AccelerationRecord& record, const Vec3& direction) {
  const double length = direction.norm();
  if (!(length > 0.0) || !std::isfinite(length))
    throw Diagnostic({}, "direction", "a finite non-zero vector",
                     concat('(', direction.x(), ", ", direction.y(), ", ", direction.z(), ')'));
  const Vec3 unit = direction / length;
  std::vector<double> values;
  values.reserve(record.acceleration.size());
  for (const Vec3& a : record.acceleration) values.push_back(a.dot(unit));
  return values;
}

std::string IntensityMeasure::name() const {
  switch (kind) {
    case IntensityKind::Pga:
      return "pga_g";
    case IntensityKind::Pgv:
      return "pgv_m_s";
    case IntensityKind::SpectralAcceleration:
      return "sa_g";
  }
  return "";
}

std::string IntensityMeasure::symbol() const {
  switch (kind) {
    case IntensityKind::Pga:
      return "PGA";
    case IntensityKind::Pgv:
      return "PGV";
    case IntensityKind::SpectralAcceleration:
      return concat("Sa(", oscillator.period, " s)");
  }
  return "";
}

std::string IntensityMeasure::unit() const { return kind == IntensityKind::Pgv ? "m/s" : "g"; }

std::string IntensityMeasure::label() const {
  return kind == IntensityKind::SpectralAcceleration
             ? concat(symbol(), ", ", oscillator.damping * 100, " % damped (", unit(), ')')
             : concat(symbol(), " (", unit(), ')');
}

double intensity(const GroundMotion& ground, const PrescribedVelocity& support,
                 const IntensityMeasure& measure) {
  const AccelerationRecord& record = ground.record;
  switch (measure.kind) {
    case IntensityKind::Pga:
      return ground.peak_horizontal() / kStandardGravity;
    case IntensityKind::Pgv:
      return peak_horizontal_speed(record.time, support);
    case IntensityKind::SpectralAcceleration: {
      validate(measure.oscillator);
      const auto sa = [&](const Vec3& direction) {
        return spectral_response(record.time, component(record, direction), measure.oscillator)
                   .pseudo_acceleration /
               kStandardGravity;
      };
      if (const auto direction = single_horizontal_direction(record)) return sa(*direction);
      if (std::ranges::none_of(record.acceleration,
                               [](const Vec3& a) { return a.x() != 0.0 || a.y() != 0.0; }))
        return 0.0;
      return std::sqrt(sa(Vec3::UnitX()) * sa(Vec3::UnitY()));
    }
  }
  return 0.0;
}

}  // namespace moreau::model
