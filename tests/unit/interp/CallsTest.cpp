// External calls (Return, Pause + complete, Stop, Invoke, unknown names),
// varargs both to externals and in defined functions, by-value arguments.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class CallsTest : public InterpTest {};

TEST_F(CallsTest, ReturnOutcomeDeliversTheResultAndArgumentKinds) {
  registry.add("ext", 42);
  std::vector<ValueType> seen;
  std::vector<Slot> values;
  handler.onCall = [&](ThreadState &, const ExternalCall &call, Slot *result) {
    EXPECT_EQ(call.id, 42u);
    EXPECT_EQ(call.name, "ext");
    seen.assign(call.argTypes.begin(), call.argTypes.end());
    for (unsigned i = 0; i < call.numArgs(); ++i)
      values.push_back(call.arg(i));
    EXPECT_EQ(call.resultType.kind, ValueKind::Int);
    EXPECT_EQ(call.resultType.bits, 32);
    result[0] = 99;
    return CallOutcome::Return;
  };
  load(R"(
declare i32 @ext(i8, double, ptr, float, i64)
define i32 @f() {
  %r = call i32 @ext(i8 -1, double 1.5, ptr null, float 2.0, i64 7)
  %s = add i32 %r, 1
  ret i32 %s
}
)");
  EXPECT_EQ(call("f"), 100u);
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen[0].kind, ValueKind::Int);
  EXPECT_EQ(seen[0].bits, 8);
  EXPECT_EQ(seen[1].kind, ValueKind::Double);
  EXPECT_EQ(seen[2].kind, ValueKind::Pointer);
  EXPECT_EQ(seen[3].kind, ValueKind::Float);
  EXPECT_EQ(seen[4].kind, ValueKind::Int);
  EXPECT_EQ(values, (std::vector<Slot>{0xff, slotOf(1.5), 0, slotOf(2.0f), 7}));
}

TEST_F(CallsTest, VariadicExternalSeesEveryArgumentWithItsType) {
  registry.add("printf", 1);
  std::vector<ValueKind> kinds;
  handler.onCall = [&](ThreadState &, const ExternalCall &call, Slot *result) {
    for (const ValueType &type : call.argTypes)
      kinds.push_back(type.kind);
    EXPECT_EQ(doubleOf(call.arg(2)), 0.25);
    result[0] = call.numArgs();
    return CallOutcome::Return;
  };
  load(R"(
@fmt = constant [6 x i8] c"%d %f\00"
declare i32 @printf(ptr, ...)
define i32 @f() {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 3, double 0.25)
  ret i32 %r
}
)");
  EXPECT_EQ(call("f"), 3u);
  EXPECT_EQ(kinds, (std::vector<ValueKind>{ValueKind::Pointer, ValueKind::Int,
                                           ValueKind::Double}));
}

TEST_F(CallsTest, PauseStandsAtTheCallUntilCompleted) {
  registry.add("__bpor_load", 5);
  handler.onCall = [&](ThreadState &, const ExternalCall &, Slot *) {
    return CallOutcome::Pause;
  };
  load(R"(
declare i64 @__bpor_load(ptr, i64, i32, i32)
define i64 @f(ptr %p) {
  %a = call i64 @__bpor_load(ptr %p, i64 4, i32 0, i32 3)
  %b = call i64 @__bpor_load(ptr %p, i64 4, i32 0, i32 4)
  %r = sub i64 %a, %b
  ret i64 %r
}
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "f", {makeAddress(1, 8)}), RunResult::Paused);
  ExternalCall pending = interpreter->pendingCall(thread);
  EXPECT_EQ(pending.id, 5u);
  EXPECT_EQ(pending.name, "__bpor_load");
  ASSERT_EQ(pending.numArgs(), 4u);
  EXPECT_EQ(pending.arg(0), makeAddress(1, 8));
  EXPECT_EQ(pending.arg(3), 3u); // the location id is an ordinary argument
  EXPECT_EQ(interpreter->run(thread),
            RunResult::Paused); // not completed: stays put
  Slot first = 50;
  interpreter->complete(thread, &first, 1);
  ASSERT_EQ(interpreter->run(thread), RunResult::Paused);
  EXPECT_EQ(interpreter->pendingCall(thread).arg(3), 4u);
  Slot second = 8;
  interpreter->complete(thread, &second, 1);
  ASSERT_EQ(interpreter->run(thread), RunResult::Returned);
  EXPECT_EQ(thread.returnValue, std::vector<Slot>{42});
  EXPECT_EQ(handler.names.size(), 2u);
}

TEST_F(CallsTest, ThreadStateIsACopyableValue) {
  registry.add("tick", 1);
  handler.onCall = [&](ThreadState &, const ExternalCall &, Slot *) {
    return CallOutcome::Pause;
  };
  load(R"(
declare i32 @tick()
define i32 @f() {
  %x = alloca i32
  store i32 10, ptr %x
  %a = call i32 @tick()
  %v = load i32, ptr %x
  %r = add i32 %v, %a
  ret i32 %r
}
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "f"), RunResult::Paused);
  Memory savedMemory = memory;
  ThreadState saved = thread;
  Slot one = 1;
  interpreter->complete(thread, &one, 1);
  ASSERT_EQ(interpreter->run(thread), RunResult::Returned);
  EXPECT_EQ(thread.returnValue[0], 11u);
  // Restore the checkpoint and take the other branch.
  memory = savedMemory;
  Slot five = 5;
  interpreter->complete(saved, &five, 1);
  ASSERT_EQ(interpreter->run(saved), RunResult::Returned);
  EXPECT_EQ(saved.returnValue[0], 15u);
}

