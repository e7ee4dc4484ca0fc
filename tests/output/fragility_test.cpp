// The lognormal fragility fit (Baker 2015): the moments' estimate and its exact intervals
// against tabulated quantiles; a synthetic suite of known median and dispersion recovered
// within the fit's intervals, with and without censored survivors; the censored fit at the
// maximum of an independently written likelihood.
#include "moreau/output/fragility.hpp"

#include "moreau/core/diagnostic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace moreau::output {
namespace {

// ln theta = mean of ln IM, beta = their standard deviation with n - 1 (Baker 2015, eq. 2);
// 95 % intervals with Student's t at 3 degrees of freedom, 3.1824, and the chi-square
// quantiles 0.2158 and 9.3484 (NIST/SEMATECH e-Handbook of Statistical Methods, tables
// 1.3.6.7.2 and 1.3.6.7.4).
TEST(Fragility, MomentsAndTheirExactIntervals) {
  const std::vector<CollapseIntensity> outcomes{{0.3}, {0.5}, {0.8}, {1.1}};
  double mean = 0.0;
  for (const CollapseIntensity& o : outcomes) mean += std::log(o.intensity) / 4;
  double squares = 0.0;
  for (const CollapseIntensity& o : outcomes) squares += std::pow(std::log(o.intensity) - mean, 2);
  const double beta = std::sqrt(squares / 3);
  const Fragility fit = fit_fragility(outcomes);
  EXPECT_EQ(fit.method, "moments");
  EXPECT_EQ(fit.collapsed, 4);
  EXPECT_EQ(fit.censored, 0);
  EXPECT_NEAR(fit.median, std::exp(mean), 1e-14);
  EXPECT_NEAR(fit.dispersion, beta, 1e-14);
  EXPECT_NEAR(std::log(fit.median_high / fit.median), 3.1824 * beta / 2, 1e-4 * beta);
  EXPECT_NEAR(std::log(fit.median / fit.median_low), 3.1824 * beta / 2, 1e-4 * beta);
  EXPECT_NEAR(fit.dispersion_low, beta * std::sqrt(3 / 9.3484), 1e-4 * beta);
  EXPECT_NEAR(fit.dispersion_high, beta * std::sqrt(3 / 0.2158), 1e-3 * beta);
  EXPECT_NEAR(fit.probability(fit.median), 0.5, 1e-15);
  // Phi(1) = 0.841345 (the same tables).
  EXPECT_NEAR(fit.probability(fit.median * std::exp(fit.dispersion)), 0.841345, 1e-6);
}

// A suite whose collapse intensities are drawn from a lognormal of median 0.6 g and
// dispersion 0.4.
std::vector<double> synthetic_collapses(int count) {
  std::mt19937 random(20261130);
  std::normal_distribution<double> normal(std::log(0.6), 0.4);
  std::vector<double> intensities;
  for (int i = 0; i < count; ++i) intensities.push_back(std::exp(normal(random)));
  return intensities;
}

TEST(Fragility, RecoversAKnownMedianAndDispersion) {
  std::vector<CollapseIntensity> outcomes;
  for (const double intensity : synthetic_collapses(200)) outcomes.push_back({intensity});
  const Fragility fit = fit_fragility(outcomes);
  EXPECT_LT(fit.median_low, 0.6);
  EXPECT_GT(fit.median_high, 0.6);
  EXPECT_LT(fit.dispersion_low, 0.4);
  EXPECT_GT(fit.dispersion_high, 0.4);
  // The intervals are as narrow as 200 records make them: +-1.97 beta / sqrt(200) on ln theta.
  EXPECT_NEAR(std::log(fit.median_high / fit.median_low),
              2 * 1.972 * fit.dispersion / std::sqrt(200.0), 1e-3);
}

// Baker's likelihood written again, for the test: collapses by the normal density of ln IM,
// survivors by its survival function.
double likelihood(const std::vector<CollapseIntensity>& outcomes, double mu, double sigma) {
  double sum = 0.0;
  for (const CollapseIntensity& o : outcomes) {
    const double z = (std::log(o.intensity) - mu) / sigma;
    sum += o.collapsed ? std::log(std::exp(-z * z / 2) / (sigma * std::sqrt(2 * std::numbers::pi)))
                       : std::log(0.5 * std::erfc(z / std::sqrt(2.0)));
  }
  return sum;
}

// The same suite run up to 0.8 g: the records above it survive every run (about a quarter).
TEST(Fragility, CensoredSurvivorsAreFittedByMaximumLikelihood) {
  const double highest = 0.8;
  std::vector<CollapseIntensity> outcomes;
  for (const double intensity : synthetic_collapses(200))
    outcomes.push_back(intensity <= highest ? CollapseIntensity{intensity, true}
                                            : CollapseIntensity{highest, false});
  const Fragility fit = fit_fragility(outcomes);
  EXPECT_EQ(fit.method, "maximum likelihood");
  EXPECT_GT(fit.censored, 30);
  EXPECT_EQ(fit.collapsed + fit.censored, 200);
  EXPECT_LT(fit.median_low, 0.6);
  EXPECT_GT(fit.median_high, 0.6);
  EXPECT_LT(fit.dispersion_low, 0.4);
  EXPECT_GT(fit.dispersion_high, 0.4);
  // At the likelihood's maximum: no step of 1e-4 in either parameter raises it.
  const double mu = std::log(fit.median);
  const double best = likelihood(outcomes, mu, fit.dispersion);
  for (const double dm : {-1e-4, 1e-4})
    EXPECT_LE(likelihood(outcomes, mu + dm, fit.dispersion), best);
  for (const double ds : {-1e-4, 1e-4})
    EXPECT_LE(likelihood(outcomes, mu, fit.dispersion + ds), best);
  // Ignoring the survivors would put the median well below the truth.
  std::vector<CollapseIntensity> collapsed_only;
  for (const CollapseIntensity& o : outcomes)
    if (o.collapsed) collapsed_only.push_back(o);
  EXPECT_LT(fit_fragility(collapsed_only).median_high, 0.6);
}

TEST(Fragility, RefusesWhatHasNoDispersion) {
  EXPECT_THROW(fit_fragility(std::vector<CollapseIntensity>{{0.5}, {0.5}, {0.9, false}}),
               core::Diagnostic);
  EXPECT_THROW(fit_fragility(std::vector<CollapseIntensity>{{0.5}}), core::Diagnostic);
  EXPECT_THROW(fit_fragility(std::vector<CollapseIntensity>{{0.5}, {-0.2}}), core::Diagnostic);
  EXPECT_THROW(fit_fragility(std::vector<CollapseIntensity>{{0.5}, {NAN}}), core::Diagnostic);
}

}  // namespace
}  // namespace moreau::output
