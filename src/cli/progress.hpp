// Progress of a long command on the terminal: one line rewritten in place on stderr, shown
// only when stderr is a terminal and --quiet was not given, so that scripts and logs stay
// clean.
#pragma once

#include <chrono>
#include <string_view>

namespace moreau::cli {

class Progress {
 public:
  explicit Progress(bool quiet);

  bool enabled() const { return enabled_; }

  /// Replaces the line with `text` (no-op when disabled).
  void show(std::string_view text);

  /// A bar for step `done` of `total`, the simulated time, the steps whose solve did not
  /// converge so far (when there are any) and an estimate of the time left, redrawn at most 10
  /// times a second.
  void show_steps(long done, long total, double simulated_time, int not_converged);

  /// Erases the line, before the command prints its result.
  void clear();

 private:
  bool enabled_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace moreau::cli
