// Best-first search on a program whose waiter spins until main releases it, beside a lost
// update that main's assertion catches. The first schedules let the waiter spin while the
// other threads wait to run: an unfair cycle, so each such execution is cut at the depth limit
// (not a livelock: a fair scheduler would run the others), the threads it starved run where
// the spin began, and the search goes on to the bug (it stopped at the first long execution,
// inconclusive, before). --max-depth keeps the cut executions short; with the default 100000
// steps it finds the bug as well, in about 6 s.
// RUN: %expect-exit 1 %bporcheck --no-progress --strategy=best-first --max-depth=1000 %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}best_first_spin.c: best-first BPOR (fewest preemptions first)
// CHECK-NEXT: bound 0: no error in any schedule with at most 0 preemptions, except 10 executions cut at the depth limit (12 executions)
// CHECK-NEXT: error: assertion failure: assertion 'x == 2' failed
// CHECK: verdict: error (assertion failure)
// CHECK-NEXT: executions: 18
//
// Without the bug the search covers every schedule but those cut: the verdict names them, and
// the exit code is 4 (incomplete).
// RUN: %expect-exit 4 %bporcheck --no-progress --strategy=best-first --max-depth=1000 --preemptions=1 -DFIXED %s | %FileCheck --check-prefix=FIXED %s
// FIXED: bound 0: no error in any schedule with at most 0 preemptions, except 10 executions cut at the depth limit (12 executions)
// FIXED-NEXT: bound 1: no error in any schedule with at most 1 preemption, except 4 executions cut at the depth limit (4 executions)
// FIXED-NEXT: verdict: ok: no error in any schedule with at most 1 preemption, but not every behaviour was covered: 14 executions cut at the depth limit (1000 steps) without a fair cycle at their end: they may never end or only be long, and no schedule beyond the cut was explored (best-first BPOR (fewest preemptions first, preemption bound 1), 16 executions)
#include <assert.h>
#include <pthread.h>
#include <sched.h>

int go, x;

static void *waiter(void *arg) {
  while (!go)
    sched_yield();
  return 0;
}

static void *increment(void *arg) {
#ifdef FIXED
  __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
#else
  int v = x; // should be one atomic step
  x = v + 1;
#endif
  return 0;
}

int main(void) {
  pthread_t t, a, b;
  pthread_create(&t, 0, waiter, 0);
  pthread_create(&a, 0, increment, 0);
  pthread_create(&b, 0, increment, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  go = 1;
  pthread_join(t, 0);
  return 0;
}
