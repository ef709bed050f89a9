// Every pthread_*, sem_*, sched_yield, SV-COMP and exit function of
// runtime/bpor_abi.h is routed to its __bpor_* counterpart, with the C
// signature unchanged (pthread_once is lowered to once_begin/once_end); the
// original declarations disappear.
// REQUIRES: plugin
// RUN: %clang -O0 -g -fno-discard-value-names -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll -o %t.out.ll
// RUN: %FileCheck %s < %t.out.ll
// RUN: %FileCheck %s --check-prefix=GONE < %t.out.ll
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdlib.h>

extern void __VERIFIER_assume(int);
extern void reach_error(void);

static void *worker(void *arg) { return arg; }
static void init_once(void) {}
static void destroy_key(void *value) {}

int main(int argc, char **argv) {
  pthread_t t;
  pthread_attr_t attr;
  pthread_mutex_t m;
  pthread_mutexattr_t ma;
  pthread_cond_t c;
  pthread_rwlock_t rw;
  pthread_barrier_t b;
  sem_t s;
  pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_key_t key;
  void *result;
  int value;
  struct timespec ts = {0, 0};

  // CHECK: call i32 @__bpor_pthread_attr_init(ptr noundef %attr)
  pthread_attr_init(&attr);
  // CHECK: call i32 @__bpor_pthread_attr_setdetachstate(ptr noundef %attr, i32 noundef 0)
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
  // CHECK: call i32 @__bpor_pthread_create(ptr noundef %t, ptr noundef %attr, ptr noundef @worker, ptr noundef null)
  pthread_create(&t, &attr, worker, 0);
  // CHECK: call i32 @__bpor_pthread_attr_destroy(ptr noundef %attr)
  pthread_attr_destroy(&attr);
  // CHECK: call i32 @__bpor_pthread_join(i64 noundef {{%.*}}, ptr noundef %result)
  pthread_join(t, &result);
  // CHECK: call i32 @__bpor_pthread_detach(i64 noundef {{%.*}})
  pthread_detach(t);
  // CHECK: [[SELF:%.*]] = call i64 @__bpor_pthread_self()
  // CHECK: call i32 @__bpor_pthread_equal(i64 noundef [[SELF]], i64 noundef {{%.*}})
  value = pthread_equal(pthread_self(), t);

  // CHECK: call i32 @__bpor_pthread_mutexattr_init(ptr noundef %ma)
  pthread_mutexattr_init(&ma);
  // CHECK: call i32 @__bpor_pthread_mutexattr_settype(ptr noundef %ma, i32 noundef 1)
  pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
  // CHECK: call i32 @__bpor_pthread_mutex_init(ptr noundef %m, ptr noundef %ma)
  pthread_mutex_init(&m, &ma);
  // CHECK: call i32 @__bpor_pthread_mutexattr_destroy(ptr noundef %ma)
  pthread_mutexattr_destroy(&ma);
  // CHECK: call i32 @__bpor_pthread_mutex_lock(ptr noundef %m)
  pthread_mutex_lock(&m);
  // CHECK: call i32 @__bpor_pthread_mutex_trylock(ptr noundef %m)
  pthread_mutex_trylock(&m);
  // CHECK: call i32 @__bpor_pthread_mutex_unlock(ptr noundef %m)
  pthread_mutex_unlock(&m);

  // CHECK: call i32 @__bpor_pthread_cond_init(ptr noundef %c, ptr noundef null)
  pthread_cond_init(&c, 0);
  // CHECK: call i32 @__bpor_pthread_cond_wait(ptr noundef %c, ptr noundef %m)
  pthread_cond_wait(&c, &m);
  // CHECK: call i32 @__bpor_pthread_cond_timedwait(ptr noundef %c, ptr noundef %m, ptr noundef %ts)
  pthread_cond_timedwait(&c, &m, &ts);
  // CHECK: call i32 @__bpor_pthread_cond_signal(ptr noundef %c)
  pthread_cond_signal(&c);
  // CHECK: call i32 @__bpor_pthread_cond_broadcast(ptr noundef %c)
  pthread_cond_broadcast(&c);
  // CHECK: call i32 @__bpor_pthread_cond_destroy(ptr noundef %c)
  pthread_cond_destroy(&c);
  // CHECK: call i32 @__bpor_pthread_mutex_destroy(ptr noundef %m)
  pthread_mutex_destroy(&m);

  // CHECK: call i32 @__bpor_pthread_rwlock_init(ptr noundef %rw, ptr noundef null)
  pthread_rwlock_init(&rw, 0);
  // CHECK: call i32 @__bpor_pthread_rwlock_rdlock(ptr noundef %rw)
  pthread_rwlock_rdlock(&rw);
  // CHECK: call i32 @__bpor_pthread_rwlock_tryrdlock(ptr noundef %rw)
  pthread_rwlock_tryrdlock(&rw);
  // CHECK: call i32 @__bpor_pthread_rwlock_wrlock(ptr noundef %rw)
  pthread_rwlock_wrlock(&rw);
  // CHECK: call i32 @__bpor_pthread_rwlock_trywrlock(ptr noundef %rw)
  pthread_rwlock_trywrlock(&rw);
  // CHECK: call i32 @__bpor_pthread_rwlock_unlock(ptr noundef %rw)
  pthread_rwlock_unlock(&rw);
  // CHECK: call i32 @__bpor_pthread_rwlock_destroy(ptr noundef %rw)
  pthread_rwlock_destroy(&rw);

  // CHECK: call i32 @__bpor_pthread_barrier_init(ptr noundef %b, ptr noundef null, i32 noundef 2)
  pthread_barrier_init(&b, 0, 2);
  // CHECK: call i32 @__bpor_pthread_barrier_wait(ptr noundef %b)
  pthread_barrier_wait(&b);
  // CHECK: call i32 @__bpor_pthread_barrier_destroy(ptr noundef %b)
  pthread_barrier_destroy(&b);

  // CHECK: call i32 @__bpor_sem_init(ptr noundef %s, i32 noundef 0, i32 noundef 1)
  sem_init(&s, 0, 1);
  // CHECK: call i32 @__bpor_sem_wait(ptr noundef %s)
  sem_wait(&s);
  // CHECK: call i32 @__bpor_sem_trywait(ptr noundef %s)
  sem_trywait(&s);
  // CHECK: call i32 @__bpor_sem_post(ptr noundef %s)
  sem_post(&s);
  // CHECK: call i32 @__bpor_sem_getvalue(ptr noundef %s, ptr noundef %value)
  sem_getvalue(&s, &value);
  // CHECK: call i32 @__bpor_sem_destroy(ptr noundef %s)
  sem_destroy(&s);

  // pthread_once is lowered (not renamed): the routine runs between once_begin
  // and once_end, both at the call's source location.
  // CHECK: [[BEGUN:%.*]] = call i32 @__bpor_once_begin(ptr %once, i32 [[LOC:[1-9][0-9]*]])
  // CHECK-NEXT: [[MUST:%.*]] = icmp ne i32 [[BEGUN]], 0
  // CHECK-NEXT: br i1 [[MUST]], label %[[THEN:.*]], label %[[AFTER:[^ ,]*]]
  // CHECK: [[THEN]]:
  // CHECK-NEXT: call void @init_once()
  // CHECK-NEXT: call void @__bpor_once_end(ptr %once, i32 [[LOC]])
  // CHECK-NEXT: br label %[[AFTER]]
  // CHECK: [[AFTER]]:
  // CHECK-NEXT: call i32 @__bpor_pthread_key_create
  pthread_once(&once, init_once);
  // CHECK-SAME: (ptr noundef %key, ptr noundef @destroy_key)
  pthread_key_create(&key, destroy_key);
  // CHECK: call i32 @__bpor_pthread_setspecific(i32 noundef {{%.*}}, ptr noundef %result)
  pthread_setspecific(key, &result);
  // CHECK: call ptr @__bpor_pthread_getspecific(i32 noundef {{%.*}})
  result = pthread_getspecific(key);
  // CHECK: call i32 @__bpor_pthread_key_delete(i32 noundef {{%.*}})
  pthread_key_delete(key);

  // CHECK: call i32 @__bpor_sched_yield()
  sched_yield();
  // CHECK: call void @__bpor_assume(i32 noundef {{%.*}})
  __VERIFIER_assume(argc > 0);
  if (argc > 5)
    // CHECK: call void @__bpor_reach_error()
    reach_error();
  // CHECK: call void @__bpor_assert_fail(ptr noundef @.str, ptr noundef @.str.1, i32 noundef {{[0-9]+}}, ptr noundef @__PRETTY_FUNCTION__.main)
  assert(argc != 4);
  if (argc > 6)
    // CHECK: call void @__bpor_abort()
    abort();
  if (argc > 7)
    // CHECK: call void @__bpor_pthread_exit(ptr noundef null)
    pthread_exit(0);
  // CHECK: call void @__bpor_exit(i32 noundef 3)
  exit(3);
}

// No call and no declaration of the original functions is left.
// GONE-NOT: @pthread_
// GONE-NOT: @sem_
// GONE-NOT: @sched_yield
// GONE-NOT: @__VERIFIER_assume
// GONE-NOT: @reach_error
// GONE-NOT: @__assert_fail
// GONE-NOT: @abort
// GONE-NOT: @exit(
// The declarations keep their attributes (exit does not return).
// GONE: declare void @__bpor_exit(i32 noundef) [[NORETURN:#[0-9]+]]
// GONE: attributes [[NORETURN]] = { noreturn
