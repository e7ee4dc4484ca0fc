// Peak memory of `moreau run` does not grow with the number of steps (issue 18): each scene
// of tests/data/long is run for N and for 10 N steps as a child process, and the child's peak
// resident set (wait4's rusage, ru_maxrss) of the longer run must stay within a fixed margin
// of the shorter one's. A run keeps per-step data only in its output files (history.csv,
// solver.csv), never in memory: what it holds is the scene, the contact cache and the
// solver's workspaces, all sized by the contacts of one step.
//
// Three scenes: a ten-box stack at rest (NSCD, the same contacts every step), balls bouncing
// without loss (contacts created and dropped every few steps), and the stack in the penalty
// mode (tangential spring states in the cache). Measured in Release (KiB at 1e4 and 1e5
// steps): stack 21104 and 21236, balls 20480 and 20500, penalty stack 20120 and 20188; the
// three tests take about 45 s on two idle cores (each pair of runs in parallel), 41 s of CPU.
// The peaks go to the test's XML properties (--gtest_output=xml).
#include "support/scratch_folder.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace moreau::testing {
namespace {

const std::string kScenes = std::string(MOREAU_SOURCE_DIR) + "/tests/data/long/";

// The margin of the longer run's peak over the shorter one's, KiB: the larger of 2 MiB and
// 10 %. The peak of a run that keeps nothing per step still varies by a few hundred KiB
// between runs (where the allocator's heap top is trimmed, which output buffers' pages have
// been touched); 2 MiB is about fifteen times the 132 KiB difference measured on the stack,
// and a leak of 25 bytes a step over the 9e4 extra steps of the longer run exceeds it.
long allowed_growth_kib(long base_kib) { return std::max(2048L, base_kib / 10); }

// Starts `moreau run` on `scene` for `duration` seconds into `out`, quietly, without
// waiting. One collision thread: glibc gives each thread its own heap arena, whose peak
// depends on the scheduling rather than on the step count.
pid_t start_run(const std::string& scene, const std::string& duration, const std::string& out) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<std::string> arguments = {
        MOREAU_EXECUTABLE, "run", kScenes + scene, "--duration", duration,
        "--out",           out,   "--quiet",       "--threads",  "1"};
    std::vector<char*> argv;
    for (std::string& argument : arguments) argv.push_back(argument.data());
    argv.push_back(nullptr);
    // Silences the summary printed at the end; the exit code says whether the run ended well.
    if (freopen("/dev/null", "w", stdout) == nullptr) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

struct Finished {
  int exit_code = -1;  ///< -1 when the child did not exit normally (a signal)
  long peak_kib = 0;   ///< ru_maxrss, KiB on Linux
};

Finished wait_for(pid_t pid) {
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return {};
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

// Runs `scene` for `steps` and 10 `steps` steps of `h` seconds at the same time (one core
// each) and compares their peaks.
void expect_flat_peak(const std::string& scene, double h, long steps) {
  const ScratchFolder folder;
  const auto duration = [&](long count) { return std::to_string(static_cast<double>(count) * h); };
  const pid_t short_run = start_run(scene, duration(steps), (folder.path() / "short").string());
  const pid_t long_run = start_run(scene, duration(10 * steps), (folder.path() / "long").string());
  ASSERT_GT(short_run, 0);
  ASSERT_GT(long_run, 0);
  const Finished shorter = wait_for(short_run);
  const Finished longer = wait_for(long_run);
  ASSERT_EQ(shorter.exit_code, 0) << scene;
  ASSERT_EQ(longer.exit_code, 0) << scene;
  ::testing::Test::RecordProperty("peak_kib_" + std::to_string(steps), shorter.peak_kib);
  ::testing::Test::RecordProperty("peak_kib_" + std::to_string(10 * steps), longer.peak_kib);
  EXPECT_LE(longer.peak_kib, shorter.peak_kib + allowed_growth_kib(shorter.peak_kib))
      << scene << ": " << shorter.peak_kib << " KiB at " << steps << " steps, " << longer.peak_kib
      << " KiB at " << 10 * steps;
}

TEST(PeakMemory, StackAtRestIsFlatOverTenTimesTheSteps) {
  expect_flat_peak("stack.yaml", 1e-3, 10'000);
}

TEST(PeakMemory, BouncingBallsAreFlatOverTenTimesTheSteps) {
  expect_flat_peak("bouncing-balls.yaml", 1e-3, 10'000);
}

TEST(PeakMemory, PenaltyStackIsFlatOverTenTimesTheSteps) {
  expect_flat_peak("stack-penalty.yaml", 1e-4, 10'000);
}

}  // namespace
}  // namespace moreau::testing
