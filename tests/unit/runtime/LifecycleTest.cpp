// init/destroy of every synchronisation object, their misuse, and atomic blocks that create
// threads or make data choices.
#include "ExecutionFixture.h"

#include <cerrno>

using namespace bpor;
using namespace bpor::test;

namespace {

// Stores each %rN into @out[N].
std::string storeResults(int n) {
  std::string text;
  for (int i = 0; i < n; ++i)
    text += "  %p" + std::to_string(i) + " = getelementptr i32, ptr @out, i64 " +
            std::to_string(i) + "\n  store i32 %r" + std::to_string(i) + ", ptr %p" +
            std::to_string(i) + "\n";
  return text;
}

std::vector<int32_t> results(const Execution &execution, const Program &program, int n) {
  std::vector<int32_t> values;
  Address out = program.findGlobal("out");
  for (int i = 0; i < n; ++i) {
    uint64_t v = 0;
    execution.memory().read(out + 4 * i, 4, v);
    values.push_back(int32_t(v));
  }
  return values;
}

} // namespace

TEST(Lifecycle, EveryInitAndDestroySucceeds) {
  BuiltProgram built = buildProgram(cat({R"IR(
@out = global [16 x i32] zeroinitializer
@m = global [40 x i8] zeroinitializer
@c = global [48 x i8] zeroinitializer
@l = global [56 x i8] zeroinitializer
@b = global [32 x i8] zeroinitializer
@s = global [32 x i8] zeroinitializer
@k = global i32 0
define i32 @main() {
  %ma = alloca i32
  %ta = alloca [56 x i8]
  %r0 = call i32 @__bpor_pthread_mutexattr_init(ptr %ma)
  %r1 = call i32 @__bpor_pthread_mutex_init(ptr @m, ptr %ma)
  %r2 = call i32 @__bpor_pthread_mutexattr_destroy(ptr %ma)
  %r3 = call i32 @__bpor_pthread_mutex_destroy(ptr @m)
  %r4 = call i32 @__bpor_pthread_cond_init(ptr @c, ptr null)
  %r5 = call i32 @__bpor_pthread_cond_destroy(ptr @c)
  %r6 = call i32 @__bpor_pthread_rwlock_tryrdlock(ptr @l)
  %r7 = call i32 @__bpor_pthread_rwlock_trywrlock(ptr @l)
  %u = call i32 @__bpor_pthread_rwlock_unlock(ptr @l)
  %r8 = call i32 @__bpor_pthread_rwlock_destroy(ptr @l)
  %r9 = call i32 @__bpor_pthread_barrier_init(ptr @b, ptr null, i32 0)
  %r10 = call i32 @__bpor_pthread_barrier_init(ptr @b, ptr null, i32 1)
  %r11 = call i32 @__bpor_pthread_barrier_wait(ptr @b)
  %r12 = call i32 @__bpor_pthread_barrier_destroy(ptr @b)
  %r13 = call i32 @__bpor_sem_init(ptr @s, i32 0, i32 2)
  %r14 = call i32 @__bpor_sem_destroy(ptr @s)
  %kc = call i32 @__bpor_pthread_key_create(ptr @k, ptr null)
  %key = load i32, ptr @k
  %r15 = call i32 @__bpor_pthread_key_delete(i32 %key)
)IR",
                                         storeResults(16), R"IR(
  ret i32 0
}
)IR"}));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  stepMainToEnd(execution);
  ASSERT_EQ(execution.status(), ExecStatus::Finished) << execution.error().message;
  EXPECT_EQ(results(execution, *built.program, 16),
            (std::vector<int32_t>{0, 0, 0, 0, 0, 0, 0, EBUSY, 0, EINVAL, 0,
                                  PTHREAD_BARRIER_SERIAL_THREAD, 0, 0, 0, 0}));
}

TEST(Lifecycle, DestroyingBusyObjectsIsMisuse) {
  const char *cases[] = {
      // a locked mutex
      R"IR(
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call i32 @__bpor_pthread_mutex_destroy(ptr @m)
)IR",
      // a held rwlock
      R"IR(
  call i32 @__bpor_pthread_rwlock_rdlock(ptr @l)
  call i32 @__bpor_pthread_rwlock_destroy(ptr @l)
)IR",
      // waiting at a barrier that was never initialised
      R"IR(
  call i32 @__bpor_pthread_barrier_wait(ptr @b)
)IR",
      // unlocking an rwlock not held
      R"IR(
  call i32 @__bpor_pthread_rwlock_unlock(ptr @l)
)IR",
  };
  for (const char *body : cases) {
    BuiltProgram built = buildProgram(cat({R"IR(
@m = global [40 x i8] zeroinitializer
@l = global [56 x i8] zeroinitializer
@b = global [32 x i8] zeroinitializer
define i32 @main() {
)IR",
                                           body, R"IR(
  ret i32 0
}
)IR"}));
    ASSERT_TRUE(built.program);
    Execution execution(*built.program);
    stepMainToEnd(execution);
    ASSERT_EQ(execution.status(), ExecStatus::Error) << body;
    EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse) << body;
  }
}

