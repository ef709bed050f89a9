// The pthread-wmm idiom: main waits for the workers with an assumption on their counter and then
// checks an outcome that one data choice makes possible. A failed assumption stops main for good
// while the workers run on, so an execution in which main read the counter too early differs
// from a feasible one only in where main's read of cnt falls among the counter's updates
// (docs/algorithms-notes.md, "Failed assumptions block their thread"). Before, ending the whole
// execution at the failed assumption made its last event race with every other thread's next
// step: source and optimal DPOR explored 151 executions (141 infeasible); now optimal DPOR
// explores 60 (50 infeasible), one per trace. DPOR with sleep sets goes from 41 to 62 and
// exhaustive search from 4,628 to 13,761: the workers' steps after main stopped are explored
// too, as they must be (tests/lit/programs/assume_stops_thread.c).
// RUN: not %bporcheck --por=none --keep-going --dump-local-states=%t.none %s | %FileCheck --check-prefix=NONE %s
// RUN: not %bporcheck --por=dpor --keep-going --dump-local-states=%t.dpor %s | %FileCheck --check-prefix=DPOR %s
// RUN: not %bporcheck --por=source --keep-going --dump-local-states=%t.source %s | %FileCheck --check-prefix=DPOR %s
// RUN: not %bporcheck --por=optimal --keep-going --dump-local-states=%t.optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// RUN: diff %t.none %t.dpor
// RUN: diff %t.none %t.source
// RUN: diff %t.none %t.optimal
// NONE: 1 distinct error in 94 executions
// NONE: executions: 13761{{$}}
// NONE: finished: 488, infeasible (assume): 13179, sleep-set blocked: 0,
// NONE: unique local states: 209{{$}}
// DPOR: 1 distinct error in 2 executions
// DPOR: executions: 62{{$}}
// DPOR: finished: 8, infeasible (assume): 50, sleep-set blocked: 2,
// DPOR: unique local states: 209{{$}}
// OPTIMAL: 1 distinct error in 2 executions
// OPTIMAL: executions: 60{{$}}
// OPTIMAL: finished: 8, infeasible (assume): 50, sleep-set blocked: 0,
// OPTIMAL: unique local states: 209{{$}}
#include <pthread.h>

extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int x, y, r0, r1, cnt;

void *p0(void *arg) {
  x = 1;
  r0 = y;
  cnt = cnt + 1;
  return 0;
}

void *p1(void *arg) {
  y = 1;
  r1 = __VERIFIER_nondet_bool() ? x : 0;
  cnt = cnt + 1;
  return 0;
}

int main(void) {
  pthread_t t0, t1;
  pthread_create(&t0, 0, p0, 0);
  pthread_create(&t1, 0, p1, 0);
  int done = cnt == 2;
  __VERIFIER_assume(done);
  if (r0 == 0 && r1 == 0)
    reach_error();
  return 0;
}
