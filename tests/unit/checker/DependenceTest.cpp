#include "checker/Dependence.h"

#include <gtest/gtest.h>

using namespace bpor;

namespace {

Operation access(ThreadId thread, OpKind kind, uint64_t address, uint64_t size, bool write) {
  Operation op;
  op.thread = thread;
  op.kind = kind;
  op.addAccess(address, size, write);
  return op;
}

Operation plain(ThreadId thread, OpKind kind) {
  Operation op;
  op.thread = thread;
  op.kind = kind;
  return op;
}

} // namespace

TEST(Dependence, SameThreadIsAlwaysDependent) {
  EXPECT_TRUE(dependent(plain(1, OpKind::Yield), plain(1, OpKind::Nondet)));
}

TEST(Dependence, ReadsOfTheSameLocationCommute) {
  EXPECT_FALSE(
      dependent(access(0, OpKind::Load, 8, 8, false), access(1, OpKind::Load, 8, 8, false)));
}

TEST(Dependence, OverlappingAccessWithAWriteConflicts) {
  EXPECT_TRUE(
      dependent(access(0, OpKind::Load, 8, 8, false), access(1, OpKind::Store, 12, 4, true)));
  EXPECT_TRUE(
      dependent(access(0, OpKind::Store, 8, 8, true), access(1, OpKind::Store, 8, 1, true)));
}

TEST(Dependence, AdjacentRangesDoNotOverlap) {
  EXPECT_FALSE(
      dependent(access(0, OpKind::Store, 8, 8, true), access(1, OpKind::Store, 16, 8, true)));
  EXPECT_FALSE(
      dependent(access(0, OpKind::Store, 8, 0, true), access(1, OpKind::Store, 8, 8, true)));
}

TEST(Dependence, SecondAccessOfAMemoryCopyCounts) {
  Operation copy = access(0, OpKind::MemoryCopy, 100, 8, false);
  copy.addAccess(200, 8, true);
  EXPECT_TRUE(dependent(copy, access(1, OpKind::Load, 204, 4, false)));
  EXPECT_FALSE(dependent(copy, access(1, OpKind::Load, 100, 4, false)));
}

// An atomic block's footprint is gathered with mergeAccess: overlapping ranges become their
// union, written if either was; touching ranges merge only when both read or both write.
TEST(Dependence, MergedFootprintsKeepEveryByteAndWrite) {
  Operation block = plain(0, OpKind::AtomicBlock);
  ASSERT_TRUE(block.mergeAccess(Access{8, 4, false}));
  ASSERT_TRUE(block.mergeAccess(Access{10, 4, true})); // overlaps: [8, 14) written
  ASSERT_TRUE(block.mergeAccess(Access{14, 2, false})); // touches a write: kept apart
  ASSERT_TRUE(block.mergeAccess(Access{16, 2, false})); // touches that read: [14, 18) read
  ASSERT_EQ(block.numAccesses, 2);
  EXPECT_TRUE(dependent(block, access(1, OpKind::Load, 8, 1, false)));
  EXPECT_TRUE(dependent(block, access(1, OpKind::Store, 17, 1, true)));
  EXPECT_FALSE(dependent(block, access(1, OpKind::Load, 17, 1, false)));
  EXPECT_FALSE(dependent(block, access(1, OpKind::Store, 18, 4, true)));
  while (block.numAccesses < Operation::MaxAccesses)
    ASSERT_TRUE(block.mergeAccess(Access{uint64_t(100 + 10 * block.numAccesses), 1, true}));
  EXPECT_FALSE(block.mergeAccess(Access{300, 1, true})); // one range too many: no room
  EXPECT_EQ(block.numAccesses, Operation::MaxAccesses);
  EXPECT_TRUE(block.mergeAccess(Access{12, 8, false})); // joins [8, 14) and [14, 18): room again
  EXPECT_EQ(block.numAccesses, Operation::MaxAccesses - 1);
  EXPECT_TRUE(dependent(block, access(1, OpKind::Load, 19, 1, false))); // now written
}

TEST(Dependence, GlobalConflictsWithFootprintsAndGlobalsOnly) {
  Operation exit = plain(0, OpKind::Exit);
  exit.global = true;
  EXPECT_TRUE(dependent(exit, access(1, OpKind::Load, 8, 8, false)));
  EXPECT_TRUE(dependent(access(1, OpKind::Load, 8, 8, false), exit));
  Operation other = plain(2, OpKind::AtomicBlock);
  other.global = true;
  EXPECT_TRUE(dependent(exit, other));
  EXPECT_FALSE(dependent(exit, plain(1, OpKind::Yield)));
}

