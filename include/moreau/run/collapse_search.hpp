// The collapse search of an incremental dynamic analysis (`moreau ida`): the smallest scale
// of a ground motion at which a structure collapses, to a given precision (Vamvatsikos &
// Cornell 2002, "Incremental dynamic analysis", Earthquake Engng Struct. Dyn. 31(3), section
// 4: "hunt" up the scales until the first collapse, then "fill" the gap below it). The search
// only decides which scales to run next from the outcomes so far; running them is the
// caller's (in parallel: it asks for several scales at once).
#pragma once

#include <optional>
#include <vector>

namespace moreau::run {

/// What one run of the study ended in.
struct ScaleOutcome {
  double scale = 1.0;  ///< the factor on the problem's ground motions
  bool collapsed = false;
};

/// Bracketing and bisection on the record scale. The bracket is (survived, collapsed]: the
/// lowest scale that collapsed, and the highest one below it that did not (0 until one is
/// known: at scale 0 the ground does not move and the structure stands). Before any
/// collapse the hunt doubles the scale from `start`; once the bracket exists, its interior is
/// cut into parallel + 1 equal parts, and the search ends when its width is at most
/// `precision`. A run above the first collapse that survives (an IDA curve's "resurrection")
/// does not move the bracket: the collapse capacity is the first collapse.
class CollapseSearch {
 public:
  /// @pre 0 < start <= max_scale, precision > 0
  CollapseSearch(double start, double precision, double max_scale);

  /// Takes the outcome of a run (of any scale, e.g. one of an earlier, interrupted study).
  void add(const ScaleOutcome& outcome);

  /// The scales to run next, at most `parallel` of them, increasing; empty when the search
  /// is over.
  /// @pre parallel >= 1
  std::vector<double> next(int parallel) const;

  bool done() const;

  /// The lowest scale that collapsed; none if no run collapsed (yet).
  std::optional<double> collapsed() const { return collapsed_; }
  /// The highest scale below collapsed() that survived; 0 when none did.
  double survived() const;

 private:
  double start_;
  double precision_;
  double max_scale_;
  std::vector<double> survived_;  ///< every scale that survived
  std::optional<double> collapsed_;
  double highest_tried_ = 0.0;
};

}  // namespace moreau::run
