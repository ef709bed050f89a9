// Memory errors, checked when the access executes, and the libc models over memory.
#include "ExecutionFixture.h"

using namespace bpor;
using namespace bpor::test;

namespace {

void expectMemoryError(Execution &execution, const char *fault) {
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::MemoryError);
  EXPECT_NE(execution.error().message.find(fault), std::string::npos)
      << execution.error().message;
}

} // namespace

TEST(MemoryErrors, NullPointerLoad) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
  %v = call i64 @__bpor_load(ptr null, i64 4, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Load);
  EXPECT_EQ(execution.status(), ExecStatus::Running); // checked only when it executes
  execution.step(0);
  expectMemoryError(execution, memoryFaultName(MemoryFault::NullPointer));
}

TEST(MemoryErrors, OutOfBoundsStore) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
  %p = getelementptr i8, ptr @x, i64 2
  call void @__bpor_store(ptr %p, i64 1, i64 4, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  const Operation &store = execution.pending(0);
  EXPECT_EQ(store.accesses[0].address, built.program->findGlobal("x") + 2);
  execution.step(0);
  expectMemoryError(execution, memoryFaultName(MemoryFault::OutOfBounds));
}

TEST(MemoryErrors, UseAfterFreeOnlyWhenTheAccessFollowsTheFree) {
  BuiltProgram built = buildProgram(R"IR(
@p = global ptr null
define ptr @reader(ptr %arg) {
  %v = call i64 @__bpor_load(ptr %arg, i64 4, i32 0, i32 0)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  %m = call ptr @malloc(i64 4)
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @reader, ptr %m)
  call void @free(ptr %m)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // fork
  const Operation &free = execution.pending(0);
  EXPECT_EQ(free.kind, OpKind::Free);
  ASSERT_EQ(free.numAccesses, 1);
  EXPECT_EQ(free.accesses[0].size, 4u); // the whole object
  EXPECT_TRUE(free.accesses[0].write);
  EXPECT_EQ(free.accesses[0].address, execution.pending(1).accesses[0].address);
  execution.step(1); // read before the free: fine
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  execution.restart();
  runSchedule(execution, {0, 0});
  execution.step(1); // read after the free
  expectMemoryError(execution, memoryFaultName(MemoryFault::UseAfterFree));
  EXPECT_EQ(execution.error().thread, 1u);
}

TEST(MemoryErrors, DoubleAndInvalidFree) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
  %m = call ptr @malloc(i64 8)
  call void @free(ptr %m)
  call void @free(ptr %m)
  ret i32 0
}
define i32 @other() {
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  stepMainToEnd(execution);
  expectMemoryError(execution, memoryFaultName(MemoryFault::DoubleFree));

  BuiltProgram invalid = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
  call void @free(ptr @x)
  ret i32 0
}
)IR");
  ASSERT_TRUE(invalid.program);
  Execution second(*invalid.program);
  stepMainToEnd(second);
  expectMemoryError(second, memoryFaultName(MemoryFault::InvalidFree));
}

