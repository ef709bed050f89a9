// SV-COMP functions, errors and program exit through the Model interface.
#include "ExecutionFixture.h"

using namespace bpor;
using namespace bpor::test;

namespace {

std::set<RunOutcome> outcomesOf(const Program &program, uint64_t *count = nullptr,
                                ExecutionOptions options = {},
                                const std::function<std::string(Execution &)> &observe = {}) {
  Execution execution(program, options);
  std::set<RunOutcome> outcomes;
  uint64_t n = exhaustiveRuns(execution, outcomes, observe);
  if (count)
    *count = n;
  return outcomes;
}

} // namespace

TEST(Nondet, ChoicesComeFromTheDomainTruncatedToTheWidth) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i64 0
@b = global i64 0
define i32 @main() {
  %v = call i64 @__bpor_nondet(i32 8, i32 1, i32 0)
  call void @__bpor_store(ptr @x, i64 %v, i64 8, i32 0, i32 0)
  %c = call i64 @__bpor_nondet(i32 1, i32 0, i32 0)
  call void @__bpor_store(ptr @b, i64 %c, i64 8, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  const Operation &nondet = execution.pending(0);
  EXPECT_EQ(nondet.kind, OpKind::Nondet);
  EXPECT_EQ(nondet.numChoices, 3u);
  EXPECT_EQ(nondet.numAccesses, 0);
  EXPECT_EQ(execution.step(0, 0).value, 0xffu); // -1 as an 8-bit value
  execution.step(0);
  EXPECT_EQ(execution.pending(0).numChoices, 2u); // a bool
  EXPECT_EQ(execution.step(0, 1).value, 1u);

  uint64_t count = 0;
  std::set<RunOutcome> outcomes = outcomesOf(*built.program, &count, {}, [&](Execution &e) {
    return std::to_string(globalValue(e, *built.program, "x", 8)) + "," +
           std::to_string(globalValue(e, *built.program, "b", 8));
  });
  EXPECT_EQ(count, 6u);
  std::set<std::string> seen;
  for (const RunOutcome &o : outcomes)
    seen.insert(o.observed);
  EXPECT_EQ(seen, (std::set<std::string>{"255,0", "255,1", "0,0", "0,1", "1,0", "1,1"}));

  ExecutionOptions wide;
  wide.nondetDomain = {5, 6, 7, 8};
  Execution other(*built.program, wide);
  EXPECT_EQ(other.pending(0).numChoices, 4u);
  EXPECT_EQ(other.step(0, 3).value, 8u);
}

TEST(Assume, FalseAssumptionStopsItsThreadForGood) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @main() {
  %v = call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %pos = icmp eq i64 %v, 1
  %c = zext i1 %pos to i32
  call void @__bpor_assume(i32 %c)
  call void @__bpor_reach_error()
  unreachable
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0, 1); // 0: the thread stops at the assumption; the execution is infeasible
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  EXPECT_TRUE(execution.isAlive(0));
  EXPECT_FALSE(execution.isEnabled(0));
  EXPECT_EQ(execution.pending(0).kind, OpKind::FailedAssume);
  EXPECT_EQ(execution.pending(0).numAccesses, 0u);
  EXPECT_FALSE(execution.pending(0).global);
  EXPECT_TRUE(stoppedByFailedAssume(execution));
  execution.restart();
  EXPECT_FALSE(stoppedByFailedAssume(execution));
  execution.step(0, 2); // 1: reaches the error
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::AssertionFailure);
  EXPECT_NE(execution.error().message.find("reach_error"), std::string::npos);
  std::set<RunOutcome> outcomes = outcomesOf(*built.program);
  EXPECT_EQ(outcomes.size(), 2u);
}

