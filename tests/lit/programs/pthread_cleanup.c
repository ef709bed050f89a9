// pthread_cleanup_push/pop (glibc's macros: __sigsetjmp, __pthread_register_cancel, ...):
// pop(1) runs the handler and pop(0) does not; pthread_exit, here from a function the thread
// calls, runs the handlers in force, innermost first, then ends the thread with its value. A
// handler that gives back a mutex lets main take it. The program passes natively too. With
// -DPOP_WITHOUT_RUNNING the worker pops its unlock handler with 0: main's assertion, which
// depends on the handler, fails.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %clang %s -o %t && %t | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DPOP_WITHOUT_RUNNING %s | %FileCheck --check-prefix=FORGOT %s
// CHECK: returned 3 order 2 1
// CHECK: exited 7 order 2 1
// CHECK-NOT: verdict: error
// FORGOT: error: assertion failure: assertion 'pthread_mutex_trylock(&m) == 0' failed
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int order[4], ran;

static void unlock(void *mutex) {
  order[ran++] = 1;
  pthread_mutex_unlock(mutex);
}
static void note(void *arg) { order[ran++] = (int)(long)arg; }
static void never(void *arg) { assert(0); }

static void leave(long value) { pthread_exit((void *)value); }

static void *worker(void *exit) {
  pthread_mutex_lock(&m);
  pthread_cleanup_push(unlock, &m);
  pthread_cleanup_push(never, 0);
  pthread_cleanup_pop(0); // not run
  pthread_cleanup_push(note, (void *)2);
  if (exit)
    leave(7);
  pthread_cleanup_pop(1);
#ifdef POP_WITHOUT_RUNNING
  pthread_cleanup_pop(0);
#else
  pthread_cleanup_pop(1);
#endif
  return (void *)3;
}

static void check(long exit) {
  pthread_t t;
  void *value = 0;
  ran = 0;
  pthread_create(&t, 0, worker, (void *)exit);
  pthread_join(t, &value);
  assert(pthread_mutex_trylock(&m) == 0); // the handler gave the mutex back
  pthread_mutex_unlock(&m);
  printf("%s %ld order %d %d\n", exit ? "exited" : "returned", (long)value, order[0], order[1]);
}

int main(void) {
  check(0);
  check(1);
  return 0;
}
