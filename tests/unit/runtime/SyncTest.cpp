// Mutexes, condition variables, rwlocks, barriers, semaphores and pthread_once in executions:
// the enabled/blocked logic, exact footprints, and the outcomes over every schedule.
#include "ExecutionFixture.h"
#include "checker/Dependence.h"

#include <cerrno>

using namespace bpor;
using namespace bpor::test;

namespace {

// Two threads run @body; main forks both, joins both, then checks @x == 2 (assert_fail if not).
std::string twoThreads(const std::string &globals, const std::string &body) {
  return cat({globals, R"IR(
@x = global i32 0
@msg = constant [7 x i8] c"x == 2\00"
@file = constant [4 x i8] c"t.c\00"
define ptr @worker(ptr %arg) {
)IR", body, R"IR(
  ret ptr null
}
define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @__bpor_pthread_create(ptr %t1, ptr null, ptr @worker, ptr null)
  call i32 @__bpor_pthread_create(ptr %t2, ptr null, ptr @worker, ptr inttoptr (i64 1 to ptr))
  %h1 = load i64, ptr %t1
  %h2 = load i64, ptr %t2
  call i32 @__bpor_pthread_join(i64 %h1, ptr null)
  call i32 @__bpor_pthread_join(i64 %h2, ptr null)
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %ok = icmp eq i64 %v, 2
  br i1 %ok, label %done, label %fail
fail:
  call void @__bpor_assert_fail(ptr @msg, ptr @file, i32 12, ptr null)
  unreachable
done:
  ret i32 0
}
)IR"});
}

const char *Increment = R"IR(
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %n = add i64 %v, 1
  call void @__bpor_store(ptr @x, i64 %n, i64 4, i32 0, i32 0)
)IR";

std::set<RunOutcome> allOutcomes(const Program &program, uint64_t *count = nullptr,
                                 ExecutionOptions options = {}) {
  Execution execution(program, options);
  std::set<RunOutcome> outcomes;
  uint64_t n = exhaustiveRuns(execution, outcomes);
  if (count)
    *count = n;
  return outcomes;
}

bool has(const std::set<RunOutcome> &outcomes, ExecStatus status, ErrorKind error = ErrorKind::None,
         bool deadlock = false) {
  for (const RunOutcome &o : outcomes)
    if (o.status == status && o.error == error && o.deadlock == deadlock)
      return true;
  return false;
}

} // namespace

TEST(Mutex, UnprotectedIncrementLosesAnUpdate) {
  BuiltProgram built = buildProgram(twoThreads("", Increment));
  ASSERT_TRUE(built.program);
  std::set<RunOutcome> outcomes = allOutcomes(*built.program);
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
  EXPECT_TRUE(has(outcomes, ExecStatus::Error, ErrorKind::AssertionFailure));
  EXPECT_EQ(outcomes.size(), 2u);
}

