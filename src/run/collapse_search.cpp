#include "moreau/run/collapse_search.hpp"

#include "moreau/core/assert.hpp"

#include <algorithm>
#include <cmath>

namespace moreau::run {
namespace {

// `value` rounded to a multiple of the largest power of ten at most `quantum`. N.B. divided
// by the power's inverse, an integer, so that 0.375 comes out as the double nearest 0.375
// and not as 375 * 0.001.
double rounded_decimal(double value, double quantum) {
  const double exponent = std::floor(std::log10(quantum));
  const double power = std::pow(10.0, std::abs(exponent));
  return exponent < 0.0 ? std::round(value * power) / power : std::round(value / power) * power;
}

}  // namespace

CollapseSearch::CollapseSearch(double start, double precision, double max_scale)
    : start_(start), precision_(precision), max_scale_(max_scale) {
  MOREAU_ASSERT(start > 0.0 && start <= max_scale && precision > 0.0);
}

void CollapseSearch::add(const ScaleOutcome& outcome) {
  highest_tried_ = std::max(highest_tried_, outcome.scale);
  if (!outcome.collapsed)
    survived_.push_back(outcome.scale);
  else if (!collapsed_ || outcome.scale < *collapsed_)
    collapsed_ = outcome.scale;
}

double CollapseSearch::survived() const {
  double highest = 0.0;
  for (const double scale : survived_)
    if ((!collapsed_ || scale < *collapsed_) && scale > highest) highest = scale;
  return highest;
}

bool CollapseSearch::done() const {
  if (collapsed_) return *collapsed_ - survived() <= precision_;
  return highest_tried_ >= max_scale_;
}

std::vector<double> CollapseSearch::next(int parallel) const {
  MOREAU_ASSERT(parallel >= 1);
  std::vector<double> scales;
  if (done()) return scales;
  if (!collapsed_) {
    // Hunt: double the highest scale tried (start the first time), up to max_scale.
    double scale = highest_tried_ > 0.0 ? 2.0 * highest_tried_ : start_;
    for (int i = 0; i < parallel; ++i, scale *= 2.0) {
      scales.push_back(std::min(scale, max_scale_));
      if (scale >= max_scale_) break;
    }
    return scales;
  }
  // Fill: parallel + 1 equal parts of the bracket (a single run is the bisection), each
  // point rounded to a decimal a tenth of the precision or finer, so that the runs' folders
  // have short names: the rounding moves a point by at most a twentieth of the precision,
  // far less than the parts' width (above precision / (parallel + 1)) for a few parallel
  // runs; a point that rounding would push onto another or out of the bracket is dropped.
  const double low = survived();
  const double width = *collapsed_ - low;
  for (int i = 1; i <= parallel; ++i) {
    const double scale = rounded_decimal(low + width * i / (parallel + 1), precision_ / 10.0);
    if (scale > low && scale < *collapsed_ && (scales.empty() || scale > scales.back()))
      scales.push_back(scale);
  }
  return scales;
}

}  // namespace moreau::run
