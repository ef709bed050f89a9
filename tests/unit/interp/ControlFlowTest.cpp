// Branches, phis, switch, select, calls between defined functions, recursion
// limits.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class ControlFlowTest : public InterpTest {};

TEST_F(ControlFlowTest, LoopWithPhis) {
  load(R"(
define i64 @sum(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %s.next
}
)");
  EXPECT_EQ(call("sum", {101}), 5050u);
  EXPECT_EQ(call("sum", {1}), 0u);
}

TEST_F(ControlFlowTest, PhisAreAParallelCopy) {
  // Each iteration swaps a and b: the phi moves must read both old values
  // first.
  load(R"(
define i32 @swap(i32 %n) {
entry:
  br label %loop
loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = mul i32 %a, 10
  %r2 = add i32 %r, %b
  ret i32 %r2
}
)");
  EXPECT_EQ(call("swap", {1}), 12u);
  EXPECT_EQ(call("swap", {2}), 21u);
  EXPECT_EQ(call("swap", {5}), 12u);
}

TEST_F(ControlFlowTest, SwitchAndSelect) {
  load(R"(
define i32 @classify(i32 %x) {
entry:
  switch i32 %x, label %other [ i32 0, label %zero
                                i32 7, label %seven
                                i32 -1, label %minus ]
zero:
  br label %done
seven:
  br label %done
minus:
  br label %done
other:
  %big = icmp sgt i32 %x, 100
  %v = select i1 %big, i32 1000, i32 500
  br label %done
done:
  %r = phi i32 [ 10, %zero ], [ 70, %seven ], [ -10, %minus ], [ %v, %other ]
  ret i32 %r
}
)");
  EXPECT_EQ(call("classify", {0}), 10u);
  EXPECT_EQ(call("classify", {7}), 70u);
  EXPECT_EQ(call("classify", {0xffffffff}), uint32_t(-10));
  EXPECT_EQ(call("classify", {101}), 1000u);
  EXPECT_EQ(call("classify", {3}), 500u);
}

TEST_F(ControlFlowTest, RecursionAndCalls) {
  load(R"(
define i32 @fib(i32 %n) {
entry:
  %small = icmp slt i32 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i32 %n
rec:
  %n1 = sub i32 %n, 1
  %n2 = sub i32 %n, 2
  %f1 = call i32 @fib(i32 %n1)
  %f2 = call i32 @fib(i32 %n2)
  %r = add i32 %f1, %f2
  ret i32 %r
}
define void @nothing() { ret void }
define i32 @caller() {
  call void @nothing()
  %r = call i32 @fib(i32 20)
  ret i32 %r
}
)");
  EXPECT_EQ(call("fib", {10}), 55u);
  EXPECT_EQ(call("caller"), 6765u);
}

TEST_F(ControlFlowTest, IndirectCalls) {
  load(R"(
@table = constant [2 x ptr] [ptr @double, ptr @triple]
define i32 @double(i32 %x) { %r = mul i32 %x, 2
  ret i32 %r }
define i32 @triple(i32 %x) { %r = mul i32 %x, 3
  ret i32 %r }
define i32 @apply(i64 %i, i32 %x) {
  %slot = getelementptr [2 x ptr], ptr @table, i64 0, i64 %i
  %f = load ptr, ptr %slot
  %r = call i32 %f(i32 %x)
  ret i32 %r
}
define i32 @bad(ptr %f) {
  %r = call i32 %f(i32 1)
  ret i32 %r
}
)");
  EXPECT_EQ(call("apply", {0, 7}), 14u);
  EXPECT_EQ(call("apply", {1, 7}), 21u);
  Fault error = fault("bad", {program->findGlobal("table")});
  EXPECT_EQ(error.kind, ErrorKind::MemoryError);
  EXPECT_EQ(error.memory, MemoryFault::InvalidPointer);
  EXPECT_EQ(error.message,
            "call through a pointer that is not a function: global table");
}

TEST_F(ControlFlowTest, UnboundedRecursionIsAResourceLimit) {
  options.maxFrames = 500;
  load(R"(
define i32 @forever(i32 %n) {
  %m = add i32 %n, 1
  %r = call i32 @forever(i32 %m)
  ret i32 %r
}
)");
  Fault error = fault("forever", {0});
  EXPECT_EQ(error.kind, ErrorKind::ResourceLimit);
  EXPECT_EQ(error.message,
            "stack depth limit of 500 frames exceeded (unbounded recursion?) "
            "calling forever");
}

TEST_F(ControlFlowTest, LocalInfiniteLoopIsAResourceLimit) {
  options.maxBranchesPerRun = 1000;
  load(R"(
define void @spin() {
entry:
  br label %loop
loop:
  br label %loop
}
)");
  Fault error = fault("spin");
  EXPECT_EQ(error.kind, ErrorKind::ResourceLimit);
  EXPECT_EQ(error.message,
            "no visible operation after 1000 branches: a local infinite loop?");
}

TEST_F(ControlFlowTest, UnreachableIsReported) {
  load(R"(
define void @f() { unreachable }
)");
  Fault error = fault("f");
  EXPECT_EQ(error.kind, ErrorKind::AssertionFailure);
  EXPECT_EQ(error.message, "undefined behaviour: 'unreachable' executed (a "
                           "noreturn call returned?)");
}

TEST_F(ControlFlowTest, AggregateReturnValues) {
  load(R"(
define { i32, i64 } @pair(i32 %a, i64 %b) {
  %p = insertvalue { i32, i64 } poison, i32 %a, 0
  %q = insertvalue { i32, i64 } %p, i64 %b, 1
  ret { i32, i64 } %q
}
define i64 @use() {
  %p = call { i32, i64 } @pair(i32 5, i64 7)
  %a = extractvalue { i32, i64 } %p, 0
  %b = extractvalue { i32, i64 } %p, 1
  %a64 = zext i32 %a to i64
  %r = mul i64 %a64, %b
  ret i64 %r
}
)");
  EXPECT_EQ(call("use"), 35u);
  ThreadState thread;
  ASSERT_EQ(run(thread, "pair", {1, 2}), RunResult::Returned);
  EXPECT_EQ(thread.returnValue, (std::vector<Slot>{1, 2}));
}

} // namespace
} // namespace bpor::test
