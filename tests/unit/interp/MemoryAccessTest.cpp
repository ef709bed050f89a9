// Loads, stores, GEPs, allocas, globals and their relocations, memory
// intrinsics, and each memory fault kind raised from interpreted code.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class MemoryAccessTest : public InterpTest {
protected:
  /// A heap for the tests: malloc and free answered with Memory::allocate /
  /// release; a failed release is reported through `freeFault`.
  MemoryFault freeFault = MemoryFault::None;
  void installHeap() {
    registry.add("malloc", 1);
    registry.add("free", 2);
    handler.onCall = [this](ThreadState &, const ExternalCall &call,
                            Slot *result) {
      if (call.id == 1)
        result[0] = memory.allocate(ObjectKind::Heap, call.arg(0), 16, 0);
      else
        freeFault = memory.release(call.arg(0), ObjectKind::Heap);
      return CallOutcome::Return;
    };
  }
};

TEST_F(MemoryAccessTest, GlobalsWithInitialImagesAndRelocations) {
  load(R"(
%struct.S = type { i8, i32, ptr, [2 x i16] }
@counter = global i32 41
@s = global %struct.S { i8 1, i32 2, ptr getelementptr (i8, ptr @counter, i64 2), [2 x i16] [i16 3, i16 4] }
@text = constant [6 x i8] c"hello\00"
define i32 @bump() {
  %v = load i32, ptr @counter
  %w = add i32 %v, 1
  store i32 %w, ptr @counter
  ret i32 %w
}
define i64 @field(i64 %i) {
  %p = getelementptr %struct.S, ptr @s, i64 0, i32 3, i64 %i
  %v = load i16, ptr %p
  %r = zext i16 %v to i64
  ret i64 %r
}
define ptr @pointer() {
  %p = getelementptr %struct.S, ptr @s, i64 0, i32 2
  %v = load ptr, ptr %p
  ret ptr %v
}
define i8 @char(i64 %i) {
  %p = getelementptr [6 x i8], ptr @text, i64 0, i64 %i
  %c = load i8, ptr %p
  ret i8 %c
}
)");
  Address counter = program->findGlobal("counter");
  EXPECT_EQ(call("bump"), 42u);
  EXPECT_EQ(call("bump"), 43u);
  EXPECT_EQ(call("field", {0}), 3u);
  EXPECT_EQ(call("field", {1}), 4u);
  EXPECT_EQ(call("pointer"), counter + 2);
  EXPECT_EQ(call("char", {1}), uint64_t('e'));
  // The struct's layout follows the DataLayout: i8 at 0, i32 at 4, ptr at 8,
  // i16s at 16.
  const MemoryObject *object = memory.object(program->findGlobal("s"));
  ASSERT_NE(object, nullptr);
  EXPECT_EQ(object->size, 24u);
  EXPECT_EQ(object->bytes()[0], 1);
  EXPECT_EQ(object->bytes()[4], 2);
  EXPECT_EQ(object->bytes()[16], 3);
  memory.reset();
  EXPECT_EQ(call("bump"), 42u);
}

TEST_F(MemoryAccessTest, AllocaLoadStoreAndVariableGep) {
  load(R"(
define i32 @sum_array(i32 %n) {
entry:
  %arr = alloca [10 x i32]
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %idx = sext i32 %i to i64
  %p = getelementptr [10 x i32], ptr %arr, i64 0, i64 %idx
  %sq = mul i32 %i, %i
  store i32 %sq, ptr %p
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %fill, label %sum
sum:
  %j = phi i32 [ 0, %fill ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc.next, %sum ]
  %q = getelementptr inbounds i32, ptr %arr, i32 %j
  %v = load i32, ptr %q
  %acc.next = add i32 %acc, %v
  %j.next = add i32 %j, 1
  %d = icmp slt i32 %j.next, %n
  br i1 %d, label %sum, label %done
done:
  ret i32 %acc.next
}
)");
  EXPECT_EQ(call("sum_array", {10}), 285u);
  Fault error = fault("sum_array", {11});
  EXPECT_EQ(error.kind, ErrorKind::MemoryError);
  EXPECT_EQ(error.memory, MemoryFault::OutOfBounds);
  EXPECT_EQ(error.message.substr(0, 46),
            "out-of-bounds access: store of 4 bytes at stac");
  EXPECT_NE(error.message.find("+40 (object size 40)"), std::string::npos)
      << error.message;
}

