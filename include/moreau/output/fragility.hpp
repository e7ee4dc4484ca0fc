// The collapse fragility of a structure from the incremental dynamic analyses of a suite of
// records: the probability of collapse against an intensity measure (IM), the lognormal
// distribution P(collapse | IM = x) = Phi(ln(x / theta) / beta) fitted to the records'
// collapse intensities (Baker 2015, "Efficient analytical fragility function fitting using
// dynamic structural analysis data", Earthquake Spectra 31(1), 579-599). A record that did not
// collapse up to the highest intensity its study ran is a right-censored observation: its
// collapse intensity is above that one.
#pragma once

#include <span>
#include <string>

namespace moreau::output {

/// One record's outcome: the intensity at which it collapsed the structure, or, when it did
/// not, the highest intensity it was run at.
struct CollapseIntensity {
  double intensity = 0.0;  ///< > 0, in the IM's unit
  bool collapsed = true;   ///< false: survived up to `intensity` (censored)
};

/// A fitted lognormal fragility, with 95 % confidence intervals of its two parameters.
struct Fragility {
  double median = 0.0;      ///< theta: the IM at which half the records collapse
  double dispersion = 0.0;  ///< beta: the standard deviation of ln IM at collapse
  double median_low = 0.0;  ///< 95 % confidence interval of theta
  double median_high = 0.0;
  double dispersion_low = 0.0;  ///< 95 % confidence interval of beta
  double dispersion_high = 0.0;
  int collapsed = 0;  ///< records that collapsed
  int censored = 0;   ///< records that did not, up to their highest intensity
  /// How the fit and its intervals were made: "moments" or "maximum likelihood" (below).
  std::string method;

  /// Phi(ln(intensity / median) / dispersion): the probability of collapse at `intensity`.
  double probability(double intensity) const;
};

/// The lognormal fragility of `outcomes`:
///   - every record collapsed: Baker's eq. 2, ln theta the mean of ln IM_i and beta their
///     standard deviation (with n - 1), and the exact intervals of a normal sample (Student's t
///     for ln theta, chi-square for beta), method "moments";
///   - some censored: the maximum of Baker's likelihood for truncated IDA (his eq. 11 with the
///     survivors as right-censored: the sum of ln(phi(z_i) / beta) over the collapses and of
///     ln(1 - Phi(z_j)) over the survivors, z = (ln IM - ln theta) / beta), and Wald intervals
///     from the observed information (ln theta and ln beta asymptotically normal), method
///     "maximum likelihood".
/// @throws core::Diagnostic ("outcomes") for fewer than 2 collapses at distinct intensities
///   (no dispersion to fit), or an intensity that is not finite and > 0
Fragility fit_fragility(std::span<const CollapseIntensity> outcomes);

}  // namespace moreau::output
