// The critical time step against its closed form and against the symplectic Euler
// integrator it bounds, just below and just above the limit.
#include "moreau/penalty/critical_step.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau::penalty {
namespace {

TEST(CriticalTimeStep, ClosedForms) {
  // Undamped: 2 / omega = 2 / sqrt(100 / 1) = 0.2 s.
  EXPECT_NEAR(critical_time_step(100.0, 0.0, 1.0), 0.2, 1e-16);
  // zeta = 15 / (2 sqrt(100)) = 0.75: (2 / 10) (sqrt(1.5625) - 0.75) = 0.2 * 0.5 = 0.1 s.
  EXPECT_NEAR(critical_time_step(100.0, 15.0, 1.0), 0.1, 1e-16);
  // A dashpot alone: v_k+1 = (1 - h eta/m) v_k is stable for h < 2 m / eta = 2/3 s.
  EXPECT_NEAR(critical_time_step(0.0, 3.0, 1.0), 2.0 / 3.0, 1e-16);
  EXPECT_EQ(critical_time_step(0.0, 0.0, 1.0), std::numeric_limits<double>::infinity());
}

// x0 = 1, v0 = 0 stepped with v += -h (k x + eta v) / m; x += h v.
struct EulerRun {
  double largest = 0.0;  ///< max |x| over the run
  int steps = 0;         ///< steps taken before |x| exceeded 1e6 (or all of them)
};

EulerRun run_symplectic_euler(double k, double eta, double m, double h, int steps) {
  double x = 1.0;
  double v = 0.0;
  EulerRun run;
  for (; run.steps < steps && run.largest <= 1e6; ++run.steps) {
    v += -h * (k * x + eta * v) / m;
    x += h * v;
    run.largest = std::max(run.largest, std::abs(x));
  }
  return run;
}

TEST(CriticalTimeStep, SymplecticEulerIsStableJustBelowAndUnstableJustAbove) {
  const double k = 100.0;
  const double m = 1.0;
  // zeta = 0, 0.3, 0.75 and 3: from undamped to overdamped.
  for (const double eta : {0.0, 6.0, 15.0, 60.0}) {
    const double h_crit = critical_time_step(k, eta, m);
    // Below: the eigenvalues are inside the unit circle (on it when undamped). |x| stays
    // under the bound of the undamped case, whose invariant x^2 + v^2 / omega^2 - h x v =
    // x^2 (1 - (omega h / 2)^2) + (v - omega^2 h x / 2)^2 / omega^2 = 1 gives
    // |x| <= 1 / sqrt(1 - 0.99^2) = 7.09.
    const EulerRun below = run_symplectic_euler(k, eta, m, 0.99 * h_crit, 100'000);
    EXPECT_LT(below.largest, 7.2) << "eta " << eta;
    // Above: an eigenvalue below -1 (|lambda| >= 1.02 for these zeta) grows |x| past 1e6 in
    // well under the 100'000 steps.
    const EulerRun above = run_symplectic_euler(k, eta, m, 1.01 * h_crit, 100'000);
    EXPECT_GT(above.largest, 1e6) << "eta " << eta;
    EXPECT_LT(above.steps, 100'000) << "eta " << eta;
  }
}

}  // namespace
}  // namespace moreau::penalty