TEST_F(MemoryAccessTest, NullAndInvalidPointers) {
  load(R"(
define i32 @deref(ptr %p) { %v = load i32, ptr %p
  ret i32 %v }
)");
  Fault null = fault("deref", {0});
  EXPECT_EQ(null.memory, MemoryFault::NullPointer);
  EXPECT_EQ(null.message, "null pointer dereference: load of 4 bytes at null");
  Fault invalid = fault("deref", {makeAddress(1000, 0)});
  EXPECT_EQ(invalid.memory, MemoryFault::InvalidPointer);
  EXPECT_EQ(
      invalid.message,
      "invalid pointer: load of 4 bytes at invalid pointer 0x3e800000000");
  Fault function = fault("deref", {program->findFunction("deref")});
  EXPECT_EQ(function.memory, MemoryFault::InvalidPointer);
}

TEST_F(MemoryAccessTest, WriteToConstantGlobal) {
  load(R"(
@k = constant i32 5
define void @poke() { store i32 6, ptr @k
  ret void }
)");
  Fault error = fault("poke");
  EXPECT_EQ(error.memory, MemoryFault::WriteToReadOnly);
  EXPECT_EQ(error.message,
            "write to read-only memory: store of 4 bytes at global k");
}

TEST_F(MemoryAccessTest, UseAfterReturn) {
  load(R"(
define ptr @escape() {
  %x = alloca i32
  store i32 1, ptr %x
  ret ptr %x
}
define i32 @use() {
  %p = call ptr @escape()
  %v = load i32, ptr %p
  ret i32 %v
}
)");
  Fault error = fault("use");
  EXPECT_EQ(error.memory, MemoryFault::UseAfterFree);
  EXPECT_EQ(error.message,
            "use after free: load of 4 bytes at stack of thread 0 (freed)");
}

TEST_F(MemoryAccessTest, HeapUseAfterFreeDoubleFreeInvalidFree) {
  installHeap();
  load(R"(
declare ptr @malloc(i64)
declare void @free(ptr)
define i32 @uaf() {
  %p = call ptr @malloc(i64 8)
  store i32 3, ptr %p
  call void @free(ptr %p)
  %v = load i32, ptr %p
  ret i32 %v
}
define void @twice() {
  %p = call ptr @malloc(i64 8)
  call void @free(ptr %p)
  call void @free(ptr %p)
  ret void
}
define void @interior() {
  %p = call ptr @malloc(i64 8)
  %q = getelementptr i8, ptr %p, i64 4
  call void @free(ptr %q)
  ret void
}
)");
  Fault error = fault("uaf");
  EXPECT_EQ(error.memory, MemoryFault::UseAfterFree);
  EXPECT_EQ(error.message,
            "use after free: load of 4 bytes at heap object #0.0 (freed)");
  ThreadState thread;
  EXPECT_EQ(run(thread, "twice"), RunResult::Returned);
  EXPECT_EQ(freeFault, MemoryFault::DoubleFree);
  EXPECT_EQ(run(thread, "interior"), RunResult::Returned);
  EXPECT_EQ(freeFault, MemoryFault::InvalidFree);
}

TEST_F(MemoryAccessTest, MemoryIntrinsics) {
  load(R"(
@src = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define i32 @copy() {
  %dst = alloca [4 x i32]
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr @src, i64 16, i1 false)
  %q = getelementptr i8, ptr %dst, i64 4
  call void @llvm.memmove.p0.p0.i64(ptr %q, ptr %dst, i64 8, i1 false)
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 4, i1 false)
  %p0 = load i32, ptr %dst
  %p1 = getelementptr i32, ptr %dst, i64 1
  %v1 = load i32, ptr %p1
  %p2 = getelementptr i32, ptr %dst, i64 2
  %v2 = load i32, ptr %p2
  %p3 = getelementptr i32, ptr %dst, i64 3
  %v3 = load i32, ptr %p3
  %a = mul i32 %v1, 100
  %b = mul i32 %v2, 10
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %v3
  %s3 = add i32 %s2, %p0
  ret i32 %s3
}
define void @overflow() {
  %dst = alloca [2 x i32]
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr @src, i64 16, i1 false)
  ret void
}
)");
  EXPECT_EQ(call("copy"), 124u); // {0, 1, 2, 4}
  Fault error = fault("overflow");
  EXPECT_EQ(error.memory, MemoryFault::OutOfBounds);
  EXPECT_EQ(error.message.substr(0, 48),
            "out-of-bounds access: memcpy write of 16 bytes a");
}

TEST_F(MemoryAccessTest, FaultLocationComesFromDebugInfo) {
  load(R"(
define i32 @deref(ptr %p) !dbg !5 {
  %v = load i32, ptr %p, !dbg !8
  ret i32 %v
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", emissionKind: FullDebug)
!1 = !DIFile(filename: "prog.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "deref", scope: !1, file: !1, line: 3, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 4, column: 10, scope: !5)
)");
  Fault error = fault("deref", {0});
  EXPECT_EQ(error.location.str(), "prog.c:4:10");
}

} // namespace
} // namespace bpor::test
