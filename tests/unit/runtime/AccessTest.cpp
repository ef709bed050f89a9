// Exact footprints and values of the memory-access ABI calls, source locations, descriptions
// and the stack limit.
#include "ExecutionFixture.h"

using namespace bpor;
using namespace bpor::test;

TEST(Accesses, FootprintsAndValuesOfEveryAccessKind) {
  BuiltProgram built = buildProgram(R"IR(
@.file = private constant [4 x i8] c"a.c\00"
@__bpor_source_locations = constant [2 x { ptr, i32, i32 }] [{ ptr, i32, i32 } zeroinitializer, { ptr, i32, i32 } { ptr @.file, i32 7, i32 3 }]
@x = global i64 5
@y = global [16 x i8] zeroinitializer
define i32 @main() {
  %buf = alloca [16 x i8]
  %old = call i64 @__bpor_rmw(ptr @x, i64 3, i64 8, i32 1, i32 7, i32 1)
  %seen = call i64 @__bpor_cmpxchg(ptr @x, i64 8, i64 20, i64 4, i32 7, i32 7, i32 1)
  call void @__bpor_memset(ptr @y, i8 65, i64 16, i32 1)
  call void @__bpor_memcpy(ptr %buf, ptr @y, i64 16, i32 1)
  call void @__bpor_store_bytes(ptr @y, ptr @x, i64 8, i32 0, i32 1)
  call void @__bpor_load_bytes(ptr @y, ptr %buf, i64 16, i32 0, i32 1)
  call void @__bpor_fence(i32 7, i32 1)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Address x = built.program->findGlobal("x"), y = built.program->findGlobal("y");
  Execution execution(*built.program);

  const Operation &rmw = execution.pending(0);
  EXPECT_EQ(rmw.kind, OpKind::ReadModifyWrite);
  ASSERT_EQ(rmw.numAccesses, 1);
  EXPECT_EQ(rmw.accesses[0].address, x);
  EXPECT_EQ(rmw.accesses[0].size, 8u);
  EXPECT_TRUE(rmw.accesses[0].write);
  EXPECT_EQ(rmw.location, 1u);
  EXPECT_EQ(execution.describeLocation(rmw.location), "a.c:7:3");
  SourceLocation where = execution.sourceLocation(rmw.location);
  EXPECT_EQ(where.file, "a.c");
  EXPECT_EQ(where.line, 7u);
  EXPECT_EQ(where.column, 3u);
  EXPECT_EQ(execution.step(0).value, 5u); // the old value
  EXPECT_EQ(globalValue(execution, *built.program, "x", 8), 8u);

  const Operation &cas = execution.pending(0);
  EXPECT_EQ(cas.kind, OpKind::ReadModifyWrite);
  EXPECT_EQ(cas.accesses[0].size, 4u);
  EXPECT_EQ(execution.step(0).value, 8u);
  EXPECT_EQ(globalValue(execution, *built.program, "x", 8), 20u); // the compare succeeded

  const Operation &memset = execution.pending(0);
  EXPECT_EQ(memset.kind, OpKind::MemoryCopy);
  ASSERT_EQ(memset.numAccesses, 1);
  EXPECT_EQ(memset.accesses[0].address, y);
  EXPECT_EQ(memset.accesses[0].size, 16u);
  execution.step(0);
  EXPECT_EQ(globalValue(execution, *built.program, "y", 8), 0x4141414141414141u);

  const Operation &memcpy = execution.pending(0);
  ASSERT_EQ(memcpy.numAccesses, 2);
  EXPECT_EQ(memcpy.accesses[0].address, y); // read the source
  EXPECT_FALSE(memcpy.accesses[0].write);
  EXPECT_TRUE(memcpy.accesses[1].write); // write the destination
  EXPECT_EQ(memcpy.accesses[1].size, 16u);
  execution.step(0);

  const Operation &storeBytes = execution.pending(0);
  EXPECT_EQ(storeBytes.kind, OpKind::Store);
  ASSERT_EQ(storeBytes.numAccesses, 1);
  EXPECT_EQ(storeBytes.accesses[0].address, y);
  EXPECT_EQ(storeBytes.accesses[0].size, 8u);
  execution.step(0);
  EXPECT_EQ(globalValue(execution, *built.program, "y", 8), 20u);

  const Operation &loadBytes = execution.pending(0);
  EXPECT_EQ(loadBytes.kind, OpKind::Load);
  EXPECT_EQ(loadBytes.accesses[0].size, 16u);
  EXPECT_FALSE(loadBytes.accesses[0].write);
  execution.step(0);

  const Operation &fence = execution.pending(0);
  EXPECT_EQ(fence.kind, OpKind::Fence);
  EXPECT_EQ(fence.numAccesses, 0);
  execution.step(0);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Exit);

  EXPECT_EQ(execution.describeAddress(threadHandleAddress(2)), "thread 2");
  EXPECT_NE(execution.describeAddress(y + 4).find("y"), std::string::npos);
}

TEST(Accesses, RmwOperations) {
  // op: 0 xchg, 2 sub, 3 and, 5 or, 6 xor, 7 max, 8 min, 9 umax, 10 umin
  const std::pair<uint32_t, uint64_t> cases[] = {
      {0, 9}, {2, 0xf3}, {3, 0x08}, {5, 0xfd}, {6, 0xf5}, {7, 9}, {8, 0xfc}, {9, 0xfc}, {10, 9}};
  for (auto [op, expected] : cases) {
    BuiltProgram built = buildProgram(cat({R"IR(
@x = global i8 -4
define i32 @main() {
  call i64 @__bpor_rmw(ptr @x, i64 9, i64 1, i32 )IR",
                                           std::to_string(op), R"IR(, i32 7, i32 0)
  ret i32 0
}
)IR"}));
    ASSERT_TRUE(built.program);
    Execution execution(*built.program);
    EXPECT_EQ(execution.step(0).value, 0xfcu) << op;
    EXPECT_EQ(globalValue(execution, *built.program, "x", 1), expected) << op;
  }
}

TEST(Limits, DeepRecursionIsAResourceLimit) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @down(i32 %n) {
  %m = add i32 %n, 1
  %r = call i32 @down(i32 %m)
  ret i32 %r
}
define i32 @main() {
  %r = call i32 @down(i32 0)
  ret i32 %r
}
)IR");
  ASSERT_TRUE(built.program);
  ExecutionOptions options;
  options.maxFrames = 50;
  Execution execution(*built.program, options);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ResourceLimit);
}
