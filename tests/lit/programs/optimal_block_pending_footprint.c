// An atomic block whose footprint the pass does not name (it indexes an array by a value it
// reads; -DEMPTY: it touches nothing, and the pass names no empty footprint) is pending as
// `global`, while its event carries what its body touched. Left behind by an execution that
// ended early (a failed assertion), the pending block went into the wakeup sequence
// `block . ending event` in its pending form: a sleeper the block commutes with (main's store
// to z) was no weak initial of it, and a later sequence at the same state (-DEMPTY: t4's store
// before main's failing load) did not descend into the block's branch, whose event commutes
// with it. Each such branch ended sleep-set blocked once the block ran (trace-set soak seeds
// 20005339: 122 of 875 executions, and 20051002: 1 of 483). Optimal DPOR now runs the pending
// block from that state to learn its event (OptimalSearch::resolveFootprint).
//
// The trace counts are source-DPOR's executions less its sleep-set-blocked ones (37 - 6 and
// 28 - 2), and optimal DPOR reaches the local states exhaustive search does.
// RUN: %expect-exit 1 %bporcheck --por=none --keep-going --dump-local-states=%t.none %s | %FileCheck --check-prefix=NONE %s
// RUN: %expect-exit 1 %bporcheck --por=optimal --keep-going --dump-local-states=%t.optimal %s | %FileCheck %s
// RUN: diff %t.none %t.optimal
// RUN: %expect-exit 1 %bporcheck --por=optimal --keep-going --checkpoints=never %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DEMPTY --por=none --keep-going --dump-local-states=%t.none-empty %s | %FileCheck --check-prefix=NONEEMPTY %s
// RUN: %expect-exit 1 %bporcheck -DEMPTY --por=optimal --keep-going --dump-local-states=%t.optimal-empty %s | %FileCheck --check-prefix=EMPTY %s
// RUN: diff %t.none-empty %t.optimal-empty
// NONE: unique local states: 46{{$}}
// CHECK: 1 distinct error in 11 executions
// CHECK: executions: 31{{$}}
// CHECK-NEXT: finished: 20, infeasible (assume): 0, sleep-set blocked: 0,
// NONEEMPTY: unique local states: 58{{$}}
// EMPTY: 1 distinct error in 10 executions
// EMPTY: executions: 26{{$}}
// EMPTY-NEXT: finished: 16, infeasible (assume): 0, sleep-set blocked: 0,
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, z, arr[3];

#ifdef EMPTY
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t4(void *arg) {
  x = 1;
  return 0;
}

void *t3(void *arg) {
  __VERIFIER_atomic_begin();
  __VERIFIER_atomic_end();
  return 0;
}

void *t2(void *arg) {
  pthread_t h;
  pthread_mutex_lock(&m);
  pthread_create(&h, 0, t4, 0);
  return 0;
}

void *t1(void *arg) {
  pthread_mutex_lock(&m);
  x = 3;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t h1, h2, h3;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_create(&h3, 0, t3, 0);
  assert(x != 3);
  pthread_join(h3, 0);
  return 0;
}
#else
void *t3(void *arg) {
  x = x + 1;
  return 0;
}

void *t2(void *arg) {
  assert(x != 1);
  return 0;
}

void *t1(void *arg) {
  int r = 0;
  __VERIFIER_atomic_begin();
  arr[(unsigned)r % 3] = 1;
  x = x + 1;
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t h1, h2, h3;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_create(&h3, 0, t3, 0);
  z = 5;
  return 0;
}
#endif