TEST(Libc, StringFunctionsOnSharedMemoryAreVisibleWithWholeObjectFootprints) {
  BuiltProgram built = buildProgram(R"IR(
@buf = global [16 x i8] c"hello\00\00\00\00\00\00\00\00\00\00\00"
@len = global i64 0
@cmp = global i32 0
@hi = constant [3 x i8] c"hi\00"
define i32 @main() {
  %p = getelementptr i8, ptr @buf, i64 1
  %n = call i64 @strlen(ptr %p)
  store i64 %n, ptr @len
  %local = alloca [8 x i8]
  call ptr @strcpy(ptr %local, ptr @hi)
  %c = call i32 @strcmp(ptr %local, ptr @hi)
  store i32 %c, ptr @cmp
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  const Operation &strlen = execution.pending(0);
  EXPECT_EQ(strlen.kind, OpKind::MemoryCopy);
  ASSERT_EQ(strlen.numAccesses, 1);
  EXPECT_EQ(strlen.accesses[0].address, built.program->findGlobal("buf") + 1);
  EXPECT_EQ(strlen.accesses[0].size, 15u); // to the end of the object
  EXPECT_FALSE(strlen.accesses[0].write);
  execution.step(0);
  // strcpy/strcmp touch only main's stack and a constant: not visible, main ran to its end.
  EXPECT_EQ(execution.pending(0).kind, OpKind::Exit);
  EXPECT_EQ(globalValue(execution, *built.program, "len", 8), 4u);
  EXPECT_EQ(globalValue(execution, *built.program, "cmp"), 0u);
}

TEST(Libc, AllocationCopyAndCompare) {
  BuiltProgram built = buildProgram(R"IR(
@r = global [4 x i32] zeroinitializer
@abc = constant [4 x i8] c"abc\00"
@abd = constant [4 x i8] c"abd\00"
define i32 @main() {
  %z = call ptr @calloc(i64 4, i64 4)
  %z1 = load i32, ptr %z
  store i32 %z1, ptr @r
  %d = call ptr @strdup(ptr @abc)
  %c = call i32 @strcmp(ptr %d, ptr @abd)
  %r1 = getelementptr i32, ptr @r, i64 1
  store i32 %c, ptr %r1
  %big = call ptr @realloc(ptr %d, i64 64)
  %n = call i64 @strlen(ptr %big)
  %n32 = trunc i64 %n to i32
  %r2 = getelementptr i32, ptr @r, i64 2
  store i32 %n32, ptr %r2
  %m = call i32 @memcmp(ptr %big, ptr @abc, i64 4)
  %r3 = getelementptr i32, ptr @r, i64 3
  store i32 %m, ptr %r3
  call void @free(ptr %big)
  call void @free(ptr %z)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  stepMainToEnd(execution);
  ASSERT_EQ(execution.status(), ExecStatus::Finished) << execution.error().message;
  Address r = built.program->findGlobal("r");
  uint64_t v[4];
  for (int i = 0; i < 4; ++i)
    execution.memory().read(r + 4 * i, 4, v[i]);
  EXPECT_EQ(v[0], 0u);
  EXPECT_EQ(v[1], uint32_t(-1));
  EXPECT_EQ(v[2], 3u);
  EXPECT_EQ(v[3], 0u);
}

TEST(Libc, PrintfOutputIsKeptAndSprintfWritesMemory) {
  BuiltProgram built = buildProgram(R"IR(
@fmt = constant [13 x i8] c"%d-%s-%5.2f\0A\00"
@word = constant [3 x i8] c"ok\00"
@hello = constant [6 x i8] c"hello\00"
@out = global [32 x i8] zeroinitializer
@fmt2 = constant [5 x i8] c"<%x>\00"
define i32 @main() {
  call i32 (ptr, ...) @printf(ptr @fmt, i32 -4, ptr @word, double 3.14159)
  call i32 @puts(ptr @hello)
  call i32 @putchar(i32 33)
  call i32 (ptr, ptr, ...) @sprintf(ptr @out, ptr @fmt2, i32 255)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_EQ(execution.status(), ExecStatus::Running) << execution.error().message;
  EXPECT_EQ(execution.output(), "-4-ok- 3.14\nhello\n!");
  // printf, puts and putchar touch constants only and run at the call; sprintf writes a global
  // other threads could read, so it is a visible step first (Performer::AtCall).
  ASSERT_EQ(execution.pending(0).kind, OpKind::MemoryCopy);
  ASSERT_EQ(execution.pending(0).numAccesses, 2u);
  EXPECT_TRUE(execution.pending(0).accesses[1].write);
  execution.step(0);
  std::string out;
  EXPECT_EQ(execution.memory().readString(built.program->findGlobal("out"), out),
            MemoryFault::None);
  EXPECT_EQ(out, "<ff>");
  execution.restart();
  EXPECT_EQ(execution.output(), "-4-ok- 3.14\nhello\n!"); // not doubled: output restarts too
}

TEST(MemoryErrors, WriteToConstantAndAccessThroughAFunctionPointer) {
  BuiltProgram constant = buildProgram(R"IR(
@c = constant i32 5
define i32 @main() {
  call void @__bpor_store(ptr @c, i64 1, i64 4, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(constant.program);
  Execution first(*constant.program);
  first.step(0);
  expectMemoryError(first, memoryFaultName(MemoryFault::WriteToReadOnly));

  BuiltProgram function = buildProgram(R"IR(
define i32 @main() {
  %v = call i64 @__bpor_load(ptr @main, i64 4, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(function.program);
  Execution second(*function.program);
  second.step(0);
  expectMemoryError(second, memoryFaultName(MemoryFault::InvalidPointer));
}
