#include "runtime/sync/Barrier.h"
#include "runtime/sync/CondVar.h"
#include "runtime/sync/Mutex.h"
#include "runtime/sync/RwLock.h"
#include "runtime/sync/Semaphore.h"
#include "runtime/sync/SyncObjects.h"

#include <cerrno>
#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::runtime;

TEST(Mutex, NormalLockBlocksOthersAndItsOwner) {
  Mutex m;
  EXPECT_TRUE(m.canLock(0));
  EXPECT_EQ(m.lock(0).returnValue, 0);
  EXPECT_EQ(m.owner(), 0u);
  EXPECT_FALSE(m.canLock(1));
  EXPECT_FALSE(m.canLock(0)); // self-deadlock: the checker reports it
  EXPECT_EQ(m.trylock(1).returnValue, EBUSY);
  EXPECT_EQ(m.trylock(0).returnValue, EBUSY);
  EXPECT_EQ(m.unlock(0).misuse, nullptr);
  EXPECT_FALSE(m.isHeld());
  EXPECT_TRUE(m.canLock(1));
}

TEST(Mutex, UnlockByNonOwnerIsMisuse) {
  Mutex m;
  EXPECT_NE(m.unlock(0).misuse, nullptr);
  m.lock(0);
  EXPECT_NE(m.unlock(1).misuse, nullptr);
  EXPECT_EQ(m.owner(), 0u);
  EXPECT_NE(m.destroy().misuse, nullptr);
  m.unlock(0);
  EXPECT_EQ(m.destroy().misuse, nullptr);
}

TEST(Mutex, UseAfterDestroyIsMisuse) {
  Mutex m;
  EXPECT_EQ(m.destroy().misuse, nullptr);
  EXPECT_TRUE(m.isDestroyed());
  EXPECT_TRUE(m.canLock(0)); // enabled, so that the step reports it
  EXPECT_NE(m.lock(0).misuse, nullptr);
  EXPECT_NE(m.trylock(0).misuse, nullptr);
  EXPECT_NE(m.unlock(0).misuse, nullptr);
  EXPECT_NE(m.destroy().misuse, nullptr);
  EXPECT_FALSE(m.isHeld());
}

TEST(Mutex, RecursiveCountsDepth) {
  Mutex m(MutexType::Recursive);
  m.lock(2);
  EXPECT_TRUE(m.canLock(2));
  EXPECT_FALSE(m.canLock(1));
  EXPECT_EQ(m.lock(2).returnValue, 0);
  EXPECT_EQ(m.trylock(2).returnValue, 0);
  m.unlock(2);
  m.unlock(2);
  EXPECT_TRUE(m.isHeld());
  m.unlock(2);
  EXPECT_FALSE(m.isHeld());
}

TEST(Mutex, ErrorCheckRelockReturnsEdeadlk) {
  Mutex m(MutexType::ErrorCheck);
  m.lock(0);
  EXPECT_TRUE(m.canLock(0));
  EXPECT_EQ(m.lock(0).returnValue, EDEADLK);
  EXPECT_EQ(m.unlock(1).returnValue, EPERM);
  EXPECT_EQ(m.unlock(1).misuse, nullptr);
  EXPECT_TRUE(m.isHeld());
  m.unlock(0);
  EXPECT_FALSE(m.isHeld());
  EXPECT_EQ(m.unlock(0).returnValue, EPERM);
  Mutex r(MutexType::Recursive);
  EXPECT_EQ(r.unlock(0).returnValue, EPERM);
}

TEST(Mutex, CondWaitReleaseRestoresDepth) {
  Mutex m(MutexType::Recursive);
  m.lock(1);
  m.lock(1);
  uint32_t depth = m.releaseForWait();
  EXPECT_EQ(depth, 2u);
  EXPECT_TRUE(m.canLock(0));
  m.reacquireAfterWait(1, depth);
  m.unlock(1);
  EXPECT_TRUE(m.isHeld());
}

