// Livelocks are fair cycles of the state graph. Thread 2 waits for `a` to be 0, but thread 1
// has ended leaving it 1 and main waits in join: thread 2 spins forever while every other
// thread is disabled, a fair cycle. The trace ends with the cycle.
// RUN: %expect-exit 1 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: error: livelock: a fair cycle of 3 steps (steps 6-8) returns to the state after step 5
// CHECK: verdict: error (livelock)
// The saved schedule replays as the same livelock: it ends where its cycle began.
// RUN: %expect-exit 1 %bporcheck --search=stateful --no-progress --save-trace=%t.sched %s
// RUN: %expect-exit 1 %bporcheck --no-progress --replay=%t.sched %s | %FileCheck --check-prefix=REPLAY %s
// REPLAY: error: livelock: a fair cycle of 3 steps (steps 6-8) returns to the state after step 5
// REPLAY: verdict: error (livelock)
#include <pthread.h>
#include <stdatomic.h>

atomic_int a, b;

void *t0(void *x) {
  for (;;) {
    atomic_store(&a, 1);
    if (atomic_load(&b)) {
      atomic_store(&a, 0);
      continue;
    }
    break;
  }
  return 0;
}

void *t1(void *x) {
  for (;;) {
    atomic_store(&b, 1);
    if (atomic_load(&a)) {
      atomic_store(&b, 0);
      continue;
    }
    break;
  }
  return 0;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, 0, t0, 0);
  pthread_create(&q, 0, t1, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  return 0;
}
