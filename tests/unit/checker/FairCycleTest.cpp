// The livelock test of the stateful search on hand-made components: strong fairness, the
// Emerson-Lei refinement, and the cycle it returns.
#include "checker/stateful/FairCycle.h"
#include "checker/stateful/StateStore.h"

#include <gtest/gtest.h>

#include <algorithm>

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

/// A key of parts as core/StateWriter.h writes them: each part its length and its bytes.
std::string keyOf(std::initializer_list<std::string> parts) {
  std::string key;
  for (const std::string &part : parts) {
    uint32_t length = uint32_t(part.size());
    key.append(reinterpret_cast<const char *>(&length), sizeof length);
    key.append(part);
  }
  return key;
}

TEST(StateStore, ACheckpointOfTheStoreGivesBackEveryKey) {
  // Parts shared between states, a key that is not a sequence of parts, an empty key.
  std::vector<std::string> keys = {keyOf({"process", "memory 1", "thread a"}),
                                   keyOf({"process", "memory 2", "thread a"}),
                                   keyOf({"process", "memory 1", "thread b", "thread c"}),
                                   std::string("\x07\x00\x00", 3), std::string()};
  StateStore exact(StateStorage::Exact), again(StateStorage::Exact);
  for (const std::string &key : keys)
    exact.visit(key, NoThread, 0, 0);
  KeyParts parts;
  exact.forEachPart([&](size_t position, std::string_view part) {
    parts.add(position, std::string(part));
  });
  std::vector<std::string> rebuilt;
  exact.forEachState([&](std::string_view state) {
    rebuilt.push_back(std::string(parts.expand(state)));
  });
  std::vector<std::string> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  std::sort(rebuilt.begin(), rebuilt.end());
  EXPECT_EQ(rebuilt, sorted);
  for (const std::string &key : rebuilt)
    EXPECT_TRUE(again.visit(key, NoThread, 0, 0).isNew);
  for (const std::string &key : keys)
    EXPECT_FALSE(again.visit(key, NoThread, 0, 0).explore);

  // Hash compaction: the fingerprints, which name each key's stateKeyHash.
  StateStore compact(StateStorage::HashCompact), compactAgain(StateStorage::HashCompact);
  for (const std::string &key : keys)
    compact.visit(key, NoThread, 0, 0);
  std::vector<uint64_t> hashes, expected;
  compact.forEachPart([](size_t, std::string_view) { ADD_FAILURE() << "a part"; });
  compact.forEachState([&](std::string_view fingerprint) {
    hashes.push_back(StateStore::fingerprintHash(fingerprint));
    EXPECT_TRUE(compactAgain.visitFingerprint(fingerprint).isNew);
  });
  for (const std::string &key : keys)
    expected.push_back(stateKeyHash(key));
  std::sort(hashes.begin(), hashes.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(hashes, expected);
  for (const std::string &key : keys)
    EXPECT_FALSE(compactAgain.visit(key, NoThread, 0, 0).explore);
}

} // namespace
} // namespace bpor
