// Renaming a thread's objects (Memory.h, "Renaming a thread's objects"), in both data models:
// the objects and the addresses that point into them follow the thread to its new number, and
// nothing else changes.
#include "memory/Memory.h"

#include <gtest/gtest.h>

namespace bpor {
namespace {

class ThreadGroupsTest : public ::testing::TestWithParam<bool> {
protected:
  Memory memory{/*narrow=*/GetParam()};
  Address global = 0;
  unsigned width = GetParam() ? 4 : 8;

  void SetUp() override {
    global = memory.addGlobal("g", 8, false);
    memory.sealStatic();
  }
};

TEST_P(ThreadGroupsTest, ObjectsAndTheAddressesIntoThemMoveWithTheThread) {
  Address first = memory.allocate(ObjectKind::Stack, 16, 8, /*ownerThread=*/1);
  Address second = memory.allocate(ObjectKind::Heap, 16, 8, /*ownerThread=*/1);
  ASSERT_NE(first, 0u);
  ASSERT_NE(second, 0u);
  // `second` holds an address into `first`, an address of the global and a small integer.
  ASSERT_EQ(memory.write(second, width, first + 4), MemoryFault::None);
  ASSERT_EQ(memory.write(second + width, width, global), MemoryFault::None);
  EXPECT_TRUE(memory.pointsIntoGroup(first + 4, 1));
  EXPECT_TRUE(memory.pointsIntoGroup(second + 16, 1)); // just past the end
  EXPECT_FALSE(memory.pointsIntoGroup(global, 1));
  EXPECT_FALSE(memory.pointsIntoGroup(5, 1));
  EXPECT_EQ(memory.groupPointedInto(second + 2), 1u);
  EXPECT_EQ(memory.groupPointedInto(global), ~0u);

  Address moved = memory.relocated(first + 4, 1, 3);
  Address newSecond = memory.relocated(second, 1, 3);
  EXPECT_NE(moved, first + 4);
  EXPECT_EQ(memory.relocated(global, 1, 3), global);
  EXPECT_EQ(memory.relocated(7, 1, 3), 7u);

  std::vector<MemoryObject> objects = memory.groupObjects(1);
  memory.relocateGroup(objects, 1, 3);
  std::vector<std::vector<MemoryObject>> groups(3);
  groups[2] = std::move(objects); // thread 3's; threads 1 and 2 have nothing
  memory.replaceGroups(1, std::move(groups));

  EXPECT_EQ(memory.check(first, 1, false), MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.check(newSecond, 16, true), MemoryFault::None);
  EXPECT_EQ(memory.check(moved - 4, 16, true), MemoryFault::None);
  uint64_t value = 0;
  ASSERT_EQ(memory.read(newSecond, width, value), MemoryFault::None);
  EXPECT_EQ(value, moved);
  ASSERT_EQ(memory.read(newSecond + width, width, value), MemoryFault::None);
  EXPECT_EQ(value, global);
  EXPECT_EQ(memory.dynamicBytes(), 32u);
  // A new object of thread 3 lies after the moved ones.
  Address third = memory.allocate(ObjectKind::Heap, 4, 4, 3);
  EXPECT_NE(third, 0u);
  EXPECT_EQ(memory.check(third, 4, true), MemoryFault::None);
  EXPECT_EQ(memory.groupPointedInto(third), 3u);
}

TEST_P(ThreadGroupsTest, GroupKeysDoNotDependOnTheThreadNumber) {
  for (uint32_t thread : {1u, 2u}) {
    Address object = memory.allocate(ObjectKind::Stack, 8, 8, thread);
    ASSERT_EQ(memory.write(object, width, object), MemoryFault::None); // points to itself
  }
  std::vector<MemoryObject> one = memory.groupObjects(1), two = memory.groupObjects(2);
  memory.relocateGroup(one, 1, 9);
  memory.relocateGroup(two, 2, 9);
  std::string keyOne, keyTwo;
  StateWriter outOne(keyOne), outTwo(keyTwo);
  Memory::writeGroup(outOne, one);
  Memory::writeGroup(outTwo, two);
  EXPECT_EQ(keyOne, keyTwo);
}

INSTANTIATE_TEST_SUITE_P(DataModels, ThreadGroupsTest, ::testing::Values(false, true),
                         [](const auto &info) { return info.param ? "ILP32" : "LP64"; });

} // namespace
} // namespace bpor
