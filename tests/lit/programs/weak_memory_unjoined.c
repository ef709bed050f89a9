// main returns without joining its thread: the process's exit may come before or after the
// thread's events, and the graph search adds it last (it waits for every thread that can still
// run), so the thread's assertion is reached under every model (the search added the exit
// first and answered "ok" after one execution in which the thread never ran).
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=sc %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=tso %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=pso %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=ra %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --model=rc11 %s | %FileCheck %s
// A thread that waits at a spin loop when main returns is cut short, not spinning forever;
// with a release/acquire flag the data it then reads is main's.
// RUN: %bporcheck --no-progress -DWAITS -DFLAG_ORDER=memory_order_release %s \
// RUN:   | %FileCheck %s --check-prefix=WAITS
// RUN: %expect-exit 1 %bporcheck --no-progress -DWAITS -DFLAG_ORDER=memory_order_relaxed %s \
// RUN:   | %FileCheck %s --check-prefix=STALE
// CHECK: error: assertion failure: assertion 'atomic_load_explicit(&x, memory_order_relaxed) == 0' failed in void *worker(void *)
// CHECK: verdict: error (assertion failure)
// WAITS: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 2 executions)
// STALE: error: assertion failure: assertion 'atomic_load_explicit(&x, memory_order_relaxed) == 1' failed in void *waiter(void *)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int go, x;

#ifdef WAITS
void *waiter(void *arg) {
  while (atomic_load_explicit(&go, memory_order_acquire) == 0) {
  }
  assert(atomic_load_explicit(&x, memory_order_relaxed) == 1);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_store_explicit(&go, 1, FLAG_ORDER);
  return 0;
}
#else
void *worker(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  assert(atomic_load_explicit(&x, memory_order_relaxed) == 0);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return 0;
}
#endif
