// The progress line's estimate (tools/bporcheck/Estimate.h): which searches get one, the words
// it prints, that a mean below what the search has done is not shown as an estimate, and the
// warning of a search far from its end.
#include "tools/bporcheck/Estimate.h"

#include "tests/support/ProgramModel.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;
using namespace bpor::tool;

namespace {

// Three threads increment x0 under mutex 0: 3! = 6 traces.
Program lockedIncrements() {
  Program p;
  p.bodies = {{forkOf(1), forkOf(1), forkOf(1)}, {lockOf(0), readOf(0), writeOf(0, 1, true),
                                                  unlockOf(0)}};
  return p;
}

BackgroundEstimate::ModelMaker maker(const Program &program) {
  return [program] { return std::make_shared<ProgramModel>(program); };
}

TEST(Estimate, WhichSearchesGetOne) {
  Options options;
  options.explorer = "optimal";
  EXPECT_EQ(estimateTreeFor(options), EstimateTree::Traces);
  options.explorer = "none";
  EXPECT_EQ(estimateTreeFor(options), EstimateTree::Interleavings);
  options.search.bound = BoundKind::Preemption;
  EXPECT_EQ(estimateTreeFor(options), std::nullopt); // a bound prunes: another count
  options.search.bound = BoundKind::None;
  options.explorer = "dpor";
  options.search.sleepSets = false;
  EXPECT_EQ(estimateTreeFor(options), std::nullopt); // a trace more than once
  options.explorer = "stateful";
  EXPECT_EQ(estimateTreeFor(options), std::nullopt);
}

TEST(Estimate, ProgressTextGivesTheEstimateAndTheTimeLeft) {
  BackgroundEstimate estimate(maker(lockedIncrements()), 1000);
  Statistics stats;
  stats.executions = 2;
  // 1% of 100 s: a second of samples, far more than a precise estimate needs.
  std::string text = estimate.progressText(EstimateTree::Traces, stats, 100);
  EXPECT_NE(text.find("; estimated in all: ~6 executions (approximate 95% interval"),
            std::string::npos)
      << text;
  // (6 - 2) executions at 2 per 100 s: about 200 s.
  EXPECT_NE(text.find("about 3 min to go at this rate"), std::string::npos) << text;
  // More done than the samples say: not shown as an estimate.
  stats.executions = 7;
  text = estimate.progressText(EstimateTree::Traces, stats, 100);
  EXPECT_NE(text.find("more than done so far"), std::string::npos) << text;
  // A search whose count the samples do not estimate (the stateful search took over): none.
  EXPECT_EQ(estimate.progressText(std::nullopt, stats, 100), "");
}

TEST(Estimate, AWarningOnceWhenTheSearchIsFarFromItsEnd) {
  BackgroundEstimate estimate(maker(lockedIncrements()), 1000);
  Statistics stats;
  stats.executions = 2;
  // 6 traces, 2 done in 100 s: about 200 s to go, no warning.
  estimate.progressText(EstimateTree::Traces, stats, 100);
  EXPECT_EQ(estimate.explosionWarning(), "");
  // 2 done in 10,000 s: about 5.6 hours to go, once.
  estimate.progressText(EstimateTree::Traces, stats, 10000);
  std::string warning = estimate.explosionWarning();
  EXPECT_NE(warning.find("bporcheck: warning: at this rate the search needs "), std::string::npos)
      << warning;
  EXPECT_NE(warning.find(" h or more to end"),
            std::string::npos)
      << warning;
  EXPECT_NE(warning.find("--find-bug"), std::string::npos) << warning;
  EXPECT_EQ(estimate.explosionWarning(), "");
}

TEST(Estimate, NoSamplesBeforeTheirShareOfTime) {
  BackgroundEstimate estimate(maker(lockedIncrements()), 1000);
  Statistics stats;
  EXPECT_EQ(estimate.progressText(EstimateTree::Traces, stats, 0), "");
  EXPECT_EQ(estimate.estimate(), nullptr);
}

} // namespace
