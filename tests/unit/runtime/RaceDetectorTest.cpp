// The race detector on hand-made event sequences: which pairs of accesses race.
#include "runtime/race/RaceDetector.h"

#include <gtest/gtest.h>

namespace bpor::runtime {
namespace {

constexpr uint64_t X = 100, M = 7, Flag = 200;

struct Fixture {
  RaceDetector detector;
  Fixture() {
    detector.reset();
    detector.threadCreated(0, 1);
  }
  bool write(ThreadId t, uint64_t at = X, bool atomic = false) {
    return detector.access(t, at, 4, true, atomic, 0).has_value();
  }
  bool read(ThreadId t, uint64_t at = X, bool atomic = false) {
    return detector.access(t, at, 4, false, atomic, 0).has_value();
  }
};

TEST(RaceDetector, UnorderedWritesRace) {
  Fixture f;
  EXPECT_FALSE(f.write(0));
  EXPECT_TRUE(f.write(1));
}

TEST(RaceDetector, ReadsDoNotRaceWithReads) {
  Fixture f;
  EXPECT_FALSE(f.read(0));
  EXPECT_FALSE(f.read(1));
  EXPECT_TRUE(f.write(1)); // but a write after another thread's read does
}

TEST(RaceDetector, OverlappingBytesRace) {
  Fixture f;
  EXPECT_FALSE(f.detector.access(0, X, 8, true, false, 0).has_value());
  EXPECT_TRUE(f.detector.access(1, X + 6, 1, false, false, 0).has_value());
  Fixture g;
  EXPECT_FALSE(g.detector.access(0, X, 4, true, false, 0).has_value());
  EXPECT_FALSE(g.detector.access(1, X + 4, 4, true, false, 0).has_value()); // disjoint
}

TEST(RaceDetector, CreationOrdersWhatCameBefore) {
  RaceDetector d;
  d.reset();
  EXPECT_FALSE(d.access(0, X, 4, true, false, 0));
  d.threadCreated(0, 1);
  EXPECT_FALSE(d.access(1, X, 4, true, false, 0));
  EXPECT_TRUE(d.access(0, X, 4, false, false, 0)); // after the creation: unordered
}

TEST(RaceDetector, JoinOrdersTheThreadsSteps) {
  Fixture f;
  EXPECT_FALSE(f.write(1));
  f.detector.threadEnded(1);
  f.detector.joined(0, 1);
  EXPECT_FALSE(f.write(0));
}

TEST(RaceDetector, UnlockThenLockOrders) {
  Fixture f;
  f.detector.acquire(0, M);
  EXPECT_FALSE(f.write(0));
  f.detector.release(0, M);
  f.detector.acquire(1, M);
  EXPECT_FALSE(f.write(1));
  f.detector.release(1, M);
  // Thread 0 writes again without the lock: thread 1's write is not ordered before it.
  EXPECT_TRUE(f.write(0));
}

TEST(RaceDetector, AccessAfterTheReleaseIsNotOrdered) {
  Fixture f;
  f.detector.acquire(0, M);
  f.detector.release(0, M);
  EXPECT_FALSE(f.write(0)); // after the unlock
  f.detector.acquire(1, M);
  EXPECT_TRUE(f.write(1));
}

TEST(RaceDetector, AtomicAccessesDoNotRaceWithEachOther) {
  Fixture f;
  EXPECT_FALSE(f.write(0, X, true));
  EXPECT_FALSE(f.write(1, X, true));
  EXPECT_TRUE(f.read(0, X, false)); // a plain read of what thread 1 wrote atomically
}

TEST(RaceDetector, ReleaseSequenceEndsAtARelaxedStore) {
  // Thread 0 writes data, then release-stores the flag; a relaxed store of the flag by thread 2
  // follows; thread 1's acquire then synchronises with nothing before it.
  RaceDetector d;
  d.reset();
  d.threadCreated(0, 1);
  d.threadCreated(0, 2);
  EXPECT_FALSE(d.access(0, X, 4, true, false, 0));
  d.release(0, Flag);
  d.endReleaseSequence(Flag);
  d.acquire(1, Flag);
  EXPECT_TRUE(d.access(1, X, 4, false, false, 0));

  RaceDetector e; // without the relaxed store the acquire orders the read
  e.reset();
  e.threadCreated(0, 1);
  EXPECT_FALSE(e.access(0, X, 4, true, false, 0));
  e.release(0, Flag);
  e.acquire(1, Flag);
  EXPECT_FALSE(e.access(1, X, 4, false, false, 0));
}

TEST(RaceDetector, AtomicSectionsOrderEachOther) {
  Fixture f;
  f.detector.enterSection(0);
  EXPECT_FALSE(f.write(0, X, true));
  f.detector.leaveSection(0);
  f.detector.enterSection(1);
  EXPECT_FALSE(f.write(1, X, true));
  f.detector.leaveSection(1);
  Fixture g = f;
  EXPECT_TRUE(g.read(0, X, false)); // a plain read outside any section: unordered
  f.detector.enterSection(0);       // a section after thread 1's is ordered after it
  f.detector.leaveSection(0);
  EXPECT_FALSE(f.read(0, X, false));
}

} // namespace
} // namespace bpor::runtime