TEST(Dependence, ForkDependsOnEveryOperationOfTheChild) {
  Operation fork = plain(0, OpKind::Fork);
  fork.otherThread = 3;
  EXPECT_TRUE(dependent(fork, plain(3, OpKind::Yield)));
  EXPECT_TRUE(dependent(plain(3, OpKind::Yield), fork));
  EXPECT_FALSE(dependent(fork, plain(2, OpKind::Yield)));
}

TEST(Dependence, JoinDependsOnTheEventThatEndedItsTarget) {
  Operation join = plain(0, OpKind::Join);
  join.otherThread = 2;
  Operation last = plain(2, OpKind::Yield);
  EXPECT_FALSE(dependent(join, last));
  last.endsThread = true;
  EXPECT_TRUE(dependent(join, last));
  EXPECT_TRUE(dependent(last, join));
}

#include "checker/ThreadSet.h"

TEST(ThreadSet, SmallAndLargeThreadIds) {
  ThreadSet a;
  EXPECT_TRUE(a.empty());
  EXPECT_TRUE(a.insert(3));
  EXPECT_FALSE(a.insert(3));
  EXPECT_TRUE(a.insert(64));
  EXPECT_TRUE(a.insert(200));
  EXPECT_EQ(a.size(), 3u);
  EXPECT_TRUE(a.contains(200));
  EXPECT_FALSE(a.contains(199));
  EXPECT_FALSE(a.contains(100000));
  std::vector<ThreadId> members;
  a.forEach([&](ThreadId t) { members.push_back(t); });
  EXPECT_EQ(members, (std::vector<ThreadId>{3, 64, 200}));
  ThreadSet b;
  b.insert(3);
  EXPECT_EQ(a.firstNotIn(b), 64u);
  b.insertAll(a);
  EXPECT_EQ(a, b);
  b.erase(64);
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.firstNotIn(b), 64u);
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.firstNotIn(b), NoThread);
}

TEST(ThreadSet, MembersAlsoInOneSetAndNotInAnother) {
  ThreadSet a, also, without;
  for (ThreadId t : {1u, 2u, 5u, 70u, 130u, 200u})
    a.insert(t);
  for (ThreadId t : {1u, 2u, 70u, 130u})
    also.insert(t);
  for (ThreadId t : {2u, 130u, 300u})
    without.insert(t);
  std::vector<ThreadId> members;
  a.forEachAlsoInNotIn(also, without, [&](ThreadId t) { members.push_back(t); });
  EXPECT_EQ(members, (std::vector<ThreadId>{1, 70}));
  // `also` shorter than the set: the words it lacks hold no member.
  ThreadSet small;
  small.insert(5);
  members.clear();
  a.forEachAlsoInNotIn(small, ThreadSet{}, [&](ThreadId t) { members.push_back(t); });
  EXPECT_EQ(members, (std::vector<ThreadId>{5}));
}

// Updates whose results nobody reads (atomic_fetch_add as a statement): two of one kind on one
// range commute, as reads do; a read, a write, another kind or another range of the same bytes
// does not.
TEST(Dependence, UpdatesOfOneKindOnOneRangeCommute) {
  auto update = [](ThreadId thread, uint64_t address, uint64_t size, Update kind) {
    Operation op = access(thread, OpKind::ReadModifyWrite, address, size, true);
    op.accesses[0].update = uint64_t(kind);
    return op;
  };
  EXPECT_FALSE(dependent(update(0, 8, 4, Update::Add), update(1, 8, 4, Update::Add)));
  EXPECT_FALSE(dependent(update(0, 8, 4, Update::Xor), update(1, 8, 4, Update::Xor)));
  EXPECT_TRUE(dependent(update(0, 8, 4, Update::Add), update(1, 8, 4, Update::Or)));
  EXPECT_TRUE(dependent(update(0, 8, 4, Update::Add), update(1, 8, 8, Update::Add)));
  EXPECT_TRUE(dependent(update(0, 8, 4, Update::Add), access(1, OpKind::Load, 8, 4, false)));
  EXPECT_TRUE(dependent(update(0, 8, 4, Update::Add), access(1, OpKind::Store, 8, 4, true)));
  EXPECT_TRUE(dependent(update(0, 8, 4, Update::Add), update(0, 8, 4, Update::Add)));
  // What a reversal would make of it is what it is: no outcome depends on the order.
  EXPECT_FALSE(
      dependent(asPending(update(0, 8, 4, Update::And)), update(1, 8, 4, Update::And)));
}
