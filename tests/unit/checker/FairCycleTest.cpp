// The livelock test of the stateful search on hand-made components: strong fairness, the
// Emerson-Lei refinement, and the cycle it returns.
#include "checker/stateful/FairCycle.h"
#include "checker/stateful/StateStore.h"

#include <gtest/gtest.h>

namespace bpor {
namespace {

ComponentState state(uint32_t id, std::vector<ThreadId> enabled,
                     std::vector<std::pair<ThreadId, uint32_t>> edges) {
  ComponentState s{id, std::move(enabled), {}};
  for (auto [thread, target] : edges)
    s.edges.push_back({ScheduleStep{thread, 0}, target});
  return s;
}

// Replays `steps` from `from` over the component's edges; returns the state reached (or ~0 if a
// step is not an edge).
uint32_t follow(const std::vector<ComponentState> &component, uint32_t from,
                const Schedule &steps) {
  for (const ScheduleStep &step : steps) {
    uint32_t next = ~0u;
    for (const ComponentState &s : component)
      if (s.id == from)
        for (const auto &edge : s.edges)
          if (edge.step == step)
            next = edge.target;
    if (next == ~0u)
      return ~0u;
    from = next;
  }
  return from;
}

TEST(FairCycle, SpinWhileTheOtherThreadIsNeverScheduledIsUnfair) {
  // Thread 0 spins in state 1 (a self-loop); thread 1 is enabled there and its step leaves.
  std::vector<ComponentState> c = {state(1, {0, 1}, {{0, 1}, {1, 2}})};
  EXPECT_TRUE(findFairCycle(c, 1).cycle.empty());
}

TEST(FairCycle, SpinWithEveryOtherThreadDisabledIsALivelock) {
  std::vector<ComponentState> c = {state(1, {0}, {{0, 1}})};
  FairCycle fair = findFairCycle(c, 1);
  ASSERT_EQ(fair.cycle.size(), 1u);
  EXPECT_EQ(fair.cycle[0].thread, 0u);
  EXPECT_TRUE(fair.toCycle.empty());
}

TEST(FairCycle, PollingIsFairOnlyUnderWeakFairness) {
  // Thread 0 polls: 1 -lock-> 2 -unlock-> 1. Thread 1 can lock only in state 1, and its lock
  // leaves the component. Under strong fairness thread 1 must run: no livelock.
  std::vector<ComponentState> c = {state(1, {0, 1}, {{0, 2}, {1, 3}}), state(2, {0}, {{0, 1}})};
  EXPECT_TRUE(findFairCycle(c, 1).cycle.empty());
}

TEST(FairCycle, RefinementFindsTheFairInnerCycle) {
  // States 1 and 2 form a cycle of threads 0 and 1; state 3 hangs off 2, where thread 2 is
  // enabled but never runs inside. Removing state 3 leaves the fair cycle 1 <-> 2.
  std::vector<ComponentState> c = {state(1, {0, 1}, {{0, 2}}),
                                   state(2, {0, 1}, {{1, 1}, {0, 3}}),
                                   state(3, {0, 2}, {{0, 2}, {2, 9}})};
  FairCycle fair = findFairCycle(c, 3);
  ASSERT_FALSE(fair.cycle.empty());
  uint32_t start = follow(c, 3, fair.toCycle);
  ASSERT_NE(start, ~0u);
  EXPECT_NE(start, 3u);
  EXPECT_EQ(follow(c, start, fair.cycle), start);
  bool ran0 = false, ran1 = false;
  for (const ScheduleStep &step : fair.cycle) {
    ran0 |= step.thread == 0;
    ran1 |= step.thread == 1;
    EXPECT_NE(step.thread, 2u);
  }
  EXPECT_TRUE(ran0 && ran1);
}

TEST(FairCycle, NoInnerEdgeNoCycle) {
  std::vector<ComponentState> c = {state(1, {0}, {{0, 2}})};
  EXPECT_TRUE(findFairCycle(c, 1).cycle.empty());
}

TEST(StateStore, BoundedContextSwitchingRevisitsOnlyWithFewerPreemptionsOrAnotherThread) {
  for (StateStorage storage : {StateStorage::Exact, StateStorage::HashCompact}) {
    StateStore store(storage);
    EXPECT_TRUE(store.visit("s", 0, 2, 3).isNew);
    EXPECT_FALSE(store.visit("s", 0, 2, 3).explore);  // same count, same thread
    EXPECT_FALSE(store.visit("s", 1, 3, 3).explore);  // more preemptions
    EXPECT_TRUE(store.visit("s", 1, 2, 3).explore);   // same count, another thread
    EXPECT_TRUE(store.visit("s", 0, 1, 3).explore);   // fewer preemptions
    EXPECT_FALSE(store.visit("s", 1, 1, 3).isNew);
    EXPECT_EQ(store.states(), 1u);
  }
}

TEST(StateStore, BitstateReplicatesTheHigherCounts) {
  StateStore store(StateStorage::Bitstate, 20);
  EXPECT_TRUE(store.visit("s", 0, 1, 3).explore);
  EXPECT_FALSE(store.visit("s", 1, 2, 3).explore); // stored for 1, 2 and 3 preemptions
  EXPECT_FALSE(store.visit("s", 1, 3, 3).explore);
  EXPECT_TRUE(store.visit("s", 1, 0, 3).explore);  // fewer than ever
  EXPECT_GT(store.omissionProbability(), 0.0);
}

} // namespace
} // namespace bpor
