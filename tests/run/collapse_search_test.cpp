// The collapse search of `moreau ida` against an oracle whose collapse scale is known: the
// bracket it ends with holds that scale and is no wider than the precision, whatever the
// start and the number of runs at once, and it never asks for a scale twice.
#include "moreau/run/collapse_search.hpp"

#include <gtest/gtest.h>

#include <set>

namespace moreau::run {
namespace {

struct SearchResult {
  double survived = 0.0;
  double collapsed = 0.0;
  int runs = 0;
};

// Runs the search on a structure that collapses at every scale >= capacity.
SearchResult search(double capacity, double start, double precision, int parallel) {
  CollapseSearch search(start, precision, 100.0);
  std::set<double> tried;
  SearchResult result;
  for (std::vector<double> batch = search.next(parallel); !batch.empty();
       batch = search.next(parallel)) {
    EXPECT_LE(static_cast<int>(batch.size()), parallel);
    for (const double scale : batch) {
      EXPECT_TRUE(tried.insert(scale).second) << "scale " << scale << " asked for twice";
      search.add({scale, scale >= capacity});
      ++result.runs;
    }
    if (result.runs > 1000) break;
  }
  EXPECT_TRUE(search.done());
  result.survived = search.survived();
  result.collapsed = search.collapsed().value_or(0.0);
  return result;
}

TEST(CollapseSearch, BracketsTheCapacityToThePrecisionFromAnyStartAndParallelism) {
  for (const double capacity : {0.037, 0.6, 1.0, 1.2345, 7.9})
    for (const double start : {0.25, 1.0, 3.0})
      for (const int parallel : {1, 2, 3, 8}) {
        const SearchResult result = search(capacity, start, 0.01, parallel);
        SCOPED_TRACE(::testing::Message() << "capacity " << capacity << ", start " << start << ", "
                                          << parallel << " at once");
        EXPECT_LT(result.survived, capacity);
        EXPECT_GE(result.collapsed, capacity);
        EXPECT_LE(result.collapsed - result.survived, 0.01);
      }
}

TEST(CollapseSearch, OneRunAtATimeIsABisection) {
  // From start 1 with capacity 0.6: 1 collapses, then (0, 1] is halved until its width is
  // at most 0.02, which 6 halvings reach (1/64 = 0.0156, the rounding of the midpoints to
  // 0.001 aside) and 5 do not (1/32): 1 + 6 runs.
  EXPECT_EQ(search(0.6, 1.0, 0.02, 1).runs, 7);
}

TEST(CollapseSearch, MoreRunsAtOnceTakeFewerRounds) {
  // Each round cuts the bracket into parallel + 1 parts: with 3 at once, (0, 1] reaches the
  // precision 0.01 in 4 rounds (1/4^4 < 0.01) against 7 bisections.
  CollapseSearch search(1.0, 0.01, 100.0);
  search.add({1.0, true});
  int rounds = 0;
  for (std::vector<double> batch = search.next(3); !batch.empty(); batch = search.next(3)) {
    ++rounds;
    for (const double scale : batch) search.add({scale, scale >= 0.6});
  }
  EXPECT_EQ(rounds, 4);
}

TEST(CollapseSearch, HuntsUpByDoublingAndGivesUpAtTheLargestScale) {
  CollapseSearch search(1.0, 0.05, 10.0);
  EXPECT_EQ(search.next(3), (std::vector<double>{1.0, 2.0, 4.0}));
  for (const double scale : {1.0, 2.0, 4.0}) search.add({scale, false});
  EXPECT_EQ(search.next(3), (std::vector<double>{8.0, 10.0}));
  for (const double scale : {8.0, 10.0}) search.add({scale, false});
  EXPECT_TRUE(search.done());
  EXPECT_FALSE(search.collapsed());
  EXPECT_TRUE(search.next(3).empty());
}

TEST(CollapseSearch, ASurvivalAboveTheFirstCollapseDoesNotMoveTheBracket) {
  // An IDA curve's resurrection: the capacity is the first collapse (V&C 2002, section 5).
  CollapseSearch search(1.0, 0.05, 100.0);
  search.add({0.5, false});
  search.add({1.0, true});
  search.add({2.0, false});
  EXPECT_EQ(search.survived(), 0.5);
  EXPECT_EQ(search.collapsed(), 1.0);
  EXPECT_EQ(search.next(1), (std::vector<double>{0.75}));
}

TEST(CollapseSearch, ScalesAreShortDecimals) {
  // Thirds of (0, 1] rounded to a tenth of the precision: folder names scale-0.333, not
  // scale-0.3333333333333333.
  CollapseSearch search(1.0, 0.01, 100.0);
  search.add({1.0, true});
  EXPECT_EQ(search.next(2), (std::vector<double>{0.333, 0.667}));
}

}  // namespace
}  // namespace moreau::run
