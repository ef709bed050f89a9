// Calls on runtime state that threads share (docs/weak-memory.md, "Runtime state"): rand's
// seed, the clock. What such a call returns depends on the order of the calls of different
// threads, so under every model the search explores every order (each call a relaxed update of
// a word counting them). The search once ran them in one order only, the lowest-named thread's
// first, and answered "ok" here under every weak model.
// - rand (the default): the thread that records its draw may draw second.
// - the clock (-DCLOCK): a thread's time() may come after another's sleep(1).
// RUN: not %bporcheck --model=rc11 %s | %FileCheck --check-prefix=RAND %s
// RUN: not %bporcheck --model=tso %s | %FileCheck --check-prefix=RAND %s
// RUN: not %bporcheck %s | %FileCheck --check-prefix=RAND %s
// RAND: error: assertion failure: assertion 'first == expected' failed
// RUN: not %bporcheck --model=ra -DCLOCK %s | %FileCheck --check-prefix=CLOCK %s
// RUN: not %bporcheck --model=pso -DCLOCK %s | %FileCheck --check-prefix=CLOCK %s
// CLOCK: error: assertion failure: assertion 'seen == start' failed
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

atomic_int x;

#ifdef CLOCK
time_t start, seen;

void *a(void *arg) {
  sleep(1);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return arg;
}

void *b(void *arg) {
  seen = time(0);
  return arg;
}
#else
int first;

void *a(void *arg) {
  first = rand();
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return arg;
}

void *b(void *arg) {
  rand();
  return arg;
}
#endif

int main(void) {
#ifdef CLOCK
  start = time(0);
#else
  srand(1);
  int expected = rand();
  srand(1);
#endif
  pthread_t ta, tb;
  pthread_create(&ta, 0, a, 0);
  pthread_create(&tb, 0, b, 0);
  pthread_join(ta, 0);
  pthread_join(tb, 0);
#ifdef CLOCK
  assert(seen == start);
#else
  assert(first == expected);
#endif
  return 0;
}