TEST(CondVar, SignalLetsAnyCurrentWaiterWake) {
  CondVar c;
  EXPECT_EQ(c.signal(), 0u); // lost: nobody waits
  c.addWaiter(3, false);
  c.addWaiter(1, false);
  EXPECT_FALSE(c.canWake(3));
  EXPECT_FALSE(c.canWake(1));
  EXPECT_EQ(c.signal(), 1u);
  // Either waiter may take the one wakeup: the explorers choose by scheduling its CondWake.
  EXPECT_TRUE(c.canWake(3));
  EXPECT_TRUE(c.canWake(1));
  EXPECT_TRUE(c.removeWaiter(1));
  EXPECT_FALSE(c.canWake(3)); // the wakeup is taken
  EXPECT_EQ(c.broadcast(), 1u);
  EXPECT_TRUE(c.canWake(3));
}

TEST(CondVar, SignalIsLostWhenEveryWaiterIsOwedAWakeup) {
  CondVar c;
  c.addWaiter(3, false);
  c.addWaiter(1, false);
  EXPECT_EQ(c.signal(), 1u);
  EXPECT_EQ(c.signal(), 1u);
  EXPECT_EQ(c.signal(), 0u);
  EXPECT_TRUE(c.removeWaiter(3));
  EXPECT_TRUE(c.removeWaiter(1));
  EXPECT_FALSE(c.hasWaiters());
}

TEST(CondVar, ALaterWaiterCannotTakeAnEarlierSignal) {
  CondVar c;
  c.addWaiter(3, false);
  EXPECT_EQ(c.signal(), 1u); // owed to 3 only
  c.addWaiter(1, false);
  EXPECT_TRUE(c.canWake(3));
  EXPECT_FALSE(c.canWake(1));
  EXPECT_EQ(c.signal(), 1u); // 3 or 1
  // 1 takes the second wakeup (the oldest it may take), so 3 keeps the first.
  EXPECT_TRUE(c.removeWaiter(1));
  EXPECT_TRUE(c.canWake(3));
  EXPECT_TRUE(c.removeWaiter(3));
}

TEST(CondVar, TakingTheOldestTokenStrandsNoOther) {
  CondVar c;
  c.addWaiter(3, false);
  EXPECT_EQ(c.signal(), 1u); // {3}
  c.addWaiter(1, false);
  EXPECT_EQ(c.signal(), 1u); // {3, 1}
  // 3 takes {3}, leaving {1} for 1.
  EXPECT_TRUE(c.removeWaiter(3));
  EXPECT_TRUE(c.canWake(1));
  EXPECT_TRUE(c.removeWaiter(1));
}

TEST(CondVar, BroadcastHonoursOutstandingSignals) {
  CondVar c;
  c.addWaiter(0, false);
  c.addWaiter(1, false);
  c.addWaiter(2, false);
  EXPECT_EQ(c.signal(), 1u);
  EXPECT_EQ(c.broadcast(), 2u); // three woken, one of them already owed by the signal
  EXPECT_TRUE(c.canWake(0) && c.canWake(1) && c.canWake(2));
  EXPECT_EQ(c.signal(), 0u); // everybody is owed a wakeup already
  EXPECT_TRUE(c.removeWaiter(2));
  EXPECT_TRUE(c.removeWaiter(0));
  EXPECT_TRUE(c.removeWaiter(1));
}

TEST(CondVar, TimedWaiterWakesWithoutSignal) {
  CondVar c;
  c.addWaiter(0, true);
  c.addWaiter(1, false);
  EXPECT_TRUE(c.canWake(0));
  EXPECT_FALSE(c.canWake(1));
  EXPECT_FALSE(c.removeWaiter(0)); // timed out: not signalled
  EXPECT_EQ(c.broadcast(), 1u);
  EXPECT_TRUE(c.removeWaiter(1));
  EXPECT_FALSE(c.hasWaiters());
}

TEST(RwLock, ReadersShareWritersExclude) {
  RwLock l;
  EXPECT_EQ(l.rdlock(0).returnValue, 0);
  EXPECT_TRUE(l.canRdlock(1));
  EXPECT_EQ(l.rdlock(1).returnValue, 0);
  EXPECT_FALSE(l.canWrlock(2));
  EXPECT_EQ(l.trywrlock(2).returnValue, EBUSY);
  EXPECT_EQ(l.unlock(0).misuse, nullptr);
  EXPECT_FALSE(l.canWrlock(2));
  EXPECT_EQ(l.unlock(1).misuse, nullptr);
  EXPECT_TRUE(l.canWrlock(2));
  EXPECT_EQ(l.wrlock(2).returnValue, 0);
  EXPECT_FALSE(l.canRdlock(0));
  EXPECT_EQ(l.tryrdlock(0).returnValue, EBUSY);
  EXPECT_TRUE(l.canWrlock(2));
  EXPECT_EQ(l.wrlock(2).returnValue, EDEADLK);
  EXPECT_NE(l.unlock(0).misuse, nullptr);
  EXPECT_NE(l.destroy().misuse, nullptr);
  EXPECT_EQ(l.unlock(2).misuse, nullptr);
  EXPECT_EQ(l.destroy().misuse, nullptr);
}

