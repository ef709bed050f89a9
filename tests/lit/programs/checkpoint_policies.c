// --checkpoints chooses how a depth-first search returns to a state (restore a checkpoint, or
// re-step the prefix from the initial state); it changes what a search costs, never what it
// explores: the same executions and the same errors with each policy. Three threads each
// write x and read it back: (3!)^2 = 36 traces (DPOR with sleep sets explores 72, 36 sleep-set blocked);
// with the assertion's second read, 538 traces, 532 of which fail it.
// RUN: %bporcheck --no-progress --checkpoints=adaptive %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress --checkpoints=every %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress --checkpoints=never %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress --checkpoints=every --por=dpor %s | %FileCheck --check-prefix=DPOR %s
// RUN: %bporcheck --no-progress --checkpoints=never --por=dpor %s | %FileCheck --check-prefix=DPOR %s
// RUN: not %bporcheck --no-progress --checkpoints=every --keep-going -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: not %bporcheck --no-progress --checkpoints=never --keep-going -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: not %bporcheck --no-progress --checkpoints=sometimes %s 2>&1 | %FileCheck --check-prefix=USAGE %s
// OK: verdict: ok: no error in any schedule (optimal DPOR, 36 executions)
// OK: finished: 36, infeasible (assume): 0, sleep-set blocked: 0,
// DPOR: verdict: ok: no error in any schedule (DPOR with sleep sets, 72 executions)
// DPOR: finished: 36, infeasible (assume): 0, sleep-set blocked: 36,
// BUG: (532 executions ended in this error; the first one's trace:)
// BUG: verdict: error (assertion failure), 1 distinct error in 532 executions
// BUG-NEXT: executions: 538
// USAGE: unknown --checkpoints=sometimes (expected adaptive, every or never)
#include <assert.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  int v = (int)(long)arg;
  x = v;
  int seen = x;
#ifdef BUG
  assert(x == v);
#endif
  return (void *)(long)seen;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++)
    pthread_create(&t[k], 0, worker, (void *)(k + 1));
  for (int k = 0; k < 3; k++)
    pthread_join(t[k], 0);
  return 0;
}
