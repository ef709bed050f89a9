// exploreOptimal()'s contract with its callers: errors and their schedules, the search limits,
// livelock and deadlock reports, the observer, for both variants.
#include "OptimalTestSupport.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// The lost update: both threads do x0 = x0 + 1; main joins and asserts x0 == 2.
Program racyIncrement() {
  Program p;
  p.bodies = {{forkOf(1), readOf(0), writeOf(0, 1, true), joinOf(0), assertEq(0, 2)},
              {readOf(0), writeOf(0, 1, true)}};
  return p;
}

SearchResult run(const Program &program, OptimalVariant variant, SearchOptions options,
                 const ExecutionObserver &observer = {}) {
  ProgramModel model(program);
  return exploreOptimal(model, options, variant, observer);
}

class OptimalApi : public ::testing::TestWithParam<OptimalVariant> {};

} // namespace

TEST_P(OptimalApi, StopsAtTheFirstErrorWithAReplayableSchedule) {
  SearchResult r = run(racyIncrement(), GetParam(), SearchOptions());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_FALSE(r.complete);
  const ErrorReport &report = r.errors[0];
  EXPECT_EQ(report.error.kind, ErrorKind::AssertionFailure);
  ASSERT_EQ(report.schedule.size(), report.trace.size());
  ProgramModel model(racyIncrement());
  ReplayResult again = replay(model, report.schedule);
  EXPECT_TRUE(again.followed) << again.problem;
  EXPECT_EQ(again.status, ExecStatus::Error);
  EXPECT_EQ(again.error.kind, ErrorKind::AssertionFailure);
  EXPECT_EQ(again.trace.size(), report.trace.size());
}

// SearchOptions::isViolation: an error it rejects ends its execution only; the search goes
// on as with keepGoing, reports nothing and shows the function every error.
TEST_P(OptimalApi, ErrorsThatAreNotViolationsOnlyEndTheirExecution) {
  SearchOptions keepGoing;
  keepGoing.keepGoing = true;
  SearchResult all = run(racyIncrement(), GetParam(), keepGoing);
  ASSERT_FALSE(all.errors.empty());
  SearchOptions options;
  uint64_t seen = 0;
  options.isViolation = [&](const ErrorInfo &error) {
    EXPECT_EQ(error.kind, ErrorKind::AssertionFailure);
    ++seen;
    return false;
  };
  SearchResult r = run(racyIncrement(), GetParam(), options);
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.stats.errors, 0u);
  EXPECT_EQ(r.stats.executions, all.stats.executions);
  EXPECT_EQ(seen, all.errors.size());
}

TEST_P(OptimalApi, KeepGoingReportsOneErrorPerErroneousTrace) {
  Explored full = exploreWith(racyIncrement(), PorMode::None);
  SearchOptions options;
  options.keepGoing = true;
  unsigned observed = 0;
  SearchResult r = run(racyIncrement(), GetParam(), options,
                       [&](const std::vector<Operation> &, ExecutionEnd) { ++observed; });
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(observed, r.stats.executions);
  EXPECT_EQ(r.errors.size(), full.errorTraces.size());
  EXPECT_EQ(r.stats.errors, r.errors.size());
  for (const ErrorReport &e : r.errors)
    EXPECT_EQ(e.error.kind, ErrorKind::AssertionFailure);
  // Both increments read 0 in the erroneous traces: the reads before both writes, in either
  // order of the writes (2 traces).
  EXPECT_EQ(full.errorTraces.size(), 2u);
}

TEST_P(OptimalApi, MaxExecutionsStopsTheSearch) {
  Program p;
  p.bodies = {{forkOf(1), forkOf(2), forkOf(3)},
              {writeOf(0, 1), readOf(0)},
              {writeOf(0, 2), readOf(0)},
              {writeOf(0, 3), readOf(0)}};
  SearchOptions options;
  options.maxExecutions = 5;
  SearchResult r = run(p, GetParam(), options);
  EXPECT_EQ(r.stats.executions, 5u);
  EXPECT_FALSE(r.complete);
}

