#include "memory/Memory.h"

#include <gtest/gtest.h>

namespace bpor {
namespace {

class MemoryTest : public ::testing::Test {
protected:
  Memory memory;
  Address counter = 0, message = 0, mainFunction = 0;

  void SetUp() override {
    counter = memory.addGlobal("counter", 8, false);
    message = memory.addGlobal("message", 3, true);
    mainFunction = memory.addFunction("main");
    ASSERT_EQ(memory.write(counter, 8, 41), MemoryFault::None);
    std::memcpy(memory.host(message), "hi", 3);
    memory.sealStatic();
  }
};

TEST_F(MemoryTest, AddressesEncodeObjectAndOffset) {
  EXPECT_EQ(counter, makeAddress(1, 0));
  EXPECT_EQ(message, makeAddress(2, 0));
  EXPECT_EQ(objectIdOf(counter + 4), 1u);
  EXPECT_EQ(offsetOf(counter + 4), 4u);
  EXPECT_EQ(memory.numStaticObjects(), 4u);
}

TEST_F(MemoryTest, ReadsAndWritesLittleEndian) {
  uint64_t value = 0;
  EXPECT_EQ(memory.read(counter, 8, value), MemoryFault::None);
  EXPECT_EQ(value, 41u);
  EXPECT_EQ(memory.write(counter + 1, 2, 0xabcd), MemoryFault::None);
  EXPECT_EQ(memory.read(counter, 4, value), MemoryFault::None);
  EXPECT_EQ(value, 0xabcd29u);
}

TEST_F(MemoryTest, FaultKinds) {
  EXPECT_EQ(memory.check(0, 1, false), MemoryFault::NullPointer);
  EXPECT_EQ(memory.check(16, 1, false), MemoryFault::NullPointer);
  EXPECT_EQ(memory.check(makeAddress(99, 0), 1, false),
            MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.check(mainFunction, 1, false), MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.check(counter + 4, 4, false), MemoryFault::None);
  EXPECT_EQ(memory.check(counter + 5, 4, false), MemoryFault::OutOfBounds);
  // Below an object is far beyond the end of the previous one.
  EXPECT_EQ(memory.check(message - 1, 1, false), MemoryFault::OutOfBounds);
  EXPECT_EQ(memory.check(message, 1, true), MemoryFault::WriteToReadOnly);
  EXPECT_EQ(memory.check(message, 3, false), MemoryFault::None);
  Address heap = memory.allocate(ObjectKind::Heap, 4, 16, 0);
  EXPECT_EQ(memory.release(heap, ObjectKind::Heap), MemoryFault::None);
  EXPECT_EQ(memory.check(heap, 1, false), MemoryFault::UseAfterFree);
}

TEST_F(MemoryTest, ReleaseFaults) {
  Address heap = memory.allocate(ObjectKind::Heap, 16, 16, 0);
  Address stack = memory.allocate(ObjectKind::Stack, 16, 16, 2);
  EXPECT_EQ(memory.release(0, ObjectKind::Heap),
            MemoryFault::None); // free(NULL)
  EXPECT_EQ(memory.release(heap + 8, ObjectKind::Heap),
            MemoryFault::InvalidFree);
  EXPECT_EQ(memory.release(stack, ObjectKind::Heap), MemoryFault::InvalidFree);
  EXPECT_EQ(memory.release(counter, ObjectKind::Heap),
            MemoryFault::InvalidFree);
  EXPECT_EQ(memory.release(makeAddress(99, 0), ObjectKind::Heap),
            MemoryFault::InvalidFree);
  EXPECT_EQ(memory.release(heap, ObjectKind::Heap), MemoryFault::None);
  EXPECT_EQ(memory.release(heap, ObjectKind::Heap), MemoryFault::DoubleFree);
  EXPECT_EQ(memory.release(stack, ObjectKind::Stack), MemoryFault::None);
}

TEST_F(MemoryTest, AllocationIsZeroedAndHostAligned) {
  Address heap = memory.allocate(ObjectKind::Heap, 100, 16, 0, 7);
  ASSERT_NE(heap, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(memory.host(heap)) % 16, 0u);
  for (uint64_t i = 0; i < 100; ++i)
    EXPECT_EQ(memory.host(heap)[i], 0);
  EXPECT_EQ(memory.object(heap)->site, 7u);
  EXPECT_EQ(memory.dynamicBytes(), 100u);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, uint64_t(1) << 32, 16, 0), 0u);
  memory.setLimit(150);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 51, 16, 0), 0u);
  EXPECT_NE(memory.allocate(ObjectKind::Heap, 50, 16, 0), 0u);
}

