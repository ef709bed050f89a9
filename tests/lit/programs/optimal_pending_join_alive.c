// A join left pending at an execution's end waits for a thread that has not ended, so it is
// disabled in every state of the execution and has no race to reverse. If optimal DPOR let
// main's pending join of t1 race with t2's atomic block (which conflicts with every operation,
// since it locks a mutex: only a block of plain memory operations has a footprint),
// the join would go, disabled, into the wakeup tree at the state before the atomic block; the
// reversal of the block with t1's failing load, inserted there next, would count as covered by
// the join (independent of the load) and be lost with it: 4 executions and 18 of the 29 unique
// local states, no execution in which t1 reads 1 (EventLog::racesOfPending; tests/pipeline
// seed 385 without grandchildren).
//
// The distinct traces: t1 reads x1 before t2's store or between the store and the atomic block,
// each with main's join of t1 before or after the block (4); or t1 reads 2 after the block and
// fails, with t2's load of x0 before the failure or not (2): 6.
// RUN: not %bporcheck --por=none --keep-going --dump-local-states=%t.none %s | %FileCheck --check-prefix=NONE %s
// RUN: not %bporcheck --por=source --keep-going --dump-local-states=%t.source %s | %FileCheck --check-prefix=REDUCED %s
// RUN: not %bporcheck --por=optimal --keep-going --dump-local-states=%t.optimal %s | %FileCheck --check-prefix=REDUCED %s
// RUN: diff %t.none %t.source
// RUN: diff %t.none %t.optimal
// NONE: executions: 13{{$}}
// NONE: unique local states: 29{{$}}
// REDUCED: 1 distinct error in 2 executions
// REDUCED: executions: 6{{$}}
// REDUCED: sleep-set blocked: 0,
// REDUCED: unique local states: 29{{$}}
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x0, x1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t2(void *arg) {
  x1 = 1;
  __VERIFIER_atomic_begin();
  pthread_mutex_lock(&m);
  x1 = 2;
  pthread_mutex_unlock(&m);
  __VERIFIER_atomic_end();
  (void)*(volatile int *)&x0;
  return 0;
}

void *t1(void *arg) {
  assert(x1 != 2);
  return 0;
}

int main(void) {
  pthread_t h1, h2;
  pthread_create(&h1, 0, t1, 0);
  pthread_create(&h2, 0, t2, 0);
  pthread_join(h1, 0);
  pthread_join(h2, 0);
  return 0;
}