TEST_F(CallsTest, StopLeavesTheThreadAtTheCall) {
  registry.add("exit", 9);
  handler.onCall = [&](ThreadState &, const ExternalCall &, Slot *) {
    return CallOutcome::Stop;
  };
  load(R"(
declare void @exit(i32)
define i32 @f() {
  call void @exit(i32 3)
  unreachable
}
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "f"), RunResult::Stopped);
  EXPECT_EQ(interpreter->pendingCall(thread).arg(0), 3u);
  EXPECT_EQ(interpreter->run(thread), RunResult::Stopped);
}

TEST_F(CallsTest, UnwindReleasesTheStackOfAStoppedThread) {
  registry.add("pthread_exit", 3);
  Address escaped = 0;
  handler.onCall = [&](ThreadState &, const ExternalCall &call, Slot *) {
    escaped = call.arg(0);
    return CallOutcome::Stop;
  };
  load(R"(
declare void @pthread_exit(ptr)
define void @inner() {
  %local = alloca i32
  call void @pthread_exit(ptr %local)
  unreachable
}
define void @f() {
  call void @inner()
  ret void
}
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "f"), RunResult::Stopped);
  EXPECT_EQ(memory.check(escaped, 4, true), MemoryFault::None);
  interpreter->unwind(thread);
  EXPECT_TRUE(thread.frames.empty());
  EXPECT_EQ(memory.check(escaped, 4, true), MemoryFault::UseAfterFree);
}

TEST_F(CallsTest, InvokeAfterTheThreadReturnedKeepsItsValue) {
  load(R"(
@g = global i32 0
define void @destructor(ptr %p) {
  store i32 9, ptr @g
  ret void
}
define i32 @f() { ret i32 4 }
define i32 @read() {
  %v = load i32, ptr @g
  ret i32 %v
}
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "f"), RunResult::Returned);
  Slot argument = 0;
  interpreter->invoke(thread, program->findFunction("destructor"),
                      {&argument, 1});
  ASSERT_EQ(interpreter->run(thread), RunResult::Returned);
  EXPECT_EQ(thread.returnValue, std::vector<Slot>{4});
  EXPECT_EQ(call("read"), 9u);
}

TEST_F(CallsTest, InvokeRunsAFunctionThenCompletesTheCall) {
  // pthread_once-like: the handler invokes the init function; the call returns
  // the handler's value once init has run.
  registry.add("once", 1);
  handler.onCall = [&](ThreadState &thread, const ExternalCall &call,
                       Slot *result) {
    interpreter->invoke(thread, call.arg(0), {});
    result[0] = 77;
    return CallOutcome::Invoke;
  };
  load(R"(
@g = global i32 0
declare i32 @once(ptr)
define i32 @init() {
  store i32 5, ptr @g
  ret i32 1000
}
define i32 @f() {
  %r = call i32 @once(ptr @init)
  %v = load i32, ptr @g
  %s = add i32 %r, %v
  ret i32 %s
}
)");
  EXPECT_EQ(call("f"), 82u);
}

TEST_F(CallsTest, UnknownExternalIsUnsupportedWhenCalledNotWhenDeclared) {
  load(R"(
declare i32 @mystery(i32)
define i32 @never(i32 %x) { %r = call i32 @mystery(i32 %x)
  ret i32 %r }
define i32 @fine() { ret i32 1 }
)");
  EXPECT_EQ(call("fine"), 1u);
  Fault error = fault("never", {1});
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message, "call to unsupported external function 'mystery'");
}

TEST_F(CallsTest, DefinedVariadicFunctionReadsItsArguments) {
  // What clang-19 emits for x86-64 va_arg on ints: a gp_offset test, then the
  // overflow area.
  load(R"(
%struct.va = type { i32, i32, ptr, ptr }
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
define i32 @sum(i32 %n, ...) {
entry:
  %ap = alloca %struct.va
  call void @llvm.va_start.p0(ptr %ap)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %next ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %next ]
  %done = icmp sge i32 %i, %n
  br i1 %done, label %exit, label %body
body:
  %gp = load i32, ptr %ap
  %inreg = icmp ule i32 %gp, 40
  br i1 %inreg, label %reg, label %mem
reg:
  unreachable
mem:
  %ovp = getelementptr %struct.va, ptr %ap, i32 0, i32 2
  %ov = load ptr, ptr %ovp
  %nextov = getelementptr i8, ptr %ov, i32 8
  store ptr %nextov, ptr %ovp
  %v = load i32, ptr %ov
  br label %next
next:
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  br label %loop
exit:
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %acc
}
define i32 @f() {
  %r = call i32 (i32, ...) @sum(i32 3, i32 10, i32 20, i32 30)
  ret i32 %r
}
)");
  EXPECT_EQ(call("f"), 60u);
}

TEST_F(CallsTest, ByValArgumentsAreCopies) {
  load(R"(
%struct.P = type { i32, i32 }
define i32 @modify(ptr byval(%struct.P) %p) {
  store i32 100, ptr %p
  %q = getelementptr %struct.P, ptr %p, i32 0, i32 1
  %v = load i32, ptr %q
  ret i32 %v
}
define i32 @f() {
  %s = alloca %struct.P
  store i32 1, ptr %s
  %q = getelementptr %struct.P, ptr %s, i32 0, i32 1
  store i32 2, ptr %q
  %r = call i32 @modify(ptr byval(%struct.P) %s)
  %v = load i32, ptr %s
  %t = mul i32 %v, 10
  %u = add i32 %t, %r
  ret i32 %u
}
)");
  EXPECT_EQ(call("f"), 12u);
}

} // namespace
} // namespace bpor::test
