#include "progress.hpp"

#include "moreau/core/concat.hpp"

#include <unistd.h>

#include <cmath>
#include <iostream>
#include <string>

namespace moreau::cli {

Progress::Progress(bool quiet) : enabled_(!quiet && isatty(STDERR_FILENO)) {}

void Progress::show(std::string_view text) {
  if (enabled_) std::cerr << '\r' << text << "\033[K" << std::flush;
}

void Progress::show_steps(long done, long total, double simulated_time, int not_converged) {
  const auto now = std::chrono::steady_clock::now();
  if (!enabled_ || (now - last_draw_ < std::chrono::milliseconds(100) && done < total)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  const double fraction = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1;
  const int filled = static_cast<int>(std::lround(fraction * kWidth));
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0.0;
  show(core::concat('[', std::string(static_cast<std::size_t>(filled), '#'),
                    std::string(static_cast<std::size_t>(kWidth - filled), ' '), "] step ", done,
                    '/', total, "  t = ", simulated_time, " s  ",
                    not_converged > 0 ? core::concat(not_converged, " NOT CONVERGED  ") : "",
                    static_cast<long>(std::lround(left)), " s left"));
}

void Progress::clear() {
  if (enabled_) std::cerr << "\r\033[K" << std::flush;
}

}  // namespace moreau::cli
