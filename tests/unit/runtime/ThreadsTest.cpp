// Threads through the Model interface: fork, join, exit, detach, self, pthread_exit.
#include "ExecutionFixture.h"

#include <cerrno>

using namespace bpor;
using namespace bpor::test;

namespace {

// main: x = 1 via a child; the child stores 1 to @x and returns 7; main joins and stores the
// joined value to @r.
const char *ForkJoin = R"IR(
@x = global i32 0
@r = global i64 0
define ptr @child(ptr %arg) {
  call void @__bpor_store(ptr @x, i64 1, i64 4, i32 0, i32 0)
  ret ptr inttoptr (i64 7 to ptr)
}
define i32 @main() {
  %t = alloca i64
  %ret = alloca ptr
  %c = call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  %h = load i64, ptr %t
  %j = call i32 @__bpor_pthread_join(i64 %h, ptr %ret)
  %v = load ptr, ptr %ret
  %vi = ptrtoint ptr %v to i64
  call void @__bpor_store(ptr @r, i64 %vi, i64 8, i32 0, i32 0)
  ret i32 0
}
)IR";

} // namespace

TEST(Threads, ForkRunsChildPrefixAndJoinWaitsForIt) {
  BuiltProgram built = buildProgram(ForkJoin);
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_EQ(execution.status(), ExecStatus::Running);
  ASSERT_EQ(execution.numThreads(), 1u);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Fork);
  EXPECT_EQ(execution.pending(0).otherThread, NoThread);
  // The pthread_t it writes, and the thread numbering every creation writes.
  ASSERT_EQ(execution.pending(0).numAccesses, 2);
  EXPECT_EQ(execution.pending(0).accesses[0].size, 8u);
  EXPECT_TRUE(execution.pending(0).accesses[0].write);
  EXPECT_EQ(execution.pending(0).accesses[1].address, ThreadNumberingAddress);
  EXPECT_TRUE(execution.pending(0).accesses[1].write);

  Operation fork = execution.step(0);
  EXPECT_EQ(fork.kind, OpKind::Fork);
  EXPECT_EQ(fork.otherThread, 1u);
  ASSERT_EQ(execution.numThreads(), 2u);
  // The child ran its prefix: it stands at its store.
  EXPECT_EQ(execution.pending(1).kind, OpKind::Store);
  EXPECT_EQ(execution.pending(1).accesses[0].address, built.program->findGlobal("x"));
  EXPECT_EQ(execution.pending(1).accesses[0].size, 4u);
  // main stands at the join of thread 1, which has not terminated.
  EXPECT_EQ(execution.pending(0).kind, OpKind::Join);
  EXPECT_EQ(execution.pending(0).otherThread, 1u);
  EXPECT_FALSE(execution.isEnabled(0));
  EXPECT_TRUE(execution.isEnabled(1));

  Operation store = execution.step(1);
  EXPECT_EQ(store.kind, OpKind::Store);
  EXPECT_EQ(store.value, 1u);
  EXPECT_TRUE(store.endsThread);
  EXPECT_FALSE(execution.isAlive(1));
  EXPECT_TRUE(execution.isEnabled(0));

  Operation join = execution.step(0);
  EXPECT_EQ(join.kind, OpKind::Join);
  EXPECT_EQ(join.value, 7u);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Store);
  execution.step(0);
  // main returned: its pending operation is the Exit.
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Exit);
  EXPECT_TRUE(execution.pending(0).global);
  Operation exit = execution.step(0);
  EXPECT_EQ(exit.kind, OpKind::Exit);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(globalValue(execution, *built.program, "r", 8), 7u);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 1u);
}

TEST(Threads, RestartReturnsToTheInitialState) {
  BuiltProgram built = buildProgram(ForkJoin);
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 1, 0, 0, 0});
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  execution.restart();
  EXPECT_EQ(execution.numThreads(), 1u);
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 0u);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Fork);
  std::set<RunOutcome> outcomes;
  EXPECT_EQ(exhaustiveRuns(execution, outcomes), 1u);
}

