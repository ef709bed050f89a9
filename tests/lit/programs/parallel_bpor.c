// -j N divides BPOR at a bound among N worker threads (docs/design.md, "BPOR: a split at a
// depth"): above the split every enabled thread within the bound branches and nothing sleeps,
// so the workers together explore more executions than BPOR on one thread (76 against 34
// here), and exactly the same ones whatever N and whichever worker takes which unit
// (tests/lit/distributed/divided_bpor.test: the same under mpirun); every state reachable
// within the bound, so the same errors as one thread. The searches that do not walk one
// depth-first tree at one bound refuse -j.
// RUN: %bporcheck --no-progress --search=bpor --preemptions=1 %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --no-progress --search=bpor --preemptions=1 -j 2 %s | %FileCheck --check-prefix=TWO %s
// RUN: %bporcheck --no-progress --search=bpor --preemptions=1 -j 3 %s | %FileCheck --check-prefix=THREE %s
// RUN: not %bporcheck --no-progress --search=bpor --preemptions=1 --keep-going -DBUG %s | %FileCheck --check-prefix=BUG-ONE %s
// RUN: not %bporcheck --no-progress --search=bpor --preemptions=1 --keep-going -j 2 -DBUG %s | %FileCheck --check-prefix=BUG-TWO %s
// RUN: not %bporcheck --no-progress --search=bpor --preemptions=1 -j 2 --strategy=best-first %s 2>&1 | %FileCheck --check-prefix=BEST %s
// RUN: not %bporcheck --no-progress --search=bpor --preemptions=1 -j 2 --iterate %s 2>&1 | %FileCheck --check-prefix=ITERATE %s
// ONE: verdict: ok: no error in any schedule with at most 1 preemption (BPOR (preemption bound 1), 34 executions)
// ONE-NEXT: executions: 34
// ONE-NEXT: finished: 34, infeasible (assume): 0, sleep-set blocked: 0, bound blocked: 0, errors: 0
// TWO: verdict: ok: no error in any schedule with at most 1 preemption (BPOR (preemption bound 1) on 2 workers, 76 executions)
// TWO-NEXT: executions: 76
// TWO-NEXT: finished: 76, infeasible (assume): 0, sleep-set blocked: 0, bound blocked: 0, errors: 0
// THREE: verdict: ok: no error in any schedule with at most 1 preemption (BPOR (preemption bound 1) on 3 workers, {{[0-9]+}} executions)
// BUG-ONE: error: assertion failure: assertion 'seen != 2 || k != 0' failed
// BUG-ONE: verdict: error (assertion failure), 1 distinct error in 3 executions
// BUG-ONE: finished: 31, {{.*}} errors: 3
// BUG-TWO: error: assertion failure: assertion 'seen != 2 || k != 0' failed
// BUG-TWO: verdict: error (assertion failure), 1 distinct error in 3 executions
// BUG-TWO: finished: 72, {{.*}} errors: 3
// BEST: -j 2: BPOR divides depth-first only, not --strategy=best-first
// ITERATE: -j 2: BPOR divides at one bound, not with --iterate
#include <assert.h>
#include <pthread.h>

int x;

void *worker(void *arg) {
  long k = (long)arg;
  x = (int)k;
  int seen = x;
#ifdef BUG
  assert(seen != 2 || k != 0);
#endif
  return (void *)(long)seen;
}

int main(void) {
  pthread_t t[3];
  for (long k = 0; k < 3; k++)
    pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < 3; k++)
    pthread_join(t[k], 0);
  return 0;
}
