// PendingOperations (checker/optimal/PendingOperations.h): next(s, u) for every state on the
// search stack, kept as the changes along the path.
#include "checker/optimal/PendingOperations.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::optimal;

namespace {

Operation store(ThreadId t, uint64_t address) {
  Operation op;
  op.thread = t;
  op.kind = OpKind::Store;
  op.addAccess(address, 4, true);
  return op;
}

uint64_t addressAt(const PendingOperations &pending, size_t depth, ThreadId u) {
  return pending.at(depth, u).accesses[0].address;
}

} // namespace

TEST(PendingOperations, EachStateSeesTheLatestChangeAtOrAboveIt) {
  PendingOperations pending;
  // State 0: threads 0 and 1; thread 0 steps at 0, 2 and 4, thread 1 only at 3.
  pending.set(0, 0, store(0, 100));
  pending.set(0, 1, store(1, 200));
  pending.set(1, 0, store(0, 101));
  pending.set(2, 0, store(0, 102));
  pending.set(3, 1, store(1, 203));
  pending.set(4, 0, store(0, 104));
  EXPECT_EQ(addressAt(pending, 0, 0), 100u);
  EXPECT_EQ(addressAt(pending, 1, 0), 101u);
  EXPECT_EQ(addressAt(pending, 3, 0), 102u); // unchanged at 3: the change at 2
  EXPECT_EQ(addressAt(pending, 4, 0), 104u);
  EXPECT_EQ(addressAt(pending, 2, 1), 200u);
  EXPECT_EQ(addressAt(pending, 4, 1), 203u);
  // Popping state 4, then 3, drops their changes; states above keep theirs.
  pending.pop(4);
  EXPECT_EQ(addressAt(pending, 3, 0), 102u);
  pending.pop(3);
  EXPECT_EQ(addressAt(pending, 2, 1), 200u);
  // A new state 3 on another branch.
  pending.set(3, 0, store(0, 303));
  EXPECT_EQ(addressAt(pending, 3, 0), 303u);
  EXPECT_EQ(addressAt(pending, 3, 1), 200u);
  EXPECT_EQ(addressAt(pending, 2, 0), 102u);
}

TEST(PendingOperations, ASecondSetAtOneDepthReplacesTheFirstAndTheThreadIsTheOwners) {
  PendingOperations pending;
  pending.set(0, 0, store(0, 100));
  Operation unnamed = store(NoThread, 500); // a model need not name the thread
  pending.set(1, 2, unnamed);
  pending.set(1, 2, store(2, 600));
  EXPECT_EQ(addressAt(pending, 1, 2), 600u);
  pending.set(2, 2, unnamed);
  EXPECT_EQ(pending.at(2, 2).thread, 2u);
  pending.pop(2);
  pending.pop(1);
  pending.set(1, 2, store(2, 700));
  EXPECT_EQ(addressAt(pending, 1, 2), 700u); // nothing of the popped states is left
}
