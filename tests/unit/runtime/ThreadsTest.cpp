// Threads through the Model interface: fork, join, exit, detach, self, pthread_exit.
#include "ExecutionFixture.h"

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
  ASSERT_EQ(execution.pending(0).numAccesses, 1);
  EXPECT_EQ(execution.pending(0).accesses[0].size, 8u);
  EXPECT_TRUE(execution.pending(0).accesses[0].write);

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
