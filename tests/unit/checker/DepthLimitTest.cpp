// An execution that reaches the depth limit (SearchOptions::livelocksAtDepthLimit): a fair
// cycle at its end is a livelock, reported with the prefix and one round of the cycle; an
// unfair one is cut, the thread it starved runs where the cycle began, and the search goes on.
// And findLasso, which decides between them, on schedules of a spinning program.
#include "checker/stateful/CycleCheck.h"
#include "tests/support/ProgramModel.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// Main forks a thread that spins until x0 is 1, and waits for it; nobody sets x0.
Program waitsForever() {
  Program p;
  p.bodies = {{forkOf(1), joinOf(0)}, {spinUntil(0, 1)}};
  return p;
}

// Main forks a spinner (waiting for x0) and two threads that each add 1 to x1 in two steps,
// joins the two, asserts x1 == 2 (a lost update breaks it), then releases the spinner.
Program spinsBesideALostUpdate() {
  Program p;
  p.bodies = {{forkOf(1), forkOf(2), forkOf(2), joinOf(1), joinOf(2), assertEq(1, 2),
               writeOf(0, 1), joinOf(0)},
              {spinUntil(0, 1)},
              {readOf(1), writeOf(1, 1, true)}};
  return p;
}

Schedule steps(std::initializer_list<ThreadId> threads) {
  Schedule schedule;
  for (ThreadId t : threads)
    schedule.push_back(ScheduleStep{t, 0});
  return schedule;
}

TEST(FindLasso, TheCycleMovesBackToItsFirstRound) {
  ProgramModel model(waitsForever());
  model.setStateKeys(true);
  Schedule schedule = steps({0, 1, 1, 1, 1, 1, 1});
  std::optional<Lasso> latest = findLasso(model, schedule);
  ASSERT_TRUE(latest);
  EXPECT_TRUE(latest->fair);
  EXPECT_EQ(latest->cycleStart, 5u);
  EXPECT_EQ(latest->cycleEnd, 7u);
  std::optional<Lasso> earliest = findLasso(model, schedule, true);
  ASSERT_TRUE(earliest);
  EXPECT_TRUE(earliest->fair);
  EXPECT_EQ(earliest->cycleStart, 1u);
  EXPECT_EQ(earliest->cycleEnd, 3u);
}

TEST(FindLasso, ASpinWhileAnotherThreadWaitsToRunIsUnfair) {
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1)}, {spinUntil(0, 1)}};
  ProgramModel model(p);
  model.setStateKeys(true);
  std::optional<Lasso> lasso = findLasso(model, steps({0, 1, 1, 1, 1}), true);
  ASSERT_TRUE(lasso);
  EXPECT_FALSE(lasso->fair);
  EXPECT_EQ(lasso->cycleStart, 1u);
  EXPECT_EQ(lasso->cycleEnd, 3u);
}

TEST(FindLasso, AnEarlierReturnGivesTheFairCycle) {
  // Two spinners; the state after any whole iteration is the same. The last round runs only
  // thread 1 (unfair), the cycle from the return before thread 2's round runs both.
  Program p;
  p.bodies = {{forkOf(1), forkOf(2), joinOf(0)}, {spinUntil(0, 1)}, {spinUntil(1, 1)}};
  ProgramModel model(p);
  model.setStateKeys(true);
  Schedule schedule = steps({0, 0, 1, 1, 2, 2, 1, 1, 1, 1});
  std::optional<Lasso> lasso = findLasso(model, schedule);
  ASSERT_TRUE(lasso);
  EXPECT_TRUE(lasso->fair);
  EXPECT_EQ(lasso->cycleStart, 4u);
  EXPECT_EQ(lasso->cycleEnd, 10u);
  lasso = findLasso(model, schedule, true);
  ASSERT_TRUE(lasso);
  EXPECT_TRUE(lasso->fair);
  EXPECT_EQ(lasso->cycleStart, 2u);
  EXPECT_EQ(lasso->cycleEnd, 8u);
}

TEST(FindLasso, NoKeysNoLasso) {
  ProgramModel model(waitsForever());
  EXPECT_FALSE(findLasso(model, steps({0, 1, 1, 1})));
}

SearchOptions fairBound(bool livelocks) {
  SearchOptions options;
  options.por = PorMode::Bpor;
  options.bound = BoundKind::Fair;
  options.boundValue = 2;
  options.maxDepth = 50;
  options.livelocksAtDepthLimit = livelocks;
  return options;
}

TEST(DepthLimit, AFairCycleIsALivelockWithOneRoundInItsTrace) {
  ProgramModel model(waitsForever());
  model.setStateKeys(true);
  SearchResult result = explore(model, fairBound(true));
  ASSERT_EQ(result.errors.size(), 1u);
  const ErrorReport &report = result.errors.front();
  EXPECT_EQ(report.error.kind, ErrorKind::Livelock);
  EXPECT_EQ(report.schedule, steps({0, 1, 1}));
  EXPECT_EQ(report.trace.size(), 3u);
  EXPECT_EQ(result.stats.livelocks, 1u);
  EXPECT_EQ(result.stats.depthLimited, 0u);
}

TEST(DepthLimit, WithoutTheOptionTheExecutionIsOnlyTooLong) {
  ProgramModel model(waitsForever());
  model.setStateKeys(true);
  SearchResult result = explore(model, fairBound(false));
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors.front().error.kind, ErrorKind::DepthLimit);
  EXPECT_EQ(result.errors.front().trace.size(), 50u);
}

TEST(DepthLimit, WithoutStateKeysTheExecutionIsCutAndTheSearchGoesOn) {
  ProgramModel model(waitsForever());
  SearchResult result = explore(model, fairBound(true));
  EXPECT_TRUE(result.errors.empty());
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.stats.depthLimited, 1u);
  EXPECT_EQ(result.stats.executions, 1u);
}

SearchOptions bestFirst(bool livelocks) {
  SearchOptions options;
  options.por = PorMode::Bpor;
  options.bound = BoundKind::Preemption;
  options.strategy = Strategy::BestFirst;
  options.maxDepth = 40;
  options.livelocksAtDepthLimit = livelocks;
  return options;
}

TEST(DepthLimit, BestFirstRunsTheThreadsASpinStarvedAndFindsTheBug) {
  ProgramModel model(spinsBesideALostUpdate());
  model.setStateKeys(true);
  SearchResult result = explore(model, bestFirst(true));
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors.front().error.kind, ErrorKind::AssertionFailure);
  EXPECT_GT(result.stats.depthLimited, 0u);
}

TEST(DepthLimit, BestFirstWithoutTheOptionStopsAtTheFirstLongExecution) {
  ProgramModel model(spinsBesideALostUpdate());
  model.setStateKeys(true);
  SearchResult result = explore(model, bestFirst(false));
  ASSERT_EQ(result.errors.size(), 1u);
  EXPECT_EQ(result.errors.front().error.kind, ErrorKind::DepthLimit);
  EXPECT_EQ(result.stats.executions, 1u);
}

} // namespace
