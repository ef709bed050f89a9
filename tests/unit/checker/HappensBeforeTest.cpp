#include "checker/VectorClock.h"
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"
#include "tests/support/StateHash.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

Operation store(ThreadId t, uint64_t address) {
  Operation op;
  op.thread = t;
  op.kind = OpKind::Store;
  op.addAccess(address, 8, true);
  return op;
}

Operation load(ThreadId t, uint64_t address) {
  Operation op = store(t, address);
  op.kind = OpKind::Load;
  op.accesses[0].write = false;
  return op;
}

} // namespace

TEST(HappensBefore, ProgramOrderAndConflictsOrderEvents) {
  HappensBefore hb;
  hb.push(store(0, 8)); // 0
  hb.push(load(1, 16)); // 1: independent of 0
  hb.push(load(1, 8));  // 2: reads what 0 wrote
  hb.push(load(2, 8));  // 3: reads commute with 2, but conflict with 0
  EXPECT_FALSE(hb.happensBefore(0, 1));
  EXPECT_TRUE(hb.happensBefore(1, 2));
  EXPECT_TRUE(hb.happensBefore(0, 2));
  EXPECT_FALSE(hb.happensBefore(2, 3));
  EXPECT_TRUE(hb.happensBefore(0, 3));
  EXPECT_EQ(hb.clock(2)[0], 1u);
  EXPECT_EQ(hb.clock(2)[1], 2u);
  EXPECT_EQ(hb.clock(3)[1], 0u);
  EXPECT_EQ(hb.indexInThread(2), 1u);
  EXPECT_TRUE(hb.happensBeforeThread(0, 1));
  EXPECT_FALSE(hb.happensBeforeThread(1, 2));
  hb.pop();
  EXPECT_EQ(hb.size(), 3u);
  hb.push(store(2, 16)); // conflicts with 1 (a read of 16), hence after 1 but not after 0
  EXPECT_TRUE(hb.happensBefore(1, 3));
  EXPECT_FALSE(hb.happensBefore(0, 3));
}

TEST(StateHash, InterleavingsOfOnePartialOrderHashAlike) {
  // store x(T0), store y(T1) commute: both orders give the same local and global hashes.
  std::vector<Operation> a{store(0, 8), store(1, 16)};
  std::vector<Operation> b{store(1, 16), store(0, 8)};
  EXPECT_EQ(globalStateHash(a), globalStateHash(b));
  std::vector<uint64_t> ha = localStateHashes(a), hb = localStateHashes(b);
  EXPECT_EQ(ha[0], hb[1]);
  EXPECT_EQ(ha[1], hb[0]);
  // Conflicting stores in two orders are two different states.
  std::vector<Operation> c{store(0, 8), store(1, 8)};
  std::vector<Operation> d{store(1, 8), store(0, 8)};
  EXPECT_NE(globalStateHash(c), globalStateHash(d));
}

TEST(StateHash, ThreadsAreNamedByCreationPathNotByNumber) {
  // main forks A then B; A forks C. Depending on the schedule C is thread 2 or 3, yet the
  // same partial order must hash the same.
  Program p;
  p.bodies = {{forkOf(1), forkOf(2)}, {forkOf(3)}, {writeOf(0, 1)}, {writeOf(1, 1)}};
  ProgramModel m1(p);
  std::vector<Operation> early; // A forks C before main forks B: C = 2, B = 3
  for (ThreadId t : {0u, 1u, 0u, 2u, 3u})
    early.push_back(m1.step(t));
  ProgramModel m2(p);
  std::vector<Operation> late; // main forks B first: B = 2, C = 3
  for (ThreadId t : {0u, 0u, 1u, 3u, 2u})
    late.push_back(m2.step(t));
  EXPECT_EQ(early[3].accesses[0].address, late[3].accesses[0].address); // both C's write
  EXPECT_EQ(globalStateHash(early), globalStateHash(late));
}

TEST(StateHash, AThreadCreationThatFailedHasNoChildToName) {
  // pthread_create past the thread limit: a Fork without a child, whose value is the error.
  auto failedFork = [](uint64_t error) {
    Operation op;
    op.thread = 0;
    op.kind = OpKind::Fork;
    op.otherThread = NoThread;
    op.value = error;
    return op;
  };
  std::vector<Operation> again{failedFork(11), store(0, 8)};
  EXPECT_EQ(globalStateHash(again), globalStateHash(again));
  std::vector<Operation> other{failedFork(12), store(0, 8)};
  EXPECT_NE(globalStateHash(again), globalStateHash(other));
}

TEST(Generator, IsReproducible) {
  for (uint64_t seed : {0ull, 1ull, 99ull}) {
    EXPECT_EQ(generateProgram(seed).toString(), generateProgram(seed).toString());
  }
  EXPECT_NE(generateProgram(1).toString(), generateProgram(2).toString());
}

TEST(StateHash, AValueStandingForASymbolicExpressionIsNoPartOfTheTrace) {
  // The same trace on two models of one path: the load's value is each model's stand-in for
  // one expression. A plain value that differs is another trace.
  auto loaded = [](uint64_t value, bool symbolic) {
    Operation op = load(1, 8);
    op.value = value;
    op.symbolicValue = symbolic;
    return std::vector<Operation>{store(0, 8), op};
  };
  EXPECT_EQ(globalStateHash(loaded(3, true)), globalStateHash(loaded(2, true)));
  EXPECT_NE(globalStateHash(loaded(3, false)), globalStateHash(loaded(2, false)));
}
