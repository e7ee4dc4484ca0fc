// The benchmark's statistics on three problems whose ratios are worked by hand: the
// performance profile (Dolan & Moré 2002, eq. 1), a failed solve counting as an infinite
// ratio, and the median time ratios against one Siconos solver or the best of a group.
#include "moreau/benchmark/statistics.hpp"

#include "moreau/solvers/registry.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace moreau::benchmark {
namespace {

BenchRun run(const std::string& problem, const std::string& solver, double seconds,
             bool converged = true) {
  BenchRun r;
  r.problem = problem;
  r.solver = solver;
  r.converged = converged;
  r.seconds = seconds;
  return r;
}

// Best times: p1 1 s (a), p2 1 s (b), p3 0.5 s (siconos-nsgs); a fails on p3, siconos-nsgs
// on p2.
std::vector<BenchRun> three_problems() {
  return {run("p1", "a", 1.0),        run("p1", "b", 2.0), run("p1", "siconos-nsgs", 4.0),
          run("p2", "a", 3.0),        run("p2", "b", 1.0), run("p2", "siconos-nsgs", 0.1, false),
          run("p3", "a", 0.1, false), run("p3", "b", 5.0), run("p3", "siconos-nsgs", 0.5)};
}

TEST(PerformanceProfile, FractionOfProblemsWithinTauOfTheBest) {
  const std::vector<ProfileRow> rows = performance_profile(three_problems(), {1.0, 2.0, 10.0});
  ASSERT_EQ(rows.size(), 3u);
  // Ratios: a 1, 3, inf; b 2, 1, 10 (5 s = 10 x 0.5 s: within tau = 10); siconos-nsgs 4, inf, 1.
  EXPECT_EQ(rows[0].solver, "a");
  EXPECT_EQ(rows[0].solved, 2);
  EXPECT_EQ(rows[0].fraction_within, (std::vector<double>{1.0 / 3, 1.0 / 3, 2.0 / 3}));
  EXPECT_EQ(rows[1].solver, "b");
  EXPECT_EQ(rows[1].solved, 3);
  EXPECT_EQ(rows[1].fraction_within, (std::vector<double>{1.0 / 3, 2.0 / 3, 1.0}));
  EXPECT_EQ(rows[2].solver, "siconos-nsgs");
  EXPECT_EQ(rows[2].solved, 2);
  EXPECT_EQ(rows[2].fraction_within, (std::vector<double>{1.0 / 3, 1.0 / 3, 2.0 / 3}));
}

TEST(MedianTimeRatio, OverTheProblemsBothSolved) {
  const RatioSummary a = median_time_ratio(three_problems(), "a", "siconos-nsgs");
  EXPECT_EQ(a.problems, 1);  // p1: siconos-nsgs failed on p2, a on p3
  EXPECT_EQ(a.median_ratio, 0.25);
  const RatioSummary b = median_time_ratio(three_problems(), "b", "siconos-nsgs");
  EXPECT_EQ(b.problems, 2);  // 0.5 and 10: the median of an even count is the mean of two
  EXPECT_EQ(b.median_ratio, 5.25);
}

TEST(MedianTimeRatio, AgainstTheBestOfAGroup) {
  std::vector<BenchRun> runs = three_problems();
  runs.push_back(run("p1", "siconos-gfc3d-admm", 8.0));
  runs.push_back(run("p2", "siconos-gfc3d-nsgs-wr", 2.0));
  const RatioSummary best = median_time_ratio(runs, "b", "best-siconos");
  EXPECT_EQ(best.problems, 3);  // p1 2/4, p2 1/2, p3 5/0.5
  EXPECT_EQ(best.median_ratio, 0.5);
  const RatioSummary global = median_time_ratio(runs, "b", "best-siconos-gfc3d");
  EXPECT_EQ(global.problems, 2);  // p1 2/8, p2 1/2
  EXPECT_EQ(global.median_ratio, 0.375);
}

TEST(SiconosTimeRatios, EachMethodAgainstItsCounterpart) {
  const std::vector<BenchRun> runs = {run("p1", "nsgs", 1.0), run("p1", "siconos-nsgs", 4.0)};
  const std::vector<RatioSummary> ratios = siconos_time_ratios(runs);
  std::vector<std::string> pairs;
  for (const RatioSummary& ratio : ratios) pairs.push_back(ratio.ours + " vs " + ratio.theirs);
  EXPECT_EQ(pairs, (std::vector<std::string>{
                       "nsgs vs siconos-nsgs", "newton-ac vs siconos-nsn-ac",
                       "newton-fb vs siconos-nsn-fb",
                       std::string(solvers::default_solver_name()) + " vs best-siconos",
                       "velocity-newton vs best-siconos-gfc3d"}));
  EXPECT_EQ(ratios[0].problems, 1);
  EXPECT_EQ(ratios[0].median_ratio, 0.25);
  EXPECT_EQ(ratios[1].problems, 0);
}

}  // namespace
}  // namespace moreau::benchmark
