// Narrow (32-bit) memory: addresses are 32-bit virtual addresses laid out per group (static
// objects, then one arena per allocating thread), resolved to objects by search.
#include "memory/Memory.h"

#include <gtest/gtest.h>

namespace bpor {
namespace {

class NarrowMemoryTest : public ::testing::Test {
protected:
  Memory memory{/*narrow=*/true};
  Address counter = 0, message = 0, mainFunction = 0;

  void SetUp() override {
    counter = memory.addGlobal("counter", 8, false);
    message = memory.addGlobal("message", 3, true);
    mainFunction = memory.addFunction("main");
    ASSERT_EQ(memory.write(counter, 4, 41), MemoryFault::None);
    std::memcpy(memory.host(message), "hi", 3);
    memory.sealStatic();
  }
};

TEST_F(NarrowMemoryTest, StaticObjectsFollowEachOtherWithAGap) {
  EXPECT_EQ(counter, NarrowFirstAddress);
  EXPECT_EQ(message, NarrowFirstAddress + 32); // 8 bytes, the gap, 16-byte aligned
  EXPECT_LT(mainFunction, uint64_t(1) << 32);
  uint32_t id = 0;
  uint64_t offset = 0;
  ASSERT_TRUE(memory.locate(counter + 4, id, offset));
  EXPECT_EQ(id, 1u);
  EXPECT_EQ(offset, 4u);
  EXPECT_EQ(memory.addressOf(id, offset), counter + 4);
  uint64_t value = 0;
  EXPECT_EQ(memory.read(counter, 4, value), MemoryFault::None);
  EXPECT_EQ(value, 41u);
}

TEST_F(NarrowMemoryTest, FaultsAreTheWideMemorysFaults) {
  EXPECT_EQ(memory.check(0, 1, false), MemoryFault::NullPointer);
  EXPECT_EQ(memory.check(16, 1, false), MemoryFault::NullPointer); // null + offset
  EXPECT_EQ(memory.check(counter + 8, 1, false), MemoryFault::OutOfBounds); // in the gap
  EXPECT_EQ(memory.check(counter + 8, 0, false), MemoryFault::None);        // one past the end
  EXPECT_EQ(memory.check(message, 1, true), MemoryFault::WriteToReadOnly);
  EXPECT_EQ(memory.check(mainFunction, 1, false), MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.check(uint64_t(1) << 32, 1, false), MemoryFault::InvalidPointer);
  // An arena nobody allocated in.
  Address unused = Address(NarrowStaticArenas + 5) << NarrowArenaBits;
  EXPECT_EQ(memory.check(unused, 1, false), MemoryFault::InvalidPointer);
}

// As in wide memory, a thread's objects are named and placed by that thread's own allocations,
// whatever the other threads did in between.
TEST_F(NarrowMemoryTest, ThreadArenasAreScheduleIndependent) {
  Address a0 = memory.allocate(ObjectKind::Heap, 20, 16, 1);
  Address b0 = memory.allocate(ObjectKind::Heap, 4, 16, 2);
  Address a1 = memory.allocate(ObjectKind::Stack, 4, 64, 1);
  memory.reset();
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 4, 16, 2), b0);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 20, 16, 1), a0);
  EXPECT_EQ(memory.allocate(ObjectKind::Stack, 4, 64, 1), a1);
  EXPECT_EQ(a0, Address(NarrowStaticArenas + 1) << NarrowArenaBits);
  EXPECT_EQ(a1 % 64, 0u);
  EXPECT_GE(a1, a0 + 20 + NarrowGap);
  EXPECT_EQ(memory.describe(a0 + 4), "heap object #1.0+4");
  EXPECT_EQ(memory.describe(a1 - 2), "stack of thread 1-2"); // in the gap below a1
  EXPECT_EQ(memory.release(a0 + 4, ObjectKind::Heap), MemoryFault::InvalidFree);
  EXPECT_EQ(memory.release(a0, ObjectKind::Heap), MemoryFault::None);
  EXPECT_EQ(memory.check(a0, 1, false), MemoryFault::UseAfterFree);
  EXPECT_EQ(memory.release(a0, ObjectKind::Heap), MemoryFault::DoubleFree);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 4, 16, NarrowMaxAllocatingThreads), 0u);
}

TEST_F(NarrowMemoryTest, AThreadsArenaCanFillUp) {
  uint64_t arena = uint64_t(1) << NarrowArenaBits;
  EXPECT_NE(memory.allocate(ObjectKind::Heap, arena / 2, 16, 0), 0u);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, arena / 2, 16, 0), 0u);
  EXPECT_NE(memory.allocate(ObjectKind::Heap, arena / 2, 16, 1), 0u); // another arena
}

TEST_F(NarrowMemoryTest, SnapshotKeepsTheLayout) {
  Address kept = memory.allocate(ObjectKind::Heap, 8, 16, 0);
  Memory::Snapshot snapshot;
  memory.save(snapshot);
  Address later = memory.allocate(ObjectKind::Heap, 8, 16, 0);
  memory.restore(snapshot);
  EXPECT_EQ(memory.check(kept, 8, true), MemoryFault::None);
  EXPECT_EQ(memory.check(later, 1, false), MemoryFault::OutOfBounds); // past kept's end
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 8, 16, 0), later);
}

} // namespace
} // namespace bpor
