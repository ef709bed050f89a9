// setjmp/longjmp within a thread: an error path deep in the calls jumps back to the worker's
// recovery point (the frames in between are gone, their stack objects released), a second
// setjmp in a loop is re-armed, and each thread has its own jmp_buf. A longjmp to a function
// that has returned is undefined behaviour, reported.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DSTALE %s | %FileCheck --check-prefix=STALE %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// STALE: error: assertion failure: undefined behaviour: longjmp to a jmp_buf this thread did not set, or whose function has returned
#include <assert.h>
#include <pthread.h>
#include <setjmp.h>

static _Thread_local jmp_buf recover;
int failures;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void deep(int depth) {
  char scratch[16];
  scratch[0] = (char)depth;
  if (depth == 0)
    longjmp(recover, 7);
  deep(depth - 1 + scratch[0] - depth);
}

static void *worker(void *arg) {
  volatile int rounds = 0;
  int code = setjmp(recover);
  if (code == 0) {
    deep(3);
    assert(0); // not reached
  }
  assert(code == 7);
  pthread_mutex_lock(&lock);
  ++failures;
  pthread_mutex_unlock(&lock);
  jmp_buf again;
  if (setjmp(again) < 3) { // returns 0, then 1, then 2
    if (++rounds < 3)
      longjmp(again, rounds);
  }
  assert(rounds == 3);
  return 0;
}

#ifdef STALE
static jmp_buf stale;
static void arm(void) { setjmp(stale); }
#endif

int main(void) {
#ifdef STALE
  arm();
  longjmp(stale, 1);
#endif
  pthread_t thread;
  pthread_create(&thread, 0, worker, 0);
  worker(0);
  pthread_join(thread, 0);
  assert(failures == 2);
  return 0;
}