// Buffers of released objects and of a reset are reused (Memory's pool): a reused buffer must
// read as zeroes like a fresh one, whatever the previous object left in it.
TEST_F(MemoryTest, ReusedBuffersAreZeroed) {
  Address first = memory.allocate(ObjectKind::Heap, 64, 16, 0);
  std::memset(memory.host(first), 0xab, 64);
  ASSERT_EQ(memory.release(first, ObjectKind::Heap), MemoryFault::None);
  Address second = memory.allocate(ObjectKind::Heap, 48, 16, 0);
  for (uint64_t i = 0; i < 48; ++i)
    ASSERT_EQ(memory.host(second)[i], 0) << i;
  std::memset(memory.host(second), 0xcd, 48);
  memory.reset();
  Address third = memory.allocate(ObjectKind::Stack, 80, 16, 1);
  EXPECT_EQ(third, makeAddress(dynamicObjectId(1, 0), 0));
  for (uint64_t i = 0; i < 80; ++i)
    ASSERT_EQ(memory.host(third)[i], 0) << i;
  EXPECT_EQ(memory.dynamicBytes(), 80u);
}

// A snapshot brings back the globals, every dynamic object (live or freed, with its bytes) and
// the byte count, from a state with fewer or more objects than at save time.
// Bytes never written (malloc's memory): stores and copies of written bytes define them, a copy
// of undefined ones carries them over, the last write empties the bitmap, and a snapshot and
// the state key keep them.
TEST_F(MemoryTest, BytesNeverWritten) {
  Address block = memory.allocate(ObjectKind::Heap, 16, 16, 0);
  Address other = memory.allocate(ObjectKind::Heap, 16, 16, 0);
  EXPECT_FALSE(memory.anyUndefined(block, 16)); // allocate alone: every byte zero, defined
  memory.markUndefined(block, 16);
  memory.markUndefined(other, 16);
  EXPECT_TRUE(memory.anyUndefined(block, 1));
  ASSERT_EQ(memory.write(block, 4, 7), MemoryFault::None);
  EXPECT_FALSE(memory.anyUndefined(block, 4));
  EXPECT_TRUE(memory.anyUndefined(block, 5));
  memory.copyDefinedness(other, block, 8); // bytes 0-3 written, 4-7 not
  EXPECT_FALSE(memory.anyUndefined(other, 4));
  EXPECT_TRUE(memory.anyUndefined(other + 4, 1));
  Memory::Snapshot snapshot;
  memory.save(snapshot);
  memory.markDefined(block, 16);
  EXPECT_FALSE(memory.anyUndefined(block, 16));
  EXPECT_TRUE(memory.object(block)->undefined.empty());
  memory.restore(snapshot);
  EXPECT_TRUE(memory.anyUndefined(block + 4, 12));
  EXPECT_FALSE(memory.anyUndefined(block, 4));
  // The state key tells a byte never written from a written zero.
  std::string before, after;
  StateWriter keyBefore(before), keyAfter(after);
  memory.writeState(keyBefore);
  memory.markDefined(block + 8, 1);
  memory.writeState(keyAfter);
  EXPECT_NE(before, after);
}

TEST_F(MemoryTest, SnapshotRestoresObjectsAndGlobals) {
  Address kept = memory.allocate(ObjectKind::Heap, 8, 16, 0, 3);
  Address freed = memory.allocate(ObjectKind::Heap, 8, 16, 0);
  ASSERT_EQ(memory.write(kept, 8, 0x1122334455667788), MemoryFault::None);
  ASSERT_EQ(memory.release(freed, ObjectKind::Heap), MemoryFault::None);
  ASSERT_EQ(memory.write(counter, 8, 7), MemoryFault::None);
  Memory::Snapshot snapshot;
  memory.save(snapshot);
  EXPECT_GT(snapshot.bytes(), 0u);

  auto expectSaved = [&] {
    uint64_t value = 0;
    EXPECT_EQ(memory.numObjects(), memory.numStaticObjects() + 2);
    EXPECT_EQ(memory.read(kept, 8, value), MemoryFault::None);
    EXPECT_EQ(value, 0x1122334455667788u);
    EXPECT_EQ(memory.object(kept)->site, 3u);
    EXPECT_EQ(memory.check(freed, 1, false), MemoryFault::UseAfterFree);
    EXPECT_EQ(memory.read(counter, 8, value), MemoryFault::None);
    EXPECT_EQ(value, 7u);
    EXPECT_EQ(memory.dynamicBytes(), 8u);
  };
  // More objects than saved, changed bytes and globals.
  ASSERT_EQ(memory.write(kept, 8, 1), MemoryFault::None);
  ASSERT_EQ(memory.write(counter, 8, 9), MemoryFault::None);
  memory.allocate(ObjectKind::Heap, 32, 16, 0);
  memory.restore(snapshot);
  expectSaved();
  // Fewer objects than saved.
  memory.reset();
  EXPECT_EQ(memory.numObjects(), memory.numStaticObjects());
  memory.restore(snapshot);
  expectSaved();
  // The snapshot stays valid for further restores.
  memory.release(kept, ObjectKind::Heap);
  memory.restore(snapshot);
  expectSaved();
}

