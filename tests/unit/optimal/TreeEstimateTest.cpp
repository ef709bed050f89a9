// Knuth's estimator (checker/estimate/TreeEstimate.h): exact on uniform trees, within its
// confidence on programs whose trace counts are known, and aimed at what the searches count:
// summed over every execution, the trace weights give optimal DPOR's executions.
#include "checker/estimate/TreeEstimate.h"

#include "checker/Explorer.h"
#include "checker/optimal/OptimalExplorer.h"
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"
#include "tests/unit/optimal/KnownPrograms.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

TreeEstimate sampled(const Program &program, EstimateTree tree, unsigned samples,
                     uint64_t seed = 1) {
  ProgramModel model(program);
  TreeSampler sampler(model, tree, seed, 100000);
  for (unsigned i = 0; i < samples; ++i)
    sampler.sample();
  return sampler.estimate();
}

// Every path of a uniform tree has the same product: the estimate is exact from one sample.
TEST(TreeEstimate, ExactOnUniformTrees) {
  Program choices;
  choices.bodies = {{nondetOf(3), nondetOf(4)}};
  for (EstimateTree tree : {EstimateTree::Interleavings, EstimateTree::Traces}) {
    TreeEstimate e = sampled(choices, tree, 20);
    EXPECT_EQ(e.mean, 12.0);
    EXPECT_EQ(e.stddev, 0.0);
    EXPECT_EQ(e.samples, 20u);
    EXPECT_EQ(e.effectiveSamples(), 20.0); // equal weights: every sample counts fully
  }
  // After the fork, main and T1 each write x0: 2 branches, then 1; two traces.
  Program race;
  race.bodies = {{forkOf(1), writeOf(0, 1)}, {writeOf(0, 2)}};
  for (EstimateTree tree : {EstimateTree::Interleavings, EstimateTree::Traces}) {
    TreeEstimate e = sampled(race, tree, 20);
    EXPECT_EQ(e.mean, 2.0);
    EXPECT_EQ(e.stddev, 0.0);
  }
  // Independent writes: 2 interleavings of 1 trace, each weighed 2 * 1/2.
  Program independent;
  independent.bodies = {{forkOf(1), writeOf(0, 1)}, {writeOf(1, 2)}};
  EXPECT_EQ(sampled(independent, EstimateTree::Traces, 20).mean, 1.0);
}

// N threads increment a counter under a lock: N! traces. The estimate lies within 1.5 times
// its 95% half-width of the count (about three standard errors; fixed seeds, so the outcome is
// reproducible), and the interval is informative: it excludes 0.
TEST(TreeEstimate, LockedIncrementsWithinConfidence) {
  for (unsigned n = 2; n <= 6; ++n) {
    TreeEstimate e = sampled(lockedIncrements(n, 1), EstimateTree::Traces, 4000, n);
    double traces = double(factorial(n));
    EXPECT_NEAR(e.mean, traces, 1.5 * e.halfWidth95()) << n << " threads";
    EXPECT_LT(e.halfWidth95(), e.mean) << n << " threads";
    EXPECT_GT(e.effectiveSamples(), 10.0) << n << " threads"; // 11 of 4000 for 6 threads
    EXPECT_EQ(e.unweighed, 0u);
  }
}

// The number the samples estimate is what the searches count: the trace weights of all
// executions sum to optimal DPOR's executions, and the executions to exhaustive search's.
TEST(TreeEstimate, ExpectationIsTheSearchesCount) {
  unsigned checked = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    Program program = generateProgram(seed);
    ProgramModel model(program);
    SearchOptions options;
    options.keepGoing = true;
    options.maxExecutions = 3000;
    SearchResult exhaustive = explore(model, options);
    if (!exhaustive.complete)
      continue;
    SearchResult optimal = exploreOptimal(model, options, OptimalVariant::Optimal);
    ASSERT_TRUE(optimal.complete);
    TreeSampler traces(model, EstimateTree::Traces, 1, 100000);
    EXPECT_NEAR(traces.exactTotal(), double(optimal.stats.executions), 1e-6)
        << "program seed " << seed;
    TreeSampler interleavings(model, EstimateTree::Interleavings, 1, 100000);
    EXPECT_EQ(interleavings.exactTotal(), double(exhaustive.stats.executions))
        << "program seed " << seed;
    ++checked;
  }
  EXPECT_GT(checked, 80u);
}

} // namespace