TEST(Assume, FalseAssumptionInsideAnAtomicBlockEndsTheExecution) {
  // No other thread may see the block's write without the whole block having run.
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define i32 @main() {
  call void @__bpor_atomic_begin(i32 0)
  call void @__bpor_store(ptr @x, i64 1, i64 4, i32 0, i32 0)
  call void @__bpor_assume(i32 0)
  call void @__bpor_atomic_end(i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0);
  EXPECT_EQ(execution.status(), ExecStatus::Infeasible);
  EXPECT_FALSE(stoppedByFailedAssume(execution));
}

TEST(Assume, AbortStopsItsThreadOnlyWhenAsked) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @main() {
  call void @__bpor_abort()
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution plain(*built.program);
  ASSERT_EQ(plain.status(), ExecStatus::Error);
  EXPECT_EQ(plain.error().kind, ErrorKind::AssertionFailure);
  ExecutionOptions svcomp;
  svcomp.abortStopsThread = true;
  Execution stopping(*built.program, svcomp);
  EXPECT_EQ(stopping.status(), ExecStatus::Running);
  EXPECT_EQ(stopping.pending(0).kind, OpKind::FailedAssume);
  EXPECT_TRUE(stoppedByFailedAssume(stopping));
}

TEST(Atomic, BlockRunsAsOneTransition) {
  // Each thread increments @x inside an atomic block: no update is ever lost.
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define ptr @worker(ptr %arg) {
  call void @__bpor_atomic_begin(i32 0)
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %n = add i64 %v, 1
  call void @__bpor_store(ptr @x, i64 %n, i64 4, i32 0, i32 0)
  call void @__bpor_atomic_end(i32 0)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  call ptr @worker(ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // fork
  const Operation &block = execution.pending(0);
  EXPECT_EQ(block.kind, OpKind::AtomicBlock);
  EXPECT_TRUE(block.global);
  Operation event = execution.step(0);
  EXPECT_EQ(event.kind, OpKind::AtomicBlock);
  // The whole block ran: main now stands at the join.
  EXPECT_EQ(execution.pending(0).kind, OpKind::Join);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 1u);

  uint64_t count = 0;
  std::set<RunOutcome> outcomes = outcomesOf(*built.program, &count, {}, [&](Execution &e) {
    return std::to_string(globalValue(e, *built.program, "x"));
  });
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes.begin()->observed, "2");
  EXPECT_EQ(count, 2u); // which block goes first
}

TEST(Errors, AssertFailCarriesTextAndLocation) {
  BuiltProgram built = buildProgram(R"IR(
@msg = constant [6 x i8] c"x > 0\00"
@file = constant [6 x i8] c"foo.c\00"
@fn = constant [5 x i8] c"main\00"
define i32 @main() {
  call void @__bpor_assert_fail(ptr @msg, ptr @file, i32 17, ptr @fn)
  unreachable
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::AssertionFailure);
  EXPECT_EQ(execution.error().message, "assertion 'x > 0' failed in main");
  EXPECT_EQ(execution.describeLocation(execution.error().location), "foo.c:17");
  // A file name read from the program's memory: the execution keeps its own copy.
  SourceLocation where = execution.sourceLocation(execution.error().location);
  EXPECT_EQ(where.file, "foo.c");
  EXPECT_EQ(where.line, 17u);
  EXPECT_EQ(where.column, 0u);
  EXPECT_EQ(execution.error().thread, 0u);
}

TEST(Errors, AbortIsAnAssertionFailure) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @main() {
  call void @__bpor_abort()
  unreachable
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::AssertionFailure);
  EXPECT_EQ(execution.error().message, "abort() was called");
}

TEST(Errors, UnsupportedExternalIsNamed) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @main() {
  call i32 @fork()
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(execution.error().message.find("'fork'"), std::string::npos)
      << execution.error().message;
}

TEST(Exit, ExitFromAThreadIsAGlobalOperationThatFinishes) {
  BuiltProgram built = buildProgram(R"IR(
define ptr @quitter(ptr %arg) {
  call void @__bpor_exit(i32 3)
  unreachable
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @quitter, ptr null)
  call i32 @__bpor_sched_yield()
  ret i32 5
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0);
  const Operation &exit = execution.pending(1);
  EXPECT_EQ(exit.kind, OpKind::Exit);
  EXPECT_TRUE(exit.global);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Yield);
  execution.step(1);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(execution.exitCode(), 3);
  EXPECT_FALSE(execution.isEnabled(0));

  execution.restart();
  runSchedule(execution, {0, 0, 0});
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(execution.exitCode(), 5);
  uint64_t count = 0;
  outcomesOf(*built.program, &count);
  EXPECT_EQ(count, 3u); // the child exits before the yield, between it and main's exit, or never
}

TEST(Yields, SchedYieldSpinYieldAndSleepsAreYields) {
  BuiltProgram built = buildProgram(R"IR(
define i32 @main() {
  call i32 @__bpor_sched_yield()
  call void @__bpor_spin_yield(i32 0)
  call i32 @usleep(i32 10)
  %a = alloca [56 x i8]
  call i32 @__bpor_pthread_attr_init(ptr %a)
  call i32 @__bpor_pthread_attr_destroy(ptr %a)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  for (int i = 0; i < 3; ++i) {
    const Operation &yield = execution.pending(0);
    EXPECT_EQ(yield.kind, OpKind::Yield) << i;
    // Sleeping also advances the clock, which time functions read.
    EXPECT_EQ(yield.numAccesses, i == 2 ? 1 : 0) << i;
    if (i == 2) {
      EXPECT_EQ(yield.accesses[0].address, ClockAddress);
    }
    execution.step(0);
  }
  EXPECT_EQ(execution.pending(0).kind, OpKind::Exit); // attributes are not visible
  execution.step(0);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
}