TEST_P(OptimalApi, AnExecutionLongerThanMaxDepthIsALivelock) {
  // main spins until x0 == 1, which T1 sets after a yield: while main spins first, the
  // execution grows until the maximum depth.
  Program p;
  p.bodies = {{forkOf(1), spinUntil(0, 1)}, {yieldOp(), writeOf(0, 1)}};
  SearchOptions options;
  options.maxDepth = 12;
  options.keepGoing = true;
  SearchResult r = run(p, GetParam(), options);
  EXPECT_TRUE(r.complete);
  EXPECT_GE(r.stats.depthLimited, 1u);
  bool sawDepthLimit = false;
  for (const ErrorReport &e : r.errors) {
    sawDepthLimit = sawDepthLimit || e.error.kind == ErrorKind::DepthLimit;
    EXPECT_LE(e.trace.size(), 12u);
  }
  EXPECT_TRUE(sawDepthLimit);
  EXPECT_EQ(r.stats.depthLimited + r.stats.finished, r.stats.executions);
}

TEST_P(OptimalApi, DeadlockIsReportedWithTheBlockedThreads) {
  Program p;
  p.bodies = {{forkOf(1), lockOf(0), lockOf(1), unlockOf(1), unlockOf(0)},
              {lockOf(1), lockOf(0), unlockOf(0), unlockOf(1)}};
  SearchResult r = run(p, GetParam(), SearchOptions());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].error.kind, ErrorKind::Deadlock);
  EXPECT_EQ(r.errors[0].error.message, "deadlock: no thread can run: thread 0 waits for mutex "
                                       "0x100008; thread 1 waits for mutex 0x100000");
  EXPECT_EQ(r.stats.deadlocks, 1u);
  ProgramModel model(p);
  ReplayResult again = replay(model, r.errors[0].schedule);
  EXPECT_EQ(again.error.kind, ErrorKind::Deadlock);
}

TEST_P(OptimalApi, ProgramThatFailsBeforeAnyStep) {
  // A one-instruction main that fails its assertion in its first step: one execution.
  Program p;
  p.bodies = {{assertEq(0, 1)}};
  SearchOptions options;
  options.keepGoing = true;
  SearchResult r = run(p, GetParam(), options);
  EXPECT_EQ(r.stats.executions, 1u);
  EXPECT_EQ(r.stats.errors, 1u);
  EXPECT_TRUE(r.complete);
}

INSTANTIATE_TEST_SUITE_P(Variants, OptimalApi,
                         ::testing::Values(OptimalVariant::Source, OptimalVariant::Optimal),
                         [](const auto &info) {
                           return std::string(optimalVariantName(info.param));
                         });

TEST(OptimalApiVariants, SourceDporMayBlockOptimalNever) {
  // Over generated programs source-DPOR ends some executions sleep-set blocked; optimal DPOR
  // ends none, and explores no more executions than source-DPOR.
  uint64_t sourceBlocked = 0, optimalBlocked = 0, sourceRuns = 0, optimalRuns = 0;
  GeneratorOptions options;
  options.maxChildren = 3;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    Program p = generateProgram(seed, options);
    Explored source = exploreWith(p, OptimalVariant::Source, 5000);
    Explored optimal = exploreWith(p, OptimalVariant::Optimal, 5000);
    if (!source.result.complete || !optimal.result.complete)
      continue;
    sourceBlocked += source.result.stats.sleepSetBlocked;
    optimalBlocked += optimal.result.stats.sleepSetBlocked;
    sourceRuns += source.result.stats.executions;
    optimalRuns += optimal.result.stats.executions;
  }
  EXPECT_EQ(optimalBlocked, 0u);
  EXPECT_GT(sourceBlocked, 0u);
  EXPECT_EQ(optimalRuns + sourceBlocked, sourceRuns);
}