TEST_F(MemoryTest, RestoringAReleasedObjectReusesPooledBuffers) {
  // A search returns to a checkpoint taken while an object was alive, after the object was
  // released, again and again: its buffer comes from the pool each time, so the pool (and the
  // process) does not grow with the number of restores.
  Address object = memory.allocate(ObjectKind::Heap, 64, 16, 0);
  Memory::Snapshot snapshot;
  memory.save(snapshot);
  for (int round = 0; round < 1000; ++round) {
    ASSERT_EQ(memory.release(object, ObjectKind::Heap), MemoryFault::None);
    memory.restore(snapshot);
  }
  EXPECT_LE(memory.pooledBuffers(), 1u);
}

TEST_F(MemoryTest, Describe) {
  Address heap = memory.allocate(ObjectKind::Heap, 16, 16, 0);
  Address stack = memory.allocate(ObjectKind::Stack, 16, 16, 1);
  EXPECT_EQ(memory.describe(counter + 4), "global counter+4");
  EXPECT_EQ(memory.describe(heap + 8), "heap object #0.0+8");
  EXPECT_EQ(memory.describe(heap - 2), "heap object #0.0-2"); // below an object
  EXPECT_EQ(memory.describe(mainFunction), "function main");
  EXPECT_EQ(memory.describe(0), "null");
  EXPECT_EQ(memory.describe(message - 4),
            "global message-4"); // below an object
  EXPECT_EQ(memory.describe(counter + 12), "global counter+12");
  EXPECT_EQ(memory.describe(makeAddress(99, 0)),
            "invalid pointer 0x6300000000");
  memory.release(stack, ObjectKind::Stack);
  EXPECT_EQ(memory.describe(stack), "stack of thread 1 (freed)");
}

// An object's id is (the thread that allocated it, that thread's count of allocations so far),
// so it does not depend on how the threads' allocations interleave.
TEST_F(MemoryTest, DynamicIdsDependOnlyOnTheAllocatingThread) {
  Address a0 = memory.allocate(ObjectKind::Heap, 4, 16, 1);
  Address b0 = memory.allocate(ObjectKind::Heap, 4, 16, 2);
  Address a1 = memory.allocate(ObjectKind::Stack, 4, 16, 1);
  memory.reset();
  Address b0Again = memory.allocate(ObjectKind::Heap, 4, 16, 2);
  Address a0Again = memory.allocate(ObjectKind::Heap, 4, 16, 1);
  Address a1Again = memory.allocate(ObjectKind::Stack, 4, 16, 1);
  EXPECT_EQ(a0, a0Again);
  EXPECT_EQ(b0, b0Again);
  EXPECT_EQ(a1, a1Again);
  EXPECT_EQ(a0, makeAddress(dynamicObjectId(1, 0), 0));
  EXPECT_EQ(a1, makeAddress(dynamicObjectId(1, 1), 0));
  EXPECT_EQ(b0, makeAddress(dynamicObjectId(2, 0), 0));
  EXPECT_EQ(memory.describe(b0), "heap object #2.0");
  // A thread that never allocated owns no ids; the last group is not program memory.
  EXPECT_EQ(memory.check(makeAddress(dynamicObjectId(7, 0), 0), 1, false),
            MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 4, 16, MaxAllocatingThreads), 0u);
}

TEST_F(MemoryTest, ResetRestoresInitialState) {
  ASSERT_EQ(memory.write(counter, 8, 7), MemoryFault::None);
  Address heap = memory.allocate(ObjectKind::Heap, 16, 16, 0);
  memory.reset();
  uint64_t value = 0;
  EXPECT_EQ(memory.read(counter, 8, value), MemoryFault::None);
  EXPECT_EQ(value, 41u);
  EXPECT_EQ(memory.check(heap, 1, false), MemoryFault::InvalidPointer);
  EXPECT_EQ(memory.numObjects(), 4u);
  EXPECT_EQ(memory.dynamicBytes(), 0u);
  EXPECT_EQ(memory.allocate(ObjectKind::Heap, 16, 16, 0),
            heap); // numbering is deterministic
}

TEST_F(MemoryTest, CopyIsIndependent) {
  Address heap = memory.allocate(ObjectKind::Heap, 8, 16, 0);
  ASSERT_EQ(memory.write(heap, 8, 5), MemoryFault::None);
  Memory checkpoint = memory;
  ASSERT_EQ(memory.write(heap, 8, 6), MemoryFault::None);
  ASSERT_EQ(memory.release(heap, ObjectKind::Heap), MemoryFault::None);
  uint64_t value = 0;
  EXPECT_EQ(checkpoint.read(heap, 8, value), MemoryFault::None);
  EXPECT_EQ(value, 5u);
  memory = checkpoint;
  EXPECT_EQ(memory.read(heap, 8, value), MemoryFault::None);
  EXPECT_EQ(value, 5u);
}

TEST_F(MemoryTest, ReadString) {
  std::string text;
  EXPECT_EQ(memory.readString(message, text), MemoryFault::None);
  EXPECT_EQ(text, "hi");
  Address heap = memory.allocate(ObjectKind::Heap, 2, 16, 0);
  ASSERT_EQ(memory.write(heap, 2, 0x4141), MemoryFault::None);
  EXPECT_EQ(memory.readString(heap, text), MemoryFault::OutOfBounds);
}

} // namespace
} // namespace bpor
