// Peterson's algorithm without the store to `turn`: both threads can enter. The stateful search
// finds it; with bounded context switching (Holzmann and Florian) it needs one preemption, so
// bound 0 covers every schedule without one and finds nothing.
// RUN: %expect-exit 1 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'inside == 1' failed
// CHECK: verdict: error (assertion failure)
// RUN: %expect-exit 0 %bporcheck --search=stateful --preemptions=0 --no-progress %s | %FileCheck --check-prefix=BOUND0 %s
// BOUND0: stateful search (bounded context switching, 0 preemptions)
// BOUND0: verdict: ok: no error in any schedule with at most 0 preemptions
// RUN: %expect-exit 1 %bporcheck --search=stateful --preemptions=1 --no-progress %s | %FileCheck --check-prefix=BOUND1 %s
// BOUND1: verdict: error (assertion failure)
// Partial-order reduction keeps the error; it explores fewer states and checks no livelocks.
// RUN: %expect-exit 1 %bporcheck --search=stateful --state-por --no-progress %s | %FileCheck --check-prefix=POR %s
// POR: verdict: error (assertion failure)
// RUN: %expect-exit 0 %bporcheck --search=stateful --state-por --no-progress -DFIXED %s | %FileCheck --check-prefix=POR-FIXED %s
// POR-FIXED: verdict: ok: no error in any schedule (stateful search, {{[0-9]+}} states, exact storage, livelocks not checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag0, flag1, turn;
int inside;

void *t0(void *a) {
  atomic_store(&flag0, 1);
#ifdef FIXED
  atomic_store(&turn, 1);
#endif
  while (atomic_load(&flag1) && atomic_load(&turn) == 1) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  atomic_store(&flag0, 0);
  return 0;
}

void *t1(void *a) {
  atomic_store(&flag1, 1);
  atomic_store(&turn, 0);
  while (atomic_load(&flag0) && atomic_load(&turn) == 0) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  atomic_store(&flag1, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
