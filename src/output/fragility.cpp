#include "moreau/output/fragility.hpp"

#include "moreau/core/concat.hpp"
#include "moreau/core/diagnostic.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <set>
#include <vector>

namespace moreau::output {
namespace {

using core::concat;
using core::Diagnostic;

constexpr double kConfidence = 0.95;

/// The largest standard normal quantile of the two-sided interval, 1.96.
double two_sided_normal_quantile() {
  return boost::math::quantile(boost::math::normal(), 0.5 + kConfidence / 2);
}

/// ln(1 - Phi(z)), without cancellation far in the tail: erfc keeps its relative precision.
double log_survival(double z) { return std::log(0.5 * std::erfc(z / std::numbers::sqrt2)); }

/// Baker's log-likelihood of a lognormal fragility, at mu = ln theta and sigma = beta, up to
/// a constant: the collapses by the density of ln IM, the survivors by its survival function.
double log_likelihood(std::span<const CollapseIntensity> outcomes, double mu, double sigma) {
  double sum = 0.0;
  for (const CollapseIntensity& outcome : outcomes) {
    const double z = (std::log(outcome.intensity) - mu) / sigma;
    sum += outcome.collapsed ? -std::log(sigma) - 0.5 * z * z : log_survival(z);
  }
  return sum;
}

/// The maximum of a function unimodal on [low, high], by golden-section search to `tolerance`
/// of the argument.
double golden_maximum(const std::function<double(double)>& f, double low, double high,
                      double tolerance) {
  const double ratio = (std::sqrt(5.0) - 1.0) / 2.0;
  double a = high - ratio * (high - low);
  double b = low + ratio * (high - low);
  double fa = f(a);
  double fb = f(b);
  while (high - low > tolerance) {
    if (fa < fb) {
      low = a;
      a = b;
      fa = fb;
      b = low + ratio * (high - low);
      fb = f(b);
    } else {
      high = b;
      b = a;
      fb = fa;
      a = high - ratio * (high - low);
      fa = f(a);
    }
  }
  return (low + high) / 2;
}

Fragility from_moments(std::span<const CollapseIntensity> outcomes) {
  const auto n = static_cast<double>(outcomes.size());
  double mean = 0.0;
  for (const CollapseIntensity& outcome : outcomes) mean += std::log(outcome.intensity);
  mean /= n;
  double squares = 0.0;
  for (const CollapseIntensity& outcome : outcomes)
    squares += std::pow(std::log(outcome.intensity) - mean, 2);
  const double beta = std::sqrt(squares / (n - 1));
  const double t = boost::math::quantile(boost::math::students_t(n - 1), 0.5 + kConfidence / 2);
  const boost::math::chi_squared chi(n - 1);
  const double tail = (1 - kConfidence) / 2;
  Fragility fit;
  fit.median = std::exp(mean);
  fit.dispersion = beta;
  fit.median_low = std::exp(mean - t * beta / std::sqrt(n));
  fit.median_high = std::exp(mean + t * beta / std::sqrt(n));
  fit.dispersion_low = beta * std::sqrt((n - 1) / boost::math::quantile(chi, 1 - tail));
  fit.dispersion_high = beta * std::sqrt((n - 1) / boost::math::quantile(chi, tail));
  fit.method = "moments";
  return fit;
}

/// The maximum-likelihood fit with censored survivors: mu maximized for each sigma (the
/// likelihood is concave in mu: a sum of log-concave terms), then the profile over ln sigma;
/// the intervals from the inverse of the observed information in (mu, ln sigma), by central
/// differences.
Fragility from_likelihood(std::span<const CollapseIntensity> outcomes) {
  double lowest = std::numeric_limits<double>::infinity();
  double highest = -lowest;
  for (const CollapseIntensity& outcome : outcomes) {
    lowest = std::min(lowest, std::log(outcome.intensity));
    highest = std::max(highest, std::log(outcome.intensity));
  }
  // Collapse dispersions are 0.2 to 0.8 (FEMA P695's record-to-record beta is 0.4): the search
  // covers 1e-3 to 10, and mu the data's range widened by 5 times the largest beta.
  const double log_sigma_low = std::log(1e-3);
  const double log_sigma_high = std::log(10.0);
  const double mu_low = lowest - 50.0;
  const double mu_high = highest + 50.0;
  constexpr double kTolerance = 1e-10;
  const auto best_mu = [&](double sigma) {
    return golden_maximum([&](double mu) { return log_likelihood(outcomes, mu, sigma); }, mu_low,
                          mu_high, kTolerance);
  };
  const double log_sigma = golden_maximum(
      [&](double s) {
        const double sigma = std::exp(s);
        return log_likelihood(outcomes, best_mu(sigma), sigma);
      },
      log_sigma_low, log_sigma_high, kTolerance);
  const double sigma = std::exp(log_sigma);
  const double mu = best_mu(sigma);

  const auto l = [&](double m, double s) { return log_likelihood(outcomes, m, std::exp(s)); };
  const double d = 1e-4;
  const double h_mm =
      (l(mu + d, log_sigma) - 2 * l(mu, log_sigma) + l(mu - d, log_sigma)) / (d * d);
  const double h_ss =
      (l(mu, log_sigma + d) - 2 * l(mu, log_sigma) + l(mu, log_sigma - d)) / (d * d);
  const double h_ms = (l(mu + d, log_sigma + d) - l(mu + d, log_sigma - d) -
                       l(mu - d, log_sigma + d) + l(mu - d, log_sigma - d)) /
                      (4 * d * d);
  // The covariance is the inverse of the information -H.
  const double determinant = h_mm * h_ss - h_ms * h_ms;
  const double se_mu = std::sqrt(-h_ss / determinant);
  const double se_log_sigma = std::sqrt(-h_mm / determinant);
  const double z = two_sided_normal_quantile();
  Fragility fit;
  fit.median = std::exp(mu);
  fit.dispersion = sigma;
  fit.median_low = std::exp(mu - z * se_mu);
  fit.median_high = std::exp(mu + z * se_mu);
  fit.dispersion_low = std::exp(log_sigma - z * se_log_sigma);
  fit.dispersion_high = std::exp(log_sigma + z * se_log_sigma);
  fit.method = "maximum likelihood";
  return fit;
}

}  // namespace

double Fragility::probability(double intensity) const {
  return 0.5 * std::erfc(-std::log(intensity / median) / dispersion / std::numbers::sqrt2);
}

Fragility fit_fragility(std::span<const CollapseIntensity> outcomes) {
  std::set<double> distinct;
  int censored = 0;
  for (const CollapseIntensity& outcome : outcomes) {
    if (!(outcome.intensity > 0.0) || !std::isfinite(outcome.intensity))
      throw Diagnostic({}, "outcomes", "intensities that are finite and > 0",
                       concat(outcome.intensity));
    if (outcome.collapsed)
      distinct.insert(outcome.intensity);
    else
      ++censored;
  }
  if (distinct.size() < 2)
    throw Diagnostic({}, "outcomes",
                     "at least 2 records collapsing at different intensities (a dispersion to "
                     "fit)",
                     concat(distinct.size()));
  Fragility fit = censored == 0 ? from_moments(outcomes) : from_likelihood(outcomes);
  fit.censored = censored;
  fit.collapsed = static_cast<int>(outcomes.size()) - censored;
  return fit;
}

}  // namespace moreau::output
