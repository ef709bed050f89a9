// The weak-memory search's word for a condition variable (checker/graph/CondWords.h) against
// the runtime's CondVar, whose rules it encodes: on random sequences of waits, signals,
// broadcasts and wakeups, after every operation, the word (encoded and decoded again) owes a
// wakeup to exactly the threads the CondVar lets wake.
#include "checker/graph/CondWords.h"
#include "runtime/sync/CondVar.h"

#include <gtest/gtest.h>

#include <random>

namespace bpor {
namespace {

using graph::CondWord;

uint64_t wordAfter(SyncWord op, ThreadId self, uint64_t word) {
  bool fits = true;
  std::optional<uint64_t> after = graph::condWordAfter(op, self, word, fits);
  EXPECT_TRUE(fits);
  EXPECT_TRUE(after.has_value());
  return after.value_or(word);
}

TEST(CondWord, TheEmptyStateIsZero) {
  EXPECT_EQ(CondWord().encode(), std::optional<uint64_t>(0));
  EXPECT_FALSE(CondWord::decode(0).canWake(0));
}

// A signal with no waiter is lost; one per waiter is kept; a signal when every waiter is
// already owed one is lost too.
TEST(CondWord, SignalsAreLostWithoutWaitersToOwe) {
  uint64_t word = wordAfter(SyncWord::CondSignal, 0, 0);
  EXPECT_EQ(word, 0u);
  word = wordAfter(SyncWord::CondWait, 1, word);
  EXPECT_FALSE(CondWord::decode(word).canWake(1));
  word = wordAfter(SyncWord::CondSignal, 0, word);
  word = wordAfter(SyncWord::CondSignal, 0, word); // lost: thread 1 is owed one already
  word = wordAfter(SyncWord::CondWake, 1, word);
  EXPECT_EQ(word, 0u);
  bool fits = true;
  EXPECT_FALSE(graph::condWordAfter(SyncWord::CondWake, 1, word, fits).has_value());
}

// A signal owes a wakeup to the threads waiting when it came: one that waits later does not
// take it.
TEST(CondWord, ASignalWakesOnlyThoseWaitingBeforeIt) {
  uint64_t word = wordAfter(SyncWord::CondWait, 1, 0);
  word = wordAfter(SyncWord::CondSignal, 0, word);
  word = wordAfter(SyncWord::CondWait, 2, word);
  EXPECT_TRUE(CondWord::decode(word).canWake(1));
  EXPECT_FALSE(CondWord::decode(word).canWake(2));
  word = wordAfter(SyncWord::CondSignal, 0, word);
  EXPECT_TRUE(CondWord::decode(word).canWake(2));
  // Thread 2 takes the second signal's wakeup, the only one it may take; thread 1 keeps its.
  word = wordAfter(SyncWord::CondWake, 2, word);
  EXPECT_TRUE(CondWord::decode(word).canWake(1));
}

TEST(CondWord, StatesBeyondTheWordAreRefused) {
  uint64_t word = 0;
  for (ThreadId t = 0; t < CondWord::MaxWaiting; ++t)
    word = wordAfter(SyncWord::CondWait, t, word);
  bool fits = true;
  graph::condWordAfter(SyncWord::CondWait, 9, word, fits);
  EXPECT_FALSE(fits);
  graph::condWordAfter(SyncWord::CondWait, CondWord::MaxThreads, 0, fits);
  EXPECT_FALSE(fits);
}

TEST(CondWord, AgreesWithTheRuntimesCondVar) {
  constexpr ThreadId Threads = 6;
  std::mt19937_64 random(12345);
  size_t checked = 0;
  for (int sequence = 0; sequence < 2000; ++sequence) {
    runtime::CondVar cond;
    uint64_t word = 0;
    std::vector<bool> waiting(Threads, false);
    for (int step = 0; step < 30; ++step) {
      ThreadId t = ThreadId(random() % Threads);
      switch (random() % 4) {
      case 0:
        if (waiting[t])
          continue;
        cond.addWaiter(t, false);
        word = wordAfter(SyncWord::CondWait, t, word);
        waiting[t] = true;
        break;
      case 1:
        cond.signal();
        word = wordAfter(SyncWord::CondSignal, t, word);
        break;
      case 2:
        if (random() % 3 != 0)
          continue;
        cond.broadcast();
        word = wordAfter(SyncWord::CondBroadcast, t, word);
        break;
      default:
        if (!cond.canWake(t))
          continue;
        ASSERT_TRUE(cond.removeWaiter(t));
        word = wordAfter(SyncWord::CondWake, t, word);
        waiting[t] = false;
        break;
      }
      CondWord state = CondWord::decode(word);
      ASSERT_EQ(state.encode(), std::optional<uint64_t>(word));
      for (ThreadId u = 0; u < Threads; ++u)
        ASSERT_EQ(state.canWake(u), cond.canWake(u))
            << "sequence " << sequence << " step " << step << " thread " << u;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20000u);
}

} // namespace
} // namespace bpor
