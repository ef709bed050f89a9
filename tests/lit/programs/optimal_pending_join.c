// A thread blocked at a join when an execution ends early cannot race with the thread it
// joins: the join runs after every event of that thread. If optimal DPOR let main's pending
// join of t1 race with t1's atomic block (which conflicts with every operation, since it locks
// a mutex: only a block of plain memory operations has a footprint), the join
// (disabled there) would go first in the wakeup tree before the atomic block, and the reversal
// of t2's store with the atomic block, inserted under it, would never be explored: 5 executions
// and 10 of the 13 unique local states (EventLog::racesOfPending; tests/pipeline seed 2000017).
//
// Every execution fails t1's assertion (it wrote x1 = 1 itself). The distinct traces: t2 not
// created before the failure, or created and its store not run, run before the atomic block,
// or run after it; with main's second create before or after t1's steps: 6.
// RUN: not %bporcheck --por=none --keep-going --dump-local-states=%t.none %s | %FileCheck --check-prefix=NONE %s
// RUN: not %bporcheck --por=optimal --keep-going --dump-local-states=%t.optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// RUN: diff %t.none %t.optimal
// NONE: executions: 10{{$}}
// NONE: unique local states: 13{{$}}
// OPTIMAL: 1 distinct error in 6 executions
// OPTIMAL: executions: 6{{$}}
// OPTIMAL: unique local states: 13{{$}}
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x0, x1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t2(void *arg) {
  x0 = 3;
  return 0;
}

void *t1(void *arg) {
  x1 = 1;
  __VERIFIER_atomic_begin();
  pthread_mutex_lock(&m);
  x0 = 1;
  pthread_mutex_unlock(&m);
  __VERIFIER_atomic_end();
  assert(x1 != 1);
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