TEST(Mutex, LockedIncrementNeverFails) {
  BuiltProgram built = buildProgram(twoThreads("@m = global [40 x i8] zeroinitializer\n",
                                               cat({R"IR(
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
)IR", Increment, R"IR(
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
)IR"})));
  ASSERT_TRUE(built.program);
  uint64_t count = 0;
  std::set<RunOutcome> outcomes = allOutcomes(*built.program, &count);
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
  EXPECT_GT(count, 2u);
}

TEST(Mutex, LockBlocksOthersAndHasMutexFootprint) {
  BuiltProgram built = buildProgram(twoThreads("@m = global [40 x i8] zeroinitializer\n",
                                               cat({R"IR(
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
)IR", Increment, R"IR(
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
)IR"})));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0});
  Address m = built.program->findGlobal("m");
  const Operation &lock = execution.pending(1);
  EXPECT_EQ(lock.kind, OpKind::Lock);
  ASSERT_EQ(lock.numAccesses, 1);
  EXPECT_EQ(lock.accesses[0].address, m);
  EXPECT_EQ(lock.accesses[0].size, 40u);
  EXPECT_TRUE(lock.accesses[0].write);
  execution.step(1);
  EXPECT_FALSE(execution.isEnabled(2)); // thread 2 waits for the mutex
  EXPECT_EQ(execution.pending(2).kind, OpKind::Lock);
  execution.step(1); // load
  execution.step(1); // store
  EXPECT_EQ(execution.pending(1).kind, OpKind::Unlock);
  EXPECT_FALSE(execution.isEnabled(2));
  Operation unlock = execution.step(1);
  EXPECT_TRUE(unlock.endsThread);
  EXPECT_TRUE(execution.isEnabled(2));
}

TEST(Mutex, OppositeLockOrderCanDeadlock) {
  BuiltProgram built = buildProgram(R"IR(
@a = global [40 x i8] zeroinitializer
@b = global [40 x i8] zeroinitializer
define ptr @other(ptr %arg) {
  call i32 @__bpor_pthread_mutex_lock(ptr @b)
  call i32 @__bpor_pthread_mutex_lock(ptr @a)
  call i32 @__bpor_pthread_mutex_unlock(ptr @a)
  call i32 @__bpor_pthread_mutex_unlock(ptr @b)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @other, ptr null)
  call i32 @__bpor_pthread_mutex_lock(ptr @a)
  call i32 @__bpor_pthread_mutex_lock(ptr @b)
  call i32 @__bpor_pthread_mutex_unlock(ptr @b)
  call i32 @__bpor_pthread_mutex_unlock(ptr @a)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  std::set<RunOutcome> outcomes = allOutcomes(*built.program);
  EXPECT_TRUE(has(outcomes, ExecStatus::Running, ErrorKind::None, /*deadlock=*/true));
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
  EXPECT_EQ(outcomes.size(), 2u);
}

namespace {

// main runs @body alone and stores its i32 results into @r0..@r3 as it goes.
std::string mainOnly(const std::string &globals, const std::string &body) {
  return cat({globals, R"IR(
@r0 = global i32 0
@r1 = global i32 0
@r2 = global i32 0
@r3 = global i32 0
define i32 @main() {
)IR", body, R"IR(
  ret i32 0
}
)IR"});
}

void runToEnd(Execution &execution) {
  execution.restart();
  for (int i = 0; i < 1000 && execution.status() == ExecStatus::Running; ++i) {
    ThreadId t = 0;
    while (t < execution.numThreads() && !execution.isEnabled(t))
      ++t;
    if (t == execution.numThreads())
      return;
    execution.step(t);
  }
}

uint32_t r(const Execution &execution, const Program &program, int i) {
  const char name[3] = {'r', char('0' + i), 0};
  return uint32_t(globalValue(execution, program, name));
}

} // namespace

TEST(Mutex, TypesFromAttributesAndTrylock) {
  BuiltProgram built = buildProgram(mainOnly(R"IR(
@m = global [40 x i8] zeroinitializer
@e = global [40 x i8] zeroinitializer
)IR",
                                             R"IR(
  %attr = alloca i32
  call i32 @__bpor_pthread_mutexattr_init(ptr %attr)
  call i32 @__bpor_pthread_mutexattr_settype(ptr %attr, i32 1)
  call i32 @__bpor_pthread_mutex_init(ptr @m, ptr %attr)
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  %a = call i32 @__bpor_pthread_mutex_trylock(ptr @m)
  store i32 %a, ptr @r0
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  call i32 @__bpor_pthread_mutexattr_settype(ptr %attr, i32 2)
  call i32 @__bpor_pthread_mutex_init(ptr @e, ptr %attr)
  call i32 @__bpor_pthread_mutex_lock(ptr @e)
  %b = call i32 @__bpor_pthread_mutex_lock(ptr @e)
  store i32 %b, ptr @r1
  %c = call i32 @__bpor_pthread_mutex_trylock(ptr @e)
  store i32 %c, ptr @r2
  call i32 @__bpor_pthread_mutex_unlock(ptr @e)
  %d = call i32 @__bpor_pthread_mutex_destroy(ptr @e)
  store i32 %d, ptr @r3
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runToEnd(execution);
  ASSERT_EQ(execution.status(), ExecStatus::Finished) << execution.error().message;
  EXPECT_EQ(r(execution, *built.program, 0), 0u);       // recursive trylock by the owner
  EXPECT_EQ(r(execution, *built.program, 1), EDEADLK);  // errorcheck relock
  EXPECT_EQ(r(execution, *built.program, 2), EBUSY);    // errorcheck trylock by the owner
  EXPECT_EQ(r(execution, *built.program, 3), 0u);
}

TEST(Mutex, StaticRecursiveInitializerIsHonoured) {
  // PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP: __kind (offset 16) = 1.
  BuiltProgram built = buildProgram(mainOnly(R"IR(
@m = global { i32, i32, i32, i32, i32, [20 x i8] } { i32 0, i32 0, i32 0, i32 0, i32 1, [20 x i8] zeroinitializer }
)IR",
                                             R"IR(
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runToEnd(execution);
  EXPECT_EQ(execution.status(), ExecStatus::Finished) << execution.error().message;
}

TEST(Mutex, UnlockingAMutexNotHeldIsMisuse) {
  BuiltProgram built = buildProgram(mainOnly("@m = global [40 x i8] zeroinitializer\n", R"IR(
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  EXPECT_EQ(execution.pending(0).kind, OpKind::Unlock);
  execution.step(0);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse);
  EXPECT_EQ(execution.error().thread, 0u);
  EXPECT_NE(execution.error().message.find("not locked"), std::string::npos);
}

TEST(Mutex, SelfRelockOfANormalMutexBlocksForever) {
  BuiltProgram built = buildProgram(mainOnly("@m = global [40 x i8] zeroinitializer\n", R"IR(
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0);
  EXPECT_EQ(execution.status(), ExecStatus::Running);
  EXPECT_TRUE(execution.isAlive(0));
  EXPECT_FALSE(execution.isEnabled(0));
}

namespace {

// A waiter that waits for @flag under @m (with a predicate loop, or without when `lossy`) and a
// signaller that sets it.
std::string condProgram(bool lossy, const char *signal) {
  std::string waitLoop = lossy ? R"IR(
  call i32 @__bpor_pthread_cond_wait(ptr @c, ptr @m)
)IR"
                               : R"IR(
  br label %check
check:
  %f = call i64 @__bpor_load(ptr @flag, i64 4, i32 0, i32 0)
  %set = icmp ne i64 %f, 0
  br i1 %set, label %out, label %wait
wait:
  call i32 @__bpor_pthread_cond_wait(ptr @c, ptr @m)
  br label %check
out:
)IR";
  return cat({R"IR(
@m = global [40 x i8] zeroinitializer
@c = global [48 x i8] zeroinitializer
@flag = global i32 0
define ptr @waiter(ptr %arg) {
entry:
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
)IR", waitLoop, R"IR(
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @waiter, ptr null)
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  call void @__bpor_store(ptr @flag, i64 1, i64 4, i32 0, i32 0)
  call i32 @)IR", signal, R"IR((ptr @c)
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  ret i32 0
}
)IR"});
}

} // namespace

TEST(CondVar, WaitWithPredicateAlwaysFinishes) {
  for (const char *signal : {"__bpor_pthread_cond_signal", "__bpor_pthread_cond_broadcast"}) {
    BuiltProgram built = buildProgram(condProgram(false, signal));
    ASSERT_TRUE(built.program);
    std::set<RunOutcome> outcomes = allOutcomes(*built.program);
    EXPECT_EQ(outcomes.size(), 1u) << signal;
    EXPECT_TRUE(has(outcomes, ExecStatus::Finished)) << signal;
  }
}

TEST(CondVar, WaitWithoutPredicateLosesTheWakeup) {
  BuiltProgram built = buildProgram(condProgram(true, "__bpor_pthread_cond_signal"));
  ASSERT_TRUE(built.program);
  std::set<RunOutcome> outcomes = allOutcomes(*built.program);
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
  EXPECT_TRUE(has(outcomes, ExecStatus::Running, ErrorKind::None, /*deadlock=*/true));
  EXPECT_EQ(outcomes.size(), 2u);
}

TEST(CondVar, WakeNeedsSignalAndFreeMutex) {
  BuiltProgram built = buildProgram(condProgram(true, "__bpor_pthread_cond_signal"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  Address m = built.program->findGlobal("m"), c = built.program->findGlobal("c");
  runSchedule(execution, {0, 1});  // fork; the waiter locks
  const Operation &wait = execution.pending(1);
  EXPECT_EQ(wait.kind, OpKind::CondWait);
  ASSERT_EQ(wait.numAccesses, 2);
  EXPECT_EQ(wait.accesses[0].address, c);
  EXPECT_EQ(wait.accesses[0].size, 48u);
  EXPECT_EQ(wait.accesses[1].address, m);
  EXPECT_FALSE(execution.isEnabled(0)); // main's lock: the waiter holds m
  Operation waitEvent = execution.step(1);
  EXPECT_EQ(waitEvent.kind, OpKind::CondWait);
  EXPECT_EQ(execution.pending(1).kind, OpKind::CondWake);
  EXPECT_FALSE(execution.isEnabled(1)); // not signalled
  EXPECT_TRUE(execution.isEnabled(0));  // the wait released m
  execution.step(0);                    // lock
  execution.step(0);                    // flag = 1
  EXPECT_EQ(execution.pending(0).kind, OpKind::CondSignal);
  Operation signal = execution.step(0);
  EXPECT_EQ(signal.value, 1u); // one waiter woken
  EXPECT_FALSE(execution.isEnabled(1)); // signalled, but main holds m
  execution.step(0);                    // unlock
  EXPECT_TRUE(execution.isEnabled(1));
  EXPECT_FALSE(execution.isEnabled(0)); // join: the waiter is alive
  Operation wake = execution.step(1);
  EXPECT_EQ(wake.kind, OpKind::CondWake);
  EXPECT_EQ(wake.value, 0u);
  EXPECT_EQ(execution.pending(1).kind, OpKind::Unlock); // it holds m again
  EXPECT_FALSE(execution.isEnabled(0));
}

TEST(CondVar, TimedWaitTimesOutWithoutSignal) {
  BuiltProgram built = buildProgram(mainOnly(R"IR(
@m = global [40 x i8] zeroinitializer
@c = global [48 x i8] zeroinitializer
)IR",
                                             R"IR(
  %ts = alloca [16 x i8]
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  %a = call i32 @__bpor_pthread_cond_timedwait(ptr @c, ptr @m, ptr %ts)
  store i32 %a, ptr @r0
  %b = call i32 @__bpor_pthread_mutex_trylock(ptr @m)
  store i32 %b, ptr @r1
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // lock
  execution.step(0); // CondWait
  EXPECT_EQ(execution.pending(0).kind, OpKind::CondWake);
  EXPECT_TRUE(execution.isEnabled(0));
  EXPECT_EQ(execution.step(0).value, uint64_t(ETIMEDOUT));
  runToEnd(execution);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(r(execution, *built.program, 0), uint32_t(ETIMEDOUT));
  EXPECT_EQ(r(execution, *built.program, 1), uint32_t(EBUSY)); // the mutex was reacquired
}

TEST(CondVar, WaitWithoutHoldingTheMutexIsMisuse) {
  BuiltProgram built = buildProgram(mainOnly(R"IR(
@m = global [40 x i8] zeroinitializer
@c = global [48 x i8] zeroinitializer
)IR",
                                             R"IR(
  call i32 @__bpor_pthread_cond_wait(ptr @c, ptr @m)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0);
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::ThreadsApiMisuse);
}

TEST(RwLock, ReadersShareAndWritersWait) {
  BuiltProgram built = buildProgram(R"IR(
@l = global [56 x i8] zeroinitializer
define ptr @reader(ptr %arg) {
  call i32 @__bpor_pthread_rwlock_rdlock(ptr @l)
  call i32 @__bpor_pthread_rwlock_unlock(ptr @l)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_rwlock_init(ptr @l, ptr null)
  call i32 @__bpor_pthread_rwlock_rdlock(ptr @l)
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @reader, ptr null)
  call i32 @__bpor_pthread_rwlock_unlock(ptr @l)
  call i32 @__bpor_pthread_rwlock_wrlock(ptr @l)
  call i32 @__bpor_pthread_rwlock_unlock(ptr @l)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0, 0});
  EXPECT_EQ(execution.pending(1).kind, OpKind::RwRdlock);
  EXPECT_TRUE(execution.isEnabled(1)); // main holds a read lock: readers share
  execution.step(1);
  execution.step(0); // main's unlock
  EXPECT_EQ(execution.pending(0).kind, OpKind::RwWrlock);
  EXPECT_FALSE(execution.isEnabled(0)); // the reader still holds it
  Operation unlock = execution.step(1);
  EXPECT_EQ(unlock.kind, OpKind::RwUnlock);
  EXPECT_TRUE(unlock.endsThread);
  EXPECT_TRUE(execution.isEnabled(0));
  std::set<RunOutcome> outcomes = allOutcomes(*built.program);
  EXPECT_EQ(outcomes.size(), 1u);
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
}

TEST(Barrier, EveryThreadWaitsForTheLastArrival) {
  BuiltProgram built = buildProgram(R"IR(
@b = global [32 x i8] zeroinitializer
@serial = global i32 0
define ptr @worker(ptr %arg) {
  %r = call i32 @__bpor_pthread_barrier_wait(ptr @b)
  %is = icmp eq i32 %r, -1
  %inc = zext i1 %is to i64
  call i64 @__bpor_rmw(ptr @serial, i64 %inc, i64 4, i32 1, i32 7, i32 0)
  ret ptr null
}
define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @__bpor_pthread_barrier_init(ptr @b, ptr null, i32 2)
  call i32 @__bpor_pthread_create(ptr %t1, ptr null, ptr @worker, ptr null)
  call i32 @__bpor_pthread_create(ptr %t2, ptr null, ptr @worker, ptr null)
  %h1 = load i64, ptr %t1
  %h2 = load i64, ptr %t2
  call i32 @__bpor_pthread_join(i64 %h1, ptr null)
  call i32 @__bpor_pthread_join(i64 %h2, ptr null)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0, 0});
  EXPECT_EQ(execution.pending(1).kind, OpKind::BarrierWait);
  execution.step(1); // first arrival
  EXPECT_EQ(execution.pending(1).kind, OpKind::BarrierWait);
  EXPECT_FALSE(execution.isEnabled(1));
  execution.step(2); // the last arrival completes the generation, and departs in a step of
  EXPECT_EQ(execution.pending(2).kind, OpKind::BarrierWait); // its own (Barrier.h)
  EXPECT_TRUE(execution.isEnabled(1));
  EXPECT_TRUE(execution.isEnabled(2));
  EXPECT_EQ(execution.step(2).value, uint64_t(uint32_t(PTHREAD_BARRIER_SERIAL_THREAD)));
  EXPECT_EQ(execution.pending(2).kind, OpKind::ReadModifyWrite);
  EXPECT_EQ(execution.step(1).value, 0u);
  std::set<RunOutcome> outcomes = allOutcomes(
      *built.program, nullptr, {});
  EXPECT_EQ(outcomes.size(), 1u);
  Execution observed(*built.program);
  std::set<RunOutcome> serials;
  exhaustiveRuns(observed, serials, [&](Execution &e) {
    return std::to_string(globalValue(e, *built.program, "serial"));
  });
  ASSERT_EQ(serials.size(), 1u);
  EXPECT_EQ(serials.begin()->observed, "1"); // exactly one serial thread in every run
}

TEST(Semaphore, WaitBlocksUntilPost) {
  BuiltProgram built = buildProgram(R"IR(
@s = global [32 x i8] zeroinitializer
@v = global i32 0
define ptr @poster(ptr %arg) {
  call i32 @__bpor_sem_post(ptr @s)
  ret ptr null
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_sem_init(ptr @s, i32 0, i32 0)
  %a = call i32 @__bpor_sem_trywait(ptr @s)
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @poster, ptr null)
  call i32 @__bpor_sem_wait(ptr @s)
  call i32 @__bpor_sem_getvalue(ptr @s, ptr @v)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // init
  EXPECT_EQ(execution.pending(0).kind, OpKind::Trylock);
  EXPECT_EQ(execution.step(0).value, uint64_t(uint32_t(-1)));
  execution.step(0); // fork
  EXPECT_EQ(execution.pending(0).kind, OpKind::SemWait);
  EXPECT_FALSE(execution.isEnabled(0));
  EXPECT_EQ(execution.pending(1).kind, OpKind::SemPost);
  execution.step(1);
  EXPECT_TRUE(execution.isEnabled(0));
  execution.step(0);
  const Operation &get = execution.pending(0);
  ASSERT_EQ(get.numAccesses, 2);
  EXPECT_EQ(get.accesses[1].address, built.program->findGlobal("v"));
  EXPECT_EQ(get.accesses[1].size, 4u);
  execution.step(0);
  EXPECT_EQ(globalValue(execution, *built.program, "v"), 0u);
}

// pthread_once as the pass lowers it (passes/OnceLowering.h): once_begin, the routine, once_end.
std::string onceWorker(const std::string &init) {
  return cat({R"IR(
@o = global i32 0
@count = global i32 0
define void @init() {
)IR",
              init, R"IR(
  ret void
}
define ptr @worker(ptr %arg) {
  %run = call i32 @__bpor_once_begin(ptr @o, i32 0)
  %must = icmp ne i32 %run, 0
  br i1 %must, label %routine, label %after
routine:
  call void @init()
  call void @__bpor_once_end(ptr @o, i32 0)
  br label %after
after:
  %v = call i64 @__bpor_load(ptr @count, i64 4, i32 0, i32 0)
  %ok = icmp eq i64 %v, 1
  br i1 %ok, label %good, label %bad
bad:
  call void @__bpor_reach_error()
  unreachable
good:
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
)IR"});
}

const char *IncrementCount = R"IR(
  %v = call i64 @__bpor_load(ptr @count, i64 4, i32 0, i32 0)
  %n = add i64 %v, 1
  call void @__bpor_store(ptr @count, i64 %n, i64 4, i32 0, i32 0)
)IR";

TEST(Once, RoutineRunsOnceAndItsEndEnablesTheOthers) {
  BuiltProgram built = buildProgram(onceWorker(IncrementCount));
  ASSERT_TRUE(built.program);
  Address o = built.program->findGlobal("o");
  Execution execution(*built.program);
  runSchedule(execution, {0});
  for (ThreadId t : {0u, 1u}) {
    const Operation &begin = execution.pending(t);
    EXPECT_EQ(begin.kind, OpKind::Once);
    ASSERT_EQ(begin.numAccesses, 1);
    EXPECT_EQ(begin.accesses[0].address, o);
    EXPECT_EQ(begin.accesses[0].size, 4u);
    EXPECT_TRUE(begin.accesses[0].write);
  }
  EXPECT_EQ(execution.step(0).value, 1u); // main must run the routine; it stands at init's load
  EXPECT_EQ(execution.pending(0).kind, OpKind::Load);
  EXPECT_FALSE(execution.isEnabled(1)); // the routine is running
  execution.step(0);                    // load
  execution.step(0);                    // store: init returns, main stands at once_end
  const Operation &end = execution.pending(0);
  EXPECT_EQ(end.kind, OpKind::OnceEnd);
  ASSERT_EQ(end.numAccesses, 1);
  EXPECT_EQ(end.accesses[0].address, o);
  EXPECT_TRUE(end.accesses[0].write);
  EXPECT_FALSE(execution.isEnabled(1));
  // The end enables thread 1's once_begin and is dependent with it (Definition 2.3).
  Operation endEvent = execution.step(0);
  EXPECT_EQ(endEvent.kind, OpKind::OnceEnd);
  EXPECT_FALSE(endEvent.global);
  EXPECT_TRUE(execution.isEnabled(1));
  EXPECT_TRUE(dependent(endEvent, execution.pending(1)));
  EXPECT_EQ(execution.step(1).value, 0u); // done: thread 1 skips the routine
  EXPECT_EQ(execution.pending(1).kind, OpKind::Load);
  std::set<RunOutcome> outcomes = allOutcomes(*built.program);
  EXPECT_EQ(outcomes.size(), 1u);
  EXPECT_TRUE(has(outcomes, ExecStatus::Finished));
}

TEST(Once, RoutineCallingItsOwnOnceIsADeadlock) {
  BuiltProgram built = buildProgram(onceWorker(R"IR(
  call i32 @__bpor_once_begin(ptr @o, i32 0)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0});
  ASSERT_EQ(execution.pending(0).kind, OpKind::Once); // inside init, on the same control
  EXPECT_TRUE(execution.isEnabled(0));                // so that the step reports it
  EXPECT_FALSE(execution.isEnabled(1));
  execution.step(0);
  EXPECT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::Deadlock);
}

TEST(Once, ThreadExitInsideTheRoutineIsRefused) {
  BuiltProgram built = buildProgram(onceWorker(R"IR(
  call void @__bpor_pthread_exit(ptr null)
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  runSchedule(execution, {0, 0});
  EXPECT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(execution.error().kind, ErrorKind::Unsupported);
  EXPECT_NE(execution.error().message.find("pthread_exit inside a pthread_once"),
            std::string::npos);
}

TEST(Keys, ThreadSpecificValuesArePerThread) {
  BuiltProgram built = buildProgram(mainOnly("@k = global i32 0\n", R"IR(
  call i32 @__bpor_pthread_key_create(ptr @k, ptr null)
  %key = load i32, ptr @k
  call i32 @__bpor_pthread_setspecific(i32 %key, ptr inttoptr (i64 42 to ptr))
  %v = call ptr @__bpor_pthread_getspecific(i32 %key)
  %vi = ptrtoint ptr %v to i32
  store i32 %vi, ptr @r0
  store i32 %key, ptr @r1
)IR"));
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  EXPECT_EQ(execution.pending(0).numAccesses, 2);
  EXPECT_EQ(execution.pending(0).accesses[0].address, KeyTableAddress);
  runToEnd(execution);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
  EXPECT_EQ(r(execution, *built.program, 0), 42u);
  EXPECT_EQ(r(execution, *built.program, 1), 1u);
}

TEST(Keys, DestructorsRunWhenTheThreadEnds) {
  BuiltProgram built = buildProgram(R"IR(
@k = global i32 0
@seen = global i64 0
define void @destroy(ptr %v) {
  %vi = ptrtoint ptr %v to i64
  call void @__bpor_store(ptr @seen, i64 %vi, i64 8, i32 0, i32 0)
  ret void
}
define ptr @child(ptr %arg) {
  %key = load i32, ptr @k
  call i32 @__bpor_pthread_setspecific(i32 %key, ptr inttoptr (i64 77 to ptr))
  call void @__bpor_pthread_exit(ptr null)
  unreachable
}
define i32 @main() {
  %t = alloca i64
  call i32 @__bpor_pthread_key_create(ptr @k, ptr @destroy)
  call i32 @__bpor_pthread_create(ptr %t, ptr null, ptr @child, ptr null)
  %h = load i64, ptr %t
  call i32 @__bpor_pthread_join(i64 %h, ptr null)
  %s = call i64 @__bpor_load(ptr @seen, i64 8, i32 0, i32 0)
  ret i32 0
}
)IR");
  ASSERT_TRUE(built.program);
  Execution execution(*built.program);
  execution.step(0); // key_create
  execution.step(0); // fork: the child runs to its destructor's store
  EXPECT_TRUE(execution.isAlive(1));
  EXPECT_EQ(execution.pending(1).kind, OpKind::Store);
  EXPECT_FALSE(execution.isEnabled(0)); // the join waits for the destructor
  Operation store = execution.step(1);
  EXPECT_EQ(store.value, 77u);
  EXPECT_TRUE(store.endsThread);
  execution.step(0);
  EXPECT_EQ(execution.step(0).value, 77u);
}
