// A thread that waits for a flag nobody sets, under the fair bound (alone or with another
// bound): the fair bound lets the waiter spin on, since nothing else can run (main waits in
// pthread_join), so its execution reaches the depth limit. That execution is checked for a fair
// cycle: here every thread that can run runs in it, so it is a livelock, and the trace ends with
// one round of the cycle, as the stateful search reports it. With main setting the flag
// (-DFIXED) every execution ends: "ok", 4 executions (7 for plain bounded search).
// RUN: %expect-exit 1 %bporcheck --no-progress --fair=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --fair=2 --preemptions=3 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --por=none --fair=2 %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck --no-progress --strategy=best-first --fair=2 %s | %FileCheck %s
// CHECK: error: livelock: a fair cycle of 2 steps (steps 2-3) returns to the state after step 1; every thread enabled anywhere on it runs in it, and it can repeat forever
// CHECK-NEXT: in thread 1 (waiter) at {{.*}}fair_bound_livelock.c:[[#@LINE+18]]:11
// CHECK-NEXT: trace (3 steps):
// CHECK-NEXT: {{^ +}}1  thread 0 (main)    create thread 1 (waiter)
// CHECK-NEXT: {{^ +}}2  thread 1 (waiter)  load global go = 0
// CHECK-NEXT: {{^ +}}3  thread 1 (waiter)  yield
// CHECK-NEXT: verdict: error (livelock)
// RUN: %bporcheck --no-progress --fair=2 -DFIXED %s | %FileCheck --check-prefix=FIXED %s
// RUN: %bporcheck --no-progress --fair=2 --preemptions=3 -DFIXED %s | %FileCheck --check-prefix=FIXED-BOTH %s
// RUN: %bporcheck --no-progress --por=none --fair=2 -DFIXED %s | %FileCheck --check-prefix=FIXED-NONE %s
// FIXED: verdict: ok: no error in any schedule within fair bound 2 (BPOR (fair bound 2), 4 executions)
// FIXED-BOTH: verdict: ok: no error in any schedule with at most 3 preemptions and within fair bound 2 (BPOR (preemption bound 3, fair bound 2), 4 executions)
// FIXED-NONE: verdict: ok: no error in any schedule within fair bound 2 (plain bounded search (fair bound 2), 7 executions)
#include <pthread.h>
#include <sched.h>

int go;

static void *waiter(void *arg) {
  while (!go)
    sched_yield();
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, waiter, 0);
#ifdef FIXED
  go = 1;
#endif
  pthread_join(t, 0);
  return 0;
}
