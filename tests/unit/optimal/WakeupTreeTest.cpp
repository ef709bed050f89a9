// Wakeup-tree insertion and the initials of a sequence (POPL 2014, section 6) on hand-made
// events, and the race classification for blocking operations.
#include "checker/optimal/EventLog.h"
#include "checker/ThreadNames.h"
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

Event fork(ThreadId t, ThreadId child) {
  Event e;
  e.op.thread = t;
  e.op.kind = OpKind::Fork;
  e.op.otherThread = child;
  return e;
}

TEST(WakeupTree, ASequenceNamesThreadsThatExistOrThatItCreates) {
  ThreadSet alive;
  alive.insert(0);
  alive.insert(1);
  EXPECT_TRUE(threadsExistFor({fork(0, 5), write(5, 0), write(1, 0)}, alive));
  EXPECT_FALSE(threadsExistFor({write(5, 0), fork(0, 5)}, alive));
  EXPECT_FALSE(threadsExistFor({write(7, 0)}, alive));
}

TEST(ThreadNames, AThreadIsNamedByItsCreationPathWhateverTheCreationOrder) {
  ThreadNameTable table;
  ThreadNames names(table);
  names.start(1);
  // Main's second event creates Model thread 1, then thread 1's first event creates thread 2.
  names.created(0, 2, 2);
  ThreadId mainsChild = names.nameOf(1);
  names.created(mainsChild, 1, 3);
  ThreadId grandchild = names.nameOf(2);
  EXPECT_EQ(names.threadOf(grandchild), 2u);
  // Another execution: main's fourth event creates a thread first (Model thread 1), then main's
  // second event's child is Model thread 2: it keeps its name.
  names.truncate(1);
  EXPECT_EQ(names.threadOf(mainsChild), NoThread);
  names.created(0, 4, 2);
  names.created(0, 2, 3);
  EXPECT_EQ(names.nameOf(2), mainsChild);
  EXPECT_NE(names.nameOf(1), mainsChild);
  EXPECT_NE(names.nameOf(1), grandchild);
  EXPECT_EQ(names.threadOf(mainsChild), 2u);
  Operation join;
  join.thread = 0;
  join.kind = OpKind::Join;
  join.otherThread = 2;
  EXPECT_EQ(names.named(join).otherThread, mainsChild);
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

TEST(EventLog, ALockInAThreadCreatedInsideTheCriticalSectionIsNotReversed) {
  EventLog log;
  log.push(lock(0, 64));   // 0
  log.push(fork(0, 1));    // 1: creates thread 1 inside the critical section
  log.push(unlock(0, 64)); // 2
  log.push(lock(1, 64));   // 3: thread 1's first event, after the unlock, which hides the fork
  EXPECT_TRUE(log[3].races.empty());
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
