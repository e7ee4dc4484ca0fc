// The intensity measures of a ground-motion record (docs/architecture.md, model layer): its
// peak ground acceleration and velocity, and the response spectrum by which seismic codes and
// fragility studies scale records, the peak response of a damped linear oscillator on the
// shaken ground (Chopra, Dynamics of Structures, 4th ed., 2012, ch. 6).
#pragma once

#include "moreau/model/loads.hpp"

#include <span>
#include <string>
#include <vector>

namespace moreau::model {

/// A single-degree-of-freedom linear oscillator: u'' + 2 zeta omega u' + omega^2 u = -a_g(t),
/// omega = 2 pi / period, u relative to the ground.
struct Oscillator {
  double period = 1.0;    ///< natural period T, s, in [kShortestPeriod, kLongestPeriod]
  double damping = 0.05;  ///< ratio to critical, zeta in [0, 1): 5 % is the codes' spectrum
};

/// The periods of spectra: from 1 ms (1,000 Hz, above any frequency a record sampled at 200 Hz
/// holds; a shorter one only multiplies the points read per step) to 100 s (ten times the
/// period of the tallest buildings, and about the length of a record, which then no longer
/// takes the oscillator through a cycle).
inline constexpr double kShortestPeriod = 1e-3;
inline constexpr double kLongestPeriod = 100.0;

/// @throws core::Diagnostic ("period" or "damping") for a period outside [kShortestPeriod,
///   kLongestPeriod] or a damping outside [0, 1)
void validate(const Oscillator& oscillator);

/// An oscillator's peak response: S_d and the pseudo-spectral values derived from it.
struct SpectralResponse {
  double displacement = 0.0;         ///< S_d = max |u(t)|, m
  double pseudo_velocity = 0.0;      ///< omega S_d, m/s
  double pseudo_acceleration = 0.0;  ///< omega^2 S_d, m/s^2: the Sa(T) of seismic codes
};

/// The peak response of `oscillator`, at rest until time[0], to the ground acceleration
/// a_g(t) (m/s^2) that is linear between the samples, 0 after the last one. Each step is
/// integrated exactly (Nigam and Jennings 1969, "Calculation of response spectra from
/// strong-motion earthquake records", BSSA 59(2): the closed form of the oscillator under a
/// linear load). |u| is read at the samples, at n - 1 equally spaced points between two of
/// them where the step is longer than T / kSpectrumPointsPerPeriod (n = ceil(step
/// kSpectrumPointsPerPeriod / T)), and over one period of free vibration after the record,
/// so that a peak between two samples is missed by at most 1 - cos(pi /
/// kSpectrumPointsPerPeriod) = 0.2 %.
/// @throws core::Diagnostic as validate(oscillator)
/// @pre time strictly increasing, time.size() == acceleration.size() >= 2, all finite
SpectralResponse spectral_response(std::span<const double> time,
                                   std::span<const double> acceleration,
                                   const Oscillator& oscillator);

/// Points per natural period at which spectral_response() reads the oscillator's response.
inline constexpr int kSpectrumPointsPerPeriod = 50;

/// The record's component along `direction` (normalized), m/s^2, one value per sample.
/// @throws core::Diagnostic ("direction") for a zero or non-finite direction
std::vector<double> component(const AccelerationRecord& record, const Vec3& direction);

/// The intensity measures a suite of records is scaled by in an incremental dynamic analysis.
enum class IntensityKind {
  Pga,                  ///< peak ground acceleration, g
  Pgv,                  ///< peak ground velocity, m/s
  SpectralAcceleration  ///< Sa(T) of `oscillator`, g
};

struct IntensityMeasure {
  IntensityKind kind = IntensityKind::Pga;
  Oscillator oscillator = {};  ///< for SpectralAcceleration

  /// A column name: "pga_g", "pgv_m_s", "sa_g" (the period in label()).
  std::string name() const;
  /// "PGA", "PGV", "Sa(1 s)".
  std::string symbol() const;
  /// "g" or "m/s".
  std::string unit() const;
  /// For an axis: "PGA (g)", "PGV (m/s)", "Sa(1 s), 5 % damped (g)".
  std::string label() const;
};

/// The measure of a ground motion as a run shakes its support with it, from its record and
/// the support's velocity history:
///   - PGA: GroundMotion::peak_horizontal(), in g;
///   - PGV: the largest horizontal speed of `support` at the record's samples, m/s;
///   - Sa(T): of the horizontal component where the record shakes along one horizontal
///     direction, else (two independent horizontal components) the geometric mean of the
///     x and y components' Sa (FEMA P695, 2009, section A.8: the pair's spectra combined by
///     their geometric mean), in g.
/// @throws core::Diagnostic as validate(oscillator) for SpectralAcceleration
double intensity(const GroundMotion& ground, const PrescribedVelocity& support,
                 const IntensityMeasure& measure);

}  // namespace moreau::model