TEST(Barrier, LastArrivalCompletesGeneration) {
  using A = Barrier::Arrival;
  Barrier b(3);
  EXPECT_EQ(b.arrive(0), A::Waits);
  EXPECT_EQ(b.arrive(0), A::Waits);
  EXPECT_FALSE(b.isComplete(0));
  EXPECT_EQ(b.arrive(0), A::Completes);
  EXPECT_TRUE(b.isComplete(0));
  EXPECT_EQ(b.arrive(1), A::Waits); // the barrier is reusable
  EXPECT_FALSE(b.isComplete(1));
  EXPECT_FALSE(Barrier(0).isValid());
}

// A thread that departed generation g arrives in g + 1 while others have not departed g yet:
// the generations count apart. A fourth arrival in one generation of a barrier of 3 is more
// threads than its count.
TEST(Barrier, GenerationsCountApartAndRefuseOneTooMany) {
  using A = Barrier::Arrival;
  Barrier b(3);
  EXPECT_EQ(b.arrive(0), A::Waits);
  EXPECT_EQ(b.arrive(0), A::Waits);
  EXPECT_EQ(b.arrive(0), A::Completes);
  EXPECT_EQ(b.arrive(1), A::Waits);
  EXPECT_TRUE(b.hasWaiters());
  EXPECT_EQ(b.arrive(0), A::OneTooMany);
  EXPECT_EQ(b.arrive(1), A::Waits);
  EXPECT_EQ(b.arrive(1), A::Completes);
  EXPECT_TRUE(b.isComplete(1));
  EXPECT_FALSE(b.hasWaiters());
}

TEST(Semaphore, WaitNeedsPositiveValue) {
  Semaphore s(1);
  EXPECT_TRUE(s.canWait());
  s.wait();
  EXPECT_FALSE(s.canWait());
  EXPECT_FALSE(s.tryWait());
  s.post();
  s.post();
  EXPECT_EQ(s.value(), 2u);
  EXPECT_TRUE(s.tryWait());
  EXPECT_EQ(s.value(), 1u);
}

// The run's tables together (SyncObjects.h): what the Execution asks of them as a whole.
TEST(SyncObjects, HoldersOnceRunnersAndClearing) {
  SyncObjects sync;
  EXPECT_TRUE(sync.none());
  EXPECT_EQ(sync.lockHolder(0x100), NoThread);
  EXPECT_EQ(sync.findMutex(0x100), nullptr);

  sync.spinAt(0x100).lock(2);
  ASSERT_NE(sync.findMutex(0x100), nullptr);
  EXPECT_EQ(sync.lockHolder(0x100), 2u);
  EXPECT_EQ(&sync.spinAt(0x100), sync.findMutex(0x100)); // created once
  sync.rwlocks[0x200].wrlock(3);
  EXPECT_EQ(sync.lockHolder(0x200), 3u);
  EXPECT_FALSE(sync.none());

  EXPECT_FALSE(sync.runsOnceRoutine(1));
  sync.onces[0x300].runner = 1;
  EXPECT_TRUE(sync.runsOnceRoutine(1));
  EXPECT_FALSE(sync.runsOnceRoutine(2));

  sync.nextKey = 4;
  sync.keyDestructors.resize(4, 0);
  EXPECT_GT(sync.bytes(), 0u);
  sync.clear();
  EXPECT_TRUE(sync.none());
  EXPECT_EQ(sync.lockHolder(0x100), NoThread);
  EXPECT_FALSE(sync.runsOnceRoutine(1));
  EXPECT_EQ(sync.nextKey, 1u);
  EXPECT_TRUE(sync.keyDestructors.empty());
}
