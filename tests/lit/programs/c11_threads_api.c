// The rest of <threads.h> (C support library): C11's return codes (mtx_trylock's thrd_busy,
// mtx_timedlock's and cnd_timedwait's thrd_timedout), recursive mutexes, a condition variable
// handing over a value, call_once, thread-specific storage with its destructor, thrd_exit's
// result, thrd_current/thrd_equal, thrd_sleep, thrd_yield and thrd_detach. Every check holds in
// every schedule; the program passes natively too.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clang %s -o %t && %t | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DLOST_WAKEUP %s | %FileCheck --check-prefix=LOST %s
// CHECK: once 1 destructor 1 handed 7 exit 5
// CHECK-NOT: verdict: error
// LOST: error: deadlock: no thread can run: thread 0 (main) waits on condition variable global ready
// LOST-NEXT: in thread 0 (main) at {{.*}}c11_threads_api.c:[[@LINE+64]]:3
#include <assert.h>
#include <stdio.h>
#include <threads.h>
#include <time.h>

mtx_t lock, recursive;
cnd_t ready;
int value, posted, onceRuns, destructorRuns;
once_flag once = ONCE_FLAG_INIT;
tss_t key;
thrd_t mainThread;

static void initialise(void) { ++onceRuns; }
static void destroy(void *p) { destructorRuns += *(int *)p; }

static int producer(void *arg) {
  call_once(&once, initialise);
  static int one = 1;
  assert(tss_set(key, &one) == thrd_success && tss_get(key) == &one);
  assert(!thrd_equal(thrd_current(), mainThread));
  mtx_lock(&lock);
  value = 7;
#ifndef LOST_WAKEUP
  posted = 1;
#endif
  cnd_signal(&ready);
  mtx_unlock(&lock);
  thrd_exit(5);
}

static int detached(void *arg) {
  thrd_yield();
  return 0;
}

int main(void) {
  mainThread = thrd_current();
  assert(thrd_equal(mainThread, thrd_current()));
  assert(mtx_init(&lock, mtx_plain) == thrd_success);
  assert(mtx_init(&recursive, mtx_timed | mtx_recursive) == thrd_success);
  assert(cnd_init(&ready) == thrd_success);
  assert(tss_create(&key, destroy) == thrd_success);

  assert(mtx_lock(&recursive) == thrd_success && mtx_trylock(&recursive) == thrd_success);
  mtx_unlock(&recursive);
  mtx_unlock(&recursive);
  struct timespec past = {0, 0};
  assert(mtx_lock(&lock) == thrd_success);
  thrd_t other;
  // Held by this thread (a plain mutex): busy, and a timed lock times out; so does a timed
  // wait nobody signals.
  assert(mtx_trylock(&lock) == thrd_busy);
  assert(mtx_timedlock(&lock, &past) == thrd_timedout);
  assert(cnd_timedwait(&ready, &lock, &past) == thrd_timedout);
  mtx_unlock(&lock);

  thrd_t t;
  assert(thrd_create(&t, producer, 0) == thrd_success);
  assert(thrd_create(&other, detached, 0) == thrd_success);
  assert(thrd_detach(other) == thrd_success);
  call_once(&once, initialise);
  mtx_lock(&lock);
#ifdef LOST_WAKEUP
  cnd_wait(&ready, &lock); // no predicate: waits forever if the signal came first
#else
  while (!posted)
    cnd_wait(&ready, &lock);
#endif
  int handed = value;
  mtx_unlock(&lock);
  int result = 0;
  assert(thrd_join(t, &result) == thrd_success);
  struct timespec nap = {0, 1000};
  assert(thrd_sleep(&nap, 0) == 0);
  printf("once %d destructor %d handed %d exit %d\n", onceRuns, destructorRuns, handed, result);
  tss_delete(key);
  cnd_destroy(&ready);
  mtx_destroy(&lock);
  mtx_destroy(&recursive);
  return 0;
}