TEST(Threads, PthreadExitValueSelfAndEqual) {
  BuiltProgram built = buildProgram(R"IR(
@same = global i32 0
@selfOfChild = global i64 0
define ptr @child(ptr %arg) {
  %s = call i64 @__bpor_pthread_self()
  store i64 %s, ptr @selfOfChild
  call void @__bpor_pthread_exit(ptr inttoptr (i64 9 to ptr))
  unreachable
}
define i32 @main() {
  %t = alloca i64
  %ret = alloca ptr
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr %ret)
  %s = load i64, ptr @selfOfChild
  %e = call i32 @__bpor_pthread_equal(i64 %h, i64 %s)
  store i32 %e, ptr @same
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  Operation fork = execution.step(0);
  // The child's whole body is local: it ended in its prefix, inside the fork's transition, and
  // has no event of its own (the fork's event is main's: it does not end main).
  EXPECT_EQ(fork.otherThread, 1u);
  EXPECT_FALSE(fork.endsThread);
  EXPECT_EQ(execution.numThreads(), 2u);
  EXPECT_FALSE(execution.isAlive(1));
  EXPECT_FALSE(execution.isEnabled(1));
  Operation join = execution.step(0);
  EXPECT_EQ(join.value, 9u);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Exit);
  EXPECT_EQ(globalValue(execution, *built.program, "same"), 1u);
  EXPECT_EQ(globalValue(execution, *built.program, "selfOfChild", 8), threadHandle(1));
}

namespace {

const char *JoinTwice = R"IR(
define ptr @child(ptr %arg) {
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR";

const char *JoinDetached = R"IR(
define ptr @child(ptr %arg) {
  call i32 @__bpor_sched_yield()
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  %attr = alloca [56 x i8]
  call i32 @__bpor_pthread_attr_init(ptr %attr)
  call i32 @__bpor_pthread_attr_setdetachstate(ptr %attr, i32 1)
  call i32 @__bpor_pthread_create(ptr %t, ptr %attr, ptr @child, ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR";

} // namespace

TEST(Threads, JoiningTwiceIsMisuse) {
  BuiltProgram built = buildProgram(JoinTwice);
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0});
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  EXPECT_TRUE(execution.isEnabled(0));
  execution.step(0);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse);
  EXPECT_NE(execution.error().message.find("already joined"), std::string::npos);
}

TEST(Threads, JoiningADetachedThreadIsMisuseEvenWhileItRuns) {
  BuiltProgram built = buildProgram(JoinDetached);
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0);
  EXPECT_TRUE(execution.isAlive(1));
  EXPECT_TRUE(execution.isEnabled(0));
  const Operation &join = execution.pending(0);
  ASSERT_EQ(join.numAccesses, 1);
  EXPECT_EQ(join.accesses[0].address, threadHandleAddress(1));
  execution.step(0);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse);
  EXPECT_NE(execution.error().message.find("detached"), std::string::npos);
}

TEST(Threads, DetachThenFinishWithoutJoin) {
  BuiltProgram built = buildProgram(R"IR(
@r = global i32 0
define ptr @child(ptr %arg) {
  call i32 @__bpor_sched_yield()
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_detach(i64 %h)
  %again = call i32 @__bpor_pthread_detach(i64 %h)
  store i32 %again, ptr @r
  call void @__bpor_pthread_exit(ptr null)
  unreachable
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0});
  Operation second = execution.step(0);
  EXPECT_EQ(second.kind, OpKind::Other);
  EXPECT_TRUE(second.endsThread); // main ended with pthread_exit
  EXPECT_EQ(globalValue(execution, *built.program, "r"), uint32_t(EINVAL));
  EXPECT_EQ(execution.status(), ExecStatus::Running); // the child still runs
  Operation last = execution.step(1);
  EXPECT_TRUE(last.endsThread);
  EXPECT_EQ(execution.status(), ExecStatus::Finished); // every thread ended
}

// The work a step reports (Model::lastStepWork, which the checkpoint policy weighs re-stepping
// by) grows with the instructions it interpreted: a step that runs a 1,000-iteration local loop
// before the next visible operation reports thousands more than one that runs none.
TEST(Threads, StepWorkCountsTheInstructionsInterpreted) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
entry:
  call void @__bpor_store(ptr @x, i64 1, i64 4, i32 0, i32 0)
  call void @__bpor_store(ptr @x, i64 2, i64 4, i32 0, i32 0)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 1000
  br i1 %done, label %exit, label %loop
exit:
  call void @__bpor_store(ptr @x, i64 3, i64 4, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_TRUE(execution.countsStepWork());
  execution.step(0); // the first store: main goes straight to the second
  uint64_t straight = execution.lastStepWork();
  EXPECT_GE(straight, 1u);
  execution.step(0); // the second store: then the loop, to the third
  uint64_t looping = execution.lastStepWork();
  // Each iteration is a handful of instructions (the phi's move, add, compare, branch).
  EXPECT_GE(looping, straight + 3000);
  EXPECT_LE(looping, straight + 6000);
}