TEST(Lifecycle, CondDestroyWithAWaiterIsMisuse) {
  BuiltProgram built = buildProgram(R"IR(
@m = global [40 x i8] zeroinitializer
@c = global [48 x i8] zeroinitializer
define ptr @waiter(ptr %arg) {
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call i32 @__bpor_pthread_cond_wait(ptr @c, ptr @m)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @waiter, ptr null)
  call i32 @__bpor_pthread_cond_destroy(ptr @c)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 1, 1, 0});
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse);
}

TEST(Atomic, ForkInsideABlockRunsTheChildAfterwards) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define ptr @child(ptr %arg) {
  call void @__bpor_store(ptr @x, i64 2, i64 4, i32 0, i32 0)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call void @__bpor_atomic_begin(i32 0)
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  call void @__bpor_store(ptr @x, i64 1, i64 4, i32 0, i32 0)
  call void @__bpor_atomic_end(i32 0)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  Operation block = execution.step(0);
  EXPECT_EQ(block.kind, OpKind::AtomicBlock);
  ASSERT_EQ(execution.numThreads(), 2u);
  EXPECT_EQ(execution.pending(1).kind, OpKind::Store); // the child's prefix ran
  EXPECT_EQ(execution.pending(0).kind, OpKind::Join);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 1u);
  execution.step(1);
  execution.step(0);
  execution.step(0);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 2u);
}

TEST(Atomic, NondetInsideABlockKeepsOtherThreadsOut) {
  BuiltProgram built = buildProgram(R"IR(
@x = global i32 0
define ptr @other(ptr %arg) {
  call void @__bpor_store(ptr @x, i64 9, i64 4, i32 0, i32 0)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @other, ptr null)
  call void @__bpor_atomic_begin(i32 0)
  %v = call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  call void @__bpor_store(ptr @x, i64 %v, i64 4, i32 0, i32 0)
  call void @__bpor_atomic_end(i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // fork
  execution.step(0); // the block, up to its data choice
  const Operation &nondet = execution.pending(0);
  EXPECT_EQ(nondet.kind, OpKind::Nondet);
  EXPECT_TRUE(nondet.global);
  EXPECT_EQ(nondet.numChoices, 3u);
  EXPECT_FALSE(execution.isEnabled(1)); // inside the block: nobody else runs
  execution.step(0, 2);
  EXPECT_EQ(globalValue(execution, *built.program, "x"), 1u);
  EXPECT_TRUE(execution.isEnabled(1));
  std::set<RunOutcome> outcomes;
  Execution all(*built.program);
  uint64_t count = exhaustiveRuns(all, outcomes);
  // The other thread's store goes before the block, or after it (before or after main's exit),
  // for each of three choices; never between the choice and the store.
  EXPECT_EQ(count, 3u + 3u * 2u);
}
