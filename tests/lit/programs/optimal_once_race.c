// pthread_once's begin waits while another thread runs the routine, and the routine's end
// releases it, as an unlock releases a lock. So the race of t1's begin with main's end of the
// routine is reversed before main's begin: t1 then runs the routine itself. Reversed before
// the end, t1 would wait there, and optimal DPOR would run a sleep-set-blocked execution
// (tests/pipeline seed 4000050). Two traces: either thread runs the routine.
// RUN: %bporcheck --por=optimal %s | %FileCheck %s
// RUN: %bporcheck --por=none %s | %FileCheck --check-prefix=NONE %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
// CHECK: finished: 2, infeasible (assume): 0, sleep-set blocked: 0,
// NONE: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int onceCount, x;

void initOnce(void) { onceCount = onceCount + 1; }

void *t1(void *arg) {
  x = x + 1;
  pthread_once(&once, initOnce);
  return 0;
}

int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t1, 0);
  pthread_once(&once, initOnce);
  pthread_join(h, 0);
  assert(onceCount == 1);
  return 0;
}
