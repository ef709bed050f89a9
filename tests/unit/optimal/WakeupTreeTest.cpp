// Wakeup-tree insertion and the initials of a sequence (POPL 2014, section 6) on hand-made
// events, and the race classification for blocking operations.
#include "checker/optimal/EventLog.h"
#include "checker/optimal/WakeupTree.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::optimal;

namespace {

Event access(ThreadId t, uint64_t address, bool write, OpKind kind = OpKind::Other) {
  Event e;
  e.op.thread = t;
  e.op.kind = kind == OpKind::Other ? (write ? OpKind::Store : OpKind::Load) : kind;
  e.op.addAccess(address, 8, write);
  return e;
}
Event write(ThreadId t, uint64_t address) { return access(t, address, true); }
Event read(ThreadId t, uint64_t address) { return access(t, address, false); }
Event lock(ThreadId t, uint64_t m) { return access(t, m, true, OpKind::Lock); }
Event unlock(ThreadId t, uint64_t m) { return access(t, m, true, OpKind::Unlock); }

std::vector<ThreadId> threadsOf(const std::vector<WakeupNode> &nodes) {
  std::vector<ThreadId> out;
  for (const WakeupNode &n : nodes)
    out.push_back(n.event.thread());
  return out;
}

} // namespace

TEST(WakeupTree, InitialsAreTheThreadsWhoseFirstEventHasNoPredecessor) {
  // 1 writes x; 2 reads x (after 1's write); 3 writes y.
  std::vector<Event> v = {write(1, 0), read(2, 0), write(3, 8)};
  EXPECT_EQ(initials(v), (std::vector<ThreadId>{1, 3}));
  EXPECT_TRUE(inInitials(1, v));
  EXPECT_FALSE(inInitials(2, v));
  // Thread 4, absent from v, reading z: independent of all of v, so a weak initial.
  EXPECT_TRUE(inWeakInitials(read(4, 16), v));
  EXPECT_FALSE(inWeakInitials(read(4, 0), v));
}

TEST(WakeupTree, InsertSharesEquivalentPrefixesAndStopsAtLeaves) {
  WakeupTree tree;
  auto insert = [&](std::vector<Event> v) { tree.insert(v); };
  insert({write(1, 0), read(2, 0)});
  ASSERT_EQ(threadsOf(tree.branches()), (std::vector<ThreadId>{1}));
  // Starts with 3 (independent of 1's write), then 1's write: 1 is a weak initial, so it
  // descends under 1; 3 then writes x, which 2's read does not commute with: a new branch
  // below 1, after 2's.
  insert({write(3, 8), write(1, 0), write(3, 0)});
  ASSERT_EQ(tree.branches().size(), 1u);
  EXPECT_EQ(threadsOf(tree.branches()[0].children), (std::vector<ThreadId>{2, 3}));
  // A sequence equivalent to an existing leaf's path adds nothing.
  size_t before = tree.numNodes();
  insert({write(1, 0), read(2, 0), write(5, 100)});
  EXPECT_EQ(tree.numNodes(), before);
  // A conflicting first event makes a new branch.
  insert({read(2, 0)});
  EXPECT_EQ(threadsOf(tree.branches()), (std::vector<ThreadId>{1, 2}));
  EXPECT_EQ(tree.branches().front().event.thread(), 1u);
  WakeupTree below;
  tree.takeFirst(below);
  EXPECT_EQ(threadsOf(below.branches()), (std::vector<ThreadId>{2, 3}));
  EXPECT_EQ(threadsOf(tree.branches()), (std::vector<ThreadId>{2}));
}

TEST(WakeupTree, CreatedThreadsAreRenumberedInCreationOrder) {
  Event forkA;
  forkA.op.thread = 0;
  forkA.op.kind = OpKind::Fork;
  forkA.op.otherThread = 3;
  Event childWrite = write(3, 0);
  std::vector<Event> v = {forkA, childWrite};
  ASSERT_TRUE(renumberCreatedThreads(v, 2));
  EXPECT_EQ(v[0].op.otherThread, 2u);
  EXPECT_EQ(v[1].thread(), 2u);
  std::vector<Event> orphan = {write(7, 0)};
  EXPECT_FALSE(renumberCreatedThreads(orphan, 2));
}

TEST(EventLog, RacesAreImmediateAndUnlockLockRacesMoveToTheAcquisition) {
  EventLog log;
  log.push(write(0, 0));  // 0
  log.push(write(1, 0));  // 1: races with 0
  log.push(read(2, 0));   // 2: races with 1 only (0 happens before 1)
  EXPECT_EQ(log[1].races, (std::vector<uint32_t>{0}));
  EXPECT_EQ(log[2].races, (std::vector<uint32_t>{1}));
  log.push(lock(0, 64));   // 3
  log.push(unlock(0, 64)); // 4
  log.push(lock(1, 64));   // 5: waited for the unlock; the race reversed is with the lock at 3
  EXPECT_EQ(log[5].races, (std::vector<uint32_t>{3}));
  // notdep(e_3, E).e_5: every event after the lock at 3 happens after it, so v is just
  // thread 1's lock.
  std::vector<Event> v;
  log.wakeupSequence(3, log[5].event, log.size(), v);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].thread(), 1u);
}

TEST(EventLog, LockAfterOwnThreadSawTheCriticalSectionIsNotReversed) {
  EventLog log;
  log.push(lock(0, 64));   // 0
  log.push(write(0, 0));   // 1
  log.push(unlock(0, 64)); // 2
  log.push(read(1, 0));    // 3: reads what thread 0 wrote under the lock
  log.push(lock(1, 64));   // 4: happens after 0 through 3 anyway
  EXPECT_TRUE(log[4].races.empty());
}

TEST(EventLog, JoinNeverRacesWithTheEndOfItsTarget) {
  EventLog log;
  Event end = write(1, 0);
  end.op.endsThread = true;
  log.push(end);
  Event join;
  join.op.thread = 0;
  join.op.kind = OpKind::Join;
  join.op.otherThread = 1;
  log.push(join);
  EXPECT_TRUE(log[1].races.empty());
}
